import type { HexKey } from '@outer-rim/map';
import { capacityOf, destroy, groupUnits, hasStasis, spaceUnits } from '../combat/forces.js';
import { heldCargo } from '../movement/rules.js';
import { embargo } from '../cards/trade.js';
import type { Draft } from '../state/draft.js';
import { planetDef, planetsOf } from '../state/board.js';
import { homeHexKey } from '../state/board.js';
import { planetsOutsideHome } from '../state/economy.js';
import type { Seat, UnitCounts, UnitKind } from '../state/types.js';
import { ARMS_REDUCTION_DREADNOUGHTS, cardOf } from './laws.js';
import type { LawInForce } from './types.js';

/**
 * BG-8 results that happen once, when a card resolves: the one-shot cards,
 * the one-time part of a law (Arms Reduction's scrapping), and the repeal
 * of a law that loses its Revote.
 */

/** Expansion Suppression: planets a player may keep outside its home system. */
export const EXPANSION_LIMIT = 4;

export function politics(d: Draft): { deck: string[]; discard: string[]; laws: LawInForce[] } {
  return d.s.politics ?? { deck: [], discard: [], laws: [] };
}

export function toDiscard(d: Draft, card: string): void {
  const p = politics(d);
  d.s.politics = { ...p, discard: [...p.discard, card] };
}

export function enactLaw(d: Draft, law: LawInForce): void {
  const p = politics(d);
  d.s.politics = { ...p, laws: [...p.laws, law] };
  const base = { type: 'law-enacted' as const, card: law.card };
  const elected =
    law.elected === undefined
      ? undefined
      : 'player' in law.elected
        ? `player:${law.elected.player}`
        : `planet:${law.elected.planet}`;
  d.emit({
    ...base,
    ...(law.expires === undefined ? {} : { expires: law.expires }),
    ...(elected === undefined ? {} : { elected }),
  });
  if (cardOf(law.card)?.id === 'arms-reduction') scrapDreadnoughts(d);
  if (
    cardOf(law.card)?.id === 'trade-embargo' &&
    law.elected !== undefined &&
    'player' in law.elected
  ) {
    embargo(d, law.elected.player);
  }
}

export function repealLaw(d: Draft, card: string, reason: string): void {
  const p = politics(d);
  d.s.politics = {
    ...p,
    laws: p.laws.filter((l) => l.card !== card),
    discard: [...p.discard, card],
  };
  d.emit({ type: 'law-repealed', card, reason });
}

/** Laws whose duration is over leave play at the start of the Political phase (Truces). */
export function expireLaws(d: Draft): void {
  for (const law of politics(d).laws) {
    if (law.expires !== undefined && d.s.round >= law.expires) {
      repealLaw(d, law.card, 'its time is over');
    }
  }
}

/**
 * Arms Reduction: every player scraps its Dreadnoughts beyond 2. Which
 * ones is our decision: the board is read hex by hex in key order and the
 * first two found are kept (with Stasis Capsules a Ground Force aboard a
 * scrapped Dreadnought that no other ship can hold is lost with it).
 */
function scrapDreadnoughts(d: Draft): void {
  for (let seat = 0; seat < d.s.players.length; seat++) {
    let kept = 0;
    for (const hex of (Object.keys(d.s.units) as HexKey[]).sort()) {
      const have = groupUnits(d.s.units[hex]?.space, seat).dreadnought ?? 0;
      if (have === 0) continue;
      const keep = Math.min(have, ARMS_REDUCTION_DREADNOUGHTS - kept);
      kept += keep;
      if (have > keep) {
        d.addUnits(hex, null, seat, 'dreadnought', keep - have);
        d.emit({
          type: 'units-lost',
          seat,
          unit: 'dreadnought',
          count: have - keep,
          reason: 'scrapped under Arms Reduction',
        });
        dropStasisCargo(d, hex, seat);
      }
    }
  }
}

/**
 * BG-9 Stasis Capsules: a scrapped Dreadnought held a Ground Force; the
 * Ground and Shock Forces left with no place aboard are lost with it.
 */
function dropStasisCargo(d: Draft, hex: HexKey, seat: Seat): void {
  const left = spaceUnits(d.s, hex, seat);
  let over = heldCargo(left) - capacityOf(left, hasStasis(d.s, seat));
  const lost: UnitCounts = {};
  for (const k of ['ground-force', 'shock-force', 'pds'] as const) {
    const take = Math.min(Math.max(0, over), left[k] ?? 0);
    if (take > 0) lost[k] = take;
    over -= take;
  }
  destroy(d, hex, null, seat, lost, 'lost with the Dreadnoughts scrapped under Arms Reduction');
}

/** Public Execution: the elected player discards all its action cards. */
export function publicExecution(d: Draft, seat: Seat): void {
  const p = d.s.players[seat];
  if (p === undefined) return;
  const hand = p.hand;
  d.player(seat).hand = [];
  d.s.actionDiscard = [...d.s.actionDiscard, ...hand];
  d.emit({ type: 'hand-discarded', seat, count: hand.length, reason: 'Public Execution' });
}

const MOVABLE: readonly UnitKind[] = ['ground-force', 'shock-force', 'pds'];

/**
 * Expansion Suppression: a player with more than 4 planets outside its home
 * system gives up the excess. Which planets go is our decision (the card
 * names none): the least valuable first (resources + influence, then name).
 * Its Ground Forces, Shock Forces and PDS there go to its home planet
 * holding a Spacedock (else any home planet it holds; with none they are
 * lost), its Spacedocks there are destroyed, and the planet becomes neutral.
 */
export function expansionSuppression(d: Draft): void {
  for (let seat = 0; seat < d.s.players.length; seat++) {
    const outside = planetsOutsideHome(d.s, seat);
    const excess = outside.length - EXPANSION_LIMIT;
    if (excess <= 0) continue;
    const value = (name: string): number =>
      (planetDef(name)?.resources ?? 0) + (planetDef(name)?.influence ?? 0);
    const give = [...outside]
      .sort((a, b) => value(a) - value(b) || a.localeCompare(b))
      .slice(0, excess);
    const home = homeHexKey(d.s, seat);
    const homePlanets = planetsOf(d.s, seat).filter((n) => d.s.planets[n]?.hex === home);
    const withDock = homePlanets.find(
      (n) =>
        home !== undefined && (groupUnits(d.s.units[home]?.planets[n], seat).spacedock ?? 0) > 0,
    );
    const refuge = withDock ?? homePlanets[0];
    for (const name of give) abandon(d, seat, name, home, refuge);
  }
}

function abandon(
  d: Draft,
  seat: Seat,
  name: string,
  home: HexKey | undefined,
  refuge: string | undefined,
): void {
  const hex = d.s.planets[name]?.hex;
  if (hex === undefined) return;
  const units = groupUnits(d.s.units[hex]?.planets[name], seat);
  const moved: UnitCounts = {};
  for (const kind of MOVABLE) {
    const count = units[kind] ?? 0;
    if (count === 0) continue;
    d.addUnits(hex, name, seat, kind, -count);
    if (home !== undefined && refuge !== undefined) {
      d.addUnits(home, refuge, seat, kind, count);
      moved[kind] = count;
    } else {
      d.emit({ type: 'units-lost', seat, unit: kind, count, reason: 'no home planet to go to' });
    }
  }
  if (refuge !== undefined && Object.keys(moved).length > 0) {
    d.emit({ type: 'units-moved-home', seat, from: name, to: refuge, units: moved });
  }
  const docks = units.spacedock ?? 0;
  if (docks > 0) {
    d.addUnits(hex, name, seat, 'spacedock', -docks);
    d.emit({
      type: 'units-lost',
      seat,
      unit: 'spacedock',
      count: docks,
      reason: 'destroyed by Expansion Suppression',
    });
  }
  // OR-6.2: a leader stands only on a friendly planet, so it goes home with the troops.
  const p = d.s.players[seat];
  if (p?.leaders.some((l) => l.status === 'active' && l.planet === name) === true) {
    const w = d.player(seat);
    w.leaders = w.leaders.map((l) =>
      l.status === 'active' && l.planet === name && home !== undefined && refuge !== undefined
        ? { ...l, hex: home, planet: refuge }
        : l,
    );
  }
  d.setPlanetOwner(name, null);
  d.emit({ type: 'planet-abandoned', seat, planet: name, reason: 'Expansion Suppression' });
}
