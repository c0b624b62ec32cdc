import type { UnitCounts, UnitKind } from './types.js';

/** A copy of `counts` with `unit` set to `n`; a zero count leaves no key behind. */
export function withCount(counts: UnitCounts, unit: UnitKind, n: number): UnitCounts {
  const out: UnitCounts = {};
  for (const [k, v] of Object.entries(counts) as [UnitKind, number][]) if (k !== unit) out[k] = v;
  if (n !== 0) out[unit] = n;
  return out;
}
