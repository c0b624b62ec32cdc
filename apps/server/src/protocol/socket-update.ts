import { z } from 'zod';
import { SeatIndexSchema } from './game-record.js';

/** Server -> client `update`: after each accepted action, in sequence order, this viewer's cut. */
export const UpdateMessageSchema = z.object({
  gameId: z.string(),
  seq: z.int().min(1),
  /** the seat that acted */
  seat: SeatIndexSchema,
  /** the events as this viewer may see them */
  events: z.array(z.unknown()),
  /** the rules package's GameView for this viewer after the action */
  view: z.unknown(),
  /** the seed, in the update that ends the game */
  seed: z.string().optional(),
});
export type UpdateMessage = z.infer<typeof UpdateMessageSchema>;
