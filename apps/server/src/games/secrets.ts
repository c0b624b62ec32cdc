import { createHash, randomBytes } from 'node:crypto';

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
