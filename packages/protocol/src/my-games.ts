import { z } from 'zod';
import { SeatTokenSchema } from './create-game.js';
import { GameIdSchema, GameStatusSchema, SeatIndexSchema } from './game-record.js';

/**
 * `POST /api/my-games`: the seat tokens a browser holds (its reconnect tokens), one per game. In
 * the body rather than the URL, so no token lands in an access log.
 */
export const MyGamesRequestSchema = z.object({
  seats: z
    .array(z.object({ gameId: GameIdSchema, token: SeatTokenSchema }))
    .max(100, 'at most 100 seats at once'),
});
export type MyGamesRequest = z.infer<typeof MyGamesRequestSchema>;

/** A seat that owes a decision now: public, as every seat's view shows it. */
export const OwingSeatSchema = z.object({
  seat: SeatIndexSchema,
  name: z.string(),
  /** the decision in plain words (computed from public information only) */
  prompts: z.array(z.string()),
});
export type OwingSeat = z.infer<typeof OwingSeatSchema>;

/** One game where the asking browser holds a seat. */
export const MyGameSchema = z.object({
  gameId: GameIdSchema,
  seat: SeatIndexSchema,
  /** the name this seat plays under */
  name: z.string(),
  /** the creator's name: the table is called after its host */
  host: z.string(),
  status: GameStatusSchema,
  /** 0 before the first round (galaxy building) and in the lobby */
  round: z.int().min(0),
  /** the rules' phase name (`individual-turns`, ...); `lobby` before the start */
  phase: z.string(),
  owing: z.array(OwingSeatSchema),
  /** ISO time of the last step: the decisions owed now have been open since then */
  since: z.string(),
  /** this seat owes a decision now */
  yourMove: z.boolean(),
  /** BG-10, a finished game: who won and why, the end screen's sentence (`gameOverText`) */
  result: z.string().optional(),
});
export type MyGame = z.infer<typeof MyGameSchema>;

/** A token the server no longer knows for that game (the seat was left, or the game removed). */
export const LostSeatSchema = z.object({
  gameId: GameIdSchema,
  error: z.object({ code: z.string(), message: z.string() }),
});
export type LostSeat = z.infer<typeof LostSeatSchema>;

/** The games, "your move" first, then the longest-waiting first; then the seats not found. */
export const MyGamesResponseSchema = z.object({
  games: z.array(MyGameSchema),
  lost: z.array(LostSeatSchema),
});
export type MyGamesResponse = z.infer<typeof MyGamesResponseSchema>;
