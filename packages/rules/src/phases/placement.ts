import type { HexKey } from '@outer-rim/map';
import { RULE_CONSTANTS } from '../content/constants.js';
import { UNITS } from '../content/units.js';
import { dockPlacementLimit, placementForbidden } from '../politics/laws.js';
import { countIn, enemyShipsIn, planetDef, spacedocksOf } from '../state/board.js';
import type { PhaseState } from '../state/phase.js';
import type { Seat, Table, UnitKind } from '../state/types.js';

/**
 * BG-2 phase 11: where one new unit may appear (the dock's output this round, blockades,
 * Fighter support), asked by Place New Units and by Integrated Economy's placing at once.
 */
export type PlacePhase = Extract<PhaseState, { name: 'place-new-units' }>;

/**
 * Humane Labor (BG-8) lowers every dock's output to 2; Holy Planet of Ixth
 * lets no new unit appear on the elected planet.
 */
export function capacityLeft(t: Table, phase: PlacePhase, planet: string): number {
  if (placementForbidden(t, planet)) return 0;
  const total = dockPlacementLimit(t, planetDef(planet)?.resources ?? 0);
  return total - (phase.used[planet] ?? 0);
}

/**
 * BG-3: Fighters exist only where supported: 2 per own Spacedock in the
 * system and a Carrier's capacity. (Carrier cargo other than Fighters is not
 * tracked in space yet, so a Carrier counts its full capacity.)
 */
export function fighterRoom(t: Table, hex: HexKey, seat: Seat): number {
  const sys = t.units[hex];
  if (sys === undefined) return 0;
  let docks = 0;
  for (const groups of Object.values(sys.planets)) docks += countIn(groups, seat, 'spacedock');
  const support =
    docks * RULE_CONSTANTS.fightersPerSpacedock +
    countIn(sys.space, seat, 'carrier') * RULE_CONSTANTS.carrierCapacity;
  return support - countIn(sys.space, seat, 'fighter');
}

/** Why `seat` cannot place a `unit` at the dock on `planet` now, or null when it can. */
export function placementProblem(
  t: Table,
  phase: PlacePhase,
  seat: Seat,
  unit: UnitKind,
  planet: string,
): string | null {
  if (!spacedocksOf(t, seat).includes(planet))
    return 'New units appear only at one of your Spacedocks.';
  return dockProblem(t, phase, seat, unit, planet);
}

/** `placementProblem` at a planet known to hold one of `seat`'s Spacedocks. */
export function dockProblem(
  t: Table,
  phase: PlacePhase,
  seat: Seat,
  unit: UnitKind,
  planet: string,
): string | null {
  if (phase.newDocks.includes(planet)) return 'A Spacedock places nothing in the round it arrives.';
  // BG-9 Secret Industrial Agent: that Spacedock places nothing this phase.
  if (
    t.cardEffects.some((e) => e.card === 'secret-industrial-agent' && e.target?.planet === planet)
  )
    return `A Secret Industrial Agent stops the Spacedock on ${planet} this phase.`;
  if (capacityLeft(t, phase, planet) <= 0)
    return `The Spacedock on ${planet} has placed all it can this round.`;
  const hex = t.planets[planet]?.hex;
  if (hex === undefined) return 'There is no such planet.';
  if (UNITS[unit].ship && enemyShipsIn(t, hex, seat)) {
    return `Enemy ships blockade ${planet}: no ships can be placed there.`;
  }
  if (unit === 'fighter' && fighterRoom(t, hex, seat) <= 0) {
    return 'No Spacedock or Carrier there can support another Fighter.';
  }
  return null;
}
