import { GameOptionsSchema } from '@outer-rim/rules';
import { z } from 'zod';

/** A race id or `random`: the rules package's own choice schema, without its default. */
export const RaceChoiceSchema = GameOptionsSchema.shape.players.element.shape.race.unwrap();

/**
 * `PATCH /api/games/:id/seats/me` with `Authorization: Bearer <token>`: choose a race and/or
 * say ready. Changing the race clears the seat's ready mark.
 */
export const UpdateSeatRequestSchema = z
  .object({
    race: RaceChoiceSchema.optional(),
    ready: z.boolean().optional(),
  })
  .refine((body) => body.race !== undefined || body.ready !== undefined, {
    error: 'give race or ready',
  });
export type UpdateSeatRequest = z.input<typeof UpdateSeatRequestSchema>;
