import { adjacentKeys, type HexKey } from '@outer-rim/map';
import { n, rollFor, spaceUnits } from '../combat/forces.js';
import type { Draft } from '../state/draft.js';
import type { Owner, Seat, Table } from '../state/types.js';
import { systemName } from '../views/names.js';
import { hasTech } from './owned.js';

/**
 * BG-9 technologies of the Space Battle segment's opening step (the PDS
 * fire, before round 1; no return fire):
 * - Deep Space Cannon: the owner's PDS also fire into the adjacent systems;
 * - Assault Cannon: the owner's Dreadnoughts fire once before the battle.
 */

export interface PdsBattery {
  planet: string;
  owner: Owner;
  pds: number;
  /** The PDS stand in an adjacent system and fire in through Deep Space Cannon. */
  adjacent: boolean;
}

function pdsIn(t: Table, hex: HexKey, adjacent: boolean): PdsBattery[] {
  const out: PdsBattery[] = [];
  for (const [planet, groups] of Object.entries(t.units[hex]?.planets ?? {})) {
    for (const g of groups) {
      const pds = n(g.units, 'pds');
      if (pds > 0) out.push({ planet, owner: g.owner, pds, adjacent });
    }
  }
  return out;
}

/** Every PDS that may fire at ships in `hex`: its own, and Deep Space Cannon PDS next to it. */
export function pdsFiringAt(t: Table, hex: HexKey): PdsBattery[] {
  const out = pdsIn(t, hex, false);
  for (const k of adjacentKeys(hex)) {
    for (const p of pdsIn(t, k, true)) if (hasTech(t, p.owner, 'deep-space-cannon')) out.push(p);
  }
  return out;
}

/** Whether `pdsFiringAt(t, hex)` holds a battery of an owner other than `seat`, the first found. */
export function othersPdsFireAt(t: Table, hex: HexKey, seat: Seat): boolean {
  if (othersPdsIn(t, hex, seat, false)) return true;
  // Only another player with Deep Space Cannon fires in from next door.
  if (!t.players.some((_, s) => s !== seat && hasTech(t, s, 'deep-space-cannon'))) return false;
  for (const k of adjacentKeys(hex)) if (othersPdsIn(t, k, seat, true)) return true;
  return false;
}

/** A PDS of an owner other than `seat` in `hex` (beside it: only with Deep Space Cannon). */
function othersPdsIn(t: Table, hex: HexKey, seat: Seat, adjacent: boolean): boolean {
  const planets = t.units[hex]?.planets;
  if (planets === undefined) return false;
  for (const planet in planets) {
    for (const g of planets[planet] ?? []) {
      if (g.owner === seat || n(g.units, 'pds') === 0) continue;
      if (!adjacent || hasTech(t, g.owner, 'deep-space-cannon')) return true;
    }
  }
  return false;
}

/**
 * Assault Cannon: each side's Dreadnoughts roll once before round 1, with
 * their combat value; the hits are owed by the other side.
 */
export function assaultCannonHits(
  d: Draft,
  hex: HexKey,
  attacker: Seat,
  defender: Owner,
): { owner: Owner; hits: number }[] {
  const out: { owner: Owner; hits: number }[] = [];
  for (const [side, other] of [
    [attacker, defender],
    [defender, attacker],
  ] as const) {
    if (!hasTech(d.s, side, 'assault-cannon')) continue;
    const dreadnoughts = n(spaceUnits(d.s, hex, side), 'dreadnought');
    if (dreadnoughts === 0) continue;
    const { hits } = rollFor(
      d,
      `Assault Cannon before the battle in ${systemName(hex, d.s.galaxy)}`,
      side,
      { dreadnought: dreadnoughts },
      ['dreadnought'],
      'space-battle',
    );
    if (hits > 0) {
      d.emit({
        type: 'hits-scored',
        hex,
        by: side,
        against: other,
        hits,
        reason: 'Assault Cannon',
      });
    }
    out.push({ owner: other, hits });
  }
  return out;
}
