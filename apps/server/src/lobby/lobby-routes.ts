import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventsFor } from '@outer-rim/rules';
import type { GameService } from '../games/game-service.js';
import { ReplayViews } from '../games/replay-views.js';
import { ApiError } from '../errors.js';
import {
  AddBotRequestSchema,
  BotSeatParamsSchema,
  ActionLogQuerySchema,
  ActionLogResponseSchema,
  ClaimSeatRequestSchema,
  ClaimSeatResponseSchema,
  CreateGameRequestSchema,
  CreateGameResponseSchema,
  RevealShareRequestSchema,
  CommitShareRequestSchema,
  ErrorResponseSchema,
  GameRecordSchema,
  ListGamesQuerySchema,
  ListGamesResponseSchema,
  ReplayViewParamsSchema,
  ReplayViewResponseSchema,
  UpdateSeatRequestSchema,
} from '@outer-rim/protocol';
import type { LobbyService } from './lobby-service.js';
import { GameParams, SeatAuthHeader, bearerToken, errorResponses } from './seat-route.js';

export interface LobbyRoutesOptions {
  lobby: LobbyService;
  games: GameService;
}

const errors = errorResponses(400, 404, 409);

/** The lobby REST API of PROTOCOL.md. */
export const lobbyRoutes: FastifyPluginAsyncZod<LobbyRoutesOptions> = (app, { lobby, games }) => {
  app.post(
    '/api/games',
    {
      schema: {
        summary: 'Create a game; the creator takes seat 0',
        tags: ['lobby'],
        body: CreateGameRequestSchema,
        response: { 201: CreateGameResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { name, options, title, entropyCommitment } = request.body;
      const created = await lobby.create(name, options, title, entropyCommitment);
      request.log.info({ gameId: created.gameId }, 'game created');
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/games',
    {
      schema: {
        summary: 'Games to join or watch',
        tags: ['lobby'],
        querystring: ListGamesQuerySchema,
        response: { 200: ListGamesResponseSchema },
      },
    },
    async (request) => ({ games: await lobby.list(request.query.status) }),
  );

  app.get(
    '/api/games/:id',
    {
      schema: {
        summary: "One game's lobby record",
        tags: ['lobby'],
        params: GameParams,
        response: { 200: GameRecordSchema, ...errors },
      },
    },
    (request) => lobby.get(request.params.id),
  );

  app.post(
    '/api/games/:id/seats',
    {
      schema: {
        summary: 'Claim a free seat; the token is shown once',
        tags: ['lobby'],
        params: GameParams,
        body: ClaimSeatRequestSchema,
        response: { 201: ClaimSeatResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { name, seat, entropyCommitment } = request.body;
      const claimed = await lobby.claim(request.params.id, name, seat, entropyCommitment);
      request.log.info({ gameId: request.params.id, seat: claimed.seat }, 'seat claimed');
      return reply.code(201).send(claimed);
    },
  );

  app.patch(
    '/api/games/:id/seats/me',
    {
      schema: {
        summary: 'Choose a race and/or say ready (Authorization: Bearer <seat token>)',
        tags: ['lobby'],
        params: GameParams,
        headers: SeatAuthHeader,
        body: UpdateSeatRequestSchema,
        response: { 200: GameRecordSchema, 401: ErrorResponseSchema, ...errors },
      },
    },
    (request) => lobby.updateSeat(request.params.id, bearerToken(request.headers), request.body),
  );

  app.delete(
    '/api/games/:id/seats/me',
    {
      schema: {
        summary: 'Leave the seat (not the creator)',
        tags: ['lobby'],
        params: GameParams,
        headers: SeatAuthHeader,
        response: { 200: GameRecordSchema, 401: ErrorResponseSchema, ...errors },
      },
    },
    (request) => lobby.leave(request.params.id, bearerToken(request.headers)),
  );

  app.put(
    '/api/games/:id/seats/me/entropy-commitment',
    {
      schema: {
        summary:
          'Commit this seat to a new share of the dice, when its share was void or lost (Authorization: Bearer <seat token>; docs/fair-dice.md)',
        tags: ['lobby'],
        params: GameParams,
        headers: SeatAuthHeader,
        body: CommitShareRequestSchema,
        response: { 200: GameRecordSchema, 401: ErrorResponseSchema, ...errors },
      },
    },
    (request) =>
      lobby.commitShare(
        request.params.id,
        bearerToken(request.headers),
        request.body.entropyCommitment,
      ),
  );

  app.put(
    '/api/games/:id/seats/me/entropy',
    {
      schema: {
        summary:
          "Reveal this seat's share of the dice once every seat is taken and committed (Authorization: Bearer <seat token>; docs/fair-dice.md)",
        tags: ['lobby'],
        params: GameParams,
        headers: SeatAuthHeader,
        body: RevealShareRequestSchema,
        response: { 200: GameRecordSchema, 401: ErrorResponseSchema, ...errors },
      },
    },
    (request) =>
      lobby.revealShare(request.params.id, bearerToken(request.headers), request.body.entropy),
  );

  app.put(
    '/api/games/:id/seats/:seat/bot',
    {
      schema: {
        summary:
          "The creator fills a free seat with a bot, or changes how a seat's bot plays (Authorization: Bearer <creator's seat token>)",
        tags: ['lobby'],
        params: BotSeatParamsSchema,
        headers: SeatAuthHeader,
        body: AddBotRequestSchema,
        response: {
          200: GameRecordSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const { id, seat } = request.params;
      const game = await lobby.addBot(id, bearerToken(request.headers), seat, request.body.policy);
      request.log.info({ gameId: id, seat, policy: request.body.policy }, 'bot seated');
      return game;
    },
  );

  app.delete(
    '/api/games/:id/seats/:seat/bot',
    {
      schema: {
        summary:
          "The creator takes a bot out of its seat before the start (Authorization: Bearer <creator's seat token>)",
        tags: ['lobby'],
        params: BotSeatParamsSchema,
        headers: SeatAuthHeader,
        response: {
          200: GameRecordSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    (request) =>
      lobby.removeBot(request.params.id, bearerToken(request.headers), request.params.seat),
  );

  app.post(
    '/api/games/:id/start',
    {
      schema: {
        summary: 'The creator starts a full, ready game',
        tags: ['lobby'],
        params: GameParams,
        headers: SeatAuthHeader,
        response: { 200: GameRecordSchema, 401: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { game, state } = await lobby.start(request.params.id, bearerToken(request.headers));
      // Live clients get the first state through the game service's start listeners.
      games.prime(game.id, state);
      request.log.info({ gameId: game.id }, 'game started');
      return game;
    },
  );

  app.get(
    '/api/games/:id/actions',
    {
      schema: {
        summary: 'The public log from seq `from`, as a spectator sees it',
        tags: ['play'],
        params: GameParams,
        querystring: ActionLogQuerySchema,
        response: { 200: ActionLogResponseSchema, ...errors },
      },
    },
    async (request) => {
      const game = await lobby.get(request.params.id);
      const over = game.status === 'over';
      const entries = await games.store.actionsAfter(
        game.id,
        request.query.from - 1,
        request.query.limit,
      );
      return {
        gameId: game.id,
        status: game.status,
        seed: game.seed,
        entries: entries.map((entry) => ({
          seq: entry.seq,
          seat: entry.seat,
          type: entry.type,
          events: eventsFor(entry.events as never, 'spectator'),
          ...(over ? { action: entry.action } : {}),
          at: entry.createdAt.toISOString(),
        })),
      };
    },
  );

  const replays = new ReplayViews(games.store);
  games.onForget((gameId) => {
    replays.forget(gameId);
  });
  app.get(
    '/api/games/:id/views/:seq',
    {
      schema: {
        summary: 'The spectator view right after action `seq` (0: the start), for replays',
        tags: ['play'],
        params: ReplayViewParamsSchema,
        response: { 200: ReplayViewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { id, seq } = request.params;
      const game = await lobby.get(id);
      if (game.status === 'lobby') {
        throw new ApiError('GAME_NOT_STARTED', 'This game has not started.');
      }
      if (seq > game.seq) {
        throw new ApiError(
          'BAD_REQUEST',
          `Step ${String(seq)} is not in the log yet: it holds steps 0 to ${String(game.seq)}.`,
          { seq, last: game.seq },
        );
      }
      return { seq, view: await replays.at(id, seq) };
    },
  );

  return Promise.resolve();
};
