import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisions } from '@outer-rim/rules';
import type { GameView } from '@outer-rim/rules';
import type { ErrorResponse, GameRecord, ActionAck } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, BACKENDS, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { caughtUp, fullLobby, nextMove, playMoves, startGame } from './support/play.js';
import { openTable } from './support/table.js';
import type { Table } from './support/table.js';
import type { SeatedGame } from './support/play.js';
import { Client, http, startServer } from './support/server.js';
import type { RunningServer } from './support/server.js';

async function refusedConnection(url: string, auth: { gameId: string; token?: string }) {
  try {
    const client = await Client.connect(url, auth);
    client.close();
    return undefined;
  } catch (error) {
    return (error as { data?: { code: string } }).data?.code;
  }
}

describe.each(BACKENDS)('refusals on %s: each gets its code, none changes anything', (kind) => {
  let table: Table;
  let server: RunningServer;
  let game: SeatedGame;
  let seats: Client[];
  let spectator: Client;

  const seqOnServer = async () =>
    (await http<GameRecord>(server.url, 'GET', `/api/games/${game.gameId}`)).body.seq;

  beforeAll(async () => {
    table = await openTable(kind, 'refusals', { MESSAGE_LIMIT: '4096' });
    ({ server, game, seats, spectator } = table);
  });
  afterAll(() => table.close());

  it(
    'refuses a wrong token, a token of another game and an unknown game at connection',
    async () => {
      expect(
        await refusedConnection(server.url, { gameId: game.gameId, token: 'x'.repeat(43) }),
      ).toBe('UNAUTHORIZED');
      const other = await fullLobby(server.url, 2);
      expect(
        await refusedConnection(server.url, { gameId: game.gameId, token: other.tokens[1] ?? '' }),
      ).toBe('UNAUTHORIZED');
      expect(await refusedConnection(server.url, { gameId: 'no-such-game-id' })).toBe(
        'GAME_NOT_FOUND',
      );
      expect(await refusedConnection(server.url, { gameId: '' })).toBe('BAD_REQUEST');
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'refuses a spectator action, a malformed payload and an oversized message',
    async () => {
      const before = await seqOnServer();
      const move = nextMove(seats.map((c) => c.latest?.view as GameView));
      expect(move).toBeDefined();
      const fromSpectator = await spectator.send('action', { id: 's1', action: move?.action });
      expect(fromSpectator).toMatchObject({ ok: false, error: { code: 'SPECTATOR_READ_ONLY' } });
      const seat0 = seats[0] as Client;
      const unknownType = await seat0.send('action', { id: 'm1', action: { type: 'teleport' } });
      expect(unknownType).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
      const noId = await seat0.send('action', { action: move?.action });
      expect(noId).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
      const notAnObject = await seat0.send('action', 'end-turn');
      expect(notAnObject).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
      const huge = await seat0.send('action', {
        id: 'big',
        action: { type: 'end-turn', padding: 'x'.repeat(10_000) },
      });
      expect(huge).toMatchObject({ ok: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
      expect(await seqOnServer()).toBe(before);
      expect(spectator.updates).toHaveLength(0);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'refuses an action out of turn with NOT_YOUR_DECISION',
    async () => {
      // Play until some seat owes nothing, then let that seat try the decider's move.
      for (let i = 0; i < 50; i++) {
        const views = seats.map((c) => c.latest?.view as GameView);
        const owing = new Set(decisions(views[0] as GameView).map((d) => d.seat));
        const idle = [0, 1, 2].find((s) => !owing.has(s));
        const move = nextMove(views);
        if (!move) throw new Error('the game stopped');
        if (idle !== undefined) {
          const before = await seqOnServer();
          const ack = await (seats[idle] as Client).send('action', {
            id: `oot-${i}`,
            action: move.action,
          });
          expect(ack).toMatchObject({ ok: false, error: { code: 'NOT_YOUR_DECISION' } });
          expect(await seqOnServer()).toBe(before);
          return;
        }
        await playMoves(seats, [spectator], 1, `warmup-${i}`);
      }
      throw new Error('no seat was ever idle');
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'answers a replayed client id with the first answer and never applies it twice',
    async () => {
      await caughtUp([...seats, spectator]);
      const move = nextMove(seats.map((c) => c.latest?.view as GameView));
      if (!move) throw new Error('the game stopped');
      const client = seats[move.seat] as Client;
      const first = await client.send('action', { id: 'once', action: move.action });
      expect(first.ok).toBe(true);
      const seqAfterFirst = await seqOnServer();
      const second = await client.send('action', { id: 'once', action: move.action });
      expect(second).toEqual(first);
      // Even a different payload under a used id is the same answer, not a new action.
      const third = await client.send('action', { id: 'once', action: { type: 'end-turn' } });
      expect(third).toEqual(first);
      expect(await seqOnServer()).toBe(seqAfterFirst);
      // A refused id answers the same refusal.
      const refusedAgain = await (seats[0] as Client).send('action', {
        id: 'm1',
        action: { type: 'teleport' },
      });
      expect(refusedAgain).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
      await spectator.waitFor(() => (spectator.latest?.seq ?? 0) >= seqAfterFirst);
      expect(
        spectator.updates.filter((u) => u.seq === (first as ActionAck & { seq: number }).seq),
      ).toHaveLength(1);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'answers an id sent again on the state it was decided on with its commit, from the steps it holds or from the log',
    async () => {
      await caughtUp([...seats, spectator]);
      const basis = (seats[0] as Client).latest?.seq ?? 0;
      const move = nextMove(seats.map((c) => c.latest?.view as GameView));
      if (!move) throw new Error('the game stopped');
      const client = seats[move.seat] as Client;
      const send = (id: string) => client.send('action', { id, action: move.action, seq: basis });
      const first = await send('again');
      expect(first.ok).toBe(true);
      // A few steps on, within the steps the server holds in memory.
      await playMoves(seats, [spectator], 2, 'again-soon');
      const head = await seqOnServer();
      expect(await send('again')).toEqual(first);
      // A new id decided on the same old state is refused, and names the state it was judged on.
      expect(await send('never-sent')).toMatchObject({ ok: false, seq: head });
      // Past the steps held in memory: answered from the log.
      await playMoves(seats, [spectator], 12, 'again-later');
      const later = await seqOnServer();
      expect(later).toBeGreaterThan(head + 8);
      expect(await send('again')).toEqual(first);
      expect(await seqOnServer()).toBe(later);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'stays up: health answers and the next legal action is accepted',
    async () => {
      const health = await http(server.url, 'GET', '/healthz');
      expect(health.status).toBe(200);
      const before = await seqOnServer();
      const { acks } = await playMoves(seats, [spectator], 1, 'after');
      expect(acks[0]).toEqual({ ok: true, seq: before + 1 });
    },
    HEAVY_TEST_TIMEOUT,
  );
});

describe.each(BACKENDS)('rate limits on %s', (kind) => {
  let backend: Backend;
  let server: RunningServer;

  beforeAll(async () => {
    backend = await prepareBackend(kind, 'ratelimit');
    server = await startServer(
      backend.config({ ACTION_BURST: '3', ACTION_RATE: '1', HTTP_RATE_LIMIT: '12' }),
    );
  });
  afterAll(async () => {
    await server.close();
    await backend.dispose();
  });

  it(
    'refuses actions beyond the per-socket token bucket with RATE_LIMITED',
    async () => {
      const game = await fullLobby(server.url, 2);
      await startGame(server.url, game);
      const client = await Client.connect(server.url, {
        gameId: game.gameId,
        token: game.tokens[0] ?? '',
      });
      const acks = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          client.send('action', { id: `r${i}`, action: { type: 'teleport' } }),
        ),
      );
      const codes = acks.map((a) => (a.ok ? 'ok' : a.error.code));
      expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(2);
      expect(codes.filter((c) => c === 'BAD_REQUEST')).toHaveLength(3);
      client.close();
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'refuses HTTP requests beyond the per-address limit with RATE_LIMITED, health excepted',
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 14 }, () => http<ErrorResponse>(server.url, 'GET', '/api/games')),
      );
      const limited = answers.filter((a) => a.status === 429);
      expect(limited.length).toBeGreaterThan(0);
      for (const a of limited) expect(a.body.error.code).toBe('RATE_LIMITED');
      const health = await http(server.url, 'GET', '/healthz');
      expect(health.status).toBe(200);
    },
    HEAVY_TEST_TIMEOUT,
  );
});
