import { describe, expect, it } from 'vitest';
import { seededDice } from './random.js';

describe('BG-4 automatic building dice', () => {
  it('the same seed gives the same sequence; different seeds differ', () => {
    const roll = (seed: number): number[] => {
      const d = seededDice(seed);
      return Array.from({ length: 20 }, () => d.int(1, 100));
    };
    expect(roll(7)).toEqual(roll(7));
    expect(roll(7)).not.toEqual(roll(8));
    // Seeds beyond 32 bits still give their own sequences.
    expect(roll(2 ** 40 + 7)).not.toEqual(roll(7));
  });

  it('ints stay in range and hit both ends', () => {
    const d = seededDice(1);
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const v = d.int(1, 6);
      expect(v >= 1 && v <= 6 && Number.isInteger(v)).toBe(true);
      seen.add(v);
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shuffle returns a permutation and leaves its input alone', () => {
    const input = ['a', 'b', 'c', 'd', 'e', 'f'];
    const out = seededDice(3).shuffle(input);
    expect([...out].sort()).toEqual(input);
    expect(input).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('rejects a seed that is not a whole number, and picking from nothing', () => {
    expect(() => seededDice(0.5)).toThrow(expect.objectContaining({ code: 'BAD_SEED' }));
    expect(() => seededDice(1).pick([])).toThrow(expect.objectContaining({ code: 'EMPTY_CHOICE' }));
  });
});
