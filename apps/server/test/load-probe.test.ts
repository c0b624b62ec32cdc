import { describe, expect, it } from 'vitest';
import { LoadProbe, fitLine, percentile } from './support/load-probe.js';

describe('load figures: percentiles and the soak fit', () => {
  it('takes the nearest-rank percentile, whatever the order of the samples', () => {
    const xs = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(xs, 50)).toBe(5);
    expect(percentile(xs, 95)).toBe(10);
    expect(percentile(xs, 10)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });

  it('keeps each round trip, and apart by the phase it was decided in', () => {
    const probe = new LoadProbe();
    probe.roundTripIn('market', 3);
    probe.roundTripIn('individual-turns', 1);
    probe.roundTripIn('market', 5);
    expect(probe.roundTrip).toEqual([3, 1, 5]);
    expect(Object.fromEntries(probe.roundTripByPhase)).toEqual({
      market: [3, 5],
      'individual-turns': [1],
    });
  });

  it('fits a line and says how sure its slope is', () => {
    const exact = fitLine([1, 2, 3, 4].map((x) => ({ x, y: 3 * x + 1 })));
    expect(exact.slope).toBeCloseTo(3);
    expect(exact.standardError).toBeCloseTo(0);
    // A saw with no trend: a slope near zero, well within its scatter.
    const saw = fitLine([50, 41, 51, 43, 52, 42].map((y, i) => ({ x: i + 1, y })));
    expect(Math.abs(saw.slope)).toBeLessThan(2 * saw.standardError);
    expect(fitLine([{ x: 1, y: 1 }]).standardError).toBe(Number.POSITIVE_INFINITY);
  });
});
