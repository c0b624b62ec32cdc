import type { UnitCounts, UnitKind } from './types.js';

/** A copy of `counts` with `unit` set to `n`; a zero count leaves no key behind. */
export function withCount(counts: UnitCounts, unit: UnitKind, n: number): UnitCounts {
  const out: UnitCounts = {};
  // The same keys in the same order as Object.entries (a plain record: no inherited keys).
  for (const k in counts) if (k !== unit) out[k as UnitKind] = counts[k as UnitKind] as number;
  if (n !== 0) out[unit] = n;
  return out;
}
