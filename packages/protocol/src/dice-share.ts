import { z } from 'zod';

/**
 * A seat's share of the dice (docs/fair-dice.md): 32 random bytes as 64 lowercase hex digits,
 * committed to when the seat is taken (`entropyCommitment`, its hex SHA-256) and revealed once
 * every seat of the game is taken, before the start.
 */
export const DiceShareSchema = z.string().regex(/^[0-9a-f]{64}$/, 'not 64 lowercase hex digits');

/** The hex SHA-256 of a share's 64-character text, sent when taking a seat. */
export const DiceShareCommitmentSchema = z.string().regex(/^[0-9a-f]{64}$/, 'not a hex SHA-256');

/** `PUT /api/games/:id/seats/me/entropy` with the seat token: reveals the seat's share. */
export const RevealShareRequestSchema = z.object({ entropy: DiceShareSchema });
export type RevealShareRequest = z.infer<typeof RevealShareRequestSchema>;

/** The start's refusal while committed shares of the dice are still to be revealed. */
export function sharesWaitingFor(seats: readonly { seat: number; name: string | null }[]): string {
  const who = seats.map((s) => s.name ?? `seat ${String(s.seat + 1)}`).join(', ');
  return `Every player's share of the dice must be revealed before the start. Waiting for ${who}.`;
}

/** A reveal before every seat is taken: the shares are revealed only once all are committed. */
export const REVEAL_TOO_EARLY =
  'Shares of the dice are revealed once every seat is taken, so nobody can choose theirs after seeing another.';
