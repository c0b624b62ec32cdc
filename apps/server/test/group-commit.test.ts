import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../src/db/database.js';
import { GameStore } from '../src/games/game-store.js';
import type { AppendInput } from '../src/games/game-store.js';
import { BACKENDS, HEAVY_TEST_TIMEOUT, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { fullLobby, startGame } from './support/play.js';
import { startServer } from './support/server.js';
import type { RunningServer } from './support/server.js';

const GAMES = 12;

const input = (gameId: string, seq: number, clientId: string): AppendInput => ({
  gameId,
  seq,
  seat: 0,
  clientId,
  type: 'end-turn',
  action: { type: 'end-turn' },
  events: [{ type: 'probe', seq }],
  snapshot: seq === 2 ? { probe: seq } : undefined,
  over: undefined,
});

describe.each(BACKENDS)('group commit on %s', (kind) => {
  let backend: Backend;
  let server: RunningServer;
  let gameIds: string[];

  beforeAll(async () => {
    backend = await prepareBackend(kind, 'groupcommit');
    server = await startServer(backend.config());
    gameIds = [];
    for (let i = 0; i < GAMES; i++) {
      const game = await fullLobby(server.url, 2);
      await startGame(server.url, game);
      gameIds.push(game.gameId);
    }
  }, HEAVY_TEST_TIMEOUT);
  afterAll(async () => {
    await server.close();
    await backend.dispose();
  });

  it(
    'appends of many games share statements; one that meets a unique key fails alone and the rest are stored',
    async () => {
      const db = server.app.fastify.db;
      let statements = 0;
      // The real database, counting the statements the store sends to its driver.
      const counting = new Proxy(db, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver) as unknown;
          if (key !== '$client' || typeof value !== 'object' || value === null) return value;
          return new Proxy(value, {
            get(client, name) {
              const member = Reflect.get(client, name) as unknown;
              if (name !== 'query' || typeof member !== 'function') return member;
              return (...args: unknown[]) => {
                statements++;
                return (member as (...a: unknown[]) => unknown).apply(client, args);
              };
            },
          });
        },
      });
      const store = new GameStore(counting);
      const [taken, ...others] = gameIds as [string, ...string[]];
      await store.append(input(taken, 1, 'first'));
      statements = 0;

      const results = await Promise.allSettled([
        store.append(input(taken, 1, 'second')),
        ...others.map((id) => store.append(input(id, 1, `a-${id}`))),
        ...others.map((id) => store.append(input(id, 2, `b-${id}`))),
      ]);
      const [clash, ...rest] = results;
      expect(clash.status).toBe('rejected');
      expect(isUniqueViolation((clash as PromiseRejectedResult).reason)).toBe(true);
      expect(rest.map((r) => r.status)).toEqual(rest.map(() => 'fulfilled'));
      // Fewer statements than appends, even with the clash retried one by one.
      expect(statements).toBeLessThan(results.length);
      // What /metrics reports of it: every statement, and the appends that were stored.
      expect(store.statements).toBe(1 + statements);
      expect(store.appended).toBe(1 + rest.length);

      for (const id of others) {
        const stored = await store.actionsAfter(id, 0);
        expect(stored.map((a) => [a.seq, a.clientId])).toEqual([
          [1, `a-${id}`],
          [2, `b-${id}`],
        ]);
        expect((await store.latestSnapshot(id))?.seq).toBe(2);
      }
      expect((await store.actionsAfter(taken, 0)).map((a) => a.clientId)).toEqual(['first']);
      const heads = await Promise.all(
        gameIds.map(async (id) => {
          const response = await fetch(`${server.url}/api/games/${id}`);
          return ((await response.json()) as { seq: number }).seq;
        }),
      );
      expect(heads).toEqual([1, ...others.map(() => 2)]);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it('times each group commit from sending its statement to the answer, for /metrics', async () => {
    const seconds: number[] = [];
    const store = new GameStore(server.app.fastify.db, (s) => seconds.push(s));
    const games = gameIds.slice(1, 5);
    await Promise.all(games.map((id) => store.append(input(id, 3, `c-${id}`))));
    expect(store.appended).toBe(games.length);
    expect(seconds).toHaveLength(store.statements);
    expect(seconds.every((s) => s > 0 && s < 60)).toBe(true);
  });
});
