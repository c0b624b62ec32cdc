import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '@outer-rim/rules';
import { snapshots } from '../src/db/schema.js';
import { ReplayViews } from '../src/games/replay-views.js';
import type { ErrorResponse, ReplayViewResponse } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, BACKENDS } from './support/backends.js';
import { expectOwnSecretsOnly, storedSeed } from './support/hidden.js';
import { fullLobby, playMoves } from './support/play.js';
import type { SeatedGame } from './support/play.js';
import { http } from './support/server.js';
import type { Client, RunningServer } from './support/server.js';
import { openTable } from './support/table.js';
import type { Table } from './support/table.js';

const MOVES = 11;

describe.each(BACKENDS)('replay views of a running game on %s', (kind) => {
  let table: Table;
  let server: RunningServer;
  let game: SeatedGame;
  let seats: Client[];
  let spectator: Client;
  let head: number;
  /** what the live spectator socket received at each seq: the start `state`, then each `update` */
  const live = new Map<number, unknown>();

  beforeAll(async () => {
    // Snapshots every 4 actions, so most steps replay a few actions on top of one.
    table = await openTable(kind, 'replay', { SNAPSHOT_EVERY: '4' });
    ({ server, game, seats, spectator } = table);
    ({ seq: head } = await playMoves(seats, [spectator], MOVES));
    for (const state of spectator.states) live.set(state.seq, state.view);
    for (const update of spectator.updates) live.set(update.seq, update.view);
  }, HEAVY_TEST_TIMEOUT);
  afterAll(() => table.close());

  const viewAt = (seq: number | string, gameId = game.gameId) =>
    http<ReplayViewResponse & ErrorResponse>(
      server.url,
      'GET',
      `/api/games/${gameId}/views/${String(seq)}`,
    );

  it(
    'the view at every seq is the spectator view the live spectator received with it',
    async () => {
      expect(head).toBe(MOVES);
      const stored = await server.app.database.db
        .select({ seq: snapshots.seq })
        .from(snapshots)
        .where(eq(snapshots.gameId, game.gameId));
      expect(stored.map((s) => s.seq).sort((a, b) => a - b)).toEqual([0, 4, 8]);
      for (let seq = 0; seq <= head; seq++) {
        expect(live.has(seq)).toBe(true);
        const answer = await viewAt(seq);
        expect(answer.status).toBe(200);
        expect(answer.body.seq).toBe(seq);
        expect(answer.body.view).toEqual(live.get(seq));
      }
      // Steps differ: the endpoint does not hand back one view for every seq.
      const first = await viewAt(0);
      const last = await viewAt(head);
      expect(first.body.view).not.toEqual(last.body.view);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'holds no seat’s hand, dealt tiles, deck or the seed',
    async () => {
      const seed = (await storedSeed(server.app, game.gameId)) ?? 'missing';
      expect(seed.length).toBeGreaterThan(8);
      for (let seq = 0; seq <= head; seq++) {
        const response = await fetch(`${server.url}/api/games/${game.gameId}/views/${String(seq)}`);
        const text = await response.text();
        expect(text).not.toContain(seed);
        expectOwnSecretsOnly(
          (JSON.parse(text) as ReplayViewResponse).view as GameView,
          'spectator',
        );
      }
      // The cut is real: the seats themselves did hold hands in their own views.
      const ownView = seats[0]?.latest?.view as GameView;
      expect(ownView.players[0]).toHaveProperty('hand');
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'rebuilds each step once from the store, then answers from its cache',
    async () => {
      const replays = new ReplayViews(server.app.games.store, 4);
      const a = await replays.at(game.gameId, head - 1);
      const b = await replays.at(game.gameId, head - 1);
      expect(b).toBe(a);
      expect(replays.rebuilt).toBe(1);
      for (let seq = 0; seq < 5; seq++) await replays.at(game.gameId, seq);
      expect(replays.rebuilt).toBe(6);
      // Bounded: the first entry fell out and is rebuilt, equal to before.
      const again = await replays.at(game.gameId, head - 1);
      expect(replays.rebuilt).toBe(7);
      expect(again).toEqual(a);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'refuses an unknown game, a game not started, a malformed id and a seq out of range',
    async () => {
      const missing = await viewAt(0, 'no-such-game-0000');
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('GAME_NOT_FOUND');

      const waiting = await fullLobby(server.url, 2);
      const notStarted = await viewAt(0, waiting.gameId);
      expect(notStarted.status).toBe(409);
      expect(notStarted.body.error.code).toBe('GAME_NOT_STARTED');

      const malformed = await viewAt(0, 'bad!id');
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.code).toBe('BAD_REQUEST');

      for (const seq of [head + 1, 10_000, -1, 'abc', 1.5]) {
        const refused = await viewAt(seq);
        expect(refused.status, `seq ${String(seq)}`).toBe(400);
        expect(refused.body.error.code).toBe('BAD_REQUEST');
      }
    },
    HEAVY_TEST_TIMEOUT,
  );
});
