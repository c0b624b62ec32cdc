import { describe, expect, it } from 'vitest';
import { waitedFor } from './waited';

describe('how long a decision has waited', () => {
  const t0 = Date.UTC(2026, 0, 1);
  it('says minutes, hours and days in the two largest units', () => {
    expect(waitedFor(t0, t0 + 30_000)).toBe('less than a minute');
    expect(waitedFor(t0, t0 + 5 * 60_000)).toBe('5 min');
    expect(waitedFor(t0, t0 + 3 * 3_600_000 + 12 * 60_000)).toBe('3 h 12 min');
    expect(waitedFor(t0, t0 + 2 * 3_600_000)).toBe('2 h');
    expect(waitedFor(t0, t0 + 26 * 3_600_000 + 59_000)).toBe('1 d 2 h');
    expect(waitedFor(t0, t0 + 48 * 3_600_000)).toBe('2 d');
  });
  it('never says a negative time when the clocks differ', () => {
    expect(waitedFor(t0 + 60_000, t0)).toBe('less than a minute');
  });
});
