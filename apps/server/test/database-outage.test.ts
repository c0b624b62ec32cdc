import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { view } from '@outer-rim/rules';
import type { GameView } from '@outer-rim/rules';
import { parseConfig } from '../src/config/config.js';
import type { GameRecord, ActionAck } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, POSTGRES_ADMIN_URL, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { startCluster } from './support/cluster.js';
import type { Cluster } from './support/cluster.js';
import { storedSeed } from './support/hidden.js';
import { fullLobby, nextMove, playMoves, startGame } from './support/play.js';
import type { SeatedGame } from './support/play.js';
import { replayRecord } from './support/replay.js';
import { Client, http, startServer } from './support/server.js';
import { joinTable } from './support/table.js';
import type { RunningServer } from './support/server.js';

/** How many connections to database `name` are listening for the socket.io adapters now. */
async function listeners(name: string): Promise<number> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'LISTEN %'",
      [name],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await admin.end();
  }
}

async function healthy(server: RunningServer): Promise<number> {
  let status = 0;
  for (let attempt = 0; attempt < 40 && status !== 200; attempt++) {
    status = (await http(server.url, 'GET', '/healthz')).status;
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return status;
}

// PostgreSQL-only by nature: PGlite lives inside the process and cannot drop its connections.
describe('PostgreSQL dropping every connection', () => {
  let backend: Backend;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    backend = await prepareBackend('postgres', 'outage');
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
    'does not bring the servers down; once the database is back, play and broadcasts resume',
    async () => {
      const game = await fullLobby(a.url, 2);
      const name = new URL(backend.url ?? '').pathname.slice(1);
      // Both processes' adapters listen before the outage.
      const listening = await listeners(name);
      expect(listening).toBeGreaterThanOrEqual(2);
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      try {
        // Every connection of both servers, the adapters' LISTEN connections included.
        const killed = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        expect(killed.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      expect(await healthy(a)).toBe(200);
      expect(await healthy(b)).toBe(200);

      // The adapters reconnect on their own (after about two seconds, longer on a busy machine):
      // once both listen again, a spectator on B follows a game played on A.
      const deadline = Date.now() + 60_000;
      while ((await listeners(name)) < listening) {
        if (Date.now() > deadline) throw new Error('the adapters did not listen again');
        await delay(100);
      }
      await startGame(a.url, game);
      const { seats, spectator } = await joinTable(a.url, game, b.url);
      const { seq } = await playMoves(seats, [spectator], 3);
      expect(seq).toBe(3);
      expect(spectator.updates.map((u) => u.seq)).toEqual([1, 2, 3]);
      for (const c of [...seats, spectator]) c.close();
    },
    HEAVY_TEST_TIMEOUT,
  );
});

/** Waits for `predicate`, checking every 50 ms; fails after `ms`, saying what it waited for. */
async function until(what: string, predicate: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await delay(50);
  }
}

interface Player {
  /** client id -> the seq its commit answered */
  acked: Map<string, number>;
  /** every refusal, in order */
  refused: ActionAck[];
  /** when each acknowledgement arrived */
  ackedAt: number[];
  done: Promise<void>;
}

/**
 * Plays one game as its players would through an outage: each move from the seat's own view; a
 * move refused UNAVAILABLE is sent again, same client id, until it is answered; the next one
 * waits until every seat saw the update. Stops after `moves` acknowledged moves.
 */
function play(seats: Client[], prefix: string, moves: number, halted: () => boolean): Player {
  const player: Player = { acked: new Map(), refused: [], ackedAt: [], done: Promise.resolve() };
  player.done = (async () => {
    for (let n = 0; n < moves && !halted(); n++) {
      const move = nextMove(seats.map((c) => c.latest?.view as GameView));
      if (!move) throw new Error(`${prefix}: no move left after ${String(n)}`);
      const id = `${prefix}-${String(n)}`;
      while (!halted()) {
        const ack = await (seats[move.seat] as Client).send('action', { id, action: move.action });
        if (ack.ok) {
          player.acked.set(id, ack.seq);
          player.ackedAt.push(Date.now());
          // Its own seats first (the next move is chosen from their views); the watchers on the
          // other process are checked at the end: a commit announced just before the crash is
          // announced to nobody, and reaches them only once the database is back.
          await Promise.all(
            seats.map((c) => c.waitFor(() => (c.latest?.seq ?? -1) >= ack.seq, 15_000)),
          );
          break;
        }
        player.refused.push(ack);
        if (ack.error.code !== 'UNAVAILABLE') throw new Error(JSON.stringify(ack.error));
        await delay(200);
      }
    }
  })();
  return player;
}

// A cluster of the test's own, stopped the hard way (every backend killed, as in a crash) while
// two games are played through two server processes, then started again on the same port.
describe('the PostgreSQL cluster stopping (pg_ctl stop -m immediate) during play', () => {
  let cluster: Cluster;
  let a: RunningServer;
  let b: RunningServer;
  const config = () =>
    parseConfig({
      LOG_LEVEL: 'silent',
      HTTP_RATE_LIMIT: '100000',
      ACTION_BURST: '1000',
      HANDSHAKE_BURST: '1000',
      DB_POOL_SIZE: '5',
      // Snapshots are written during the outage too.
      SNAPSHOT_EVERY: '4',
      // The cross-process adapter, should it be made optional.
      CLUSTER: 'on',
      DATABASE_URL: cluster.url,
    });

  beforeAll(async () => {
    cluster = await startCluster();
    a = await startServer(config());
    b = await startServer(config());
  }, HEAVY_TEST_TIMEOUT);
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await cluster.dispose();
  }, HEAVY_TEST_TIMEOUT);

  it(
    'refuses actions UNAVAILABLE, applies none by half, and plays on without a restart once it is back',
    async () => {
      // Game 0 played through A and watched through B; game 1 the other way round.
      const tables: { game: SeatedGame; seats: Client[]; spectator: Client }[] = [];
      for (const [here, there] of [
        [a, b],
        [b, a],
      ] as const) {
        const game = await fullLobby(here.url, 3);
        await startGame(here.url, game);
        tables.push({ game, ...(await joinTable(here.url, game, there.url)) });
      }
      const MOVES = 16;
      const halt = new AbortController();
      const players = tables.map(({ seats }, g) =>
        play(seats, `outage-${String(g)}`, MOVES, () => halt.signal.aborted),
      );
      try {
        await until('a few moves before the crash', () => players.every((p) => p.acked.size >= 3));
        await cluster.crash();
        const down = Date.now();

        // While it is down: every action is refused with a code and a message, promptly.
        await until('refusals', () => players.every((p) => p.refused.length >= 3), 10_000);
        for (const p of players) {
          for (const ack of p.refused) {
            expect(ack).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
            if (!ack.ok) expect(ack.error.message).toMatch(/database/i);
          }
        }
        const during = players.map((p) => p.acked.size);
        for (const server of [a, b]) {
          const health = await http(server.url, 'GET', '/healthz');
          expect(health.status).toBe(503);
          const create = await http(server.url, 'POST', '/api/games', {
            name: 'Late',
            options: { playerCount: 3 },
          });
          expect(create.status).toBe(503);
          expect(create.body).toMatchObject({ error: { code: 'UNAVAILABLE' } });
          // A new socket cannot be checked either, and is told so.
          const joining = await Client.connect(server.url, {
            gameId: tables[0]?.game.gameId ?? '',
          }).then(
            (client) => {
              client.close();
              return undefined;
            },
            (error: unknown) => (error as { data?: { code?: string } }).data?.code,
          );
          expect(joining).toBe('UNAVAILABLE');
        }
        // Nothing gets through while it stays down.
        await delay(1000);
        expect(players.map((p) => p.acked.size)).toEqual(during);
        expect(Date.now() - down).toBeLessThan(15_000);

        // Back on the same port: the same processes answer again, and the games go on.
        await cluster.start();
        const up = Date.now();
        await Promise.all(players.map((p) => p.done));
        for (const p of players) {
          const firstAfter = p.ackedAt.find((t) => t >= up) ?? Infinity;
          expect(firstAfter - up).toBeLessThan(15_000);
        }
        for (const server of [a, b]) {
          expect((await http(server.url, 'GET', '/healthz')).status).toBe(200);
        }
      } finally {
        // A failing assert must not leave the players retrying for ever.
        halt.abort();
        await Promise.allSettled(players.map((p) => p.done));
      }
      for (const p of players) await p.done;

      // The log and the state agree: a process that never held the games loads them from the
      // database, and both its state and the live processes' equal the replay of the log.
      const cold = await startServer(config());
      try {
        for (const [g, { game, seats, spectator }] of tables.entries()) {
          const acked = players[g]?.acked ?? new Map<string, number>();
          const log = await cold.app.games.store.actionsAfter(game.gameId, 0);
          expect(log.map((e) => e.seq)).toEqual(Array.from({ length: MOVES }, (_, k) => k + 1));
          // Every acknowledged action is there, at the seq it was answered with, and nothing else.
          expect(new Map(log.map((e) => [e.clientId, e.seq]))).toEqual(acked);
          const record = (await http<GameRecord>(cold.url, 'GET', `/api/games/${game.gameId}`))
            .body;
          const replayed = replayRecord(
            record,
            (await storedSeed(cold.app, game.gameId)) ?? '',
            log,
          );
          const [fromCold, fromA, fromB] = await Promise.all(
            [cold, a, b].map((s) => s.app.games.read(game.gameId)),
          );
          expect(fromCold?.seq).toBe(MOVES);
          expect(fromCold?.state).toEqual(replayed);
          expect(fromA).toEqual(fromCold);
          expect(fromB).toEqual(fromCold);
          // Every client heard every step once, in order, and holds the replay's view.
          await spectator.waitFor(() => (spectator.latest?.seq ?? 0) >= MOVES, 15_000);
          for (const [seat, c] of [...seats.entries(), ['spectator', spectator] as const]) {
            expect(c.updates.map((u) => u.seq)).toEqual(
              Array.from({ length: MOVES }, (_, k) => k + 1),
            );
            expect(c.latest?.view).toEqual(JSON.parse(JSON.stringify(view(replayed, seat))));
          }
        }
        // No connection was lost on the way: each pool has every client back (a client kept
        // checked out by a transaction that failed to begin would also make closing hang).
        for (const server of [a, b]) {
          const pool = server.app.database.pool;
          await until(
            'every pooled connection given back',
            () => pool !== undefined && pool.idleCount === pool.totalCount,
            5000,
          );
        }
      } finally {
        await cold.close();
        for (const { seats, spectator } of tables) for (const c of [...seats, spectator]) c.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );
});
