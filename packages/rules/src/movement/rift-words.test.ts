import { describe, expect, it } from 'vitest';
import { riftRollWords } from './rift-words.js';

describe('OR-4.2 a rift roll in words', () => {
  it('a roll of 7-10 is a free exit, never "only through" the sides that happen to be open', () => {
    expect(riftRollWords(8, [1, 2, 3, 4, 5, 6])).toBe('may leave through any side');
    const some = riftRollWords(9, [2, 3, 4]);
    expect(some).not.toMatch(/only through/);
    expect(some).toBe('may leave through any side; only side 2, 3 or 4 lead where it may go');
    expect(riftRollWords(7, [5])).toBe(
      'may leave through any side; only side 5 leads where it may go',
    );
    expect(riftRollWords(10, [])).toBe('has nowhere to go');
  });

  it('a roll of 1-6 lets the ship out only through the side of that number', () => {
    expect(riftRollWords(3, [3])).toBe('may leave only through side 3');
    expect(riftRollWords(4, [])).toBe('has nowhere to go');
  });
});
