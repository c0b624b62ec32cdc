import { describe, expect, it } from 'vitest';
import { watchOwnCollections } from './own-collections.js';

describe("bench:load's generator collections: this process's own, over a window", () => {
  it('counts the scavenges made while watching, with their pauses', async () => {
    const watch = watchOwnCollections();
    // Short-lived garbage, far more than a young generation holds: scavenges must run.
    let kept = 0;
    for (let i = 0; i < 2_000_000; i++) kept += [i, i + 1, { i }].length;
    const seen = await watch.stop();
    expect(kept).toBe(6_000_000);
    expect(seen.minor.count).toBeGreaterThan(0);
    expect(seen.minor.ms).toBeGreaterThan(0);
    expect(seen.minor.meanMs).toBeCloseTo(seen.minor.ms / seen.minor.count, 0);
    expect(seen.major.count).toBeGreaterThanOrEqual(0);
  });

  it('counts nothing after it stopped', async () => {
    const watch = watchOwnCollections();
    const first = await watch.stop();
    let made = 0;
    for (let i = 0; i < 2_000_000; i++) made += [i, { i }].length;
    expect(made).toBe(4_000_000);
    expect(await watch.stop()).toEqual(first);
  });
});
