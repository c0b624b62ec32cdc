import { describe, expect, it } from 'vitest';
import {
  LoadProbe,
  bucketBound,
  fitLine,
  histogramBuckets,
  percentile,
} from './support/load-probe.js';

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

  it("reads a histogram's buckets from /metrics and bounds a percentile of a window with them", () => {
    const metrics = (fast: number, slow: number, refused: number) =>
      [
        '# TYPE outer_rim_action_duration_seconds histogram',
        `outer_rim_action_duration_seconds_bucket{le="0.005",outcome="accepted"} ${String(fast)}`,
        `outer_rim_action_duration_seconds_bucket{le="0.025",outcome="accepted"} ${String(fast + slow)}`,
        `outer_rim_action_duration_seconds_bucket{le="+Inf",outcome="accepted"} ${String(fast + slow)}`,
        `outer_rim_action_duration_seconds_bucket{le="0.005",outcome="STALE_STATE"} ${String(refused)}`,
        `outer_rim_action_duration_seconds_bucket{le="+Inf",outcome="STALE_STATE"} ${String(refused)}`,
        `outer_rim_action_duration_seconds_count{outcome="accepted"} ${String(fast + slow)}`,
      ].join('\n');
    const name = 'outer_rim_action_duration_seconds';
    const before = histogramBuckets(metrics(100, 50, 7), name, { outcome: 'accepted' });
    expect(before).toEqual([
      { le: 0.005, count: 100 },
      { le: 0.025, count: 150 },
      { le: Number.POSITIVE_INFINITY, count: 150 },
    ]);
    // In the window: 98 more within 5 ms, 2 more between 5 and 25 ms.
    const after = histogramBuckets(metrics(198, 52, 9), name, { outcome: 'accepted' });
    expect(bucketBound(before, after, 0.5)).toBe(0.005);
    expect(bucketBound(before, after, 0.98)).toBe(0.005);
    expect(bucketBound(before, after, 0.99)).toBe(0.025);
    expect(bucketBound(after, after, 0.99)).toBeNaN();
  });
});
