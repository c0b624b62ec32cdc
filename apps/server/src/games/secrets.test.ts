import { createGame, gameOptionsFromLobby, LobbyOptionsSchema, view } from '@outer-rim/rules';
import { describe, expect, it } from 'vitest';
import { diceSeed, entropyCommitment, newEntropy, newSeed, seedCommitment } from './secrets.js';

/**
 * Dice no one can choose (docs/fair-dice.md): the seed the dice roll from is SHA-256 over the
 * server's seed and every seat's share, so each of them alone changes every die.
 */
describe('the dice seed depends on the server seed and on each seat’s share', () => {
  const seed = 'ab'.repeat(32);
  const shares = ['01'.repeat(32), 'fe'.repeat(32), '5c'.repeat(32)];

  it('is the hex SHA-256 of a fixed line, the seed and the shares in seat order', () => {
    // The same figure as the browser's replay computes (apps/web/src/net/seed-check.test.ts).
    expect(diceSeed(seed, ['01'.repeat(32), 'fe'.repeat(32)])).toBe(
      '282e5ba45f9a070c8eb07ac2a9ff7f20f073337524458ef6111134c88b40e2e9',
    );
  });

  it('changes when any one share changes, when the seed changes, and when seats swap shares', () => {
    const base = diceSeed(seed, shares);
    const seen = new Set([base]);
    for (let seat = 0; seat < shares.length; seat++) {
      const other = shares.map((s, i) => (i === seat ? newEntropy() : s));
      seen.add(diceSeed(seed, other));
    }
    seen.add(diceSeed(newSeed(), shares));
    seen.add(diceSeed(seed, [shares[1] ?? '', shares[0] ?? '', shares[2] ?? '']));
    expect(seen.size).toBe(shares.length + 3);
  });

  it('changes the game dealt from it when one seat’s share changes', () => {
    const options = gameOptionsFromLobby(
      LobbyOptionsSchema.parse({ playerCount: 3 }),
      [0, 1, 2].map((i) => ({ name: `P${String(i)}`, race: 'random' as never })),
    );
    const dealt = (s: readonly string[]) =>
      JSON.stringify(view(createGame(options, diceSeed(seed, s)), 'spectator'));
    const changed = shares.map((_, seat) =>
      dealt(shares.map((s, i) => (i === seat ? '00'.repeat(32) : s))),
    );
    for (const other of changed) expect(other).not.toBe(dealt(shares));
  });

  it('commitments are the hex SHA-256 of the hex text, for seed and shares alike', () => {
    expect(entropyCommitment('00'.repeat(32))).toBe(seedCommitment('00'.repeat(32)));
    expect(entropyCommitment('00'.repeat(32))).toMatch(/^[0-9a-f]{64}$/);
  });
});
