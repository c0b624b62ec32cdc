import { describe, expect, it } from 'vitest';
import { AddressLimiter } from './address-limiter.js';

describe('AddressLimiter', () => {
  it('counts each address on its own and refills with time', () => {
    let now = 0;
    const limiter = new AddressLimiter(2, 1, 100, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false]);
    expect(limiter.take('b')).toBe(true);
    now += 1000;
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
  });

  it('keeps at most maxAddresses buckets', () => {
    const limiter = new AddressLimiter(1, 1, 3, () => 0);
    for (const address of ['a', 'b', 'c', 'd', 'e']) limiter.take(address);
    expect(limiter.size).toBe(3);
  });
});
