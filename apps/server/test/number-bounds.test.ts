import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@outer-rim/protocol';
import type { GameRecord } from '@outer-rim/protocol';
import { openTable } from './support/table.js';
import type { Table } from './support/table.js';
import type { SeatedGame } from './support/play.js';
import { fullLobby } from './support/play.js';
import { HEAVY_TEST_TIMEOUT } from './support/backends.js';
import { http } from './support/server.js';
import type { Client, RunningServer } from './support/server.js';

/** Too large for PostgreSQL's integer (2^31, 2^31 + 1, 2^32), or for anything (10^12, 2^53 − 1). */
const HUGE = [2 ** 31, 2 ** 31 + 1, 2 ** 32, 10 ** 12, 10 ** 15, Number.MAX_SAFE_INTEGER];
const NOT_COUNTS = [-1, 1.5];

/**
 * Every number the server reads from a request, query, path or socket message is bounded by its
 * schema: out of range it is refused as BAD_REQUEST (HTTP 400), never a 500, and changes nothing.
 */
describe('numbers out of range are refused as BAD_REQUEST', () => {
  let table: Table;
  let server: RunningServer;
  let game: SeatedGame;
  let lobbyGame: SeatedGame;
  let seats: Client[];

  beforeAll(async () => {
    table = await openTable('postgres', 'bounds', { RESYNC_BURST: '100', CHAT_BURST: '100' });
    ({ server, game, seats } = table);
    lobbyGame = await fullLobby(server.url, 3);
  });
  afterAll(() => table.close());

  const record = async (gameId: string) =>
    (await http<GameRecord>(server.url, 'GET', `/api/games/${gameId}`)).body;

  it(
    'HTTP: the action log, replay views, seats and table options',
    async () => {
      const started = game.gameId;
      const lobby = lobbyGame.gameId;
      const cases: [string, string, string, unknown?, string?][] = [
        ...[...HUGE, ...NOT_COUNTS].map((n): [string, string, string] => [
          'actions from',
          'GET',
          `/api/games/${started}/actions?from=${String(n)}`,
        ]),
        ...[0, 1001, ...HUGE].map((n): [string, string, string] => [
          'actions limit',
          'GET',
          `/api/games/${started}/actions?limit=${String(n)}`,
        ]),
        ...HUGE.map((n): [string, string, string] => [
          'replay view',
          'GET',
          `/api/games/${started}/views/${String(n)}`,
        ]),
        ...[8, ...HUGE].map((n): [string, string, string, unknown, string] => [
          'bot seat',
          'PUT',
          `/api/games/${lobby}/seats/${String(n)}/bot`,
          {},
          lobbyGame.tokens[0] ?? '',
        ]),
        ...[8, ...HUGE, ...NOT_COUNTS].map((n): [string, string, string, unknown] => [
          'claimed seat',
          'POST',
          `/api/games/${lobby}/seats`,
          { name: 'Late', seat: n },
        ]),
        ...[1, 9, ...HUGE, 2.5].map((n): [string, string, string, unknown] => [
          'player count',
          'POST',
          '/api/games',
          { name: 'Host', options: { playerCount: n } },
        ]),
        ...[0, 51, ...HUGE].map((n): [string, string, string, unknown] => [
          'round limit',
          'POST',
          '/api/games',
          { name: 'Host', options: { playerCount: 3, roundLimit: n } },
        ]),
        ...[0, 86_401, ...HUGE].map((n): [string, string, string, unknown] => [
          'hand-over time',
          'POST',
          '/api/games',
          { name: 'Host', options: { playerCount: 3, handOverAfterSeconds: n } },
        ]),
      ];
      const gamesBefore = (await http<{ games: unknown[] }>(server.url, 'GET', '/api/games')).body
        .games.length;
      const lobbyBefore = await record(lobby);
      const startedBefore = await record(started);
      const answers = [];
      for (const [what, method, path, body, token] of cases) {
        const answer = await http<ErrorResponse>(server.url, method, path, body, token);
        answers.push([what, path, body, answer.status, answer.body.error.code]);
      }
      expect(answers).toEqual(
        cases.map(([what, , path, body]) => [what, path, body, 400, 'BAD_REQUEST']),
      );
      expect(
        (await http<{ games: unknown[] }>(server.url, 'GET', '/api/games')).body.games.length,
      ).toBe(gamesBefore);
      expect(await record(lobby)).toEqual(lobbyBefore);
      expect(await record(started)).toEqual(startedBefore);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'socket: resync sinceSeq, an action’s seq and a chat’s recipient',
    async () => {
      const [seat0] = seats as [Client];
      const cases: [string, unknown][] = [
        ...[...HUGE, ...NOT_COUNTS].map((n): [string, unknown] => ['resync', { sinceSeq: n }]),
        ...[...HUGE, ...NOT_COUNTS].map((n, i): [string, unknown] => [
          'action',
          { id: `bounds-${String(i)}`, action: { type: 'end-turn' }, seq: n },
        ]),
        ...[8, ...HUGE, ...NOT_COUNTS].map((n, i): [string, unknown] => [
          'chat',
          { id: `bounds-${String(i)}`, to: n, text: 'Psst.' },
        ]),
      ];
      const before = await record(game.gameId);
      const answers = [];
      for (const [event, payload] of cases) {
        const ack = await seat0.send<{ ok: boolean; error?: { code: string } }>(event, payload);
        answers.push([event, payload, ack.ok, ack.error?.code]);
      }
      expect(answers).toEqual(
        cases.map(([event, payload]) => [event, payload, false, 'BAD_REQUEST']),
      );
      expect(await record(game.gameId)).toEqual(before);
      expect(seat0.chats).toEqual([]);
    },
    HEAVY_TEST_TIMEOUT,
  );
});
