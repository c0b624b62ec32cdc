import { z } from 'zod';
import { SeatIndexSchema } from './game-record.js';

export const ViewerSchema = z.union([SeatIndexSchema, z.literal('spectator')]);

/** Server -> client `state`: the whole view for this viewer (on join, after a resync). */
export const StateMessageSchema = z.object({
  gameId: z.string(),
  seq: z.int().min(0),
  viewer: ViewerSchema,
  /** the rules package's GameView for this viewer */
  view: z.unknown(),
});
export type StateMessage = z.infer<typeof StateMessageSchema>;
