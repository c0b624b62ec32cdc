import { leaderShipsProblem, leadersFollowShips } from '../leaders/windows.js';
import type { ShipType } from '../leaders/fates.js';
import { loadsStrandingProblem } from '../leaders/stranding.js';
import type { HexKey, Side } from '@outer-rim/map';
import type { ActionOf, Load } from '../actions/schema.js';
import { RULE_CONSTANTS } from '../content/constants.js';
import { UNITS } from '../content/units.js';
import { systemName } from '../views/names.js';
import { TECH_PARAMS } from '../content/technologies.js';
import { capacityOf, hasStasis } from '../combat/forces.js';
import { ruleError, type RuleError } from '../errors.js';
import type { Draft } from '../state/draft.js';
import { enemyShipsIn } from '../state/board.js';
import type { TurnsPhase } from '../state/phase.js';
import type { Seat, Table, UnitCounts, UnitKind } from '../state/types.js';
import {
  checkPath,
  docksIn,
  heldCargo,
  ignoresRifts,
  isRift,
  isSystemKey,
  movableCount,
  moveValue,
  movementOf,
  ownSpace,
  pathCost,
  riftSides,
  sideTarget,
  tileAt,
} from './rules.js';
import { riftRollWords } from './rift-words.js';
import { MOVING_SHIPS, type MovementState, type MovingShip, type RiftEntry } from './types.js';

/**
 * BG-5 Movement segment: applying fleet moves, Carrier loads, the OR-4.2
 * rift roll and choice, and the Fighters lost when the segment ends.
 */

function add(counts: UnitCounts, unit: UnitKind, n: number): UnitCounts {
  return { ...counts, [unit]: (counts[unit] ?? 0) + n };
}

function setMovement(d: Draft, m: MovementState): void {
  const phase = d.s.phase;
  if (phase.name !== 'individual-turns') throw new Error('not in an individual turn');
  d.s.phase = { ...phase, movement: m };
}

function planetOwnerCount(
  t: Table,
  key: HexKey,
  planet: string,
  seat: Seat,
  unit: UnitKind,
): number {
  return t.units[key]?.planets[planet]?.find((g) => g.owner === seat)?.units[unit] ?? 0;
}

export interface Fleet {
  from: HexKey;
  path: HexKey[];
  ships: Partial<Record<MovingShip, number | undefined>>;
  load: readonly Load[];
  riftSide?: Side;
  /** OR-4.2: a ship that entered a rift in this move leaves it with the movement it has left. */
  move?: number;
  /** OR-6.2: with a Diplomat, passing other players' ships they agreed to (movement/passage.ts). */
  passage?: boolean;
  /** OR-6.2: kinds whose leaders' ship is among the ships moving (Fighters: loaded at `from`). */
  leaderShips?: readonly ShipType[];
}

/** The ships of each kind leaving `from`: the fleet, and the Fighters loaded in space there. */
export function leavingFrom(f: Fleet): Partial<Record<ShipType, number>> {
  const fighters = f.load
    .filter((l) => l.hex === f.from && l.planet === undefined && l.unit === 'fighter')
    .reduce((n, l) => n + l.count, 0);
  return { ...f.ships, ...(fighters === 0 ? {} : { fighter: fighters }) } as Partial<
    Record<ShipType, number>
  >;
}

/** Everything a fleet move must satisfy before anything changes; null when it may go. */
export function checkFleet(t: Table, phase: TurnsPhase, seat: Seat, f: Fleet): RuleError | null {
  const illegal = (msg: string, details?: unknown): RuleError =>
    ruleError('ILLEGAL_ACTION', msg, details);
  const to = f.path[f.path.length - 1];
  if (to === undefined) return illegal('A move needs a destination.');
  let ships = 0;
  let move = Infinity;
  let carriers = 0;
  for (const unit of MOVING_SHIPS) {
    const n = f.ships[unit] ?? 0;
    if (n === 0) continue;
    if (n > movableCount(t, phase, seat, f.from, unit) + (f.riftSide === undefined ? 0 : 1)) {
      return illegal(
        `You have no ${n} ${UNITS[unit].name}(s) in ${systemName(f.from, t.galaxy)} that may still move.`,
      );
    }
    ships += n;
    move = Math.min(move, moveValue(t, seat, unit, f.from));
    if (unit === 'carrier') carriers = n;
  }
  if (ships === 0) return illegal('Name at least one ship to move.');
  if (f.move !== undefined) move = f.move;
  const problem = checkPath(t, seat, f.from, f.path, move, f.passage === true);
  if (problem !== null) return illegal(problem);

  // BG-5: loads happen where the Carriers start or pass, never where they stop.
  const where = new Set<HexKey>([f.from, ...f.path.slice(0, -1)]);
  const taken = new Map<string, number>();
  let loaded = 0;
  let loadedGround = 0;
  let heldFromStart = 0;
  let groundFromStart = 0;
  for (const l of f.load) {
    if (!where.has(l.hex)) {
      return illegal(
        `Carriers load only where they start or pass, not in ${systemName(l.hex, t.galaxy)}.`,
      );
    }
    const k = `${l.hex}|${l.planet ?? ''}|${l.unit}`;
    const n = (taken.get(k) ?? 0) + l.count;
    taken.set(k, n);
    let available: number;
    if (l.planet === undefined) {
      available = movableCount(t, phase, seat, l.hex, l.unit);
    } else {
      if (t.planets[l.planet]?.hex !== l.hex)
        return illegal(`${l.planet} is not in ${systemName(l.hex, t.galaxy)}.`);
      if (l.unit === 'fighter') return illegal('Fighters stand in space, not on planets.');
      available = planetOwnerCount(t, l.hex, l.planet, seat, l.unit);
    }
    if (n > available) {
      return illegal(`There are not ${n} of your ${UNITS[l.unit].name} units to load there.`);
    }
    loaded += l.count;
    // OR-6.1: Shock Forces ride only Carriers; Stasis Capsules take Ground Forces alone.
    const ground = l.unit === 'ground-force';
    if (ground) loadedGround += l.count;
    if (l.unit === 'shock-force' && carriers === 0)
      return illegal('Shock Forces travel only aboard Carriers (OR-6.1).');
    if (l.hex === f.from && l.planet === undefined && l.unit !== 'fighter') {
      heldFromStart += l.count;
      if (ground) groundFromStart += l.count;
    }
  }
  // OR-6.2: a leader's planet keeps one of its Ground/Shock Forces.
  const stranded = loadsStrandingProblem(t, seat, f.load);
  if (stranded !== null) return illegal(stranded);
  const named = leaderShipsProblem(t, seat, f.from, leavingFrom(f), f.leaderShips ?? []);
  if (named !== null) return illegal(named);
  // BG-9 Stasis Capsules: each moving Cruiser and Dreadnought takes one Ground Force.
  const stasis = hasStasis(t, seat);
  const heavyMoving = (f.ships.cruiser ?? 0) + (f.ships.dreadnought ?? 0);
  const room =
    carriers * RULE_CONSTANTS.carrierCapacity +
    (stasis ? Math.min(heavyMoving * TECH_PARAMS.stasisCapacity, loadedGround) : 0);
  if (loaded > room) {
    return illegal(`The Carriers have room for ${room} units; the move loads ${loaded}.`, {
      room,
      loaded,
    });
  }
  // Cargo left in space must still be aboard the Carriers that stay (the pooled cargo model).
  const space = ownSpace(t, f.from, seat);
  const stayingHeavy = (space.cruiser ?? 0) + (space.dreadnought ?? 0) - heavyMoving;
  const stayingGround = (space['ground-force'] ?? 0) - groundFromStart;
  const stayingRoom =
    ((space.carrier ?? 0) - (f.ships.carrier ?? 0)) * RULE_CONSTANTS.carrierCapacity +
    (stasis ? Math.min(stayingHeavy * TECH_PARAMS.stasisCapacity, stayingGround) : 0);
  const stayingCargo = heldCargo(space) - heldFromStart;
  if (stayingCargo > stayingRoom) {
    return illegal(
      `The Carriers staying in ${systemName(f.from, t.galaxy)} cannot hold the ${stayingCargo} units left aboard; take more with you.`,
      { stayingCargo, stayingRoom },
    );
  }
  return null;
}

/** Moves the fleet (the checks passed) and records it. */
export function moveFleet(d: Draft, phase: TurnsPhase, seat: Seat, f: Fleet): void {
  const to = f.path[f.path.length - 1] as HexKey;
  let units: UnitCounts = {};
  for (const unit of MOVING_SHIPS) {
    const n = f.ships[unit] ?? 0;
    if (n === 0) continue;
    d.addUnits(f.from, null, seat, unit, -n);
    units = add(units, unit, n);
  }
  for (const l of f.load) {
    d.addUnits(l.hex, l.planet ?? null, seat, l.unit, -l.count);
    d.emit(
      l.planet === undefined
        ? { type: 'units-loaded', seat, hex: l.hex, unit: l.unit, count: l.count }
        : {
            type: 'units-loaded',
            seat,
            hex: l.hex,
            planet: l.planet,
            unit: l.unit,
            count: l.count,
          },
    );
    units = add(units, l.unit, l.count);
  }
  for (const [unit, n] of Object.entries(units) as [UnitKind, number][]) {
    d.addUnits(to, null, seat, unit, n);
  }
  // OR-6.2: leaders aboard a ship that left go with it (named, or the last of its kind).
  if (d.s.options.leaders) {
    leadersFollowShips(d, seat, f.from, to, leavingFrom(f), f.leaderShips ?? []);
    for (const l of f.load) {
      if (l.unit === 'fighter' && l.planet === undefined && l.hex !== f.from)
        leadersFollowShips(d, seat, l.hex, to, { fighter: l.count });
    }
  }
  const m = movementOf(phase);
  // OR-4.2: ships that enter a rift (not those whipped out of one) are still mid-move.
  const entered =
    f.riftSide === undefined &&
    isRift(d.s, to) &&
    !ignoresRifts(d.s, seat) &&
    !enemyShipsIn(d.s, to, seat)
      ? riftEntry(d.s, seat, f, to, units)
      : undefined;
  let movedHere: UnitCounts = m.moved[to] ?? {};
  if (entered === undefined) {
    for (const [unit, n] of Object.entries(units) as [UnitKind, number][]) {
      movedHere = add(movedHere, unit, n);
    }
  }
  const before = f.path.length > 1 ? (f.path[f.path.length - 2] as HexKey) : f.from;
  const came = m.cameFrom[to] ?? [];
  setMovement(d, {
    ...m,
    ...(entered === undefined ? {} : { riftEntered: entered }),
    begun: true,
    moved: { ...m.moved, [to]: movedHere },
    arrived: m.arrived.includes(to) ? m.arrived : [...m.arrived, to],
    cameFrom: { ...m.cameFrom, [to]: came.includes(before) ? came : [...came, before] },
  });
  d.emit({
    type: 'ships-moved',
    seat,
    from: f.from,
    to,
    path: f.path,
    units,
    ...(f.riftSide === undefined ? {} : { riftSide: f.riftSide }),
  });
  // OR-4.2: the first ship that entered the rift rolls to leave it in the same move.
  if (entered !== undefined) rollNextEntered(d, seat);
}

/** OR-4.2: what a fleet brings into a rift: its ships, the movement each type has left, its cargo. */
function riftEntry(t: Table, seat: Seat, f: Fleet, to: HexKey, units: UnitCounts): RiftEntry {
  const spent = pathCost(t, seat, f.from, f.path);
  const ships: RiftEntry['ships'] = {};
  const left: RiftEntry['left'] = {};
  for (const unit of MOVING_SHIPS) {
    const n = f.ships[unit] ?? 0;
    if (n === 0) continue;
    ships[unit] = n;
    left[unit] = Math.max(0, moveValue(t, seat, unit, f.from) - spent);
  }
  const cargo = Object.fromEntries(
    Object.entries(units).filter(([unit]) => !(MOVING_SHIPS as readonly string[]).includes(unit)),
  ) as UnitCounts;
  return { hex: to, ships, left, cargo };
}

/**
 * The movement record after one entered ship has rolled, left or stayed:
 * when none is left to roll, the entry closes and what stays has moved.
 */
function settleEntry(m: MovementState, stayed: UnitCounts = {}): MovementState {
  const e = m.riftEntered;
  if (e === undefined) return m;
  let moved: UnitCounts = m.moved[e.hex] ?? {};
  for (const [unit, n] of Object.entries(stayed) as [UnitKind, number][])
    moved = add(moved, unit, n);
  const waiting = MOVING_SHIPS.some((u) => (e.ships[u] ?? 0) > 0);
  if (waiting || m.rift !== undefined) return { ...m, moved: { ...m.moved, [e.hex]: moved } };
  for (const [unit, n] of Object.entries(e.cargo) as [UnitKind, number][])
    moved = add(moved, unit, n);
  const { riftEntered: _closed, ...rest } = m;
  return { ...rest, moved: { ...m.moved, [e.hex]: moved } };
}

/** `fleetChecked`: the move's fleet already passed `checkFleet` on this state (movement/passage.ts). */
export function applyMove(
  d: Draft,
  phase: TurnsPhase,
  seat: Seat,
  a: ActionOf<'move'>,
  fleetChecked = false,
): RuleError | null {
  if (!isSystemKey(d.s, a.from)) {
    return ruleError('ILLEGAL_ACTION', `There is no system at ${a.from}.`);
  }
  if (isRift(d.s, a.from) && !ignoresRifts(d.s, seat)) {
    return ruleError(
      'ILLEGAL_ACTION',
      'Ships leave a Gravity Rift one at a time, each after its own roll (OR-4.2).',
    );
  }
  const fleet: Fleet = {
    from: a.from,
    path: a.path,
    ships: a.ships,
    load: a.load ?? [],
    ...(a.leaderShips === undefined ? {} : { leaderShips: a.leaderShips }),
  };
  const error = fleetChecked ? null : checkFleet(d.s, phase, seat, fleet);
  if (error !== null) return error;
  moveFleet(d, phase, seat, fleet);
  return null;
}

/** OR-4.2: one ship rolls to leave the rift; the choice that follows is the `rift` decision. */
export function applyRiftRoll(
  d: Draft,
  phase: TurnsPhase,
  seat: Seat,
  a: ActionOf<'rift-roll'>,
): RuleError | null {
  if (!isSystemKey(d.s, a.hex) || !isRift(d.s, a.hex)) {
    return ruleError('ILLEGAL_ACTION', 'That system is not a Gravity Rift.');
  }
  if (ignoresRifts(d.s, seat)) {
    return ruleError(
      'ILLEGAL_ACTION',
      'Spatial Jump ignores the Gravity Rift: move the ships without rolling.',
    );
  }
  if (movableCount(d.s, phase, seat, a.hex, a.unit) < 1) {
    return ruleError(
      'ILLEGAL_ACTION',
      `No ${UNITS[a.unit].name} of yours in this rift may still try to leave this turn.`,
    );
  }
  const m = movementOf(phase);
  rollRiftExit(d, seat, { ...m, begun: true }, a.hex, a.unit, false);
  return null;
}

/**
 * OR-4.2: one ship in the rift at `hex` rolls to leave it; the choice that
 * follows is the `rift` decision. A ship that `entered` the rift in this
 * move (`m.riftEntered`) rolls with the movement it has left.
 */
function rollRiftExit(
  d: Draft,
  seat: Seat,
  start: MovementState,
  hex: HexKey,
  unit: MovingShip,
  entered: boolean,
): void {
  let m = start;
  const a = { hex, unit };
  const entry = entered ? m.riftEntered : undefined;
  const [roll = 1] = d.roll(
    `gravity rift exit: ${UNITS[a.unit].name}`,
    RULE_CONSTANTS.dieSides,
    1,
    seat,
  );
  const sides = riftSides(d.s, seat, a.hex, roll);
  d.emit({ type: 'rift-rolled', seat, hex: a.hex, unit: a.unit, roll, sides });
  const left = entry?.left[a.unit];
  if (entry !== undefined) {
    m = {
      ...m,
      riftEntered: {
        ...entry,
        ships: { ...entry.ships, [a.unit]: (entry.ships[a.unit] ?? 0) - 1 },
      },
    };
  }
  if (sides.length === 0) {
    // A forced exit off the board, into a Supernova or a closed Asteroid Field counts as staying.
    const across =
      roll < RULE_CONSTANTS.gravityRiftFreeExitMin
        ? tileAt(d.s, sideTarget(a.hex, roll as Side))?.anomaly
        : undefined;
    d.emit({
      type: 'ship-stayed',
      seat,
      hex: a.hex,
      unit: a.unit,
      reason:
        across === 'supernova'
          ? 'forced exit leads into a Supernova'
          : across === 'asteroid-field'
            ? 'forced exit leads into an Asteroid Field'
            : 'forced exit leads off the board',
    });
    if (entry === undefined) {
      setMovement(d, {
        ...m,
        riftTried: { ...m.riftTried, [a.hex]: add(m.riftTried[a.hex] ?? {}, a.unit, 1) },
      });
    } else {
      setMovement(d, settleEntry(m, { [a.unit]: 1 }));
      rollNextEntered(d, seat);
    }
    return;
  }
  setMovement(d, {
    ...m,
    rift: {
      id: m.nextId,
      hex: a.hex,
      unit: a.unit,
      roll,
      sides,
      ...(left === undefined ? {} : { left }),
    },
    nextId: m.nextId + 1,
  });
}

/**
 * OR-4.2 (clarified): the ships that entered a rift leave one at a time: the
 * next of them rolls once the one before has left or stayed. Staying is
 * always open after the roll, so rolling costs the player nothing.
 */
function rollNextEntered(d: Draft, seat: Seat): void {
  const m = movementOf(turnsPhase(d));
  const e = m.riftEntered;
  if (e === undefined || m.rift !== undefined) return;
  const unit = MOVING_SHIPS.find((u) => (e.ships[u] ?? 0) > 0);
  if (unit === undefined) return;
  rollRiftExit(d, seat, m, e.hex, unit, true);
}

export function applyRiftExit(
  d: Draft,
  phase: TurnsPhase,
  seat: Seat,
  a: ActionOf<'rift-exit'>,
): RuleError | null {
  const m = movementOf(phase);
  const pending = m.rift;
  if (pending === undefined) return ruleError('ILLEGAL_ACTION', 'No ship waits to leave a rift.');
  const first = a.path[0];
  const side = pending.sides.find(
    (s) => first !== undefined && sideTarget(pending.hex, s) === first,
  );
  if (side === undefined) {
    return ruleError(
      'ILLEGAL_ACTION',
      `After rolling ${pending.roll} the ship ${riftRollWords(pending.roll, pending.sides)} (OR-4.2).`,
      { sides: pending.sides },
    );
  }
  const fleet: Fleet = {
    from: pending.hex,
    path: a.path,
    ships: { [pending.unit]: 1 },
    load: a.load ?? [],
    riftSide: side,
    ...(pending.left === undefined ? {} : { move: pending.left }),
    ...(a.leaderShips === undefined ? {} : { leaderShips: a.leaderShips }),
  };
  const error = checkFleet(d.s, phase, seat, fleet);
  if (error !== null) return error;
  const { rift: _done, ...rest } = m;
  setMovement(d, rest);
  const cleared = d.s.phase;
  if (cleared.name !== 'individual-turns') throw new Error('not in an individual turn');
  moveFleet(d, cleared, seat, fleet);
  // OR-4.2: the cargo an entered Carrier takes out of the rift leaves the entry.
  const after = movementOf(turnsPhase(d));
  const e = after.riftEntered;
  if (e !== undefined) {
    let cargo = e.cargo;
    for (const l of fleet.load) {
      if (l.hex === e.hex && l.planet === undefined)
        cargo = { ...cargo, [l.unit]: Math.max(0, (cargo[l.unit] ?? 0) - l.count) };
    }
    setMovement(d, settleEntry({ ...after, riftEntered: { ...e, cargo } }));
    rollNextEntered(d, seat);
  }
  return null;
}

function turnsPhase(d: Draft): TurnsPhase {
  const phase = d.s.phase;
  if (phase.name !== 'individual-turns') throw new Error('not in an individual turn');
  return phase;
}

export function applyRiftStay(d: Draft, phase: TurnsPhase, seat: Seat): RuleError | null {
  const m = movementOf(phase);
  const pending = m.rift;
  if (pending === undefined) return ruleError('ILLEGAL_ACTION', 'No ship waits to leave a rift.');
  d.emit({
    type: 'ship-stayed',
    seat,
    hex: pending.hex,
    unit: pending.unit,
    reason: 'chose to stay',
  });
  const { rift: _done, ...rest } = m;
  if (pending.left !== undefined) {
    setMovement(d, settleEntry(rest, { [pending.unit]: 1 }));
    rollNextEntered(d, seat);
    return null;
  }
  setMovement(d, {
    ...rest,
    riftTried: {
      ...m.riftTried,
      [pending.hex]: add(m.riftTried[pending.hex] ?? {}, pending.unit, 1),
    },
  });
  return null;
}

/**
 * BG-3: as the Movement segment ends, the mover's Fighters that neither a
 * Carrier's room nor a Spacedock (2 each) supports are lost.
 */
export function loseUnsupportedFighters(d: Draft): void {
  const phase = d.s.phase;
  if (phase.name !== 'individual-turns') return;
  const seat = phase.active;
  const stasis = hasStasis(d.s, seat);
  // Each system is read before its own Fighters are removed, and none is added meanwhile.
  const systems = d.s.units;
  for (const hex in systems) {
    const key = hex as HexKey;
    const sys = systems[key];
    let space: UnitCounts | undefined;
    for (const g of sys?.space ?? []) {
      if (g.owner === seat) {
        space = g.units;
        break;
      }
    }
    const fighters = space?.fighter ?? 0;
    if (space === undefined || fighters === 0) continue;
    const room = Math.max(0, capacityOf(space, stasis) - heldCargo(space));
    const supported = room + docksIn(d.s, key, seat) * RULE_CONSTANTS.fightersPerSpacedock;
    const lost = fighters - supported;
    if (lost <= 0) continue;
    d.addUnits(key, null, seat, 'fighter', -lost);
    d.emit({ type: 'fighters-lost', seat, hex: key, count: lost });
  }
}
