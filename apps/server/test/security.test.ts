import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '@outer-rim/rules';
import { ALL_ERROR_CODES, ErrorResponseSchema } from '@outer-rim/protocol';
import type {
  ClaimSeatResponse,
  CreateGameResponse,
  ErrorResponse,
  ChatAck,
  ResyncAck,
} from '@outer-rim/protocol';
import {
  BACKENDS,
  HEAVY_TEST_TIMEOUT,
  POSTGRES_ADMIN_URL,
  prepareBackend,
} from './support/backends.js';
import type { Backend } from './support/backends.js';
import {
  decidedNow,
  fullLobby,
  nextMove,
  playMoves,
  playUntilTwoOwe,
  startGame,
} from './support/play.js';
import { Client, http, startServer } from './support/server.js';
import type { RunningServer } from './support/server.js';
import { joinTable } from './support/table.js';

/** The code a refused connection carries, or undefined if it connected. */
async function connectCode(url: string, auth: unknown): Promise<string | undefined> {
  try {
    const client = await Client.connect(url, auth as { gameId: string });
    client.close();
    return undefined;
  } catch (error) {
    return (error as { data?: { code: string } }).data?.code;
  }
}

/** Resolves with the disconnect reason and details once the client's socket is closed. */
function disconnected(client: Client): Promise<{ reason: string; details: unknown }> {
  if (!client.socket.connected) return Promise.resolve({ reason: 'already', details: undefined });
  return new Promise((resolve) => {
    client.socket.once('disconnect', (reason, details) => {
      resolve({ reason, details });
    });
  });
}

describe.each(BACKENDS)('hostile and concurrent clients on %s', (kind) => {
  let backend: Backend;
  let a: RunningServer;
  /** a second process on PostgreSQL; the same one on PGlite, which is one process only */
  let b: RunningServer;

  beforeAll(async () => {
    backend = await prepareBackend(kind, 'security');
    const cluster = kind === 'postgres' ? { CLUSTER: 'on' } : {};
    a = await startServer(backend.config({ MESSAGE_LIMIT: '4096', RESYNC_BURST: '3', ...cluster }));
    b =
      kind === 'postgres'
        ? await startServer(
            backend.config({ MESSAGE_LIMIT: '4096', RESYNC_BURST: '3', ...cluster }),
          )
        : a;
  });
  afterAll(async () => {
    await a.close();
    if (b !== a) await b.close();
    await backend.dispose();
  });

  it(
    'leaving a seat drops the socket that held it, on every process; it hears nothing after',
    async () => {
      const created = await http<CreateGameResponse>(a.url, 'POST', '/api/games', {
        name: 'Host',
        options: { playerCount: 2 },
      });
      const { gameId, token: hostToken } = created.body;
      const first = await http<ClaimSeatResponse>(a.url, 'POST', `/api/games/${gameId}/seats`, {
        name: 'Leaver',
        seat: 1,
      });
      // The leaver's socket is on the other process from the one that handles the leave.
      const old = await Client.connect(b.url, { gameId, token: first.body.token });
      await old.waitFor(() => old.lobbies.length > 0);
      const dropped = disconnected(old);
      const left = await http(
        a.url,
        'DELETE',
        `/api/games/${gameId}/seats/me`,
        undefined,
        first.body.token,
      );
      expect(left.status).toBe(200);
      const { reason } = await dropped;
      expect(reason).toBe('io server disconnect');
      expect(old.raw.some((r) => r.includes('"UNAUTHORIZED"'))).toBe(true);
      const heardBefore = old.raw.length;

      // A newcomer takes the seat; seat 0 whispers to seat 1; the game starts.
      const second = await http<ClaimSeatResponse>(a.url, 'POST', `/api/games/${gameId}/seats`, {
        name: 'Newcomer',
        seat: 1,
      });
      await http(
        a.url,
        'PATCH',
        `/api/games/${gameId}/seats/me`,
        { ready: true },
        second.body.token,
      );
      const host = await Client.connect(a.url, { gameId, token: hostToken });
      const newcomer = await Client.connect(b.url, { gameId, token: second.body.token });
      await host.waitFor(() => host.lobbies.length > 0);
      await newcomer.waitFor(() => newcomer.lobbies.length > 0);
      const whisper = await host.send<ChatAck>('chat', {
        id: 'w1',
        to: 1,
        text: 'for seat 1 only',
      });
      expect(whisper.ok).toBe(true);
      await startGame(a.url, { gameId, tokens: [hostToken, second.body.token] });
      await newcomer.waitFor(() => newcomer.states.length > 0 && newcomer.chats.length > 0);
      // The server closed the old socket (its disconnect was awaited above, and it does not
      // reconnect), so by the time the newcomer has the whisper and the first state, everything
      // the old socket was ever sent is in: it heard nothing after it was dropped.
      expect(old.socket.connected).toBe(false);
      expect(old.raw.length).toBe(heardBefore);
      expect(old.states).toHaveLength(0);
      expect(old.chats).toHaveLength(0);
      // The old token connects no more, and a socket cannot act for the seat.
      expect(await connectCode(a.url, { gameId, token: first.body.token })).toBe('UNAUTHORIZED');
      for (const c of [old, host, newcomer]) c.close();
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'resyncs are rate-limited per socket, spectators included, and bounded in work',
    async () => {
      const game = await fullLobby(a.url, 2);
      await startGame(a.url, game);
      const watcher = await Client.connect(a.url, { gameId: game.gameId });
      await watcher.waitFor(() => watcher.states.length > 0);
      const statesBefore = watcher.states.length;
      const acks = await Promise.all(
        Array.from({ length: 40 }, () => watcher.send<ResyncAck>('resync', { sinceSeq: 0 })),
      );
      const served = acks.filter((ack) => ack.ok).length;
      const limited = acks.filter((ack) => !ack.ok && ack.error.code === 'RATE_LIMITED').length;
      expect(served).toBeGreaterThanOrEqual(1);
      expect(served).toBeLessThanOrEqual(3);
      expect(served + limited).toBe(40);
      // A served resync sends its state before its ack. A later round trip on the same socket
      // (an unknown kind, answered BAD_REQUEST) comes back after anything sent before it, so a
      // state for a refused resync would be in by then.
      const barrier = await watcher.send('no-such-kind', {});
      expect(barrier).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
      expect(watcher.states.length - statesBefore).toBe(served);
      watcher.close();
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'a NUL byte in an action id, a chat id or the game id is BAD_REQUEST, never INTERNAL',
    async () => {
      const game = await fullLobby(a.url, 2);
      await startGame(a.url, game);
      const { seats, spectator } = await joinTable(a.url, game);
      const move = nextMove(seats.map((c) => c.latest?.view as GameView));
      if (!move) throw new Error('no move');
      const seat = seats[move.seat] as Client;
      const action = await seat.send('action', { id: 'a\u0000b', action: move.action });
      expect(action).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
      const chat = await seat.send<ChatAck>('chat', { id: 'c\u0000', text: 'hello' });
      expect(chat).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
      expect(await connectCode(a.url, { gameId: `${game.gameId}\u0000` })).toBe('BAD_REQUEST');
      expect(await connectCode(a.url, { gameId: game.gameId, token: 't\u0000' })).toBe(
        'UNAUTHORIZED',
      );
      expect(spectator.updates).toHaveLength(0);
      for (const c of [...seats, spectator]) c.close();
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'above MESSAGE_LIMIT a message gets PAYLOAD_TOO_LARGE; above the transport limit the close says PAYLOAD_TOO_LARGE',
    async () => {
      const game = await fullLobby(a.url, 2);
      await startGame(a.url, game);
      const client = await Client.connect(a.url, {
        gameId: game.gameId,
        token: game.tokens[0] ?? '',
      });
      const mid = await client.send('action', { id: 'mid', action: { pad: 'x'.repeat(200_000) } });
      expect(mid).toMatchObject({ ok: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
      const resync = await client.send<ResyncAck>('resync', {
        sinceSeq: 0,
        pad: 'x'.repeat(10_000),
      });
      expect(resync).toMatchObject({ ok: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
      expect(client.socket.connected).toBe(true);
      const closed = disconnected(client);
      client.socket.emit('action', { id: 'huge', action: { pad: 'x'.repeat(1_100_000) } });
      const { details } = await closed;
      const context = (details as { context?: { code?: number; reason?: unknown } }).context;
      expect(context?.code).toBe(1009);
      expect(String(context?.reason)).toBe('PAYLOAD_TOO_LARGE');
      client.close();
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    "the framework's own errors answer { error: { code, message } } with a documented code",
    async () => {
      const answers = await Promise.all([
        http(a.url, 'GET', '/api/games/%ZZ'),
        http(a.url, 'GET', '/api/no-such-route'),
        http(a.url, 'POST', '/api/games', '{"name": "x", "options": ', undefined),
        fetch(`${a.url}/api/games`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: 'hello',
        }).then(async (r) => ({ status: r.status, body: await r.json() })),
        fetch(`${a.url}/api/games`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{bad json',
        }).then(async (r) => ({ status: r.status, body: await r.json() })),
        http(a.url, 'DELETE', '/api/games'),
      ]);
      const codes = answers.map((answer) => {
        const parsed = ErrorResponseSchema.strict().safeParse(answer.body);
        expect(parsed.success, JSON.stringify(answer.body)).toBe(true);
        const code = (answer.body as ErrorResponse).error.code;
        expect(ALL_ERROR_CODES).toContain(code);
        expect(answer.status).toBeGreaterThanOrEqual(400);
        return code;
      });
      expect(codes[0]).toBe('BAD_REQUEST');
      expect(codes[1]).toBe('NOT_FOUND');
      expect(codes[4]).toBe('BAD_REQUEST');
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'numbers in paths and queries are plain decimals',
    async () => {
      const game = await fullLobby(a.url, 2);
      await startGame(a.url, game);
      const { seats, spectator } = await joinTable(a.url, game);
      await playMoves(seats, [spectator], 1);
      const plain = await http(a.url, 'GET', `/api/games/${game.gameId}/views/1`);
      expect(plain.status).toBe(200);
      for (const path of [
        `/api/games/${game.gameId}/views/0x1`,
        `/api/games/${game.gameId}/views/1e0`,
        `/api/games/${game.gameId}/views/%201`,
        `/api/games/${game.gameId}/views/1.0`,
        `/api/games/${game.gameId}/actions?from=0x1`,
        `/api/games/${game.gameId}/actions?limit=1e2`,
      ]) {
        const answer = await http<ErrorResponse>(a.url, 'GET', path);
        expect(answer.status, path).toBe(400);
        expect(answer.body.error.code).toBe('BAD_REQUEST');
      }
      for (const c of [...seats, spectator]) c.close();
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'an action decided on a state the seat has acted since is STALE_STATE; others acting meanwhile is no reason',
    async () => {
      const game = await fullLobby(a.url, 3);
      await startGame(a.url, game);
      const { seats, spectator } = await joinTable(a.url, game);
      const owing = await playUntilTwoOwe(seats, [spectator]);
      expect(owing.length).toBeGreaterThanOrEqual(2);
      const [first, second] = owing as [number, number];
      const old = decidedNow(seats);
      const { basis } = old;
      // The first seat acts on the shared state; the second decided on that same state.
      const one = await old.send(seats[first] as Client, first, 'st-1');
      expect(one.ok).toBe(true);
      const two = await old.send(seats[second] as Client, second, 'st-2');
      expect(two.ok).toBe(true);
      // The first seat's second tab still shows the old state: whatever it sends is stale.
      // Each refusal names the state it was judged on: the head.
      const stale = await old.send(seats[first] as Client, first, 'st-3');
      expect(stale).toMatchObject({ ok: false, error: { code: 'STALE_STATE' }, seq: basis + 2 });
      const future = await old.send(seats[first] as Client, first, 'st-4', basis + 1000);
      expect(future).toMatchObject({ ok: false, error: { code: 'STALE_STATE' }, seq: basis + 2 });
      const record = await http<{ seq: number }>(a.url, 'GET', `/api/games/${game.gameId}`);
      expect(record.body.seq).toBe(basis + 2);
      for (const c of [...seats, spectator]) c.close();
    },
    HEAVY_TEST_TIMEOUT,
  );
});

describe('socket handshakes are rate-limited per address', () => {
  let backend: Backend;
  let server: RunningServer;
  beforeAll(async () => {
    backend = await prepareBackend('pglite', 'handshakes');
    server = await startServer(backend.config({ HANDSHAKE_BURST: '4', HANDSHAKE_PER_MINUTE: '1' }));
  });
  afterAll(async () => {
    await server.close();
    await backend.dispose();
  });

  it(
    'guessing tokens is RATE_LIMITED after the burst, before any lookup',
    async () => {
      const game = await fullLobby(server.url, 2);
      const codes: (string | undefined)[] = [];
      for (let i = 0; i < 8; i++) {
        codes.push(await connectCode(server.url, { gameId: game.gameId, token: `guess-${i}` }));
      }
      expect(codes.slice(0, 4)).toEqual(Array(4).fill('UNAUTHORIZED'));
      expect(codes.slice(4)).toEqual(Array(4).fill('RATE_LIMITED'));
    },
    HEAVY_TEST_TIMEOUT,
  );
});

describe('2 and 8 on two processes sharing PostgreSQL', () => {
  let backend: Backend;
  let a: RunningServer;
  let b: RunningServer;
  beforeAll(async () => {
    backend = await prepareBackend('postgres', 'idrace');
    // Two processes on one database: CLUSTER=on, so they tell each other of commits.
    [a, b] = await Promise.all([
      startServer(backend.config({ CLUSTER: 'on' })),
      startServer(backend.config({ CLUSTER: 'on' })),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await backend.dispose();
  });

  it(
    'one client id sent to both processes at once gets one answer, the commit, for ever',
    async () => {
      const game = await fullLobby(a.url, 2);
      await startGame(a.url, game);
      const { seats, spectator } = await joinTable(a.url, game);
      await playMoves(seats, [spectator], 2);
      const move = nextMove(seats.map((c) => c.latest?.view as GameView));
      if (!move) throw new Error('no move');
      const onA = seats[move.seat] as Client;
      const onB = await Client.connect(b.url, {
        gameId: game.gameId,
        token: game.tokens[move.seat] ?? '',
      });
      await onB.waitFor(() => onB.states.length > 0);

      // Process A decides the action and stalls just before storing it, while B commits the same
      // id: A's insert then meets B's row on a unique key and A answers with B's commit.
      const store = a.app.games.store;
      const append = store.append.bind(store);
      let stalled: () => void = () => undefined;
      const reached = new Promise<void>((resolve) => {
        stalled = resolve;
      });
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let first = true;
      store.append = async (input) => {
        if (first && input.clientId === 'same') {
          first = false;
          stalled();
          await gate;
        }
        await append(input);
      };
      const fromA = onA.send('action', { id: 'same', action: move.action });
      await reached;
      const fromB = await onB.send('action', { id: 'same', action: move.action });
      expect(fromB.ok).toBe(true);
      release();
      expect(await fromA).toEqual(fromB);
      store.append = append;
      expect(await onA.send('action', { id: 'same', action: move.action })).toEqual(fromB);
      expect(await onB.send('action', { id: 'same', action: move.action })).toEqual(fromB);
      for (const c of [...seats, spectator, onB]) c.close();
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'while the database refuses connections, HTTP is 503 UNAVAILABLE with Retry-After and sockets say UNAVAILABLE',
    async () => {
      const game = await fullLobby(a.url, 2);
      await startGame(a.url, game);
      const { seats, spectator } = await joinTable(a.url, game);
      const move = nextMove(seats.map((c) => c.latest?.view as GameView));
      if (!move) throw new Error('no move');
      const name = new URL(backend.url ?? '').pathname.slice(1);
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      try {
        await admin.query(`alter database ${name} with allow_connections false`);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        const read = await fetch(`${a.url}/api/games/${game.gameId}`);
        expect(read.status).toBe(503);
        expect(read.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(((await read.json()) as ErrorResponse).error.code).toBe('UNAVAILABLE');
        const create = await http<ErrorResponse>(a.url, 'POST', '/api/games', {
          name: 'x',
          options: { playerCount: 2 },
        });
        expect(create.status).toBe(503);
        expect(create.body.error.code).toBe('UNAVAILABLE');
        const action = await (seats[move.seat] as Client).send('action', {
          id: 'outage',
          action: move.action,
        });
        expect(action).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
        const chat = await (seats[0] as Client).send<ChatAck>('chat', { id: 'outage', text: 'hi' });
        expect(chat).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
        const resync = await spectator.send<ResyncAck>('resync', { sinceSeq: 0 });
        expect(resync).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
        expect(await connectCode(a.url, { gameId: game.gameId })).toBe('UNAVAILABLE');
      } finally {
        await admin.query(`alter database ${name} with allow_connections true`);
        await admin.end();
      }
      // Back: the same id is now applied once.
      const again = await (seats[move.seat] as Client).send('action', {
        id: 'outage',
        action: move.action,
      });
      expect(again.ok).toBe(true);
      for (const c of [...seats, spectator]) c.close();
    },
    HEAVY_TEST_TIMEOUT,
  );
});
