import { z } from 'zod';
import { DecimalSchema } from './error-codes.js';
import { BotPolicyNameSchema, GameIdSchema, SeatIndexSchema } from './game-record.js';

/** `/api/games/:id/seats/:seat/bot`: the seat as a plain decimal in the path. */
export const BotSeatParamsSchema = z.object({
  id: GameIdSchema,
  seat: DecimalSchema.pipe(SeatIndexSchema),
});

/**
 * `PUT /api/games/:id/seats/:seat/bot` with the creator's token: a bot takes this free seat (or
 * the bot there changes how it plays), picks a race and is ready.
 */
export const AddBotRequestSchema = z.object({
  policy: BotPolicyNameSchema.default('heuristic'),
});
export type AddBotRequest = z.input<typeof AddBotRequestSchema>;
