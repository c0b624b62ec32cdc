import { z } from 'zod';
import { SeatIndexSchema } from './game-record.js';

/**
 * Server -> client `update`: after each accepted action, in sequence order, this viewer's cut.
 * A client keeps the highest seq it holds (from `state` or `update`), drops an update at or below
 * it, and sends `resync` if one ever skips a number (possible only around a reconnect).
 */
export const UpdateMessageSchema = z.object({
  gameId: z.string(),
  seq: z.int().min(1),
  /** the seat that acted */
  seat: SeatIndexSchema,
  /** the events as this viewer may see them */
  events: z.array(z.unknown()),
  /** the rules package's GameView for this viewer after the action */
  view: z.unknown(),
  /** the revealed seed, in the update that ends the game (a `lobby` message with it follows) */
  seed: z.string().optional(),
});
export type UpdateMessage = z.infer<typeof UpdateMessageSchema>;
