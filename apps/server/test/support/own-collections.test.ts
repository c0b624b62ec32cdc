import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { watchOwnCollections } from './own-collections.js';

// A full collection on demand: with the flag set, a new context is given V8's `gc`.
setFlagsFromString('--expose-gc');
const collectAll = runInNewContext('gc') as () => void;

describe("bench:load's generator collections: this process's own, over a window", () => {
  it('counts the scavenges made while watching, with their pauses', async () => {
    const watch = watchOwnCollections();
    // Short-lived garbage, far more than a young generation holds, each object kept until the
    // ring comes round again: the compiler cannot leave it unmade, and scavenges must run.
    const ring: unknown[] = new Array<unknown>(4096);
    for (let i = 0; i < 1_000_000; i++) ring[i & 4095] = { i, pair: [i, i + 1] };
    const seen = await watch.stop();
    expect(ring).toHaveLength(4096);
    expect(seen.minor.count).toBeGreaterThan(0);
    expect(seen.minor.ms).toBeGreaterThan(0);
    expect(seen.minor.meanMs).toBeCloseTo(seen.minor.ms / seen.minor.count, 0);
  });

  it('counts a full collection as a mark-compact', async () => {
    const watch = watchOwnCollections();
    collectAll();
    const seen = await watch.stop();
    expect(seen.major.count).toBeGreaterThanOrEqual(1);
    expect(seen.major.ms).toBeGreaterThan(0);
  });

  it('counts nothing after it stopped', async () => {
    const watch = watchOwnCollections();
    const first = await watch.stop();
    const ring: unknown[] = new Array<unknown>(4096);
    for (let i = 0; i < 1_000_000; i++) ring[i & 4095] = { i, pair: [i, i + 1] };
    expect(ring).toHaveLength(4096);
    expect(await watch.stop()).toEqual(first);
  });
});
