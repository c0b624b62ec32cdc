import {
  adjacentKeys,
  hexKey,
  neighbourAt,
  parseHexKey,
  reachableKeys,
  riftExit,
  tileById,
  type Hex,
  type HexKey,
  type MovementModel,
  type Side,
  type TileDef,
} from '@outer-rim/map';
import { RULE_CONSTANTS } from '../content/constants.js';
import { UNITS } from '../content/units.js';
import { riftEntryWords } from './rift-words.js';
import { systemName } from '../views/names.js';
import { enemyShipsIn } from '../state/board.js';
import { effectsOf } from '../state/economy.js';
import type { TurnsPhase } from '../state/phase.js';
import type { Seat, Table, UnitCounts, UnitKind } from '../state/types.js';
import { EMPTY_MOVEMENT, type MovementState, type MovingShip } from './types.js';

/**
 * The board's movement rules (BG-5, OR-4.1, OR-4.2) as questions the
 * Movement segment, its legal actions and `movementOptions` all ask, so the
 * three never disagree about where a ship may go.
 *
 * Readings where the rulebook leaves room (RULES-SPEC: "build what a player
 * would expect"):
 * - BG-5 wormholes (alpha to alpha, beta to beta): entering one end costs
 *   its step and the ship may go on from the other end at no further cost
 *   (RULE_CONSTANTS.wormholeJumpCost); for a ship that starts its move in
 *   one end, the other end is an adjacent system (one step).
 * - OR-4.2 (clarified): a move that enters a Gravity Rift (without Spatial
 *   Jump) ends there, but the ships' move goes on: each may roll to leave
 *   in the same move and, once out, goes on with the movement it has left
 *   (the exit is free); one that stays ends its move. Ships that start the
 *   turn in the rift roll one by one and go on with their whole movement.
 * - A forced exit into an Asteroid Field the ship may not enter counts as
 *   staying, like one off the board or into a Supernova.
 * - A move enters each system at most once and never returns to its start.
 */

export function movementOf(phase: TurnsPhase): MovementState {
  return phase.movement ?? EMPTY_MOVEMENT;
}

export function tileAt(t: Table, key: HexKey): TileDef | undefined {
  const placed = t.galaxy.tiles[key];
  return placed === undefined ? undefined : tileById(placed.tileId);
}

/** A hex key as the engine writes it ("0,-1", never "-0,-1") that names a placed system. */
export function isSystemKey(t: Table, key: HexKey): boolean {
  try {
    return hexKey(parseHexKey(key)) === key && t.galaxy.tiles[key] !== undefined;
  } catch {
    return false;
  }
}

export function isRift(t: Table, key: HexKey): boolean {
  return tileAt(t, key)?.anomaly === 'gravity-rift';
}

/** OR-4.2: Spatial Jump ignores every Gravity Rift effect (leaving one stays free). */
export function ignoresRifts(t: Table, seat: Seat): boolean {
  return effectsOf(t, seat).some(
    (e) => e.kind === 'anomaly-immunity' && e.anomaly === 'gravity-rift',
  );
}

/** BG-9 In the Silence of Space: this turn the player's ships pass systems holding other players' ships. */
export function passesShips(t: Table, seat: Seat): boolean {
  return t.cardEffects.some((e) => e.card === 'in-the-silence-of-space' && e.seat === seat);
}

/** BG-5: Antimass Deflectors let ships pass through an Asteroid Field (never stop in one). */
export function passesAsteroids(t: Table, seat: Seat): boolean {
  return effectsOf(t, seat).some(
    (e) => e.kind === 'anomaly-pass-through' && e.anomaly === 'asteroid-field',
  );
}

/**
 * A ship type's move value for `seat` from `from`: technologies (XRD
 * Transporter, Type IV Drive) and, for Dreadnoughts, an active Admiral in
 * that system as the Movement segment began (OR-6.2; recorded in the phase
 * by leaders/abilities.ts recordAdmirals; without that record, where it
 * stands now).
 */
export function moveValue(t: Table, seat: Seat, unit: MovingShip, from?: HexKey): number {
  let n = UNITS[unit].move;
  for (const e of effectsOf(t, seat)) {
    if (e.kind === 'move-modifier' && e.units.includes(unit)) n += e.value;
  }
  if (
    unit === 'dreadnought' &&
    from !== undefined &&
    (t.phase.name === 'individual-turns' && t.phase.admiralsAt !== undefined
      ? t.phase.active === seat && t.phase.admiralsAt.includes(from)
      : t.players[seat]?.leaders.some(
          (l) => l.type === 'admiral' && l.status === 'active' && l.hex === from,
        ) === true)
  ) {
    n += RULE_CONSTANTS.admiralDreadnoughtMoveBonus;
  }
  return n;
}

/**
 * BG-5: ships of another owner end a move and let nothing through. Light/Wave
 * Deflector lets `seat`'s ships pass other players' ships (minor races'
 * still stop them: they are no players).
 */
export function stopsMovement(t: Table, seat: Seat, key: HexKey): boolean {
  if (!enemyShipsIn(t, key, seat)) return false;
  // BG-9 In the Silence of Space: other players' ships (and minor races') do not stop the move this turn.
  if (passesShips(t, seat)) return false;
  if (!t.players[seat]?.technologies.includes('light-wave-deflector')) return true;
  return t.units[key]?.space.some((g) => typeof g.owner !== 'number') === true;
}

export function ownSpace(t: Table, key: HexKey, seat: Seat): UnitCounts {
  return t.units[key]?.space.find((g) => g.owner === seat)?.units ?? {};
}

/** How many of `seat`'s `unit` in space at `key` may still move (or be loaded) this turn. */
export function movableCount(
  t: Table,
  phase: TurnsPhase,
  seat: Seat,
  key: HexKey,
  unit: UnitKind,
): number {
  const m = movementOf(phase);
  const n =
    (ownSpace(t, key, seat)[unit] ?? 0) -
    (m.moved[key]?.[unit] ?? 0) -
    (m.riftTried[key]?.[unit] ?? 0) -
    (m.rift?.hex === key && m.rift.unit === unit ? 1 : 0) -
    enteredHere(m, key, unit);
  return Math.max(0, n);
}

/**
 * OR-4.2: units that entered the rift at `key` in the last move and are
 * still mid-move: not free to move as if they had started there. Their cargo
 * may go aboard an entered Carrier whose roll waits (`rift.left`).
 */
function enteredHere(m: MovementState, key: HexKey, unit: UnitKind): number {
  const e = m.riftEntered;
  if (e?.hex !== key) return 0;
  const ships = (e.ships as Partial<Record<UnitKind, number>>)[unit] ?? 0;
  const cargo = m.rift?.left !== undefined ? 0 : (e.cargo[unit] ?? 0);
  return ships + cargo;
}

/** Cargo that takes Carrier room and never stands in space on its own: Ground, Shock Forces, PDS. */
export function heldCargo(units: UnitCounts): number {
  return (units['ground-force'] ?? 0) + (units['shock-force'] ?? 0) + (units.pds ?? 0);
}

/** `seat`'s Spacedocks on the planets of this system (BG-3: each supports 2 Fighters). */
export function docksIn(t: Table, key: HexKey, seat: Seat): number {
  let n = 0;
  for (const groups of Object.values(t.units[key]?.planets ?? {})) {
    n += groups.find((g) => g.owner === seat)?.units.spacedock ?? 0;
  }
  return n;
}

/** Carrier room taken at a system: held cargo, and Fighters beyond what the Spacedocks support. */
export function cargoAboard(t: Table, key: HexKey, seat: Seat): number {
  const space = ownSpace(t, key, seat);
  const docked = docksIn(t, key, seat) * RULE_CONSTANTS.fightersPerSpacedock;
  return heldCargo(space) + Math.max(0, (space.fighter ?? 0) - docked);
}

export interface StepRules {
  /** Movement the step costs. */
  cost: number;
  /** Entering ends the move: nothing passes through (enemy ships, a Nebula, a rift). */
  stops: boolean;
  /** May be passed but never stopped in (an Asteroid Field with Antimass Deflectors). */
  passOnly: boolean;
}

function wormholePartners(t: Table, a: TileDef | undefined, b: TileDef | undefined): boolean {
  return a?.wormhole !== undefined && a.wormhole === b?.wormhole;
}

/**
 * One step of a move from `from` into `to`: what it costs and what entering
 * does, or why it cannot be taken.
 */
/**
 * `passage`: OR-6.2, a fleet with a Diplomat whose opponents let it pass:
 * systems holding other players' ships (and no minor race's) do not stop it.
 */
export function step(
  t: Table,
  seat: Seat,
  from: HexKey,
  to: HexKey,
  passage = false,
  fromStart = false,
): StepRules | string {
  const target = tileAt(t, to);
  if (target === undefined) return `There is no system at ${to}.`;
  const source = tileAt(t, from);
  const adjacent = adjacentKeys(from).includes(to);
  const wormhole = wormholePartners(t, source, target);
  if (!adjacent && !wormhole)
    return `${systemName(to, t.galaxy)} is not next to ${systemName(from, t.galaxy)}.`;
  if (target.anomaly === 'supernova') return 'No ship enters a Supernova.';
  const asteroid = target.anomaly === 'asteroid-field';
  if (asteroid && !passesAsteroids(t, seat)) {
    return 'No ship enters an Asteroid Field without Antimass Deflectors.';
  }
  // OR-4.2: gravity whips a ship out of a rift; that step costs nothing.
  // BG-5: a ship that entered one end of a wormhole goes on from the other end for nothing more;
  // from the end it started in, the other end is an adjacent system.
  const cost =
    source?.anomaly === 'gravity-rift'
      ? 0
      : wormhole && !fromStart
        ? RULE_CONSTANTS.wormholeJumpCost
        : 1;
  const stops =
    target.anomaly === 'nebula' ||
    (target.anomaly === 'gravity-rift' && !ignoresRifts(t, seat)) ||
    (stopsMovement(t, seat, to) && !passesShips(t, seat) && !(passage && onlyPlayersShips(t, to)));
  return { cost, stops, passOnly: asteroid };
}

/** Ships in `key` belong to players only (a minor race lets nobody pass: it is no player to ask). */
export function onlyPlayersShips(t: Table, key: HexKey): boolean {
  return (t.units[key]?.space ?? []).every((g) => typeof g.owner === 'number');
}

/**
 * Checks a whole path for ships with `move` movement starting at `from`:
 * every step legal, nothing passed that stops a move, no system twice, the
 * end a place a ship may stop, the cost within `move`.
 */
export function checkPath(
  t: Table,
  seat: Seat,
  from: HexKey,
  path: readonly HexKey[],
  move: number,
  passage = false,
): string | null {
  let at = from;
  let spent = 0;
  const seen = new Set<HexKey>([from]);
  for (const [i, next] of path.entries()) {
    if (!isSystemKey(t, next)) return `There is no system at ${next}.`;
    if (seen.has(next)) return 'A move enters each system at most once.';
    seen.add(next);
    const s = step(t, seat, at, next, passage, i === 0);
    if (typeof s === 'string') return s;
    spent += s.cost;
    const last = i === path.length - 1;
    if (s.stops && !last && isRift(t, next))
      return `${riftEntryWords(systemName(next, t.galaxy)).slice(0, -1)} (OR-4.2).`;
    if (s.stops && !last)
      return `The move must end in ${systemName(next, t.galaxy)}: nothing passes through it.`;
    if (s.passOnly && last) return 'No ship stops in an Asteroid Field.';
    at = next;
  }
  if (spent > move) return `That path needs ${spent} movement; these ships have ${move}.`;
  return null;
}

/** Movement spent on a legal path. */
export function pathCost(t: Table, seat: Seat, from: HexKey, path: readonly HexKey[]): number {
  let at = from;
  let spent = 0;
  for (const [i, next] of path.entries()) {
    const s = step(t, seat, at, next, false, i === 0);
    if (typeof s !== 'string') spent += s.cost;
    at = next;
  }
  return spent;
}

export interface Route {
  hex: HexKey;
  path: HexKey[];
  steps: number;
}

/** `entered`: the ship entered `from` during this move (whipped out of a rift), so a wormhole there is free. */
function model(t: Table, seat: Seat, passage: boolean, entered = false): MovementModel {
  const jump = ignoresRifts(t, seat);
  const passes = passesShips(t, seat);
  return {
    stops: (_hex: Hex, tile: TileDef, key: HexKey) =>
      (tile.anomaly === 'gravity-rift' && !jump) ||
      (!passes && stopsMovement(t, seat, key) && !(passage && onlyPlayersShips(t, key))),
    cost: (_from: Hex, _to: Hex, fromTile: TileDef | undefined) =>
      fromTile?.anomaly === 'gravity-rift' ? 0 : 1,
    asteroids: passesAsteroids(t, seat) ? 'pass-through' : 'blocked',
    wormholes: 'same-type',
    wormholeJumpCost: RULE_CONSTANTS.wormholeJumpCost,
    wormholeStartCost: entered ? RULE_CONSTANTS.wormholeJumpCost : 1,
  };
}

/** Every system ships with `move` movement can end a move in from `from`, with one shortest path. */
export function routesFrom(
  t: Table,
  seat: Seat,
  from: HexKey,
  move: number,
  passage = false,
  entered = false,
): Route[] {
  const start = hexKey(parseHexKey(from));
  return reachableKeys(t.galaxy, start, move, model(t, seat, passage, entered)).map((r) => ({
    hex: r.key,
    path: r.path,
    steps: r.steps,
  }));
}

/** OR-4.2: the board sides a ship in this rift may leave through after rolling `roll`. */
export function riftSides(t: Table, seat: Seat, rift: HexKey, roll: number): Side[] {
  const sides: Side[] = roll >= RULE_CONSTANTS.gravityRiftFreeExitMin ? [1, 2, 3, 4, 5, 6] : [];
  if (sides.length === 0 && roll >= 1 && roll <= 6) sides.push(roll as Side);
  return sides.filter((side) => {
    const target = riftExit(t.galaxy, parseHexKey(rift), side);
    if (target === undefined) return false;
    return tileAt(t, hexKey(target))?.anomaly !== 'asteroid-field' || passesAsteroids(t, seat);
  });
}

/** The hex across a board side (1 = top, clockwise), on the board or not. */
export function sideTarget(hex: HexKey, side: Side): HexKey {
  return hexKey(neighbourAt(parseHexKey(hex), side));
}

/**
 * Where a ship leaving the rift through `side` can end its move: the system
 * whipped into, and on from there with its whole movement (the exit is free).
 */
export function routesThroughSide(
  t: Table,
  seat: Seat,
  rift: HexKey,
  side: Side,
  move: number,
): Route[] {
  const target = riftExit(t.galaxy, parseHexKey(rift), side);
  if (target === undefined) return [];
  const first = hexKey(target);
  const s = step(t, seat, rift, first);
  if (typeof s === 'string') return [];
  const out: Route[] = s.passOnly ? [] : [{ hex: first, path: [first], steps: 0 }];
  if (s.stops) return out;
  for (const r of routesFrom(t, seat, first, move, false, true)) {
    if (r.hex === rift || r.path.includes(rift)) continue;
    out.push({ hex: r.hex, path: [first, ...r.path], steps: r.steps });
  }
  return out;
}
