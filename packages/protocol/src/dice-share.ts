import { z } from 'zod';

/**
 * A seat's share of the dice (docs/fair-dice.md): 32 random bytes as 64 lowercase hex digits,
 * committed to when the seat is taken (`entropyCommitment`, its hex SHA-256) and revealed once
 * every seat of the game is taken and committed, before the start.
 */
export const DiceShareSchema = z.string().regex(/^[0-9a-f]{64}$/, 'not 64 lowercase hex digits');

/** The hex SHA-256 of a share's 64-character text, sent when taking a seat. */
export const DiceShareCommitmentSchema = z.string().regex(/^[0-9a-f]{64}$/, 'not a hex SHA-256');

/**
 * `PUT /api/games/:id/seats/me/entropy-commitment` with the seat token: commits the seat to a new
 * share, when its share was void (a seat changed after a reveal) or its browser lost the bytes.
 */
export const CommitShareRequestSchema = z.object({ entropyCommitment: DiceShareCommitmentSchema });
export type CommitShareRequest = z.infer<typeof CommitShareRequestSchema>;

/** `PUT /api/games/:id/seats/me/entropy` with the seat token: reveals the seat's share. */
export const RevealShareRequestSchema = z.object({ entropy: DiceShareSchema });
export type RevealShareRequest = z.infer<typeof RevealShareRequestSchema>;

/** The start's refusal while committed shares of the dice are still to be revealed. */
export function sharesWaitingFor(seats: readonly { seat: number; name: string | null }[]): string {
  const who = seats.map((s) => s.name ?? `seat ${String(s.seat + 1)}`).join(', ');
  return `Every player's share of the dice must be revealed before the start. Waiting for ${who}.`;
}

/** A reveal before every seat is taken and committed: the shares are revealed only once all are. */
export const REVEAL_TOO_EARLY =
  'Shares of the dice are revealed once every seat is taken and committed, so nobody can choose theirs after seeing another.';

/** A new commitment from a seat whose share is already in. */
export const SHARE_ALREADY_REVEALED =
  "This seat's share of the dice is revealed already; it cannot be replaced before the start.";

/**
 * The shares that still keep the game from starting: a player's seat taken but not committed (its
 * share was void), or committed but not revealed. A free seat waits for its player first; a bot's
 * share is the server's, drawn at the latest at the start.
 */
export function sharesMissing<
  S extends { taken: boolean; bot?: string | undefined; entropyRevealed?: boolean | undefined },
>(seats: readonly S[]): S[] {
  return seats.filter((s) => s.taken && s.bot === undefined && s.entropyRevealed !== true);
}

/** The lobby's line about the dice: how many seats' shares are in, and when the rest come. */
export function sharesInWords(seats: readonly { entropyRevealed?: boolean | undefined }[]): string {
  const total = seats.length;
  const count = seats.filter((s) => s.entropyRevealed === true).length;
  const tally = `${String(count)} of ${String(total)}`;
  return count === total
    ? `Dice: every seat's share of the seed is in (${tally}).`
    : `Dice: ${tally} shares of the seed are in. Each player's browser commits to random bytes of its own when taking a seat and reveals them once every seat is taken; a bot's come from the server.`;
}
