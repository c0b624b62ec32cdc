import { DICE_SEED_LABEL } from './protocol';

/**
 * Provably fair dice: the server publishes SHA-256(seed) before the first
 * roll and reveals the seed when the game ends; the browser checks the pair
 * itself rather than taking the server's word for it.
 */
export async function seedMatches(seed: string, commitment: string): Promise<boolean> {
  return (await sha256Hex(seed)) === commitment.toLowerCase();
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The seed a game's dice rolled from (docs/fair-dice.md): the hex SHA-256 of "outer-rim dice v1",
 * the server's seed and every seat's revealed share, in seat order, one per line. A game started
 * before seats had shares rolled from the server's seed itself.
 */
export async function diceSeedOf(
  seed: string,
  shares: readonly (string | undefined)[],
): Promise<string> {
  const revealed = shares.filter((share): share is string => share !== undefined);
  if (revealed.length === 0) return seed;
  return sha256Hex([DICE_SEED_LABEL, seed, ...revealed].join('\n'));
}
