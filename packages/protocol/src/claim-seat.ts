import { z } from 'zod';
import { SeatTokenSchema } from './create-game.js';
import { DiceShareCommitmentSchema } from './dice-share.js';
import { DisplayNameSchema, GameRecordSchema, SeatIndexSchema } from './game-record.js';

/** `POST /api/games/:id/seats`: without `seat`, the lowest free seat. */
export const ClaimSeatRequestSchema = z.object({
  name: DisplayNameSchema,
  seat: SeatIndexSchema.optional(),
  /** the commitment to this seat's share of the dice (docs/fair-dice.md); drawn by the server if absent */
  entropyCommitment: DiceShareCommitmentSchema.optional(),
});
export type ClaimSeatRequest = z.input<typeof ClaimSeatRequestSchema>;

export const ClaimSeatResponseSchema = z.object({
  seat: SeatIndexSchema,
  token: SeatTokenSchema,
  game: GameRecordSchema,
});
export type ClaimSeatResponse = z.infer<typeof ClaimSeatResponseSchema>;
