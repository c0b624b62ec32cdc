import { describe, expect, it } from 'vitest';
import { clockWords } from './clock-words';

describe('turn clock words', () => {
  it('counts down in hours, minutes and seconds, with days when there are any', () => {
    expect(clockWords(86_399_000)).toBe('23:59:59');
    expect(clockWords(2 * 86_400_000 + 3 * 3_600_000)).toBe('2 d 03:00:00');
    expect(clockWords(999)).toBe('00:00:00');
    expect(clockWords(0)).toBe('out of time');
    expect(clockWords(-5000)).toBe('out of time');
  });
});
