import { z } from 'zod';
import { SeatIndexSchema } from './game-record.js';

/**
 * `GET /api/games/:id/pause`, and the answer to `POST /api/games/:id/pause/vote` (Authorization:
 * Bearer <seat token>): whether the table paused the game (its turn clocks stop), and the votes
 * towards the next change: pausing while it runs, resuming while paused.
 */
export const PauseStatusSchema = z.object({
  paused: z.boolean(),
  /** the seats that voted for the change */
  votes: z.array(SeatIndexSchema),
  /** how many votes make the change: a majority of the people seated (bots do not vote) */
  needed: z.int().min(1),
});
export type PauseStatus = z.infer<typeof PauseStatusSchema>;
