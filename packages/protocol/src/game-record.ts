import { z } from 'zod';

export const GameIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'not a game id');

export const GameStatusSchema = z.enum(['lobby', 'playing', 'over']);
export type GameStatus = z.infer<typeof GameStatusSchema>;

export const SeatIndexSchema = z.int().min(0).max(7);

export const DisplayNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  // Names are shown to every player; control characters would break logs and layouts.
  .regex(/^[^\p{Cc}]+$/u, 'no control characters');

/** A game's name in the lobby list: the host's choice on the create form. */
export const GameTitleSchema = z
  .string()
  .trim()
  .min(1)
  .max(48)
  .regex(/^[^\p{Cc}]+$/u, 'no control characters');

/** The name a game gets when its host gives none: "Hana's game". */
export function defaultGameTitle(hostName: string | null): string {
  return hostName === null ? 'A game' : `${hostName}'s game`;
}

/** How a bot plays: `heuristic` (sensibly, the rules package's heuristicBot) or `random` (randomBot). */
export const BotPolicyNameSchema = z.enum(['heuristic', 'random']);
export type BotPolicyName = z.infer<typeof BotPolicyNameSchema>;

export const SeatRecordSchema = z.object({
  seat: SeatIndexSchema,
  /** null while the seat is free */
  name: z.string().nullable(),
  race: z.string(),
  ready: z.boolean(),
  taken: z.boolean(),
  /** set on a bot's seat (the creator filled it): how it plays */
  bot: BotPolicyNameSchema.optional(),
  /** true while a bot plays this person's seat because its player is away (see handOverAfterSeconds) */
  handedOver: z.boolean().optional(),
  /**
   * the commitment to this seat's share of the dice (docs/fair-dice.md), once the seat is taken;
   * absent on a taken seat whose share was void (a seat changed after a reveal) until it commits anew
   */
  entropyCommitment: z.string().optional(),
  /** true once the seat's share is in: revealed by its player, or drawn by the server (a bot's) */
  entropyRevealed: z.boolean().optional(),
  /** the share itself, published once the game has started */
  entropy: z.string().optional(),
});
export type SeatRecord = z.infer<typeof SeatRecordSchema>;

/** What anyone may know about a game: no tokens, no hidden state, the seed only once it is over. */
export const GameRecordSchema = z.object({
  id: GameIdSchema,
  /**
   * what the lobby lists the game as: the host's choice, else "<host>'s game"; this server always
   * sends it (read it with `gameTitle`, which also names a record without one)
   */
  title: z.string().optional(),
  status: GameStatusSchema,
  /** the options the game was created with (players' races are the seats' current choices) */
  options: z.record(z.string(), z.unknown()),
  seats: z.array(SeatRecordSchema),
  creatorSeat: SeatIndexSchema,
  /** hex SHA-256 of the game's seed, published before the first die is rolled */
  seedCommitment: z.string().regex(/^[0-9a-f]{64}$/),
  /** the seed itself, revealed only when the game is over */
  seed: z.string().nullable(),
  /** sequence number of the last accepted action (0 before the first) */
  seq: z.int().min(0),
  /** the single winner's seat (null while playing, and when the victory is shared) */
  winner: z.unknown().nullable(),
  /** BG-10: every winner's seat, one or several sharing the victory; null while playing */
  winners: z.array(SeatIndexSchema).nullable(),
  createdAt: z.string(),
});
export type GameRecord = z.infer<typeof GameRecordSchema>;

/** A game's name as the lobby shows it. */
export function gameTitle(record: Pick<GameRecord, 'title' | 'seats' | 'creatorSeat'>): string {
  return record.title ?? defaultGameTitle(record.seats[record.creatorSeat]?.name ?? null);
}
