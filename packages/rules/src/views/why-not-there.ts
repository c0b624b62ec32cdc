import {
  distance,
  hexKey,
  neighbourAt,
  neighbours,
  parseHexKey,
  type HexKey,
  type Side,
} from '@outer-rim/map';
import {
  movementOf,
  passesAsteroids,
  routesFrom,
  stopsMovement,
  tileAt,
} from '../movement/rules.js';
import { riftEntryWords, riftRollWords } from '../movement/rift-words.js';
import { movableCount } from '../movement/rules.js';
import { MOVING_SHIPS } from '../movement/types.js';
import type { Seat, Table } from '../state/types.js';
import { systemName } from './names.js';
import { RULE_LINES } from './why-not.js';

/** Why a system on the board is not one the player may act on now, with the rule's one line. */
export interface WhyNotThere {
  /** What stops it there, in a player's words ("Abyz / Fria is 3 moves away; …"). */
  readonly reason: string;
  /** The rule id ("OR-4.1"). */
  readonly rule: string;
  /** The rule's one line (`RULE_LINES`). */
  readonly line: string;
}

function because(reason: string, rule: string): WhyNotThere {
  return { reason, rule, line: RULE_LINES[rule] ?? '' };
}

/**
 * "Why not?" for a system during `seat`'s Movement segment: why it is not lit. With no fleet
 * chosen (`from` absent), why no ship of the seat's there may move; with a fleet at `from` moving
 * `move`, why it cannot end its move there; after a Gravity Rift roll, why the ship cannot leave
 * that way. Undefined where the system is lit (or nothing is being moved now).
 */
export function whyNotThere(
  t: Table,
  seat: Seat,
  hex: HexKey,
  fleet?: { readonly from: HexKey; readonly move: number },
): WhyNotThere | undefined {
  const phase = t.phase;
  if (phase.name !== 'individual-turns' || phase.active !== seat) return undefined;
  if (phase.segment !== 'movement') return undefined;
  const movement = movementOf(phase);
  const name = systemName(hex, t.galaxy);
  const pending = movement.rift;
  if (pending !== undefined) {
    const open = pending.sides.map((side: Side) =>
      hexKey(neighbourAt(parseHexKey(pending.hex), side)),
    );
    if (hex === pending.hex || open.includes(hex)) return undefined;
    return because(
      `After rolling ${pending.roll} the ship ${riftRollWords(pending.roll, pending.sides)}.`,
      'OR-4.2',
    );
  }
  if (fleet === undefined) return whyNoFleet(t, seat, hex, name);
  if (hex === fleet.from) return undefined;
  return whyNotReached(t, seat, fleet.from, hex, fleet.move, name);
}

function whyNoFleet(t: Table, seat: Seat, hex: HexKey, name: string): WhyNotThere | undefined {
  const phase = t.phase;
  if (phase.name !== 'individual-turns') return undefined;
  const own = (t.units[hex]?.space ?? []).find((g) => g.owner === seat)?.units ?? {};
  const ships = MOVING_SHIPS.filter((u) => (own[u] ?? 0) > 0);
  if (ships.length === 0) return because(`You have no ships in ${name} to move.`, 'BG-5');
  if (ships.some((u) => movableCount(t, phase, seat, hex, u) > 0)) return undefined;
  return because(`Your ships in ${name} have moved this turn already.`, 'BG-5');
}

function whyNotReached(
  t: Table,
  seat: Seat,
  from: HexKey,
  to: HexKey,
  move: number,
  name: string,
): WhyNotThere | undefined {
  const tile = tileAt(t, to);
  if (tile === undefined) return because('There is no system there.', 'BG-5');
  if (tile.anomaly === 'supernova') return because('No ship enters a Supernova.', 'BG-5');
  if (tile.anomaly === 'asteroid-field') {
    return passesAsteroids(t, seat)
      ? because('No ship stops in an Asteroid Field.', 'BG-5')
      : because('No ship enters an Asteroid Field without Antimass Deflectors.', 'BG-5');
  }
  // Within reach as the crow flies: what stands in the way on the straightest line is named.
  const straight = distance(parseHexKey(from), parseHexKey(to)) <= move;
  const blocked = straight ? inTheWay(t, seat, from, to) : undefined;
  if (blocked !== undefined) return blocked;
  const far = routesFrom(t, seat, from, Number.MAX_SAFE_INTEGER).find((r) => r.hex === to);
  if (far !== undefined && far.steps > move) {
    return because(`${cap(name)} is ${far.steps} moves away; these ships move ${move}.`, 'BG-5');
  }
  if (far !== undefined) return undefined;
  return (
    inTheWay(t, seat, from, to) ?? because(`No way these ships may take leads to ${name}.`, 'BG-5')
  );
}

/** The first system on the straightest line from `from` to `to` that ends or bars a move. */
function inTheWay(t: Table, seat: Seat, from: HexKey, to: HexKey): WhyNotThere | undefined {
  const target = parseHexKey(to);
  let at = from;
  for (let guard = 0; guard < 40; guard++) {
    const next = neighbours(parseHexKey(at))
      .map(hexKey)
      .sort((a, b) => distance(parseHexKey(a), target) - distance(parseHexKey(b), target))[0];
    if (next === undefined || next === to) return undefined;
    const passed = tileAt(t, next);
    const there = systemName(next, t.galaxy);
    if (passed === undefined) return undefined;
    if (passed.anomaly === 'nebula')
      return because(`A ship that enters ${there} stops there.`, 'OR-4.1');
    if (passed.anomaly === 'gravity-rift') return because(riftEntryWords(there), 'OR-4.2');
    if (passed.anomaly === 'supernova')
      return because(`The Supernova at ${there} stands in the way.`, 'BG-5');
    if (passed.anomaly === 'asteroid-field' && !passesAsteroids(t, seat))
      return because(`The Asteroid Field at ${there} stands in the way.`, 'BG-5');
    if (stopsMovement(t, seat, next))
      return because(`Other ships in ${there} end any move that enters it.`, 'BG-5');
    at = next;
  }
  return undefined;
}

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
