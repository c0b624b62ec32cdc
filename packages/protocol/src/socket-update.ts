import { z } from 'zod';
import { SeatIndexSchema } from './game-record.js';
import { JsonPatchOperationSchema } from './view-patch.js';

/**
 * Server -> client `update`: after each accepted action, in sequence order, this viewer's cut.
 * It carries `patch`, the change from this viewer's view at `seq - 1` (RFC 6902 JSON Patch), or,
 * when the server holds no view of `seq - 1` to compare with, the whole `view`. `hash` is
 * `viewHash` of the view after it: a client applies the patch to the view it holds at `seq - 1`,
 * checks the hash and sends `resync` on a mismatch. A client keeps the highest seq it holds (from
 * `state` or `update`), drops an update at or below it, and sends `resync` if one ever skips a
 * number (possible only around a reconnect).
 */
export const UpdateMessageSchema = z.object({
  gameId: z.string(),
  seq: z.int().min(1),
  /** the seat that acted */
  seat: SeatIndexSchema,
  /** the events as this viewer may see them */
  events: z.array(z.unknown()),
  /** the change to this viewer's GameView since `seq - 1` */
  patch: z.array(JsonPatchOperationSchema).optional(),
  /** the rules package's GameView for this viewer after the action, when no patch is sent */
  view: z.unknown().optional(),
  /** viewHash of the GameView after the action */
  hash: z.int().min(0),
  /** the revealed seed, in the update that ends the game (a `lobby` message with it follows) */
  seed: z.string().optional(),
});
export type UpdateMessage = z.infer<typeof UpdateMessageSchema>;
