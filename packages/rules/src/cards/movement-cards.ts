import type { HexKey } from '@outer-rim/map';
import { tileById } from '@outer-rim/map';
import {
  capacityOf,
  cargoNeed,
  destroy,
  docksIn,
  hasStasis,
  n,
  planetUnits,
  rollDice,
  shipsIn,
  spaceUnits,
} from '../combat/forces.js';
import { RULE_CONSTANTS } from '../content/constants.js';
import { cardIdOf } from '../content/deck.js';
import { TECH_PARAMS } from '../content/technologies.js';
import { UNITS } from '../content/units.js';
import { leadersAt, type ShipType } from '../leaders/fates.js';
import { leadersFollowShips } from '../leaders/windows.js';
import { EMPTY_MOVEMENT } from '../movement/types.js';
import { planetsOf } from '../state/board.js';
import type { Draft } from '../state/draft.js';
import type { Seat, Table, UnitCounts, UnitKind } from '../state/types.js';
import type { Moment } from './catalogue.js';
import { addEffect } from './in-force.js';
import { adjacentSystems, ownerName } from './names.js';
import { systemName } from '../views/names.js';
import type { CardTarget, PlayedCard } from './types.js';

/**
 * BG-9 cards played just before a Movement segment: the active player's own
 * (Flank Speed, In the Silence of Space, Lucky Shot, Spatial Jump, Transit
 * Diodes, Voluntary Annexation) and another player's Signal Jamming.
 */

const HEAVY = ['dreadnought', 'carrier', 'cruiser'] as const;
const SHIPS = ['dreadnought', 'carrier', 'cruiser', 'fighter'] as const;
/** Spatial Jump: each ship is lost on 8-10 (the technology's number, shared by the card). */
const JUMP_LOSS_FROM = TECH_PARAMS.spatialJumpLossFrom;
const DIODES_MAX = 3;

function activeAt(m: Moment): Seat | undefined {
  return m.kind === 'trigger' && m.trigger.kind === 'movement-start' ? m.trigger.seat : undefined;
}

function hexesWithShips(t: Table, seat: Seat, types: readonly UnitKind[]): HexKey[] {
  return (Object.keys(t.units) as HexKey[])
    .filter((hex) => types.some((k) => n(spaceUnits(t, hex, seat), k) > 0))
    .sort();
}

/** Whether `hexesWithShips` would list anything, the first found. */
function someHexWithShips(t: Table, seat: Seat, types: readonly UnitKind[]): boolean {
  for (const hex of Object.keys(t.units) as HexKey[]) {
    if (types.some((k) => n(spaceUnits(t, hex, seat), k) > 0)) return true;
  }
  return false;
}

function systemsControlled(t: Table, seat: Seat): Set<HexKey> {
  const out = new Set<HexKey>();
  for (const planet of planetsOf(t, seat)) {
    const hex = t.planets[planet]?.hex;
    if (hex !== undefined) out.add(hex);
  }
  return out;
}

/** OR-2.2: planets in a minor race's home system are never neutral: no annexation there. */
function minorRaceSystem(t: Table, hex: HexKey): boolean {
  return t.minorRaces.some((r) => r.hex === hex);
}

/** BG-9 Voluntary Annexation: neutral planets, nobody on them, next to a system the player controls. */
export function annexablePlanets(t: Table, seat: Seat): string[] {
  const mine = systemsControlled(t, seat);
  const near = new Set<HexKey>();
  for (const hex of mine) for (const k of adjacentSystems(t, hex)) if (!mine.has(k)) near.add(k);
  return Object.entries(t.planets)
    .filter(([name, p]) => {
      if (p.owner !== null || !near.has(p.hex) || minorRaceSystem(t, p.hex)) return false;
      return (t.units[p.hex]?.planets[name] ?? []).length === 0;
    })
    .map(([name]) => name)
    .sort();
}

/** Whether `annexablePlanets` would list anything, the first found. */
function someAnnexablePlanet(t: Table, seat: Seat): boolean {
  const mine = systemsControlled(t, seat);
  const near = new Set<HexKey>();
  for (const hex of mine) for (const k of adjacentSystems(t, hex)) if (!mine.has(k)) near.add(k);
  if (near.size === 0) return false;
  for (const [name, p] of Object.entries(t.planets)) {
    if (p.owner !== null || !near.has(p.hex) || minorRaceSystem(t, p.hex)) continue;
    if ((t.units[p.hex]?.planets[name] ?? []).length === 0) return true;
  }
  return false;
}

function luckyShotTargets(t: Table, seat: Seat): CardTarget[] {
  const out: CardTarget[] = [];
  for (const hex of [...systemsControlled(t, seat)].sort()) {
    if (shipsIn(spaceUnits(t, hex, seat)) > 0) continue;
    for (const g of t.units[hex]?.space ?? []) {
      if (typeof g.owner !== 'number' || g.owner === seat) continue;
      for (const unit of HEAVY) if (n(g.units, unit) > 0) out.push({ hex, seat: g.owner, unit });
    }
  }
  return out;
}

/** Whether `luckyShotTargets` would list anything, the first found. */
function someLuckyShotTarget(t: Table, seat: Seat): boolean {
  for (const hex of systemsControlled(t, seat)) {
    if (shipsIn(spaceUnits(t, hex, seat)) > 0) continue;
    for (const g of t.units[hex]?.space ?? []) {
      if (typeof g.owner !== 'number' || g.owner === seat) continue;
      for (const unit of HEAVY) if (n(g.units, unit) > 0) return true;
    }
  }
  return false;
}

/** A system a ship may jump to (BG-5: no ship ever stops in a Supernova or an Asteroid Field). */
function jumpDestination(t: Table, hex: HexKey): boolean {
  const placed = t.galaxy.tiles[hex];
  const anomaly = placed === undefined ? 'supernova' : tileById(placed.tileId)?.anomaly;
  return anomaly !== 'supernova' && anomaly !== 'asteroid-field';
}

/** Whether `spatialJumpTargets` would list anything: ships in one system, a destination elsewhere. */
function someSpatialJump(t: Table, seat: Seat): boolean {
  for (const hex of Object.keys(t.units) as HexKey[]) {
    if (!HEAVY.some((k) => n(spaceUnits(t, hex, seat), k) > 0)) continue;
    for (const toHex of Object.keys(t.galaxy.tiles) as HexKey[]) {
      if (toHex !== hex && jumpDestination(t, toHex)) return true;
    }
  }
  return false;
}

export function spatialJumpTargets(t: Table, seat: Seat): CardTarget[] {
  const destinations = (Object.keys(t.galaxy.tiles) as HexKey[])
    .filter((k) => jumpDestination(t, k))
    .sort();
  const out: CardTarget[] = [];
  for (const hex of hexesWithShips(t, seat, HEAVY)) {
    // OR-6.2: a leader aboard a Fighter there may go with the Fighters that jump (named).
    const fighterLeader =
      t.options.leaders &&
      n(spaceUnits(t, hex, seat), 'fighter') > 0 &&
      leadersAt(t, seat, hex, null).some((l) => l.ship === 'fighter');
    for (const toHex of destinations) {
      if (toHex === hex) continue;
      out.push({ hex, toHex });
      if (fighterLeader) out.push({ hex, toHex, leaderShips: ['fighter'] });
    }
  }
  return out;
}

function diodesTargets(t: Table, seat: Seat): CardTarget[] {
  const mine = [...planetsOf(t, seat)].sort();
  const out: CardTarget[] = [];
  for (const planet of mine) {
    const hex = t.planets[planet]?.hex;
    if (hex === undefined) continue;
    const gf = n(planetUnits(t, hex, planet, seat), 'ground-force');
    for (const to of mine) {
      if (to === planet) continue;
      for (let count = 1; count <= Math.min(DIODES_MAX, gf); count++)
        out.push({ planet, to, count });
    }
  }
  return out;
}

/** Whether `diodesTargets` would list anything: Ground Forces on one planet, another planet to go to. */
function someDiodesTarget(t: Table, seat: Seat): boolean {
  const mine = planetsOf(t, seat);
  if (mine.length < 2) return false;
  for (const planet of mine) {
    const hex = t.planets[planet]?.hex;
    if (hex !== undefined && n(planetUnits(t, hex, planet, seat), 'ground-force') > 0) return true;
  }
  return false;
}

/** Whether `movementPlays(card)` would give any target, answered without listing them. */
export function movementSome(card: string): (t: Table, seat: Seat, m: Moment) => boolean {
  return (t, seat, m) => {
    const active = activeAt(m);
    if (active === undefined) return false;
    if (card === 'signal-jamming') return seat !== active && someHexWithShips(t, active, HEAVY);
    if (seat !== active) return false;
    switch (card) {
      case 'flank-speed':
      case 'in-the-silence-of-space':
        return true;
      case 'lucky-shot':
        return someLuckyShotTarget(t, seat);
      case 'spatial-jump':
        return someSpatialJump(t, seat);
      case 'transit-diodes':
        return someDiodesTarget(t, seat);
      case 'voluntary-annexation':
        return someAnnexablePlanet(t, seat);
      default:
        return false;
    }
  };
}

export function movementPlays(card: string): (t: Table, seat: Seat, m: Moment) => CardTarget[] {
  return (t, seat, m) => {
    const active = activeAt(m);
    if (active === undefined) return [];
    if (card === 'signal-jamming') {
      if (seat === active) return [];
      return hexesWithShips(t, active, HEAVY).map((hex) => ({ hex }));
    }
    if (seat !== active) return [];
    switch (card) {
      case 'flank-speed':
      case 'in-the-silence-of-space':
        return [{}];
      case 'lucky-shot':
        return luckyShotTargets(t, seat);
      case 'spatial-jump':
        return spatialJumpTargets(t, seat);
      case 'transit-diodes':
        return diodesTargets(t, seat);
      case 'voluntary-annexation':
        return annexablePlanets(t, seat).map((planet) => ({ planet }));
      default:
        return [];
    }
  };
}

function movementState(d: Draft) {
  const phase = d.s.phase;
  if (phase.name !== 'individual-turns') return undefined;
  return { phase, m: phase.movement ?? EMPTY_MOVEMENT };
}

function addCounts(a: UnitCounts | undefined, b: UnitCounts): UnitCounts {
  const out: UnitCounts = { ...(a ?? {}) };
  for (const [k, v] of Object.entries(b) as [UnitKind, number][]) out[k] = (out[k] ?? 0) + v;
  return out;
}

/**
 * Cargo the Carriers left in `hex` cannot hold is lost with the Carriers (BG-3).
 * Which cargo is our decision, made for the owner so the card needs no further
 * prompt: the cheapest first (Fighters, then Ground Forces, Shock Forces, PDS).
 * Fighters the owner's Spacedocks there support are no cargo and are never lost.
 */
function dropOverflow(d: Draft, hex: HexKey, seat: Seat, reason: string): void {
  const left = spaceUnits(d.s, hex, seat);
  const docks = docksIn(d.s, hex, seat);
  const over = Math.max(0, cargoNeed(left, docks) - capacityOf(left, hasStasis(d.s, seat)));
  if (over === 0) return;
  const carried: UnitCounts = {
    fighter: Math.max(0, n(left, 'fighter') - docks * RULE_CONSTANTS.fightersPerSpacedock),
    'ground-force': n(left, 'ground-force'),
    'shock-force': n(left, 'shock-force'),
    pds: n(left, 'pds'),
  };
  const cargo: UnitCounts = {};
  let rest = over;
  for (const k of ['fighter', 'ground-force', 'shock-force', 'pds'] as const) {
    const take = Math.min(rest, n(carried, k));
    if (take > 0) cargo[k] = take;
    rest -= take;
  }
  destroy(d, hex, null, seat, cargo, reason);
}

/**
 * What jumps: the Dreadnoughts, Carriers and Cruisers, and as much cargo as the
 * Carriers hold (troops and PDS first, then Fighters). Fighters beyond that are
 * the ones the Spacedocks there support (dropOverflow left no others): they stay.
 */
function jumpers(units: UnitCounts, stasis: boolean): UnitCounts {
  const out: UnitCounts = {};
  for (const k of HEAVY) if (n(units, k) > 0) out[k] = n(units, k);
  let room = capacityOf(units, stasis);
  for (const k of ['ground-force', 'shock-force', 'pds', 'fighter'] as const) {
    const take = Math.min(room, n(units, k));
    if (take > 0) out[k] = take;
    room -= take;
  }
  return out;
}

/**
 * BG-9 Spatial Jump (the card and the technology): the whole fleet at `from`
 * jumps to `to`. OR-6.2 `named`: kinds whose leaders' ship jumps whenever one
 * of its kind does (Fighters the Carriers cannot hold stay behind).
 */
export function spatialJump(
  d: Draft,
  seat: Seat,
  from: HexKey,
  to: HexKey,
  named: readonly ShipType[] = [],
): void {
  const units = spaceUnits(d.s, from, seat);
  // Every ship rolls (Fighters too); 8-10 is lost in the jump.
  const lost: UnitCounts = {};
  for (const k of SHIPS) {
    const count = n(units, k);
    if (count === 0) continue;
    const rolls = rollDice(
      d,
      `Spatial Jump from ${systemName(from, d.s.galaxy)} to ${systemName(to, d.s.galaxy)}: each ${UNITS[k].name} is lost on 8-10`,
      count,
      seat,
    );
    const dead = rolls.filter((r) => r >= JUMP_LOSS_FROM).length;
    if (dead > 0) lost[k] = dead;
  }
  destroy(d, from, null, seat, lost, 'lost in the Spatial Jump');
  dropOverflow(d, from, seat, 'lost with the Carriers in the Spatial Jump');
  const moving = jumpers(spaceUnits(d.s, from, seat), hasStasis(d.s, seat));
  if (shipsIn(moving) === 0) return;
  for (const [k, v] of Object.entries(moving) as [UnitKind, number][]) {
    d.addUnits(from, null, seat, k, -v);
    d.addUnits(to, null, seat, k, v);
  }
  d.emit({ type: 'ships-moved', seat, from, to, path: [to], units: moving });
  // OR-6.2: leaders aboard the ships that jumped go with them.
  if (d.s.options.leaders) leadersFollowShips(d, seat, from, to, moving, named);
  const st = movementState(d);
  if (st === undefined) return;
  const heavy: UnitCounts = {};
  for (const k of HEAVY) if (n(moving, k) > 0) heavy[k] = n(moving, k);
  d.s.phase = {
    ...st.phase,
    movement: {
      ...st.m,
      moved: { ...st.m.moved, [to]: addCounts(st.m.moved[to], heavy) },
      arrived: st.m.arrived.includes(to) ? st.m.arrived : [...st.m.arrived, to],
    },
  };
}

export function resolveMovementCard(d: Draft, played: PlayedCard): void {
  const id = cardIdOf(played.card);
  const seat = played.seat;
  const t = played.target ?? {};
  switch (id) {
    case 'flank-speed':
    case 'in-the-silence-of-space':
      addEffect(d, { card: id, seat, until: 'turn' });
      return;
    case 'lucky-shot':
      if (t.hex !== undefined && t.seat !== undefined && t.unit !== undefined) {
        destroy(d, t.hex, null, t.seat, { [t.unit]: 1 }, `Lucky Shot (${ownerName(d.s, seat)})`);
        dropOverflow(d, t.hex, t.seat, 'lost with the Carrier (Lucky Shot)');
      }
      return;
    case 'spatial-jump':
      if (t.hex !== undefined && t.toHex !== undefined)
        spatialJump(d, seat, t.hex, t.toHex, t.leaderShips);
      return;
    case 'transit-diodes': {
      const from = t.planet === undefined ? undefined : d.s.planets[t.planet]?.hex;
      const to = t.to === undefined ? undefined : d.s.planets[t.to]?.hex;
      if (from === undefined || to === undefined || t.planet === undefined || t.to === undefined)
        return;
      const count = Math.min(
        t.count ?? 0,
        n(planetUnits(d.s, from, t.planet, seat), 'ground-force'),
      );
      if (count <= 0) return;
      d.addUnits(from, t.planet, seat, 'ground-force', -count);
      d.addUnits(to, t.to, seat, 'ground-force', count);
      d.emit({ type: 'ground-forces-shifted', seat, from: t.planet, to: t.to, count });
      return;
    }
    case 'voluntary-annexation': {
      const planet = t.planet;
      const hex = planet === undefined ? undefined : d.s.planets[planet]?.hex;
      if (planet === undefined || hex === undefined) return;
      d.setPlanetOwner(planet, seat);
      d.emit({ type: 'planet-annexed', hex, planet, seat });
      return;
    }
    case 'signal-jamming': {
      const st = movementState(d);
      if (st === undefined || t.hex === undefined) return;
      const ships = spaceUnits(d.s, t.hex, st.phase.active);
      const jammed: UnitCounts = {};
      for (const k of HEAVY) if (n(ships, k) > 0) jammed[k] = n(ships, k);
      d.s.phase = {
        ...st.phase,
        movement: {
          ...st.m,
          moved: { ...st.m.moved, [t.hex]: addCounts(st.m.moved[t.hex], jammed) },
        },
      };
      d.emit({ type: 'fleet-jammed', hex: t.hex, seat: st.phase.active, by: seat });
      return;
    }
    default:
      return;
  }
}
