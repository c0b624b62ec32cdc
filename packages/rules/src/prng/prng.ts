import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

/**
 * The PRNG state lives in GameState as four 32-bit integers
 * (xoroshiro128+ from pure-rand), so a stored state resumes the exact same
 * sequence and a replay reproduces every die.
 */
export type PrngState = readonly [number, number, number, number];

/**
 * cyrb53-style string hash (public domain, by bryc): mixes every character
 * into two 32-bit lanes so that seeds differing in one character diverge.
 */
export function hashSeed(seed: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < seed.length; i++) {
    const ch = seed.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) | 0;
}

export function seedPrng(seed: string): PrngState {
  return toState(xoroshiro128plus(hashSeed(seed)).getState());
}

function toState(raw: readonly number[]): PrngState {
  return [raw[0] ?? 0, raw[1] ?? 0, raw[2] ?? 0, raw[3] ?? 0];
}

/**
 * A mutable cursor over an immutable PRNG state: the reducer draws as many
 * numbers as a step needs, then stores `state()` back into the new GameState.
 */
export class Dice {
  private readonly rng;
  constructor(state: PrngState) {
    this.rng = xoroshiro128plusFromState(state);
  }
  /** Uniform integer in [from, to], both included. */
  int(from: number, to: number): number {
    return uniformInt(this.rng, from, to);
  }
  /** One d10; the face 0 reads 10, so results are 1..10. */
  d10(): number {
    return this.int(1, 10);
  }
  /** Two d10 read as tens and units; "0","0" reads 100, so results are 1..100. */
  d100(): number {
    return this.int(1, 100);
  }
  /** Fisher-Yates shuffle into a new array. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const a = out[i] as T;
      out[i] = out[j] as T;
      out[j] = a;
    }
    return out;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }
  state(): PrngState {
    return toState(this.rng.getState());
  }
}
