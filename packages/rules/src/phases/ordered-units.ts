import type { Draft } from '../state/draft.js';
import type { Seat, UnitKind } from '../state/types.js';

/**
 * A unit bought in Purchase Units for a named planet (a Spacedock, a Gen
 * Synthesis Ground Force) appears there as Place New Units begins; ordered on
 * a planet lost since, it has nowhere to go and is lost. True when placed.
 */
export function placeOrdered(d: Draft, seat: Seat, unit: UnitKind, planet: string): boolean {
  const where = d.s.planets[planet];
  if (where === undefined || where.owner !== seat) {
    d.emit({ type: 'units-lost', seat, unit, count: 1, reason: 'planet lost' });
    return false;
  }
  d.addUnits(where.hex, planet, seat, unit, 1);
  d.emit({ type: 'unit-placed', owner: seat, unit, hex: where.hex, planet });
  return true;
}
