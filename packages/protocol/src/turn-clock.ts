import { z } from 'zod';
import { SeatIndexSchema } from './game-record.js';

/**
 * The turn clock, a game option: each seat's time bank (`bankSeconds`, plus `bonusSeconds` at
 * each new round) runs only while that seat owes a decision. When it runs out, `onExpiry`
 * applies: `bot` hands the seat to a bot until its player connects again, `wait` tells the table
 * (every clock is public) and waits.
 */
export const TurnClockOptionSchema = z.object({
  bankSeconds: z
    .int()
    .min(60)
    .max(30 * 86_400),
  bonusSeconds: z
    .int()
    .min(0)
    .max(7 * 86_400)
    .default(0),
  onExpiry: z.enum(['bot', 'wait']).default('wait'),
});
export type TurnClockOption = z.output<typeof TurnClockOptionSchema>;

/** `GET /api/games/:id/clocks`: every seat's clock, for every seat and spectator. */
export const TurnClocksResponseSchema = z.object({
  /** the server's time (ISO), to count down from */
  now: z.string(),
  option: TurnClockOptionSchema.nullable(),
  clocks: z.array(
    z.object({
      seat: SeatIndexSchema,
      /** milliseconds left at `now` (negative: overdrawn) */
      leftMs: z.number(),
      /** true while this seat owes a decision: its clock runs */
      running: z.boolean(),
      expired: z.boolean(),
    }),
  ),
});
export type TurnClocksResponse = z.infer<typeof TurnClocksResponseSchema>;
