import { z } from 'zod';
import { ErrorDetailSchema } from './error-codes.js';
import { DisplayNameSchema } from './game-record.js';
import { ClientIdSchema } from './socket-action.js';
import { ChatSendSchema } from './socket-chat.js';

/**
 * Client -> server `spectator-chat`: a spectator's line in the spectators' channel, with the name
 * they chose (spectators have no seat). Players do not read it until the game is over.
 */
export const SpectatorChatSendSchema = z.object({
  id: ClientIdSchema,
  name: DisplayNameSchema,
  text: ChatSendSchema.shape.text,
});
export type SpectatorChatSend = z.input<typeof SpectatorChatSendSchema>;

/** Server -> client `spectator-chat`, live and replayed on (re)connect to those who may read it. */
export const SpectatorChatMessageSchema = z.object({
  gameId: z.string(),
  seq: z.int().min(1),
  name: z.string(),
  text: z.string(),
  at: z.string(),
});
export type SpectatorChatMessage = z.infer<typeof SpectatorChatMessageSchema>;

export const SpectatorChatAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), seq: z.int().min(1) }),
  z.object({ ok: z.literal(false), error: ErrorDetailSchema }),
]);
export type SpectatorChatAck = z.infer<typeof SpectatorChatAckSchema>;
