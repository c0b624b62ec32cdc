import type { HexKey, Side } from '@outer-rim/map';
import type { Action, ActionOf } from '../actions/schema.js';
import { n, spaceUnits } from '../combat/forces.js';
import { combatBusy, combatOf, setCombat, turnsOf, type TurnsPhase } from '../combat/state.js';
import { ruleError, type RuleError } from '../errors.js';
import type { Decision } from '../decision.js';
import { applyRiftExit, applyRiftStay, moveFleet } from '../movement/apply-move.js';
import { riftChoiceLegal } from '../movement/legal.js';
import {
  checkPath,
  ignoresRifts,
  isRift,
  moveValue,
  movementOf,
  routesFrom,
  sideTarget,
  tileAt,
} from '../movement/rules.js';
import { riftDecisions } from '../movement/segment.js';
import { leaderShipsProblem } from '../leaders/windows.js';
import type { Draft } from '../state/draft.js';
import type { Seat, Table } from '../state/types.js';
import { hasTech } from './owned.js';
import { rollRiftExits } from '../movement/rift-fleet.js';

/**
 * BG-9 Strategic Mathematics: after a space battle the active player wins
 * against ships, up to half (rounded down) of its Cruisers there may move on
 * with their move value, in the Space Battle segment, as a choice
 * (`use-technology`). Ships they meet there are fought in this segment; PDS
 * there fire at them (they ended a move there). Out of a Gravity Rift each
 * of them rolls first (OR-4.2): those whose roll does not lead along the
 * chosen path stay; out of a Nebula they entered this turn none goes (OR-4.1).
 * Into a Gravity Rift they go as any move does (movement/apply-move.ts): each
 * rolls at once and, once out, goes on with the movement it has left; one
 * that stays ends its move there (OR-4.2). The leaders' Cruiser goes along
 * when its owner names it (`leaderShips`; out of a rift it rolls first) or
 * as the last Cruiser there (OR-6.2).
 */

export function recordPursuit(d: Draft, hex: HexKey, seat: Seat): void {
  if (!hasTech(d.s, seat, 'strategic-mathematics')) return;
  const cruisers = Math.floor(n(spaceUnits(d.s, hex, seat), 'cruiser') / 2);
  if (cruisers === 0) return;
  const c = combatOf(turnsOf(d));
  setCombat(d, { ...c, pursuit: { ...c.pursuit, [hex]: cruisers } });
}

/** OR-4.1: "No technology can avert this hindrance": Cruisers that entered a Nebula this turn stay. */
function enteredNebula(t: Table, phase: TurnsPhase, hex: HexKey): number {
  if (tileAt(t, hex)?.anomaly !== 'nebula') return 0;
  return movementOf(phase).moved[hex]?.cruiser ?? 0;
}

const NEBULA_STOPS =
  'A ship that entered a Nebula this turn stops there: no technology moves it on (OR-4.1).';

function pursuers(t: Table, phase: TurnsPhase, seat: Seat, hex: HexKey): number {
  const allowed = phase.combat?.pursuit?.[hex] ?? 0;
  const free = n(spaceUnits(t, hex, seat), 'cruiser') - enteredNebula(t, phase, hex);
  return Math.max(0, Math.min(allowed, free));
}

export function pursuitLegal(t: Table, phase: TurnsPhase, seat: Seat): Action[] {
  if (seat !== phase.active || phase.segment !== 'space-battle' || combatBusy(phase)) return [];
  const out: Action[] = [];
  for (const hex of Object.keys(phase.combat?.pursuit ?? {}) as HexKey[]) {
    const max = pursuers(t, phase, seat, hex);
    if (max === 0) continue;
    for (const r of routesFrom(t, seat, hex, moveValue(t, seat, 'cruiser', hex))) {
      for (const count of max > 1 ? [1, max] : [1])
        out.push({
          type: 'use-technology',
          technology: 'strategic-mathematics',
          hex,
          path: r.path,
          count,
        });
    }
  }
  return out;
}

/** Applies the move on; `fight` then runs the segment's fights (combat/segment.ts `advance`). */
export function applyPursuit(
  d: Draft,
  phase: TurnsPhase,
  seat: Seat,
  a: ActionOf<'use-technology'>,
  fight: (d: Draft, hex: HexKey) => void,
): RuleError | null {
  const illegal = (msg: string): RuleError => ruleError('ILLEGAL_ACTION', msg);
  if (!hasTech(d.s, seat, 'strategic-mathematics'))
    return illegal('You do not have Strategic Mathematics.');
  if (seat !== phase.active) return ruleError('NOT_YOUR_DECISION', 'It is not your turn.');
  if (combatBusy(phase)) return illegal('Finish the fight in progress first.');
  const { hex, path, count } = a;
  if (hex === undefined || path === undefined || count === undefined)
    return illegal('Name the system, the path and how many Cruisers move on.');
  const max = pursuers(d.s, phase, seat, hex);
  if (max === 0 && (phase.combat?.pursuit?.[hex] ?? 0) > 0 && enteredNebula(d.s, phase, hex) > 0)
    return illegal(NEBULA_STOPS);
  if (max === 0) return illegal('No Cruisers of yours may move on from there.');
  if (count > max) return illegal(`Only ${max} Cruiser${max === 1 ? '' : 's'} may move on.`);
  const problem = checkPath(d.s, seat, hex, path, moveValue(d.s, seat, 'cruiser', hex));
  if (problem !== null) return illegal(problem);
  const to = path[path.length - 1];
  if (to === undefined) return illegal('A move needs a destination.');
  // OR-6.2: the leaders' Cruiser goes when named (or as the last Cruiser there).
  const named = a.leaderShips ?? [];
  const leaderProblem = leaderShipsProblem(d.s, seat, hex, { cruiser: count }, named);
  if (leaderProblem !== null) return illegal(leaderProblem);
  d.emit({ type: 'technology-used', seat, technology: 'strategic-mathematics' });
  // OR-4.2: out of a rift each Cruiser rolls; those whose roll does not lead along the path stay.
  const first = path[0] ?? to;
  // The leaders' Cruiser, when named, rolls first.
  const rolls = rollRiftExits(d, seat, hex, first, { cruiser: count });
  const leaderGoes = named.includes('cruiser') && rolls[0]?.allowed !== false;
  const held = rolls.filter((r) => !r.allowed);
  for (const r of held) {
    d.emit({
      type: 'ship-stayed',
      seat,
      hex,
      unit: r.unit,
      reason: 'its roll does not lead along the chosen path',
    });
  }
  const going = count - held.length;
  const c = combatOf(phase);
  const left = (c.pursuit?.[hex] ?? 0) - count;
  const { [hex]: _done, ...rest } = c.pursuit ?? {};
  const pursuit = left > 0 ? { ...rest, [hex]: left } : rest;
  setCombat(d, { ...c, pursuit });
  if (going === 0) return null;
  // BG-5 / OR-4.2 / OR-6.2: the Cruisers move as any fleet does (movement/apply-move.ts): leaders
  // aboard the last of them go along, and a rift they enter rolls for each at once.
  const side = isRift(d.s, hex) && !ignoresRifts(d.s, seat) ? sideTowards(hex, first) : undefined;
  moveFleet(d, turnsOf(d), seat, {
    from: hex,
    path,
    ships: { cruiser: going },
    load: [],
    ...(side === undefined ? {} : { riftSide: side }),
    ...(leaderGoes ? { leaderShips: ['cruiser'] as const } : {}),
  });
  // A ship still rolling or choosing in the rift has not ended its move: the fights wait for it.
  if (movementOf(turnsOf(d)).rift === undefined) fight(d, to);
  else queueFight(d, to);
  return null;
}

/** The board side of `hex` that faces the adjacent `next`. */
function sideTowards(hex: HexKey, next: HexKey): Side | undefined {
  return SIDES.find((side) => sideTarget(hex, side) === next);
}

const SIDES: readonly Side[] = [1, 2, 3, 4, 5, 6];

/** A fight where the pursuit ends, run once no pursuing ship waits in a rift. */
function queueFight(d: Draft, hex: HexKey): void {
  const c = combatOf(turnsOf(d));
  if (!c.queue.includes(hex)) setCombat(d, { ...c, queue: [...c.queue, hex] });
}

/**
 * OR-4.2: a pursuing Cruiser that entered a rift rolled there and waits for
 * its owner's choice in the Space Battle segment, as after an ordinary move
 * (`riftDecisions`, `riftChoiceLegal`, movement/apply-move.ts). Each leaves or
 * stays in turn; the fights where they end run once none waits.
 */
export function pursuitRiftDecisions(t: Table, phase: TurnsPhase): Decision[] {
  return riftDecisions(t, phase);
}

export function pursuitRiftLegal(t: Table, phase: TurnsPhase, seat: Seat): Action[] {
  return riftChoiceLegal(t, phase, seat);
}

export function pursuitRiftWaits(phase: TurnsPhase): string | null {
  return movementOf(phase).rift === undefined ? null : RIFT_WAITS;
}

const RIFT_WAITS = 'A ship in the Gravity Rift waits for your choice: leave or stay (OR-4.2).';

export function applyPursuitRift(
  d: Draft,
  phase: TurnsPhase,
  seat: Seat,
  a: ActionOf<'rift-exit'> | ActionOf<'rift-stay'>,
  fight: (d: Draft, hex: HexKey) => void,
): RuleError | null {
  if (seat !== phase.active) return ruleError('NOT_YOUR_DECISION', 'It is not your turn.');
  const pending = movementOf(phase).rift;
  if (pending === undefined) return ruleError('ILLEGAL_ACTION', 'No ship waits to leave a rift.');
  const error =
    a.type === 'rift-exit' ? applyRiftExit(d, phase, seat, a) : applyRiftStay(d, phase, seat);
  if (error !== null) return error;
  queueFight(d, a.type === 'rift-exit' ? (a.path[a.path.length - 1] ?? pending.hex) : pending.hex);
  if (movementOf(turnsOf(d)).rift !== undefined) return null;
  // The last ship has left or stayed: the fights where the pursuit ended run now.
  const c = combatOf(turnsOf(d));
  setCombat(d, { ...c, queue: [] });
  for (const hex of c.queue) fight(d, hex);
  return null;
}
