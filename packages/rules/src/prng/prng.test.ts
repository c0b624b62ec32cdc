import { describe, expect, it } from 'vitest';
import { Dice, hashSeed, seedPrng } from './prng.js';

describe('PRNG (seeded, state in GameState)', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const roll = (seed: string) => {
      const d = new Dice(seedPrng(seed));
      return Array.from({ length: 20 }, () => d.d10());
    };
    expect(roll('alpha')).toEqual(roll('alpha'));
    expect(roll('alpha')).not.toEqual(roll('alphb'));
  });

  it('resumes exactly from a stored state', () => {
    const a = new Dice(seedPrng('resume'));
    a.d10();
    a.d100();
    const saved = a.state();
    const next = [a.d10(), a.d100(), a.int(3, 9)];
    const b = new Dice(saved);
    expect([b.d10(), b.d100(), b.int(3, 9)]).toEqual(next);
  });

  it('keeps dice in range: d10 is 1..10 and d100 is 1..100, every face reachable', () => {
    const d = new Dice(seedPrng('range'));
    const tens = new Set<number>();
    const hundreds = new Set<number>();
    for (let i = 0; i < 5000; i++) {
      tens.add(d.d10());
      hundreds.add(d.d100());
    }
    expect([...tens].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(Math.min(...hundreds)).toBe(1);
    expect(Math.max(...hundreds)).toBe(100);
    expect(hundreds.size).toBe(100);
  });

  it('shuffles into a permutation without touching the input', () => {
    const input = Object.freeze([1, 2, 3, 4, 5, 6, 7, 8]);
    const out = new Dice(seedPrng('shuffle')).shuffle(input);
    expect([...out].sort()).toEqual([...input]);
    expect(out).not.toEqual([...input]);
  });

  it('hashes seeds that differ by one character apart', () => {
    expect(hashSeed('game-1')).not.toBe(hashSeed('game-2'));
  });
});
