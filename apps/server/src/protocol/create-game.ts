import { LobbyOptionsSchema } from '@outer-rim/rules';
import { z } from 'zod';
import {
  DisplayNameSchema,
  GameIdSchema,
  GameRecordSchema,
  SeatIndexSchema,
} from './game-record.js';

/**
 * `POST /api/games`: the table options (the rules package's lobby schema: player count, variant,
 * galaxy, ...). The creator takes seat 0 under `name`; every seat starts on race `random`.
 */
export const CreateGameRequestSchema = z.object({
  name: DisplayNameSchema,
  options: LobbyOptionsSchema,
});
export type CreateGameRequest = z.input<typeof CreateGameRequestSchema>;

export const SeatTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'not a seat token');

export const CreateGameResponseSchema = z.object({
  gameId: GameIdSchema,
  seat: SeatIndexSchema,
  /** shown once; the server stores only its hash */
  token: SeatTokenSchema,
  game: GameRecordSchema,
});
export type CreateGameResponse = z.infer<typeof CreateGameResponseSchema>;
