import type { Action } from '../actions/schema.js';
import { RULE_CONSTANTS } from '../content/constants.js';
import { ruleError, type RuleError } from '../errors.js';
import { countIn } from '../state/board.js';
import type { Draft } from '../state/draft.js';
import type { Seat, Table } from '../state/types.js';

/**
 * OR-6.2 Scientist, Leader Table: "A player may purchase one P.D.S unit per
 * turn for only 5 credits on a planet containing a Spacedock and a
 * Scientist."
 *
 * When (decision, OR-6.2): in the Purchase Units phase, beside the other
 * purchases (research/outer-rim-facts.md: "during Purchase Units; placed with
 * other new units") — a "turn" of the rulebook being a game round, that is
 * once per round. `purchase-scientist-pds` names the planet: the owner's,
 * with its Spacedock and its own active Scientist on it. The PDS waits off
 * the board like every purchase, counts against what the Spacedocks may
 * place this round, and appears on that planet as Place New Units begins
 * (using one of that dock's places), or is lost if the planet or its
 * Spacedock is gone by then. Cancelling purchases gives the 5 credits back.
 */

const C = RULE_CONSTANTS;

/** Planets where `seat` may buy the Scientist's PDS now (none once bought this round). */
export function scientistPdsPlanets(t: Table, seat: Seat): string[] {
  const p = t.players[seat];
  if (!t.options.leaders || p === undefined || p.scientistPds !== undefined) return [];
  if (p.credits < C.scientistPdsCost) return [];
  const planets = p.leaders
    .filter((l) => l.type === 'scientist' && l.status === 'active' && l.planet !== undefined)
    .map((l) => l.planet as string);
  return [...new Set(planets)].filter((name) => {
    const where = t.planets[name];
    if (where?.owner !== seat) return false;
    return countIn(t.units[where.hex]?.planets[name], seat, 'spacedock') > 0;
  });
}

export function scientistPdsLegal(t: Table, seat: Seat, room: number): Action[] {
  if (room <= 0) return [];
  return scientistPdsPlanets(t, seat).map((planet) => ({
    type: 'purchase-scientist-pds' as const,
    planet,
  }));
}

/** The purchase (the Spacedocks' room for it checked by the caller). */
export function buyScientistPds(d: Draft, seat: Seat, planet: string): RuleError | null {
  if (!scientistPdsPlanets(d.s, seat).includes(planet)) {
    const p = d.s.players[seat];
    return ruleError(
      'ILLEGAL_ACTION',
      p?.scientistPds !== undefined
        ? 'You have bought the Scientist’s PDS this round already.'
        : (p?.credits ?? 0) < C.scientistPdsCost
          ? `The Scientist’s PDS costs ${String(C.scientistPdsCost)} credits; you have ${String(p?.credits ?? 0)}.`
          : 'The Scientist’s PDS is bought on your planet with a Spacedock and your Scientist.',
    );
  }
  const w = d.player(seat);
  w.credits -= C.scientistPdsCost;
  w.scientistPds = planet;
  d.emit({
    type: 'units-purchased',
    seat,
    unit: 'pds',
    count: 1,
    cost: C.scientistPdsCost,
    planet,
  });
  return null;
}

/** Cancelling purchases: the credits it cost, and the order gone. */
export function cancelScientistPds(d: Draft, seat: Seat): number {
  if (d.s.players[seat]?.scientistPds === undefined) return 0;
  delete d.player(seat).scientistPds;
  return C.scientistPdsCost;
}

/** As Place New Units begins: each PDS appears on its planet; returns the docks' places used. */
export function placeScientistPds(d: Draft): Record<string, number> {
  const used: Record<string, number> = {};
  d.s.players.forEach((p, seat) => {
    const planet = p.scientistPds;
    if (planet === undefined) return;
    delete d.player(seat).scientistPds;
    const where = d.s.planets[planet];
    if (
      where?.owner !== seat ||
      countIn(d.s.units[where.hex]?.planets[planet], seat, 'spacedock') === 0
    ) {
      d.emit({ type: 'units-lost', seat, unit: 'pds', count: 1, reason: 'planet lost' });
      return;
    }
    d.addUnits(where.hex, planet, seat, 'pds', 1);
    d.emit({ type: 'unit-placed', owner: seat, unit: 'pds', hex: where.hex, planet });
    used[planet] = (used[planet] ?? 0) + 1;
  });
  return used;
}
