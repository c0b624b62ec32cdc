import { z } from 'zod';
import { DecimalSchema } from './error-codes.js';
import { GameIdSchema } from './game-record.js';
import { SeqSchema } from './seq.js';

/** `GET /api/games/:id/views/:seq`: seq 0 is the start, seq N the state right after action N. */
export const ReplayViewParamsSchema = z.object({
  id: GameIdSchema,
  seq: DecimalSchema.pipe(SeqSchema),
});

export const ReplayViewResponseSchema = z.object({
  seq: z.int().min(0),
  /**
   * The rules package's GameView for a spectator at that seq: exactly the view a live spectator
   * received then, so it holds no seat's hidden values and never the seed.
   */
  view: z.unknown(),
});
export type ReplayViewResponse = z.infer<typeof ReplayViewResponseSchema>;
