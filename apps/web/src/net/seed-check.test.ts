import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { diceSeedOf, seedMatches } from './seed-check';

describe('seed commitment check (provably fair dice)', () => {
  const seed = 'a1'.repeat(32);
  const commitment = createHash('sha256').update(seed, 'utf8').digest('hex');

  it('accepts the seed the commitment was made for', async () => {
    expect(await seedMatches(seed, commitment)).toBe(true);
    expect(await seedMatches(seed, commitment.toUpperCase())).toBe(true);
  });

  it('rejects any other seed', async () => {
    expect(await seedMatches(`${seed}0`, commitment)).toBe(false);
    expect(await seedMatches(seed, '0'.repeat(64))).toBe(false);
  });
});

describe('the dice seed: the server seed mixed with every seat’s share (docs/fair-dice.md)', () => {
  it('is SHA-256 over a fixed line, the seed and the shares in seat order', async () => {
    const seed = 'ab'.repeat(32);
    expect(await diceSeedOf(seed, ['01'.repeat(32), 'fe'.repeat(32)])).toBe(
      '282e5ba45f9a070c8eb07ac2a9ff7f20f073337524458ef6111134c88b40e2e9',
    );
    expect(await diceSeedOf(seed, ['fe'.repeat(32), '01'.repeat(32)])).not.toBe(
      '282e5ba45f9a070c8eb07ac2a9ff7f20f073337524458ef6111134c88b40e2e9',
    );
  });

  it('is the seed itself for a game started before seats had shares', async () => {
    expect(await diceSeedOf('a1'.repeat(32), [undefined, undefined])).toBe('a1'.repeat(32));
  });
});
