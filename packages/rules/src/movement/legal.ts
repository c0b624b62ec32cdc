import type { HexKey } from '@outer-rim/map';
import type { Action, Load } from '../actions/schema.js';
import { RULE_CONSTANTS } from '../content/constants.js';
import type { TurnsPhase } from '../state/phase.js';
import type { Seat, Table } from '../state/types.js';
import { loadablesAt, movementOptions } from './options.js';
import { hasStasis } from '../combat/forces.js';
import { TECH_PARAMS } from '../content/technologies.js';
import {
  heldCargo,
  movableCount,
  moveValue,
  movementOf,
  ownSpace,
  routesThroughSide,
} from './rules.js';
import type { MovingShip } from './types.js';

const HELD = ['ground-force', 'shock-force', 'pds'] as const;

/**
 * What one Carrier leaving `hex` must take so that the cargo left in space
 * still fits aboard the Carriers that stay; null when it cannot (the cargo
 * that must go has itself moved this turn).
 */
function forcedLoad(t: Table, phase: TurnsPhase, seat: Seat, hex: HexKey): Load[] | null {
  const space = ownSpace(t, hex, seat);
  // BG-9 Stasis Capsules: the Cruisers and Dreadnoughts that stay hold a Ground Force each.
  const heavy = hasStasis(t, seat)
    ? ((space.cruiser ?? 0) + (space.dreadnought ?? 0)) * TECH_PARAMS.stasisCapacity
    : 0;
  // OR-6.1: only Ground Forces ride the heavy ships; Shock Forces need a Carrier.
  let ground = space['ground-force'] ?? 0;
  let held = heldCargo(space);
  const stayingRoom = (): number =>
    ((space.carrier ?? 0) - 1) * RULE_CONSTANTS.carrierCapacity + Math.min(heavy, ground);
  const out: Load[] = [];
  // PDS and Shock Forces first: taking a Ground Force frees no Carrier place while the heavy
  // ships could hold it.
  const sources = loadablesAt(t, phase, seat, hex)
    .filter((src) => src.planet === undefined && (HELD as readonly string[]).includes(src.unit))
    .sort((a, b) => Number(a.unit === 'ground-force') - Number(b.unit === 'ground-force'));
  for (const src of sources) {
    let count = 0;
    while (count < src.count && held - stayingRoom() > 0) {
      if (src.unit === 'ground-force' && ground <= heavy) break;
      count += 1;
      held -= 1;
      if (src.unit === 'ground-force') ground -= 1;
    }
    if (count > 0) out.push({ hex, unit: src.unit, count });
  }
  return held - stayingRoom() > 0 ? null : out;
}

/**
 * BG-9 Stasis Capsules: what one Cruiser or Dreadnought leaving `hex` must
 * take so that the Ground Forces left in space still have a place aboard;
 * null when it cannot.
 */
function heavyLoad(t: Table, phase: TurnsPhase, seat: Seat, hex: HexKey): Load[] | null {
  if (!hasStasis(t, seat)) return [];
  const space = ownSpace(t, hex, seat);
  const carriers = space.carrier ?? 0;
  const heavy = (space.cruiser ?? 0) + (space.dreadnought ?? 0) - 1;
  const ground = space['ground-force'] ?? 0;
  const room = (g: number): number =>
    carriers * RULE_CONSTANTS.carrierCapacity + Math.min(heavy * TECH_PARAMS.stasisCapacity, g);
  const held = heldCargo(space);
  if (held <= room(ground)) return [];
  // OR-6.1: a heavy ship takes a Ground Force, never a Shock Force.
  if (movableCount(t, phase, seat, hex, 'ground-force') > 0 && held - 1 <= room(ground - 1))
    return [{ hex, unit: 'ground-force', count: 1 }];
  return null;
}

/** The forced load topped up to a full Carrier: cargo in space, then from planets, then Fighters. */
function fullLoad(t: Table, phase: TurnsPhase, seat: Seat, hex: HexKey, forced: Load[]): Load[] {
  let room = RULE_CONSTANTS.carrierCapacity;
  const out: Load[] = [];
  const taken = (src: { planet?: string; unit: string }): number =>
    forced
      .filter((l) => l.planet === src.planet && l.unit === src.unit)
      .reduce((n, l) => n + l.count, 0);
  for (const l of forced) room -= l.count;
  const sources = loadablesAt(t, phase, seat, hex);
  const order = [
    ...sources.filter((s) => s.planet === undefined && s.unit !== 'fighter'),
    ...sources.filter((s) => s.planet !== undefined),
    ...sources.filter((s) => s.unit === 'fighter'),
  ];
  for (const src of order) {
    const already = taken(src);
    const count = Math.min(room, src.count - already) + already;
    if (count > 0) {
      out.push(
        src.planet === undefined
          ? { hex, unit: src.unit, count }
          : { hex, planet: src.planet, unit: src.unit, count },
      );
      room -= count - already;
    }
  }
  return out;
}

function sameLoad(a: readonly Load[], b: readonly Load[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((x, i) => {
    const y = b[i];
    return (
      y !== undefined &&
      x.hex === y.hex &&
      x.planet === y.planet &&
      x.unit === y.unit &&
      x.count === y.count
    );
  });
}

function withLoad<T extends object>(action: T, load: readonly Load[]): T & { load?: Load[] } {
  return load.length === 0 ? action : { ...action, load: [...load] };
}

/**
 * OR-4.2: while a ship's rift roll waits for its owner's choice, staying and
 * each way out (after a Movement segment's move or a Strategic Mathematics
 * pursuit alike); empty when none waits.
 */
export function riftChoiceLegal(t: Table, phase: TurnsPhase, seat: Seat): Action[] {
  const pending = movementOf(phase).rift;
  if (seat !== phase.active || pending === undefined) return [];
  const out: Action[] = [{ type: 'rift-stay' }];
  const forced =
    pending.unit === 'carrier'
      ? forcedLoad(t, phase, seat, pending.hex)
      : heavyLoad(t, phase, seat, pending.hex);
  if (forced === null) return out;
  const move = pending.left ?? moveValue(t, seat, pending.unit, pending.hex);
  for (const side of pending.sides) {
    for (const r of routesThroughSide(t, seat, pending.hex, side, move)) {
      out.push(withLoad({ type: 'rift-exit' as const, path: r.path }, forced));
      if (pending.unit === 'carrier' && r.path.length === 1) {
        const full = fullLoad(t, phase, seat, pending.hex, forced);
        if (!sameLoad(full, forced)) {
          out.push({ type: 'rift-exit' as const, path: r.path, load: full });
        }
      }
    }
  }
  return out;
}

/**
 * BG-5 / OR-4.2: every single-ship move (to each reachable system, by one
 * shortest path; a Carrier bare and fully loaded), every rift roll, and
 * while a rift choice waits, staying and each way out.
 */
export function movementLegal(t: Table, phase: TurnsPhase, seat: Seat): Action[] {
  if (seat !== phase.active || phase.segment !== 'movement') return [];
  if (movementOf(phase).rift !== undefined) return riftChoiceLegal(t, phase, seat);
  const out: Action[] = [];
  for (const sys of movementOptions(t, seat).systems) {
    if (sys.rift) {
      for (const g of sys.groups) out.push({ type: 'rift-roll', hex: sys.hex, unit: g.unit });
      continue;
    }
    for (const g of sys.groups) {
      const forced =
        g.unit === 'carrier'
          ? forcedLoad(t, phase, seat, sys.hex)
          : heavyLoad(t, phase, seat, sys.hex);
      if (forced === null) continue;
      const full = g.unit === 'carrier' ? fullLoad(t, phase, seat, sys.hex, forced) : forced;
      const ships: Partial<Record<MovingShip, number>> = { [g.unit]: 1 };
      for (const dest of g.destinations) {
        const base = { type: 'move' as const, from: sys.hex, path: dest.path, ships };
        out.push(withLoad(base, forced));
        if (!sameLoad(full, forced)) out.push(withLoad(base, full));
      }
    }
  }
  return out;
}
