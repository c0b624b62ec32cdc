import type { HexKey } from '@outer-rim/map';
import type { Action, ActionOf } from '../actions/schema.js';
import { combatBusy } from '../combat/state.js';
import { UNITS } from '../content/units.js';
import { ruleError, type RuleError } from '../errors.js';
import type { Draft } from '../state/draft.js';
import type { TurnsPhase } from '../state/phase.js';
import type { LeaderState, Seat, Table } from '../state/types.js';
import {
  LEADER_SHIPS,
  findLeader,
  leadersAt,
  placeLeader,
  shipsOfType,
  troopsOn,
  type ShipType,
} from './fates.js';

/**
 * OR-6.2 movement windows, and only these:
 * - the leaders-board segment just before Movement: planet → ship, or ship →
 *   ship of another kind, in one system (`board-leader`), Fighters included;
 * - aboard, a leader goes wherever its ship goes: the one ship of its kind
 *   its owner names among the ships that move, or the last of its kind
 *   (`leadersFollowShips`, called by movement and withdrawal);
 * - the Invasion Combat segment: ship → friendly planet with friendly
 *   troops in the system (`land-leader`), or with an invasion's landing
 *   (`land.leaders`) onto the planet invaded, then fighting and capturable.
 */

function illegal(message: string): RuleError {
  return ruleError('ILLEGAL_ACTION', message);
}

function ownLeader(t: Table, seat: Seat, id: string) {
  const ref = findLeader(t, id);
  if (ref?.owner !== seat || ref.leader.status !== 'active' || ref.leader.hex === undefined)
    return null;
  return ref.leader;
}

export function boardProblem(t: Table, seat: Seat, a: ActionOf<'board-leader'>): string | null {
  return boardProblemOf(t, seat, ownLeader(t, seat, a.leader), a.ship);
}

/** `boardProblem` for the leader `ownLeader` found. */
function boardProblemOf(
  t: Table,
  seat: Seat,
  l: LeaderState | null,
  ship: ActionOf<'board-leader'>['ship'],
): string | null {
  if (l?.hex === undefined) return 'That is none of your leaders on the board.';
  if (l.ship === ship) return 'The leader is aboard that type of ship already.';
  if (shipsOfType(t, seat, l.hex, ship) === 0) return 'You have no such ship in its system.';
  return null;
}

export function boardOptions(t: Table, seat: Seat): Action[] {
  const out: Action[] = [];
  for (const l of t.players[seat]?.leaders ?? []) {
    if (l.status !== 'active' || l.hex === undefined) continue;
    const own = ownLeader(t, seat, l.id);
    for (const ship of LEADER_SHIPS) {
      if (boardProblemOf(t, seat, own, ship) === null)
        out.push({ type: 'board-leader' as const, leader: l.id, ship });
    }
  }
  return out;
}

export function landLeaderProblem(t: Table, seat: Seat, a: ActionOf<'land-leader'>): string | null {
  const l = ownLeader(t, seat, a.leader);
  if (l?.hex === undefined || l.ship === undefined)
    return 'That leader is aboard none of your ships.';
  if (t.planets[a.planet]?.hex !== l.hex) return `${a.planet} is not in the leader's system.`;
  if (t.planets[a.planet]?.owner !== seat || troopsOn(t, seat, l.hex, a.planet) === 0)
    return 'A leader lands only on a friendly planet with friendly Ground Forces (or with an invasion).';
  return null;
}

export function landLeaderOptions(t: Table, seat: Seat): Action[] {
  const out: Action[] = [];
  for (const l of t.players[seat]?.leaders ?? []) {
    if (l.status !== 'active' || l.hex === undefined || l.ship === undefined) continue;
    for (const [name, p] of Object.entries(t.planets)) {
      if (p.hex !== l.hex) continue;
      const a = { type: 'land-leader' as const, leader: l.id, planet: name };
      if (landLeaderProblem(t, seat, a) === null) out.push(a);
    }
  }
  return out;
}

/** The leaders-board segment's hooks (phases/turn-segments.ts). */
export const LEADERS_BOARD_SEGMENT = {
  legal: (t: Table, phase: TurnsPhase, seat: Seat): Action[] =>
    seat === phase.active ? boardOptions(t, seat) : [],
  apply: (d: Draft, phase: TurnsPhase, seat: Seat, a: Action): RuleError | null | undefined => {
    if (a.type !== 'board-leader') return undefined;
    if (seat !== phase.active) return ruleError('NOT_YOUR_DECISION', 'It is not your turn.');
    const problem = boardProblem(d.s, seat, a);
    if (problem !== null) return illegal(problem);
    const l = ownLeader(d.s, seat, a.leader);
    if (l?.hex === undefined) return illegal('That is none of your leaders on the board.');
    placeLeader(d, seat, l, l.hex, { ship: a.ship });
    return null;
  },
};

/** Invasion Combat: landing a leader on a friendly planet, between fights. */
export function landLeaderLegal(t: Table, phase: TurnsPhase, seat: Seat): Action[] {
  if (phase.segment !== 'invasion-combat' || seat !== phase.active || combatBusy(phase)) return [];
  return landLeaderOptions(t, seat);
}

export function applyLandLeader(
  d: Draft,
  phase: TurnsPhase,
  seat: Seat,
  a: ActionOf<'land-leader'>,
): RuleError | null {
  if (seat !== phase.active) return ruleError('NOT_YOUR_DECISION', 'It is not your turn.');
  if (combatBusy(phase)) return illegal('Finish the fight in progress first.');
  const problem = landLeaderProblem(d.s, seat, a);
  if (problem !== null) return illegal(problem);
  const l = ownLeader(d.s, seat, a.leader);
  if (l?.hex === undefined) return illegal('That leader is aboard none of your ships.');
  placeLeader(d, seat, l, l.hex, { planet: a.planet });
  return null;
}

/** Leaders that may go down with a landing on `planet` (aboard the lander's ships there). */
export function invadingLeaderProblem(
  t: Table,
  seat: Seat,
  hex: HexKey,
  leaders: readonly string[],
  troops: number,
): string | null {
  if (leaders.length === 0) return null;
  if (troops === 0) return 'Leaders land on an enemy planet only with Ground or Shock Forces.';
  const generals = leaders.filter((id) => ownLeader(t, seat, id)?.type === 'general');
  if (generals.length > 1) return 'Only one General may join one attack or defence (OR-6.2).';
  for (const id of leaders) {
    const l = ownLeader(t, seat, id);
    if (l?.ship === undefined || l.hex !== hex)
      return 'Only your leaders aboard ships there may land.';
  }
  return null;
}

export function landInvadingLeaders(
  d: Draft,
  seat: Seat,
  hex: HexKey,
  planet: string,
  leaders: readonly string[],
): void {
  for (const id of leaders) {
    const l = ownLeader(d.s, seat, id);
    if (l !== null) placeLeader(d, seat, l, hex, { planet });
  }
}

/**
 * Aboard, a leader is on one distinguished ship of its kind (fates.ts): it
 * goes with a move (after the ships have left `from`) that names its ship
 * (`named`) or leaves none of its kind behind.
 */
export function leadersFollowShips(
  d: Draft,
  seat: Seat,
  from: HexKey,
  to: HexKey,
  moved: Partial<Record<ShipType, number | undefined>>,
  named: readonly ShipType[] = [],
): void {
  if (from === to) return;
  for (const l of leadersAt(d.s, seat, from, null)) {
    if (l.ship === undefined || (moved[l.ship] ?? 0) === 0) continue;
    if (shipsOfType(d.s, seat, from, l.ship) > 0 && !named.includes(l.ship)) continue;
    placeLeader(d, seat, l, to, { ship: l.ship });
  }
}

/**
 * OR-6.2: the leaders' ship of `kind` at `hex` is among `count` ships of
 * that kind (moving, lost): all of them, or its owner named it.
 */
export function leaderShipAmong(
  t: Table,
  seat: Seat,
  hex: HexKey,
  kind: ShipType,
  count: number,
  named: readonly ShipType[],
): boolean {
  if (count <= 0 || !leadersAt(t, seat, hex, null).some((l) => l.ship === kind)) return false;
  return count >= shipsOfType(t, seat, hex, kind) || named.includes(kind);
}

/** Why `named` cannot name leaders' ships among `counts` of `seat`'s ships at `hex`; null when it can. */
export function leaderShipsProblem(
  t: Table,
  seat: Seat,
  hex: HexKey,
  counts: Partial<Record<ShipType, number | undefined>>,
  named: readonly ShipType[],
): string | null {
  for (const kind of named) {
    const name = UNITS[kind].name;
    if ((counts[kind] ?? 0) === 0)
      return `No ${name} is among the ships named, so no leader's ${name} can be (OR-6.2).`;
    if (!leadersAt(t, seat, hex, null).some((l) => l.ship === kind))
      return `No leader of yours is aboard a ${name} there (OR-6.2).`;
  }
  return null;
}

/**
 * legalActions: each landing of troops on a planet the lander does not hold
 * is offered once more with every leader aboard its ships there going down
 * with them (the other subsets are legal too; the list stays short).
 */
export function withInvadingLeaders(t: Table, seat: Seat, actions: Action[]): Action[] {
  const out: Action[] = [];
  for (const a of actions) {
    out.push(a);
    if (a.type !== 'land' || a.groundForces + a.shockForces === 0) continue;
    if (t.planets[a.planet]?.owner === seat) continue;
    // OR-6.2: only one General may join one attack: a second is not offered.
    const firstGeneral = leadersAt(t, seat, a.hex, null).find(
      (l) => l.ship !== undefined && l.type === 'general',
    );
    const aboard = leadersAt(t, seat, a.hex, null).filter(
      (l) => l.ship !== undefined && (l.type !== 'general' || l === firstGeneral),
    );
    if (aboard.length > 0) out.push({ ...a, leaders: aboard.map((l) => l.id) });
  }
  return out;
}

/**
 * legalActions, OR-6.2: each fleet move, way out of a rift, Strategic
 * Mathematics pursuit and space casualty choice that names some but not all
 * ships of a kind carrying the mover's leaders is offered once more with the
 * leaders' ship among them (`leaderShips`).
 */
export function withLeaderShips(
  t: Table,
  seat: Seat,
  battleHex: HexKey | undefined,
  actions: Action[],
): Action[] {
  // The kinds of ship the seat's active leaders are aboard, by system: nothing to name elsewhere.
  const aboard = new Map<HexKey, Set<ShipType>>();
  for (const l of t.players[seat]?.leaders ?? []) {
    if (l.status !== 'active' || l.hex === undefined || l.planet !== undefined) continue;
    if (l.ship === undefined) continue;
    const kinds = aboard.get(l.hex);
    if (kinds === undefined) aboard.set(l.hex, new Set([l.ship]));
    else kinds.add(l.ship);
  }
  if (aboard.size === 0) return actions;
  const out: Action[] = [];
  const variant = (hex: HexKey, counts: Partial<Record<ShipType, number | undefined>>) => {
    const kinds = aboard.get(hex);
    if (kinds === undefined) return [];
    return LEADER_SHIPS.filter((kind) => {
      const n = counts[kind] ?? 0;
      return n > 0 && kinds.has(kind) && n < shipsOfType(t, seat, hex, kind);
    });
  };
  const rift = t.phase.name === 'individual-turns' ? t.phase.movement?.rift : undefined;
  for (const a of actions) {
    out.push(a);
    if (a.type === 'rift-exit' && rift !== undefined) {
      // OR-4.2: the one ship leaving the rift, and the Fighters it takes from there.
      const fighters = (a.load ?? [])
        .filter((l) => l.hex === rift.hex && l.planet === undefined && l.unit === 'fighter')
        .reduce((n, l) => n + l.count, 0);
      for (const kind of variant(rift.hex, { [rift.unit]: 1, fighter: fighters }))
        out.push({ ...a, leaderShips: [kind] });
    } else if (
      a.type === 'use-technology' &&
      a.technology === 'strategic-mathematics' &&
      a.hex !== undefined
    ) {
      for (const kind of variant(a.hex, { cruiser: a.count ?? 0 }))
        out.push({ ...a, leaderShips: [kind] });
    } else if (a.type === 'move' && aboard.has(a.from)) {
      const fighters = (a.load ?? [])
        .filter((l) => l.hex === a.from && l.planet === undefined && l.unit === 'fighter')
        .reduce((n, l) => n + l.count, 0);
      for (const kind of variant(a.from, { ...a.ships, fighter: fighters }))
        out.push({ ...a, leaderShips: [kind] });
    } else if (a.type === 'choose-casualties' && battleHex !== undefined) {
      for (const kind of variant(battleHex, a.losses)) out.push({ ...a, leaderShips: [kind] });
    }
  }
  return out;
}
