/**
 * The seeded generator of automatic building: xoroshiro128+ from pure-rand,
 * the same generator family the rules engine uses. It lives only inside
 * one `buildGalaxy` call, so the function stays deterministic for a seed.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { MapError } from './errors.js';

export interface Dice {
  /** Whole number in from..to, both included. */
  int(from: number, to: number): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
}

export function seededDice(seed: number): Dice {
  if (!Number.isSafeInteger(seed)) {
    throw new MapError('BAD_SEED', `seed must be a whole number, got ${String(seed)}`);
  }
  // xoroshiro128plus takes 32 bits; fold the high bits in so large seeds still differ.
  const rng: RandomGenerator = xoroshiro128plus((seed ^ Math.floor(seed / 2 ** 32)) | 0);
  const int = (from: number, to: number): number => uniformInt(rng, from, to);
  return {
    int,
    pick<T>(items: readonly T[]): T {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new MapError('EMPTY_CHOICE', 'nothing to choose from');
      return item;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        const a = out[i] as T;
        out[i] = out[j] as T;
        out[j] = a;
      }
      return out;
    },
  };
}
