import { createHash, randomBytes } from 'node:crypto';
import { DICE_SEED_LABEL } from '@outer-rim/protocol';

export const sha256Hex = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('hex');

/** Short enough for a URL, long enough (96 bits) that ids cannot be enumerated. */
export const newGameId = (): string => randomBytes(12).toString('base64url');

/** 256 bits, base64url: 43 characters. Only its hash is stored. */
export const newSeatToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => sha256Hex(token);

/** The game's dice seed: 32 random bytes as hex. */
export const newSeed = (): string => randomBytes(32).toString('hex');

/** Published at creation; anyone can check it against the seed revealed at the end. */
export const seedCommitment = (seed: string): string => sha256Hex(seed);

/** A seat's share of the dice when the server draws it (a bot's, or a seat taken without one). */
export const newEntropy = (): string => randomBytes(32).toString('hex');

/** The commitment to a share of the dice: hex SHA-256 of its hex text, as for the seed. */
export const entropyCommitment = (entropy: string): string => sha256Hex(entropy);

/**
 * The seed the game's dice are rolled from (docs/fair-dice.md): SHA-256 over the server's seed and
 * every seat's revealed share in seat order, one per line after a fixed first line. Games started
 * before seats had shares roll from the server's seed itself.
 */
export function diceSeed(seed: string, shares: readonly string[]): string {
  if (shares.length === 0) return seed;
  return sha256Hex([DICE_SEED_LABEL, seed, ...shares].join('\n'));
}
