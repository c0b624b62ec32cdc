import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../errors.js';
import type { LobbyService } from '../lobby/lobby-service.js';
import { GameParams, SeatAuthHeader, errorResponses, seatOf } from '../lobby/seat-route.js';
import {
  NotificationSettingsSchema,
  SeatNotificationsSchema,
  TableNotificationsSchema,
} from '@outer-rim/protocol';
import type { NotificationStore } from './notification-store.js';
import type { Notifier } from './notifier.js';
import type { WebhookGuard } from './webhook-guard.js';

export interface NotificationRoutesOptions {
  lobby: LobbyService;
  store: NotificationStore;
  notifier: Notifier;
  guard: WebhookGuard;
  emailAvailable: boolean;
}

const errors = errorResponses(400, 401, 403, 404);

/** Each seat's own ways of being told a decision waits, and the host's webhook for the table. */
export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = (
  app,
  { lobby, store, notifier, guard, emailAvailable },
) => {
  const settingsOf = async (gameId: string, seat: number) => {
    const game = await lobby.get(gameId);
    return {
      ...(await store.seatSettings(gameId, seat)),
      ...(game.creatorSeat === seat ? { table: await store.tableSettings(gameId) } : {}),
      emailAvailable,
    };
  };

  app.get(
    '/api/games/:id/notifications/me',
    {
      schema: {
        summary: "This seat's notification settings (Authorization: Bearer <seat token>)",
        tags: ['notifications'],
        params: GameParams,
        headers: SeatAuthHeader,
        response: { 200: NotificationSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { gameId, seat } = await seatOf(lobby, request);
      return settingsOf(gameId, seat);
    },
  );

  app.put(
    '/api/games/:id/notifications/me',
    {
      schema: {
        summary:
          'Where this seat is told that a decision waits: a webhook, an e-mail address (Authorization: Bearer <seat token>)',
        tags: ['notifications'],
        params: GameParams,
        headers: SeatAuthHeader,
        body: SeatNotificationsSchema,
        response: { 200: NotificationSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { gameId, seat } = await seatOf(lobby, request);
      const { webhookUrl, email } = request.body;
      if (webhookUrl !== null) guard.check(webhookUrl);
      if (email !== null && !emailAvailable) {
        throw new ApiError(
          'BAD_REQUEST',
          'This server sends no e-mail: its host set no SMTP server.',
        );
      }
      await store.setSeat(gameId, seat, { webhookUrl, email });
      notifier.settingsChanged(gameId);
      return settingsOf(gameId, seat);
    },
  );

  app.put(
    '/api/games/:id/notifications/table',
    {
      schema: {
        summary:
          "The host's webhook for the whole table (Authorization: Bearer <creator's seat token>)",
        tags: ['notifications'],
        params: GameParams,
        headers: SeatAuthHeader,
        body: TableNotificationsSchema,
        response: { 200: NotificationSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { gameId, seat } = await seatOf(lobby, request);
      const game = await lobby.get(gameId);
      if (game.creatorSeat !== seat) {
        throw new ApiError('FORBIDDEN', "Only the game's host sets the table's webhook.");
      }
      if (request.body.webhookUrl !== null) guard.check(request.body.webhookUrl);
      await store.setTable(gameId, request.body);
      notifier.settingsChanged(gameId);
      return settingsOf(gameId, seat);
    },
  );

  return Promise.resolve();
};
