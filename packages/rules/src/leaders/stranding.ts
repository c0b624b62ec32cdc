import type { HexKey } from '@outer-rim/map';
import type { Load } from '../actions/schema.js';
import type { Seat, Table } from '../state/types.js';
import { leadersAt } from './fates.js';
import { shortLeaderName } from './names.js';

/**
 * OR-6.2 "[A Leader] cannot exist on a planet with no friendly Ground/Shock
 * Forces." A leader dies only when its planet's last troops are destroyed;
 * a move (or a technology) that would carry them all away is refused, and
 * never offered: the leader leaves first, in the leaders-board segment.
 */

/** The rule as a player reads it, once. */
export const STRANDING_RULE =
  'cannot exist on a planet with no friendly Ground/Shock Forces (OR-6.2)';

function names(t: Table, seat: Seat, hex: HexKey, planet: string): string | null {
  const here = leadersAt(t, seat, hex, planet);
  if (here.length === 0) return null;
  const all = here.map((l) => shortLeaderName(l.id));
  return all.length === 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all.at(-1)}`;
}

function troops(t: Table, seat: Seat, hex: HexKey, planet: string) {
  const u = t.units[hex]?.planets[planet]?.find((g) => g.owner === seat)?.units;
  return { ground: u?.['ground-force'] ?? 0, shock: u?.['shock-force'] ?? 0 };
}

/**
 * Why taking `count` Ground/Shock Forces off `planet` strands a leader of
 * `seat` there (the refusal's words), or null when one stays with it.
 */
export function strandingProblem(
  t: Table,
  seat: Seat,
  planet: string,
  count: number,
): string | null {
  const hex = t.planets[planet]?.hex;
  if (hex === undefined || count === 0) return null;
  const who = names(t, seat, hex, planet);
  if (who === null) return null;
  const { ground, shock } = troops(t, seat, hex, planet);
  if (ground + shock - count > 0) return null;
  const first = who.charAt(0).toUpperCase() + who.slice(1);
  return `${first} ${STRANDING_RULE}: leave a Ground or Shock Force on ${planet}, or move the leader aboard a ship first.`;
}

/** The first of `loads`' planets it would strand a leader on, with the reason; null when none. */
export function loadsStrandingProblem(t: Table, seat: Seat, loads: readonly Load[]): string | null {
  const taken = new Map<string, number>();
  for (const l of loads) {
    if (l.planet === undefined || (l.unit !== 'ground-force' && l.unit !== 'shock-force')) continue;
    taken.set(l.planet, (taken.get(l.planet) ?? 0) + l.count);
  }
  for (const [planet, count] of taken) {
    const problem = strandingProblem(t, seat, planet, count);
    if (problem !== null) return problem;
  }
  return null;
}

/**
 * What a load from `planet` keeps back for the leaders there: one Ground
 * Force (a Shock Force when it has none), with the words a player reads;
 * null when no leader of `seat` stands there.
 */
export function keptForLeaders(
  t: Table,
  seat: Seat,
  hex: HexKey,
  planet: string,
): { unit: 'ground-force' | 'shock-force'; reason: string } | null {
  const who = names(t, seat, hex, planet);
  if (who === null) return null;
  const { ground } = troops(t, seat, hex, planet);
  const unit = ground > 0 ? 'ground-force' : 'shock-force';
  const kind = ground > 0 ? 'Ground Force' : 'Shock Force';
  return { unit, reason: `1 ${kind} stays with ${who}: a leader ${STRANDING_RULE}.` };
}
