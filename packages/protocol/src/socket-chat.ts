import { z } from 'zod';
import { ErrorDetailSchema } from './error-codes.js';
import { SeatIndexSchema } from './game-record.js';
import { ClientIdSchema } from './socket-action.js';

export const CHAT_MAX_LENGTH = 500;

/** Client -> server `chat`: no `to` is the whole table, a seat is a private message. */
export const ChatSendSchema = z.object({
  id: ClientIdSchema,
  to: SeatIndexSchema.optional(),
  text: z
    .string()
    .trim()
    .min(1)
    .max(CHAT_MAX_LENGTH)
    // Plain text: line breaks and tabs are fine, other control characters are not.
    .regex(/^[^\p{Cc}]*(?:[\n\t][^\p{Cc}]*)*$/u, 'plain text only'),
});
export type ChatSend = z.input<typeof ChatSendSchema>;

/** Server -> client `chat`, live and replayed on (re)connect. */
export const ChatMessageSchema = z.object({
  gameId: z.string(),
  seq: z.int().min(1),
  from: SeatIndexSchema,
  to: SeatIndexSchema.optional(),
  text: z.string(),
  at: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), seq: z.int().min(1) }),
  z.object({ ok: z.literal(false), error: ErrorDetailSchema }),
]);
export type ChatAck = z.infer<typeof ChatAckSchema>;
