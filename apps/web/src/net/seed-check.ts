/**
 * Provably fair dice: the server publishes SHA-256(seed) before the first
 * roll and reveals the seed when the game ends; the browser checks the pair
 * itself rather than taking the server's word for it.
 */
export async function seedMatches(seed: string, commitment: string): Promise<boolean> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(seed));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return hex === commitment.toLowerCase();
}
