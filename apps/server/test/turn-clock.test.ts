import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import type { App } from '../src/app.js';
import { ManualClock } from '../src/clock/manual-clock.js';
import { owedDecisions } from '../src/notifications/owed.js';
import type { ErrorResponse } from '@outer-rim/protocol';
import type { PauseStatus } from '@outer-rim/protocol';
import type { TurnClocksResponse } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { fullLobby, startGame } from './support/play.js';
import { Client, http } from './support/server.js';

const HOUR = 3_600_000;
/** Ticks are called by the test itself: the timer's tick is the same call. */
const QUIET = {
  TURN_CLOCK_TICK_MS: String(100 * 24 * HOUR),
  BOT_DELAY_MS: '0',
  BOT_TICK_MS: '100',
  CLUSTER: 'on',
};

async function listening(app: App): Promise<string> {
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = app.fastify.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${String(address.port)}`;
}

async function owing(app: App, gameId: string): Promise<number[]> {
  const entry = await app.games.read(gameId);
  return entry === undefined ? [] : [...owedDecisions(entry.state).keys()];
}

describe('turn clock: a time bank per seat, running only while it owes a decision', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await prepareBackend('postgres', 'turn-clock');
  });
  afterAll(async () => {
    await backend.dispose();
  });

  it(
    'runs out while its seat owes, a bot plays the seat, and its player gets it back on connecting',
    async () => {
      const clock = new ManualClock();
      const app = await buildApp(backend.config(QUIET), { clock });
      const url = await listening(app);
      try {
        const game = await fullLobby(url, 3, {
          galaxy: { mode: 'build' },
          turnClock: { bankSeconds: 24 * 3600, bonusSeconds: 3600, onExpiry: 'bot' },
        });
        await startGame(url, game);
        await app.turnClocks.idle();
        const [seat] = await owing(app, game.gameId);
        if (seat === undefined) throw new Error('nobody owes');
        // A day later, less a minute: only the seat that owes has spent time.
        clock.advance(24 * HOUR - 60_000);
        const seen = await http<TurnClocksResponse>(url, 'GET', `/api/games/${game.gameId}/clocks`);
        expect(seen.body.clocks.map((c) => [c.seat, c.running, c.leftMs, c.expired])).toEqual(
          [0, 1, 2].map((s) =>
            s === seat ? [s, true, 60_000, false] : [s, false, 24 * HOUR, false],
          ),
        );
        expect(await app.turnClocks.tick()).toEqual([]);
        clock.advance(60_000);
        expect(await app.turnClocks.tick()).toEqual([
          { gameId: game.gameId, seat, onExpiry: 'bot' },
        ]);
        // The bot takes the seat and plays it: the game moves on without its player.
        await vi.waitFor(
          async () => {
            expect((await app.games.read(game.gameId))?.seq).toBeGreaterThan(0);
          },
          { timeout: 20_000, interval: 50 },
        );
        expect((await app.lobby.get(game.gameId)).seats[seat]?.handedOver).toBe(true);
        // The player comes back: the seat is theirs again.
        const back = await Client.connect(url, {
          gameId: game.gameId,
          token: game.tokens[seat] ?? '',
        });
        await vi.waitFor(
          async () => {
            expect((await app.lobby.get(game.gameId)).seats[seat]?.handedOver ?? false).toBe(false);
          },
          { timeout: 20_000, interval: 50 },
        );
        back.close();
        const after = await http<TurnClocksResponse>(
          url,
          'GET',
          `/api/games/${game.gameId}/clocks`,
        );
        expect(after.body.clocks.find((c) => c.seat === seat)?.expired).toBe(true);
      } finally {
        await app.fastify.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'with two server processes exactly one acts on an expiry, and a restart loses no time',
    async () => {
      const clockA = new ManualClock();
      const first = await buildApp(backend.config(QUIET), { clock: clockA });
      const url = await listening(first);
      const game = await fullLobby(url, 3, {
        galaxy: { mode: 'build' },
        turnClock: { bankSeconds: 2 * 3600, onExpiry: 'wait' },
      });
      await startGame(url, game);
      await first.turnClocks.idle();
      const [seat] = await owing(first, game.gameId);
      // Half an hour, then the process stops (a restart): the clock is in the database.
      clockA.advance(HOUR / 2);
      await first.fastify.close();

      const clockB = new ManualClock(clockA.now());
      const clockC = new ManualClock(clockA.now());
      const second = await buildApp(backend.config(QUIET), { clock: clockB });
      const third = await buildApp(backend.config(QUIET), { clock: clockC });
      try {
        clockB.advance(HOUR);
        clockC.advance(HOUR);
        const left = await second.turnClocks.clocks(game.gameId);
        expect(left.clocks.find((c) => c.seat === seat)).toMatchObject({
          leftMs: HOUR / 2,
          running: true,
          expired: false,
        });
        clockB.advance(HOUR / 2);
        clockC.advance(HOUR / 2);
        const [b, c] = await Promise.all([second.turnClocks.tick(), third.turnClocks.tick()]);
        expect([...b, ...c]).toEqual([{ gameId: game.gameId, seat, onExpiry: 'wait' }]);
        expect(await second.turnClocks.tick()).toEqual([]);
        expect(await third.turnClocks.tick()).toEqual([]);
        // "wait": the table is told (every clock is public) and nobody plays the seat.
        const seen = await third.turnClocks.clocks(game.gameId);
        expect(seen.clocks.find((x) => x.seat === seat)?.expired).toBe(true);
        expect((await second.lobby.get(game.gameId)).seats[seat ?? 0]?.handedOver ?? false).toBe(
          false,
        );
      } finally {
        await Promise.all([second.fastify.close(), third.fastify.close()]);
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'the table pauses by a majority vote and the clocks stop; it resumes the same way',
    async () => {
      const clock = new ManualClock();
      const app = await buildApp(backend.config(QUIET), { clock });
      const url = await listening(app);
      try {
        const game = await fullLobby(url, 3, {
          galaxy: { mode: 'build' },
          turnClock: { bankSeconds: 10 * 3600, onExpiry: 'wait' },
        });
        const early = await http<ErrorResponse>(
          url,
          'POST',
          `/api/games/${game.gameId}/pause/vote`,
          undefined,
          game.tokens[0],
        );
        expect(early.status).toBe(409);
        expect(early.body.error.code).toBe('GAME_NOT_STARTED');
        await startGame(url, game);
        await app.turnClocks.idle();
        const [seat] = await owing(app, game.gameId);
        const left = async () =>
          (await app.turnClocks.clocks(game.gameId)).clocks.find((c) => c.seat === seat);
        const vote = (by: number) =>
          http<PauseStatus>(
            url,
            'POST',
            `/api/games/${game.gameId}/pause/vote`,
            undefined,
            game.tokens[by],
          );
        clock.advance(HOUR);
        // One vote of three is not a majority: nothing changes; the same vote twice counts once.
        expect((await vote(0)).body).toEqual({ paused: false, votes: [0], needed: 2 });
        expect((await vote(0)).body).toEqual({ paused: false, votes: [0], needed: 2 });
        expect((await vote(2)).body).toEqual({ paused: true, votes: [], needed: 2 });
        expect(await left()).toMatchObject({ leftMs: 9 * HOUR, running: false });
        // Days pass while paused: no time comes off, nothing runs out.
        clock.advance(30 * HOUR);
        expect(await app.turnClocks.tick()).toEqual([]);
        expect(await left()).toMatchObject({ leftMs: 9 * HOUR, running: false });
        const seen = await http<PauseStatus>(url, 'GET', `/api/games/${game.gameId}/pause`);
        expect(seen.body).toEqual({ paused: true, votes: [], needed: 2 });
        expect((await vote(1)).body).toEqual({ paused: true, votes: [1], needed: 2 });
        expect((await vote(0)).body).toEqual({ paused: false, votes: [], needed: 2 });
        clock.advance(HOUR);
        expect(await left()).toMatchObject({ leftMs: 8 * HOUR, running: true });
        const stranger = await http<ErrorResponse>(
          url,
          'POST',
          `/api/games/${game.gameId}/pause/vote`,
          undefined,
          'x'.repeat(43),
        );
        expect(stranger.status).toBe(401);
        expect(stranger.body.error.code).toBe('UNAUTHORIZED');
      } finally {
        await app.fastify.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );
});
