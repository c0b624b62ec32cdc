import { z } from 'zod';
import { ErrorDetailSchema } from './error-codes.js';
import { SeqSchema } from './seq.js';

/**
 * The client's own id for one message: 1 to 64 printable ASCII characters (a UUID fits). No
 * spaces or control characters, so a NUL byte or a line break is refused here as BAD_REQUEST
 * rather than reaching the database or the logs.
 */
export const ClientIdSchema = z.string().regex(/^[\x21-\x7E]{1,64}$/, 'not a client id');

/**
 * The `seq` of the state a player decided on: the server refuses the action with STALE_STATE if
 * this seat has acted since, or what it is asked to decide has changed since.
 */
export const DecidedOnSchema = SeqSchema;

/**
 * Client -> server `action` with an acknowledgement. The action itself is checked by the rules
 * package's ActionSchema; the acting seat comes from the connection, never from the payload.
 */
export const ActionMessageSchema = z.object({
  id: ClientIdSchema,
  action: z.unknown(),
  /** optional: the seq of the state the action was decided on (see DecidedOnSchema) */
  seq: DecidedOnSchema.optional(),
});
export type ActionMessage = z.infer<typeof ActionMessageSchema>;

/**
 * The answer to an `action`: the seq it was committed at, or why it was refused. A refusal judged
 * on a state of the game carries that state's `seq`: a client holding that seq or a later one
 * decides again on what it holds; one behind waits for the updates that bring it, which are on
 * their way (the action was judged on a state it has not yet received).
 */
export const ActionAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), seq: z.int().min(1) }),
  z.object({ ok: z.literal(false), error: ErrorDetailSchema, seq: z.int().min(0).optional() }),
]);
export type ActionAck = z.infer<typeof ActionAckSchema>;
