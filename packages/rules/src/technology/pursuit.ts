import type { HexKey } from '@outer-rim/map';
import type { Action, ActionOf } from '../actions/schema.js';
import { n, spaceUnits } from '../combat/forces.js';
import { combatBusy, combatOf, setCombat, turnsOf, type TurnsPhase } from '../combat/state.js';
import { ruleError, type RuleError } from '../errors.js';
import { checkPath, moveValue, movementOf, routesFrom, tileAt } from '../movement/rules.js';
import type { Draft } from '../state/draft.js';
import type { Seat, Table } from '../state/types.js';
import { hasTech } from './owned.js';
import { leadersFollowShips } from '../leaders/windows.js';
import { rollRiftExits } from '../movement/rift-fleet.js';

/**
 * BG-9 Strategic Mathematics: after a space battle the active player wins
 * against ships, up to half (rounded down) of its Cruisers there may move on
 * with their move value, in the Space Battle segment, as a choice
 * (`use-technology`). Ships they meet there are fought in this segment; PDS
 * there fire at them (they ended a move there). Out of a Gravity Rift each
 * of them rolls first (OR-4.2): those whose roll does not lead along the
 * chosen path stay; out of a Nebula they entered this turn none goes (OR-4.1).
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
  d.emit({ type: 'technology-used', seat, technology: 'strategic-mathematics' });
  // OR-4.2: out of a rift each Cruiser rolls; those whose roll does not lead along the path stay.
  const first = path[0] ?? to;
  const held = rollRiftExits(d, seat, hex, first, { cruiser: count }).filter((r) => !r.allowed);
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
  if (going > 0) {
    d.addUnits(hex, null, seat, 'cruiser', -going);
    d.addUnits(to, null, seat, 'cruiser', going);
    d.emit({ type: 'ships-moved', seat, from: hex, to, path, units: { cruiser: going } });
    // OR-6.2: leaders aboard the last Cruisers that left go with them.
    if (d.s.options.leaders) leadersFollowShips(d, seat, hex, to, { cruiser: going });
  }
  const c = combatOf(phase);
  const left = (c.pursuit?.[hex] ?? 0) - count;
  const { [hex]: _done, ...rest } = c.pursuit ?? {};
  const m = movementOf(phase);
  const before = path.length > 1 ? (path[path.length - 2] as HexKey) : hex;
  const came = m.cameFrom[to] ?? [];
  const pursuit = left > 0 ? { ...rest, [hex]: left } : rest;
  if (going === 0) {
    d.s.phase = { ...phase, combat: { ...c, pursuit } };
    return null;
  }
  d.s.phase = {
    ...phase,
    combat: { ...c, pursuit },
    movement: {
      ...m,
      moved: { ...m.moved, [to]: { ...m.moved[to], cruiser: (m.moved[to]?.cruiser ?? 0) + going } },
      arrived: m.arrived.includes(to) ? m.arrived : [...m.arrived, to],
      cameFrom: { ...m.cameFrom, [to]: came.includes(before) ? came : [...came, before] },
    },
  };
  fight(d, to);
  return null;
}
