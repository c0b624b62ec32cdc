import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.js';

describe('per-socket action limit: TokenBucket', () => {
  it('allows a burst of `capacity`, then refuses until time refills it', () => {
    let now = 0;
    const bucket = new TokenBucket(3, 2, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    now += 500; // 2 per second: one token back
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    now += 60_000; // never more than capacity
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
