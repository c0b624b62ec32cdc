import type { HexKey, Side } from '@outer-rim/map';
import { UNITS } from '../content/units.js';
import { TECH_PARAMS } from '../content/technologies.js';
import { hasStasis } from '../combat/forces.js';
import { keptForLeaders } from '../leaders/stranding.js';
import type { TurnsPhase } from '../state/phase.js';
import type { Seat, Table } from '../state/types.js';
import {
  cargoAboard,
  ignoresRifts,
  isRift,
  movableCount,
  moveValue,
  movementOf,
  routesFrom,
  routesThroughSide,
  type Route,
} from './rules.js';
import { LOADABLE_UNITS, MOVING_SHIPS, type LoadableUnit, type MovingShip } from './types.js';

/** Units a Carrier could take aboard at one place: the mover's group in space, or one of its planets. */
export interface LoadSource {
  hex: HexKey;
  /** Absent: from the mover's own group in space (Fighters, or cargo aboard Carriers that stay). */
  planet?: string;
  unit: LoadableUnit;
  count: number;
  /**
   * OR-6.2: one unit of this kind stays on the planet with the mover's
   * leaders there (`count` leaves it out); why, in a player's words.
   */
  held?: string;
}

export interface Destination {
  hex: HexKey;
  /** The hexes entered, in order, the last being `hex` (one shortest path). */
  path: HexKey[];
  /** Movement spent on the way (leaving a Gravity Rift is free). */
  steps: number;
  /** What could be loaded in the systems passed on that path (not at the start, not at `hex`). */
  pickups: LoadSource[];
}

/** Where ships of one type in one system can go this turn. */
export interface ShipGroupOptions {
  unit: MovingShip;
  /** How many of them may still move (not yet moved, not tried to leave this rift). */
  count: number;
  /** Their move value, technologies included. */
  move: number;
  /** Cargo slots per ship (BG-3: 5 per Carrier, 0 otherwise; Stasis Capsules: 1 Ground Force per Cruiser and Dreadnought). */
  capacity: number;
  destinations: Destination[];
}

/** What the mover can do with its ships in one system. */
export interface SystemMoveOptions {
  hex: HexKey;
  /**
   * OR-4.2: the ships here sit in a Gravity Rift and each must roll before it
   * leaves (`rift-roll`); the destinations then assume the roll lets it out
   * through any side.
   */
  rift: boolean;
  /** Carrier room already taken here: cargo in space and Fighters no Spacedock supports. */
  cargoAboard: number;
  /** What may be loaded here at the start. */
  loadable: LoadSource[];
  groups: ShipGroupOptions[];
}

export interface MovementOptions {
  seat: Seat;
  /** False outside the seat's own Movement segment (or while a rift roll or choice waits): `systems` is then empty. */
  canMove: boolean;
  systems: SystemMoveOptions[];
}

/** What `seat` may load at `hex`: its movable units in space there, and its units on the planets. */
export function loadablesAt(t: Table, phase: TurnsPhase, seat: Seat, hex: HexKey): LoadSource[] {
  const out: LoadSource[] = [];
  for (const unit of LOADABLE_UNITS) {
    const count = movableCount(t, phase, seat, hex, unit);
    if (count > 0) out.push({ hex, unit, count });
  }
  for (const [planet, groups] of Object.entries(t.units[hex]?.planets ?? {})) {
    const own = groups.find((g) => g.owner === seat)?.units;
    if (own === undefined) continue;
    const kept = keptForLeaders(t, seat, hex, planet);
    for (const unit of LOADABLE_UNITS) {
      if (unit === 'fighter') continue;
      const count = own[unit] ?? 0;
      if (kept?.unit === unit && count > 0) {
        out.push({ hex, planet, unit, count: count - 1, held: kept.reason });
      } else if (count > 0) out.push({ hex, planet, unit, count });
    }
  }
  return out;
}

const ALL_SIDES: readonly Side[] = [1, 2, 3, 4, 5, 6];

/** Routes out of a rift through any side, one (shortest) per destination. */
export function riftRoutes(
  t: Table,
  seat: Seat,
  hex: HexKey,
  sides: readonly Side[],
  move: number,
): Route[] {
  const best = new Map<HexKey, Route>();
  for (const side of sides) {
    for (const r of routesThroughSide(t, seat, hex, side, move)) {
      const known = best.get(r.hex);
      if (known === undefined || r.steps < known.steps) best.set(r.hex, r);
    }
  }
  return [...best.values()];
}

/** `loadablesAt` for one state, seat and phase, each hex worked out once (the sources are shared). */
type Loadables = (hex: HexKey) => readonly LoadSource[];

function loadablesOf(t: Table, phase: TurnsPhase, seat: Seat): Loadables {
  const known = new Map<HexKey, LoadSource[]>();
  return (hex) => {
    let sources = known.get(hex);
    if (sources === undefined) {
      sources = loadablesAt(t, phase, seat, hex);
      known.set(hex, sources);
    }
    return sources;
  };
}

function destinations(routes: readonly Route[], loadables: Loadables): Destination[] {
  return routes.map((r) => {
    const pickups: LoadSource[] = [];
    for (let i = 0; i < r.path.length - 1; i++) pickups.push(...loadables(r.path[i] as HexKey));
    return { hex: r.hex, path: r.path, steps: r.steps, pickups };
  });
}

/** Systems holding `seat`'s ships that may still move, in board-key order. */
function startHexes(t: Table, phase: TurnsPhase, seat: Seat): HexKey[] {
  const out: HexKey[] = [];
  for (const key of Object.keys(t.units) as HexKey[]) {
    const own = t.units[key]?.space.find((g) => g.owner === seat)?.units;
    if (own === undefined) continue;
    if (MOVING_SHIPS.some((u) => movableCount(t, phase, seat, key, u) > 0)) out.push(key);
  }
  return out;
}

/**
 * BG-5: per system holding `seat`'s ships that may still move, per ship
 * type, the reachable systems with a path, the Carrier room and what can be
 * picked up on the way. A client builds a fleet move from it (the slowest
 * ship's destinations, loads within the Carriers' room) and `apply`
 * validates the whole move. Reads only public information, so a seat's view
 * gives the same answer as the full state.
 */
export function movementOptions(t: Table, seat: Seat): MovementOptions {
  const phase = t.phase;
  if (
    phase.name !== 'individual-turns' ||
    phase.active !== seat ||
    phase.segment !== 'movement' ||
    phase.done.includes(seat) ||
    movementOf(phase).rift !== undefined ||
    movementOf(phase).riftEntered !== undefined
  ) {
    return { seat, canMove: false, systems: [] };
  }
  const jump = ignoresRifts(t, seat);
  const stasis = hasStasis(t, seat);
  const systems: SystemMoveOptions[] = [];
  const loadables = loadablesOf(t, phase, seat);
  for (const hex of startHexes(t, phase, seat)) {
    const rift = isRift(t, hex) && !jump;
    const byMove = new Map<number, Destination[]>();
    const groups: ShipGroupOptions[] = [];
    for (const unit of MOVING_SHIPS) {
      const count = movableCount(t, phase, seat, hex, unit);
      if (count === 0) continue;
      const move = moveValue(t, seat, unit, hex);
      let dests = byMove.get(move);
      if (dests === undefined) {
        const routes = rift
          ? riftRoutes(t, seat, hex, ALL_SIDES, move)
          : routesFrom(t, seat, hex, move);
        dests = destinations(routes, loadables);
        byMove.set(move, dests);
      }
      // BG-9 Stasis Capsules: a Cruiser or Dreadnought carries one Ground Force.
      const capacity =
        stasis && (unit === 'cruiser' || unit === 'dreadnought')
          ? TECH_PARAMS.stasisCapacity
          : UNITS[unit].capacity;
      groups.push({ unit, count, move, capacity, destinations: dests });
    }
    systems.push({
      hex,
      rift,
      cargoAboard: cargoAboard(t, hex, seat),
      loadable: [...loadables(hex)],
      groups,
    });
  }
  return { seat, canMove: true, systems };
}
