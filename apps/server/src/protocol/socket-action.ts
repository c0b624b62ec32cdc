import { z } from 'zod';
import { ErrorDetailSchema } from './error-codes.js';

export const ClientIdSchema = z.string().min(1).max(64);

/**
 * Client -> server `action` with an acknowledgement. The action itself is checked by the rules
 * package's ActionSchema; the acting seat comes from the connection, never from the payload.
 */
export const ActionMessageSchema = z.object({
  id: ClientIdSchema,
  action: z.unknown(),
});
export type ActionMessage = z.infer<typeof ActionMessageSchema>;

export const ActionAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), seq: z.int().min(1) }),
  z.object({ ok: z.literal(false), error: ErrorDetailSchema }),
]);
export type ActionAck = z.infer<typeof ActionAckSchema>;
