import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@outer-rim/protocol';
import { ApiError } from '../errors.js';
import type { GameService } from '../games/game-service.js';
import type { LobbyService } from '../lobby/lobby-service.js';
import { GameParams, SeatAuthHeader, errorResponses, seatOf } from '../lobby/seat-route.js';
import { PauseStatusSchema } from '@outer-rim/protocol';
import { TurnClocksResponseSchema } from '@outer-rim/protocol';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import { TurnClockService } from './turn-clock-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** each seat's time bank (the turn clock option) */
    turnClocks: TurnClockService;
  }
}

const errors = errorResponses(401, 404, 409);

const routes: FastifyPluginAsyncZod<{
  service: TurnClockService;
  lobby: LobbyService;
  games: GameService;
}> = (app, { service, lobby, games }) => {
  /** The people seated: bots do not vote. */
  const people = async (gameId: string) =>
    (await lobby.get(gameId)).seats.filter((s) => s.bot === undefined).length;

  app.get(
    '/api/games/:id/pause',
    {
      schema: {
        summary: 'Whether the table paused the game (its clocks stop), and the votes cast',
        tags: ['play'],
        params: GameParams,
        response: { 200: PauseStatusSchema, ...errors },
      },
    },
    async (request) => service.status(request.params.id, await people(request.params.id)),
  );

  app.post(
    '/api/games/:id/pause/vote',
    {
      schema: {
        summary:
          'Vote to pause the game, or to resume it while paused; a majority of the people seated decides (Authorization: Bearer <seat token>)',
        tags: ['play'],
        params: GameParams,
        headers: SeatAuthHeader,
        response: { 200: PauseStatusSchema, ...errors },
      },
    },
    async (request) => {
      const { gameId, seat } = await seatOf(lobby, request);
      const entry = await games.read(gameId);
      if (entry === undefined) throw new ApiError('GAME_NOT_STARTED', 'This game has not started.');
      if (entry.state.phase.name === 'game-over') {
        throw new ApiError('GAME_OVER', 'This game is over.');
      }
      return service.vote(gameId, seat, await people(gameId), entry.state);
    },
  );

  app.get(
    '/api/games/:id/clocks',
    {
      schema: {
        summary: "Every seat's turn clock: time left, running or not, run out",
        tags: ['play'],
        params: GameParams,
        response: { 200: TurnClocksResponseSchema, 404: ErrorResponseSchema },
      },
    },
    (request) => service.clocks(request.params.id),
  );
  return Promise.resolve();
};

/**
 * Turn clocks. Hooked in like the bots: it hears the game service's commits and starts, and
 * when a bank runs out hands the seat to a bot (the host's `bot` choice; the player gets it back
 * on connecting, as with the hand-over option) or leaves it to the table, which sees the clock.
 */
export const turnClockPlugin = fp<{ clock?: Clock }>(
  async (fastify, { clock = systemClock }) => {
    const { config, db, games, lobby, bots } = fastify;
    const service = new TurnClockService({
      db,
      clock,
      logger: fastify.log.child({ part: 'turn-clock' }) as never,
      tickMs: config.TURN_CLOCK_TICK_MS,
      expire: async ({ gameId, seat, onExpiry }) => {
        if (onExpiry !== 'bot') return;
        await lobby.setHandedOver(gameId, seat, true);
        bots.poke();
      },
    });
    games.onAdvance((step) => {
      if (step.local) service.stepCommitted(step.gameId, step.state);
    });
    games.onStart((gameId, state) => {
      service.started(gameId, state);
    });
    service.start();
    fastify.decorate('turnClocks', service);
    await fastify.register(routes, { service, lobby, games });
    fastify.addHook('preClose', async () => {
      await service.close();
    });
  },
  {
    name: 'turn-clock',
    dependencies: ['config', 'db', 'games', 'lobby', 'bots', 'http'],
    decorators: { fastify: ['config', 'db', 'games', 'lobby', 'bots'] },
  },
);
