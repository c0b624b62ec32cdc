import { sha256Hex } from './seed-check';

/**
 * This browser's share of a game's dice (docs/fair-dice.md): 32 random bytes from
 * `crypto.getRandomValues` as 64 hex digits, and the commitment sent when taking a seat (the hex
 * SHA-256 of that text). The bytes are kept beside the seat token and revealed only once every
 * seat has committed.
 */
export async function newShare(): Promise<{ entropy: string; entropyCommitment: string }> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const entropy = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { entropy, entropyCommitment: await sha256Hex(entropy) };
}
