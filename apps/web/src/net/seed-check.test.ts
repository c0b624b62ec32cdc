import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seedMatches } from './seed-check';

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
