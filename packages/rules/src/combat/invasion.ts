import { bombardmentPenalty, generalReroll, pdsPenaltyAgainst } from '../leaders/abilities.js';
import { leadersAfterInvasion } from '../leaders/fates.js';
import { RULE_CONSTANTS } from '../content/constants.js';
import { spacedocksOf } from '../state/board.js';
import { lawRollOptions } from '../politics/combat.js';
import { expireEffects } from '../cards/in-force.js';
import { magenGroundBonus } from '../technology/combat.js';
import { animate, bacterialWeapon, fightersReturn } from '../technology/invasion.js';
import type { Draft } from '../state/draft.js';
import type { Owner, Table, UnitCounts } from '../state/types.js';
import {
  destroy,
  groundIn,
  groundLosses,
  isMinor,
  n,
  planetUnits,
  rollDice,
  rollFor,
  shockForcesOnBoard,
  total,
} from './forces.js';
import { firstStep, othersOn } from './landing.js';
import { setInvasion } from './state.js';
import type { Invasion } from './types.js';

/**
 * BG-7 invasion combat, with Shock Forces (OR-6.1) and minor races (OR-2.2),
 * once forces have landed (landing.ts): bombardment, the planet's PDS fire at
 * the landing, ground rounds until one side is gone, then the capture.
 */

/** The owner whose forces defend the planet: its controller, or whoever else stands on it. */
function defenderOf(t: Table, inv: Invasion): Owner | null {
  if (inv.defender !== null && inv.defender !== inv.invader) return inv.defender;
  return othersOn(t, inv.hex, inv.planet, inv.invader)[0]?.owner ?? null;
}

function bombardment(d: Draft, inv: Invasion): void {
  const defender = defenderOf(d.s, inv);
  if (inv.bacterial === true) bacterialWeapon(d, inv, defender);
  else if (defender !== null) {
    // OR-6.2 General: Dreadnoughts bombarding a planet holding an enemy General get -4, on top of their own modifiers.
    const { hits } = rollFor(
      d,
      `bombardment of ${inv.planet}`,
      inv.invader,
      { dreadnought: inv.bombard },
      ['dreadnought'],
      'invasion-combat',
      bombardmentPenalty(d.s, inv.hex, inv.planet, defender),
    );
    if (hits > 0) {
      d.emit({
        type: 'hits-scored',
        hex: inv.hex,
        planet: inv.planet,
        by: inv.invader,
        against: defender,
        hits,
        reason: 'bombardment',
      });
      const units = planetUnits(d.s, inv.hex, inv.planet, defender);
      destroy(d, inv.hex, inv.planet, defender, groundLosses(units, hits), 'bombardment');
    }
  }
  // Bombardment alone (nothing landed) is all that happens on this planet.
  if (groundIn(inv.landed) === 0) setInvasion(d, undefined);
  else setInvasion(d, { ...inv, step: 'pds-fire' });
}

/** The ways the invader can take `hits` from the planet's PDS (it chooses; OR-6.1 does not force Shock Forces first). */
export function pdsLossOptions(units: UnitCounts, hits: number): UnitCounts[] {
  const gf = n(units, 'ground-force');
  const sf = n(units, 'shock-force');
  const owed = Math.min(hits, gf + sf);
  const out: UnitCounts[] = [];
  for (let s = Math.min(sf, owed); s >= 0; s--) {
    const g = owed - s;
    if (g > gf) continue;
    const l: UnitCounts = {};
    if (g > 0) l['ground-force'] = g;
    if (s > 0) l['shock-force'] = s;
    out.push(l);
  }
  return out.reverse();
}

function pdsFire(d: Draft, inv: Invasion): boolean {
  const defender = defenderOf(d.s, inv);
  const pds = defender === null ? 0 : n(planetUnits(d.s, inv.hex, inv.planet, defender), 'pds');
  if (defender === null || pds === 0) {
    setInvasion(d, { ...inv, step: 'before-round' });
    return true;
  }
  // OR-6.2 Agent: enemy PDS get -2 against the invasion it joins, on top of their own modifiers.
  const { hits } = rollFor(
    d,
    `PDS fire at the forces landing on ${inv.planet}`,
    defender,
    { pds },
    ['pds'],
    'invasion-combat',
    pdsPenaltyAgainst(d.s, inv.hex, inv.planet, inv.invader),
  );
  if (hits === 0) {
    setInvasion(d, { ...inv, step: 'before-round' });
    return true;
  }
  d.emit({
    type: 'hits-scored',
    hex: inv.hex,
    planet: inv.planet,
    by: defender,
    against: inv.invader,
    hits,
    reason: 'PDS fire at the landing',
  });
  const options = pdsLossOptions(planetUnits(d.s, inv.hex, inv.planet, inv.invader), hits);
  if (options.length <= 1) {
    destroy(d, inv.hex, inv.planet, inv.invader, options[0] ?? {}, 'PDS fire at the landing');
    setInvasion(d, { ...inv, step: 'before-round' });
    return true;
  }
  setInvasion(d, { ...inv, step: 'casualties', owed: hits });
  return false;
}

/** The invader's chosen losses to the PDS fire, already checked. */
export function takeLandingLosses(d: Draft, inv: Invasion, losses: UnitCounts): void {
  destroy(d, inv.hex, inv.planet, inv.invader, losses, 'PDS fire at the landing');
  setInvasion(d, { ...inv, step: 'before-round', owed: 0 });
}

export function landingLossProblem(t: Table, inv: Invasion, losses: UnitCounts): string | null {
  const units = planetUnits(t, inv.hex, inv.planet, inv.invader);
  const options = pdsLossOptions(units, inv.owed);
  const key = (u: UnitCounts): string => `${n(u, 'ground-force')},${n(u, 'shock-force')}`;
  if (total(losses) !== n(losses, 'ground-force') + n(losses, 'shock-force')) {
    return 'Only the landed Ground Forces and Shock Forces can be hit.';
  }
  return options.some((o) => key(o) === key(losses))
    ? null
    : `Choose ${Math.min(inv.owed, groundIn(units))} of the landed forces.`;
}

/** OR-6.1: a Ground Force's unmodified 10 earns a second die; 9 or 10 promotes it (players only). */
function promotionCandidates(
  d: Draft,
  inv: Invasion,
  owner: Owner,
  rolls: readonly number[] | undefined,
): number {
  if (!d.s.options.shockForces || isMinor(owner)) return 0;
  // At most 3 on the board: with no room left, a 10 is just a hit.
  if (shockForcesOnBoard(d.s, owner) >= RULE_CONSTANTS.shockForceLimitPerPlayer) return 0;
  const tens = (rolls ?? []).filter((r) => r === RULE_CONSTANTS.shockForcePromotionTrigger).length;
  if (tens === 0) return 0;
  const second = rollDice(d, `Shock Force promotion on ${inv.planet}`, tens, owner);
  return second.filter((r) => r >= RULE_CONSTANTS.shockForcePromotionMin).length;
}

/** Returns how many were promoted. */
function promote(d: Draft, inv: Invasion, owner: Owner, candidates: number): number {
  if (candidates === 0 || typeof owner !== 'number') return 0;
  const units = planetUnits(d.s, inv.hex, inv.planet, owner);
  // A fledgling Shock Force of a side wiped out this round dies unused; none beyond 3 on the board.
  const room = Math.max(
    0,
    RULE_CONSTANTS.shockForceLimitPerPlayer - shockForcesOnBoard(d.s, owner),
  );
  const count = Math.min(candidates, n(units, 'ground-force'), room);
  if (count === 0) return 0;
  d.addUnits(inv.hex, inv.planet, owner, 'ground-force', -count);
  d.addUnits(inv.hex, inv.planet, owner, 'shock-force', count);
  d.emit({ type: 'shock-force-promoted', hex: inv.hex, planet: inv.planet, owner, count });
  return count;
}

function groundRound(d: Draft, inv: Invasion, defender: Owner): void {
  const round = inv.round + 1;
  d.emit({ type: 'battle-round', hex: inv.hex, planet: inv.planet, round });
  const label = `ground combat on ${inv.planet}, round ${round}`;
  const types = ['shock-force', 'ground-force'] as const;
  const mine = planetUnits(d.s, inv.hex, inv.planet, inv.invader);
  const theirs = planetUnits(d.s, inv.hex, inv.planet, defender);
  // BG-9 Graviton Negator: Fighters that landed roll with the invaders.
  const a = rollFor(
    d,
    label,
    inv.invader,
    mine,
    n(mine, 'fighter') > 0 ? [...types, 'fighter'] : types,
    'invasion-combat',
    lawRollOptions(d.s, inv.invader, null),
  );
  // BG-9 Magen Defense Grid: the defender's forces get +1 on a planet with its PDS.
  const planetGroups = d.s.units[inv.hex]?.planets[inv.planet] ?? [];
  const magen = magenGroundBonus(d.s, defender, planetGroups);
  const law = lawRollOptions(d.s, defender, null);
  const x = rollFor(d, label, defender, theirs, types, 'invasion-combat', {
    ...law,
    bonus: (law.bonus ?? 0) + magen,
    ...(magen > 0 ? { bonusReason: `${law.bonusReason ?? ''} (Magen Defense Grid +1)` } : {}),
  });
  // BG-9: "this round" cards (Morale Boost) end with the round's rolls.
  expireEffects(d, 'combat-round');
  // OR-6.2 General: one re-roll per side per round.
  a.hits += generalReroll(d, label, inv.invader, inv.hex, inv.planet, a);
  x.hits += generalReroll(d, label, defender, inv.hex, inv.planet, x);
  const aPromote = promotionCandidates(d, inv, inv.invader, a.rolls['ground-force']);
  const xPromote = promotionCandidates(d, inv, defender, x.rolls['ground-force']);
  const reason = `ground combat round ${round}`;
  if (a.hits > 0)
    d.emit({
      type: 'hits-scored',
      hex: inv.hex,
      planet: inv.planet,
      by: inv.invader,
      against: defender,
      hits: a.hits,
      reason,
    });
  if (x.hits > 0)
    d.emit({
      type: 'hits-scored',
      hex: inv.hex,
      planet: inv.planet,
      by: defender,
      against: inv.invader,
      hits: x.hits,
      reason,
    });
  // Hits land at the same time; Shock Forces are always the first casualties (OR-6.1).
  destroy(d, inv.hex, inv.planet, inv.invader, invaderLosses(mine, x.hits), reason);
  destroy(d, inv.hex, inv.planet, defender, groundLosses(theirs, a.hits), reason);
  const promoted = promote(d, inv, inv.invader, aPromote);
  promote(d, inv, defender, xPromote);
  setInvasion(d, { ...inv, step: 'before-round', round, promoted });
}

/** Shock Forces first (OR-6.1), then Fighters that joined (Graviton Negator), then Ground Forces. */
function invaderLosses(units: UnitCounts, hits: number): UnitCounts {
  const shock = Math.min(hits, n(units, 'shock-force'));
  const fighters = Math.min(hits - shock, n(units, 'fighter'));
  const rest = groundLosses({ 'ground-force': n(units, 'ground-force') }, hits - shock - fighters);
  const out: UnitCounts = { ...rest };
  if (shock > 0) out['shock-force'] = shock;
  if (fighters > 0) out.fighter = fighters;
  return out;
}

function installationsOf(units: UnitCounts): UnitCounts {
  const out: UnitCounts = {};
  if (n(units, 'spacedock') > 0) out.spacedock = n(units, 'spacedock');
  if (n(units, 'pds') > 0) out.pds = n(units, 'pds');
  return out;
}

function endInvasion(d: Draft, inv: Invasion, winner: Owner | null, reason: string): void {
  d.emit({ type: 'invasion-ended', hex: inv.hex, planet: inv.planet, winner, reason });
  fightersReturn(d, inv);
  setInvasion(d, undefined);
}

/** BG-7: one side is gone; control changes or the defender keeps the planet. */
function conclude(d: Draft, inv: Invasion): void {
  const mine = planetUnits(d.s, inv.hex, inv.planet, inv.invader);
  if (groundIn(mine) === 0) {
    // Landed PDS do not hold a planet alone: they are lost with the invasion.
    destroy(d, inv.hex, inv.planet, inv.invader, { pds: n(mine, 'pds') }, 'the invasion failed');
    const keeper = d.s.planets[inv.planet]?.owner ?? null;
    if (d.s.options.leaders)
      leadersAfterInvasion(d, inv.hex, inv.planet, inv.invader, keeper, false);
    endInvasion(
      d,
      inv,
      keeper,
      inv.round === 0 ? 'the landing forces were shot down' : 'the invaders are wiped out',
    );
    return;
  }
  const from = d.s.planets[inv.planet]?.owner ?? null;
  d.setPlanetOwner(inv.planet, inv.invader);
  d.emit({ type: 'planet-captured', hex: inv.hex, planet: inv.planet, from, to: inv.invader });
  // BG-9 Dacxive Animators: some of the fallen come back.
  animate(d, inv);
  if (d.s.options.leaders) leadersAfterInvasion(d, inv.hex, inv.planet, inv.invader, from, true);
  // BG-9 Reparations: the loser may answer at once (the window holds the next step).
  if (typeof from === 'number' && from !== inv.invader) {
    d.reach({
      kind: 'planet-taken',
      hex: inv.hex,
      planet: inv.planet,
      from,
      by: inv.invader,
    });
  }
  const installations = othersOn(d.s, inv.hex, inv.planet, inv.invader).some(
    (g) => total(installationsOf(g.units)) > 0,
  );
  // OR-6.1: a Shock Force promoted in this last round is not one yet: it does not capture.
  const veterans = n(mine, 'shock-force') - (inv.promoted ?? 0);
  if (installations && d.s.options.shockForces && veterans > 0) {
    setInvasion(d, { ...inv, step: 'capture' });
    return;
  }
  captureOrDestroy(d, inv, false);
}

/** OR-6.1 / BG-7: the enemy Spacedock and PDS on a captured planet are taken (Shock Forces) or destroyed. */
export function captureOrDestroy(d: Draft, inv: Invasion, capture: boolean): void {
  const taken: UnitCounts = {};
  for (const g of othersOn(d.s, inv.hex, inv.planet, inv.invader)) {
    const inst = installationsOf(g.units);
    if (total(inst) === 0) continue;
    destroy(
      d,
      inv.hex,
      inv.planet,
      g.owner,
      inst,
      capture ? 'captured by Shock Forces' : 'the planet was captured',
    );
    if (!capture) continue;
    const docksLeft = RULE_CONSTANTS.maxSpacedocksPerPlayer - spacedocksOf(d.s, inv.invader).length;
    const docks = Math.min(n(inst, 'spacedock'), Math.max(0, docksLeft));
    if (docks > 0) taken.spacedock = (taken.spacedock ?? 0) + docks;
    if (n(inst, 'pds') > 0) taken.pds = (taken.pds ?? 0) + n(inst, 'pds');
  }
  for (const [k, v] of Object.entries(taken) as [keyof UnitCounts, number][]) {
    d.addUnits(inv.hex, inv.planet, inv.invader, k, v);
  }
  if (total(taken) > 0) {
    d.emit({
      type: 'installations-captured',
      hex: inv.hex,
      planet: inv.planet,
      seat: inv.invader,
      units: taken,
    });
  }
  endInvasion(d, inv, inv.invader, 'the defenders are gone');
}

/** Whether neither side can fight a ground round (one is gone): the invasion is decided. */
function decided(t: Table, inv: Invasion): Owner | undefined {
  const defender = defenderOf(t, inv);
  const mine = groundIn(planetUnits(t, inv.hex, inv.planet, inv.invader));
  const theirs = defender === null ? 0 : groundIn(planetUnits(t, inv.hex, inv.planet, defender));
  return mine === 0 || theirs === 0 || defender === null ? undefined : defender;
}

/** Runs one step of the invasion in progress; false when it waits for a decision. */
export function stepInvasion(d: Draft, inv: Invasion): boolean {
  switch (inv.step) {
    case 'landed':
      // BG-9: the invasion's card window (Chemical Warfare, Civil Defense), before anything is
      // fought; the fight begins once it has closed.
      setInvasion(d, { ...inv, step: firstStep(inv.bombard) });
      d.reach({
        kind: 'invasion',
        hex: inv.hex,
        planet: inv.planet,
        invader: inv.invader,
        defender: inv.defender,
      });
      return true;
    case 'bombardment':
      bombardment(d, inv);
      return true;
    case 'pds-fire':
      return pdsFire(d, inv);
    case 'casualties':
    case 'capture':
      return false;
    case 'before-round': {
      // BG-9, OR-6.2: "before a ground round" cards (Morale Boost) get their window here.
      const defender = decided(d.s, inv);
      if (defender === undefined) {
        conclude(d, inv);
        return true;
      }
      setInvasion(d, { ...inv, step: 'round' });
      d.reach({
        kind: 'ground-round',
        hex: inv.hex,
        planet: inv.planet,
        invader: inv.invader,
        defender,
        round: inv.round + 1,
      });
      return true;
    }
    case 'round': {
      // A card played before the round may have decided the invasion.
      const defender = decided(d.s, inv);
      if (defender === undefined) conclude(d, inv);
      else groundRound(d, inv, defender);
      return true;
    }
  }
}
