import { LobbyOptionsSchema } from '@outer-rim/rules';
import { z } from 'zod';
import {
  DisplayNameSchema,
  GameIdSchema,
  GameRecordSchema,
  GameTitleSchema,
  SeatIndexSchema,
} from './game-record.js';
import { DiceShareCommitmentSchema } from './dice-share.js';
import { TurnClockOptionSchema } from './turn-clock.js';

/**
 * The lobby's options: the rules package's table options plus what only the server acts on.
 * `handOverAfterSeconds` (off when absent): a seat whose player has had no connection open for
 * that long is played by a bot until the player connects again with the seat token.
 */
export const TableOptionsSchema = LobbyOptionsSchema.extend({
  handOverAfterSeconds: z.int().min(1).max(86_400).optional(),
  turnClock: TurnClockOptionSchema.optional(),
});
export type TableOptions = z.output<typeof TableOptionsSchema>;

/**
 * `POST /api/games`: the table options (the rules package's lobby schema: player count, variant,
 * galaxy, ...). The creator takes seat 0 under `name`; every seat starts on race `random`. The
 * game is listed as `title`, or "<name>'s game".
 */
export const CreateGameRequestSchema = z.object({
  name: DisplayNameSchema,
  /** the game's name in the lobby; "<name>'s game" when absent */
  title: GameTitleSchema.optional(),
  options: TableOptionsSchema,
  /** the commitment to seat 0's share of the dice (docs/fair-dice.md); drawn by the server if absent */
  entropyCommitment: DiceShareCommitmentSchema.optional(),
});
export type CreateGameRequest = z.input<typeof CreateGameRequestSchema>;

export const SeatTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'not a seat token');

export const CreateGameResponseSchema = z.object({
  gameId: GameIdSchema,
  seat: SeatIndexSchema,
  /**
   * shown once; the server stores only its hash. It is also the creator's credential: starting
   * the game and adding or removing bots take this token (the creator's seat is `creatorSeat`).
   */
  token: SeatTokenSchema,
  game: GameRecordSchema,
});
export type CreateGameResponse = z.infer<typeof CreateGameResponseSchema>;
