import { z } from 'zod';
import { DecimalSchema } from './error-codes.js';
import { SeatIndexSchema } from './game-record.js';
import { MAX_SEQ } from './seq.js';

/** `GET /api/games/:id/actions?from=N`: entries with seq >= from. */
export const ActionLogQuerySchema = z.object({
  from: DecimalSchema.pipe(z.int().min(1).max(MAX_SEQ)).default(1),
  limit: DecimalSchema.pipe(z.int().min(1).max(1000)).default(500),
});

export const ActionLogEntrySchema = z.object({
  seq: z.int().min(1),
  seat: SeatIndexSchema,
  type: z.string(),
  /** the events as a spectator sees them */
  events: z.array(z.unknown()),
  /**
   * The action itself, published once the game is over (with the seed), so anyone can replay the
   * whole game; while it runs an action may carry a choice its player keeps secret.
   */
  action: z.unknown().optional(),
  at: z.string(),
});
export type ActionLogEntry = z.infer<typeof ActionLogEntrySchema>;

export const ActionLogResponseSchema = z.object({
  gameId: z.string(),
  status: z.string(),
  /** revealed when the game is over */
  seed: z.string().nullable(),
  entries: z.array(ActionLogEntrySchema),
});
export type ActionLogResponse = z.infer<typeof ActionLogResponseSchema>;
