import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  UndoConsentSchema,
  UndoOutcomeSchema,
  UndoRequestSchema,
  UndoStatusSchema,
} from '@outer-rim/protocol';
import type { LobbyService } from '../lobby/lobby-service.js';
import { GameParams, SeatAuthHeader, errorResponses, seatOf } from '../lobby/seat-route.js';
import { UndoService } from './undo-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** taking back a misclick */
    undo: UndoService;
  }
}

const errors = errorResponses(400, 401, 403, 404, 409);

const routes: FastifyPluginAsyncZod<{ service: UndoService; lobby: LobbyService }> = (
  app,
  { service, lobby },
) => {
  app.get(
    '/api/games/:id/undo',
    {
      schema: {
        summary:
          "What taking back this seat's last action would undo, or why it may not, and the undo waiting for consents (Authorization: Bearer <seat token>)",
        tags: ['play'],
        params: GameParams,
        headers: SeatAuthHeader,
        response: { 200: UndoStatusSchema, ...errors },
      },
    },
    async (request) => {
      const { gameId, seat } = await seatOf(lobby, request);
      return service.status(gameId, seat);
    },
  );

  app.post(
    '/api/games/:id/undo',
    {
      schema: {
        summary:
          "Take back this seat's last action (at `seq`, planned on the head `head`); waits for the consent of the seats whose later steps go back too",
        tags: ['play'],
        params: GameParams,
        headers: SeatAuthHeader,
        body: UndoRequestSchema,
        response: { 200: UndoOutcomeSchema, ...errors },
      },
    },
    async (request) => {
      const { gameId, seat } = await seatOf(lobby, request);
      return service.ask(gameId, seat, request.body);
    },
  );

  app.post(
    '/api/games/:id/undo/consent',
    {
      schema: {
        summary: 'Agree to, or refuse, the undo that waits for this seat',
        tags: ['play'],
        params: GameParams,
        headers: SeatAuthHeader,
        body: UndoConsentSchema,
        response: { 200: UndoOutcomeSchema, ...errors },
      },
    },
    async (request) => {
      const { gameId, seat } = await seatOf(lobby, request);
      return service.answer(gameId, seat, request.body);
    },
  );
  return Promise.resolve();
};

/**
 * Taking back a misclick. Hooked in like the turn clocks: when the game service cuts a game back,
 * every viewer gets the whole state of the head it went back to (its seq lower than the one it
 * held), and the clocks, notices and bots look at the game again.
 */
export const undoPlugin = fp(
  async (fastify) => {
    const { db, games, lobby, realtime, turnClocks, notifier, bots } = fastify;
    const service = new UndoService({
      db,
      games,
      lobby,
      notify: (notice) => {
        realtime.undoNotice(notice);
      },
    });
    games.onRewind((gameId, head) => {
      realtime.rewound(gameId, head.seq, head.state);
      turnClocks.stepCommitted(gameId, head.state);
      notifier.stepCommitted(gameId, head.seq, head.state);
      bots.poke();
    });
    fastify.decorate('undo', service);
    await fastify.register(routes, { service, lobby });
  },
  {
    name: 'undo',
    dependencies: [
      'db',
      'games',
      'lobby',
      'realtime',
      'turn-clock',
      'notifications',
      'bots',
      'http',
    ],
    decorators: { fastify: ['db', 'games', 'lobby', 'realtime', 'turnClocks', 'notifier', 'bots'] },
  },
);
