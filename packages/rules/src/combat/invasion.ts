import { bombardmentPenalty, generalReroll, pdsPenaltyAgainst } from '../leaders/abilities.js';
import { leadersAfterInvasion } from '../leaders/fates.js';
import { invadingLeaderProblem, landInvadingLeaders } from '../leaders/windows.js';
import { tileById, type HexKey } from '@outer-rim/map';
import type { ActionOf } from '../actions/schema.js';
import { RULE_CONSTANTS } from '../content/constants.js';
import { enemyShipsIn, spacedocksOf } from '../state/board.js';
import { bombardmentBanned } from '../politics/laws.js';
import { payTruceFine } from '../politics/truce.js';
import { lawRollOptions } from '../politics/combat.js';
import { expireEffects } from '../cards/in-force.js';
import { breakTradeByCombat } from '../cards/trade.js';
import { openWindow } from '../cards/window.js';
import { magenGroundBonus } from '../technology/combat.js';
import {
  animate,
  bacterialWeapon,
  bombardsPds,
  fightersInvade,
  fightersReturn,
} from '../technology/invasion.js';
import { hasTech } from '../technology/owned.js';
import type { Draft } from '../state/draft.js';
import type { Owner, Seat, Table, UnitCounts } from '../state/types.js';
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
  spaceUnits,
  total,
} from './forces.js';
import { combatOf, setCombat, setInvasion, turnsOf, type TurnsPhase } from './state.js';
import type { Invasion } from './types.js';

/**
 * BG-7 Invasion Combat segment, with Shock Forces (OR-6.1) and minor races
 * (OR-2.2). The active player lands Ground Forces, Shock Forces and PDS from
 * its Carriers on the planets of systems holding no enemy ships, one landing
 * per planet per turn; Dreadnoughts there may bombard a planet without PDS.
 * Landing on its own planet just puts the units down; landing on a neutral
 * planet without defenders takes it; anything else is an invasion.
 */

type Land = ActionOf<'land'>;

export function planetsIn(t: Table, hex: HexKey): string[] {
  const placed = t.galaxy.tiles[hex];
  if (placed === undefined) return [];
  return (tileById(placed.tileId)?.planets ?? [])
    .map((p) => p.name)
    .filter((name) => t.planets[name]?.hex === hex);
}

/** Units of every owner but `owner` on the planet. */
function othersOn(
  t: Table,
  hex: HexKey,
  planet: string,
  owner: Owner,
): { owner: Owner; units: UnitCounts }[] {
  return (t.units[hex]?.planets[planet] ?? []).filter((g) => g.owner !== owner);
}

function defendingPds(t: Table, hex: HexKey, planet: string, invader: Seat): number {
  return othersOn(t, hex, planet, invader).reduce((s, g) => s + n(g.units, 'pds'), 0);
}

function defendingGround(t: Table, hex: HexKey, planet: string, invader: Seat): number {
  return othersOn(t, hex, planet, invader).reduce((s, g) => s + groundIn(g.units), 0);
}

function freeDreadnoughts(t: Table, phase: TurnsPhase, hex: HexKey, seat: Seat): number {
  return n(spaceUnits(t, hex, seat), 'dreadnought') - (combatOf(phase).bombarded[hex] ?? 0);
}

/** Why this landing is not allowed, or null. */
export function landProblem(t: Table, phase: TurnsPhase, seat: Seat, a: Land): string | null {
  const hex = a.hex;
  const planet = t.planets[a.planet];
  if (planet?.hex !== hex) return `${a.planet} is not in that system.`;
  if (enemyShipsIn(t, hex, seat)) return 'Nobody lands in a system that still holds enemy ships.';
  if (combatOf(phase).landed.includes(a.planet))
    return `You have already landed on ${a.planet} this turn.`;
  const space = spaceUnits(t, hex, seat);
  if (a.groundForces > n(space, 'ground-force')) return 'Not that many Ground Forces aboard.';
  if (a.shockForces > n(space, 'shock-force')) return 'Not that many Shock Forces aboard.';
  if (a.pds > n(space, 'pds')) return 'Not that many PDS aboard.';
  const fighters = a.fighters ?? 0;
  if (fighters > 0) {
    if (!fightersInvade(t, seat)) return 'Fighters join invasions only with Graviton Negator.';
    if (fighters > n(space, 'fighter')) return 'Not that many Fighters there.';
  }
  if (a.bacterial === true) {
    if (!hasTech(t, seat, 'x-89-bacterial-weapon'))
      return 'You do not have the X-89 Bacterial Weapon.';
    if (a.bombard !== 1) return 'One Dreadnought uses the X-89 Bacterial Weapon.';
  }
  const troops = a.groundForces + a.shockForces;
  if (fighters > 0 && troops === 0) return 'Fighters land only with Ground Forces.';
  if (troops + a.pds + a.bombard === 0) return 'Land something or bombard.';
  if (a.leaders !== undefined && a.leaders.length > 0) {
    if (!t.options.leaders) return 'This game is played without leaders.';
    const leaderProblem = invadingLeaderProblem(t, seat, hex, a.leaders, troops);
    if (leaderProblem !== null) return leaderProblem;
  }
  if (planet.owner === seat) {
    if (a.bombard > 0) return 'You do not bombard your own planet.';
    if (fighters > 0) return 'Fighters land only to invade.';
    return null;
  }
  if (a.pds > 0 && troops === 0)
    return 'PDS land on a planet you do not hold only with Ground Forces.';
  if (a.bombard > 0) {
    if (bombardmentBanned(t))
      return 'Unconventional Weapons is in force: Dreadnoughts may not bombard.';
    if (a.bombard > freeDreadnoughts(t, phase, hex, seat)) {
      return 'Not that many Dreadnoughts there that have not bombarded this turn.';
    }
    // BG-9 Graviton Negator: its owner's Dreadnoughts bombard planets with PDS too.
    if (defendingPds(t, hex, a.planet, seat) > 0 && !bombardsPds(t, seat))
      return 'A planet with PDS cannot be bombarded.';
    if (defendingGround(t, hex, a.planet, seat) === 0)
      return 'There are no Ground Forces to bombard.';
  }
  return null;
}

/** What the active player may land or bombard on one planet (for a client building a `land`). */
export interface LandingOption {
  hex: HexKey;
  planet: string;
  /** The planet's controller (null: neutral). */
  owner: Owner | null;
  /** Aboard the Carriers in the system, the most that may land. */
  groundForces: number;
  shockForces: number;
  pds: number;
  /** Dreadnoughts there that have not bombarded this turn, and whether this planet may be bombarded. */
  dreadnoughts: number;
  bombardable: boolean;
  /** BG-9 Graviton Negator: Fighters there that may join an invasion of this planet (0 without it). */
  fighters: number;
  /** BG-9: a Dreadnought may use the X-89 Bacterial Weapon here instead of bombarding. */
  bacterial: boolean;
}

/**
 * BG-7: every planet the active player may land on or bombard now, with the
 * most it may land. Reads only public information, so a seat's view gives
 * the same answer as the state. Empty outside its Invasion Combat segment.
 */
export function landingOptions(t: Table, seat: Seat): LandingOption[] {
  const phase = t.phase;
  if (phase.name !== 'individual-turns' || phase.segment !== 'invasion-combat') return [];
  // OR-6.2: nor while a landing waits for an enemy Diplomat's owner.
  if (phase.active !== seat || phase.combat?.invasion !== undefined) return [];
  if (phase.combat?.delay !== undefined) return [];
  const out: LandingOption[] = [];
  for (const hex of Object.keys(t.units) as HexKey[]) {
    const space = spaceUnits(t, hex, seat);
    const gf = n(space, 'ground-force');
    const sf = n(space, 'shock-force');
    const pds = n(space, 'pds');
    if (gf + sf + pds + n(space, 'dreadnought') === 0 || enemyShipsIn(t, hex, seat)) continue;
    const free = Math.max(0, freeDreadnoughts(t, phase, hex, seat));
    for (const planet of planetsIn(t, hex)) {
      if (combatOf(phase).landed.includes(planet)) continue;
      const owner = t.planets[planet]?.owner ?? null;
      const enemy = owner !== seat && owner !== null;
      const bombardable =
        enemy &&
        free > 0 &&
        !bombardmentBanned(t) &&
        (defendingPds(t, hex, planet, seat) === 0 || bombardsPds(t, seat)) &&
        defendingGround(t, hex, planet, seat) > 0;
      if (gf + sf + pds === 0 && !bombardable) continue;
      out.push({
        hex,
        planet,
        owner,
        groundForces: gf,
        shockForces: sf,
        pds,
        dreadnoughts: free,
        bombardable,
        fighters:
          owner !== seat && fightersInvade(t, seat) && gf + sf > 0 ? n(space, 'fighter') : 0,
        bacterial: bombardable && hasTech(t, seat, 'x-89-bacterial-weapon'),
      });
    }
  }
  return out;
}

/** A representative set of landings (all the troops; one Ground Force; bombardment alone). */
export function landOptions(t: Table, phase: TurnsPhase): Land[] {
  const seat = phase.active;
  const out: Land[] = [];
  for (const hex of Object.keys(t.units) as HexKey[]) {
    const space = spaceUnits(t, hex, seat);
    const gf = n(space, 'ground-force');
    const sf = n(space, 'shock-force');
    const pds = n(space, 'pds');
    if (gf + sf + pds + n(space, 'dreadnought') === 0) continue;
    // Where landProblem refuses every landing at once: enemy ships in the system.
    if (enemyShipsIn(t, hex, seat)) continue;
    const free = freeDreadnoughts(t, phase, hex, seat);
    for (const planet of planetsIn(t, hex)) {
      // ...or a planet already landed on this turn.
      if (combatOf(phase).landed.includes(planet)) continue;
      const candidates: Land[] = [
        {
          type: 'land',
          hex,
          planet,
          groundForces: gf,
          shockForces: sf,
          pds: 0,
          bombard: 0,
        },
        { type: 'land', hex, planet, groundForces: gf, shockForces: sf, pds, bombard: 0 },
        {
          type: 'land',
          hex,
          planet,
          groundForces: gf,
          shockForces: sf,
          pds: 0,
          bombard: free,
        },
        {
          type: 'land',
          hex,
          planet,
          groundForces: Math.min(1, gf),
          shockForces: 0,
          pds: 0,
          bombard: 0,
        },
        {
          type: 'land',
          hex,
          planet,
          groundForces: 0,
          shockForces: 0,
          pds: 0,
          bombard: free,
        },
      ];
      // BG-9: the X-89 Bacterial Weapon with the troops, and Fighters joining them (Graviton Negator).
      candidates.push(
        { ...candidates[0], bombard: Math.min(1, free), bacterial: true } as Land,
        { ...candidates[0], fighters: n(space, 'fighter') } as Land,
      );
      const seen = new Set<string>();
      for (const c of candidates) {
        const key = `${c.groundForces},${c.shockForces},${c.pds},${c.bombard},${c.fighters ?? 0},${c.bacterial === true}`;
        if (seen.has(key) || landProblem(t, phase, seat, c) !== null) continue;
        seen.add(key);
        out.push(c);
      }
    }
  }
  return out;
}

/** The landing, already checked: units go down, then bombardment, PDS fire and ground rounds. */
export function land(d: Draft, seat: Seat, a: Land): void {
  const hex = a.hex;
  const c = combatOf(turnsOf(d));
  setCombat(d, {
    ...c,
    // Bombardment alone is not a landing: the forces may still land there afterwards.
    landed: a.groundForces + a.shockForces + a.pds > 0 ? [...c.landed, a.planet] : c.landed,
    bombarded:
      a.bombard > 0 ? { ...c.bombarded, [hex]: (c.bombarded[hex] ?? 0) + a.bombard } : c.bombarded,
  });
  const landed: UnitCounts = {};
  if (a.groundForces > 0) landed['ground-force'] = a.groundForces;
  if (a.shockForces > 0) landed['shock-force'] = a.shockForces;
  if (a.pds > 0) landed.pds = a.pds;
  if (a.fighters !== undefined && a.fighters > 0) landed.fighter = a.fighters;
  for (const [k, v] of Object.entries(landed) as [keyof UnitCounts, number][]) {
    d.addUnits(hex, null, seat, k, -v);
    d.addUnits(hex, a.planet, seat, k, v);
  }
  if (total(landed) > 0)
    d.emit({ type: 'units-landed', hex, planet: a.planet, seat, units: landed });
  // OR-6.2: leaders aboard go down with the troops (checked in landProblem).
  if (a.leaders !== undefined) landInvadingLeaders(d, seat, hex, a.planet, a.leaders);
  const owner = d.s.planets[a.planet]?.owner ?? null;
  if (owner === seat) return;
  const troops = a.groundForces + a.shockForces;
  if (owner === null && othersOn(d.s, hex, a.planet, seat).length === 0) {
    // A neutral planet without defenders is simply taken: there is nobody to fight.
    d.setPlanetOwner(a.planet, seat);
    d.emit({ type: 'planet-captured', hex, planet: a.planet, from: null, to: seat });
    return;
  }
  if (troops > 0) {
    d.emit({ type: 'invasion-started', hex, planet: a.planet, invader: seat, defender: owner });
    // BG-11: partners who fight each other lose their agreement.
    breakTradeByCombat(d, seat, owner);
  }
  if (typeof owner === 'number') payTruceFine(d, seat);
  setInvasion(d, {
    hex,
    planet: a.planet,
    invader: seat,
    defender: owner,
    step: a.bombard > 0 ? 'bombardment' : 'pds-fire',
    round: 0,
    bombard: a.bombard,
    landed,
    owed: 0,
    ...(a.bacterial === true ? { bacterial: true as const } : {}),
  });
}

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
    setInvasion(d, { ...inv, step: 'round' });
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
    setInvasion(d, { ...inv, step: 'round' });
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
    setInvasion(d, { ...inv, step: 'round' });
    return true;
  }
  setInvasion(d, { ...inv, step: 'casualties', owed: hits });
  return false;
}

/** The invader's chosen losses to the PDS fire, already checked. */
export function takeLandingLosses(d: Draft, inv: Invasion, losses: UnitCounts): void {
  destroy(d, inv.hex, inv.planet, inv.invader, losses, 'PDS fire at the landing');
  setInvasion(d, { ...inv, step: 'round', owed: 0 });
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
  setInvasion(d, { ...inv, round, promoted });
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
    openWindow(d, {
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

/** Runs one step of the invasion in progress; false when it waits for a decision. */
export function stepInvasion(d: Draft, inv: Invasion): boolean {
  // BG-9: the invasion's card window (Chemical Warfare, Civil Defense), once, before anything is fought.
  if (inv.cardsAsked === undefined && groundIn(inv.landed) > 0) {
    setInvasion(d, { ...inv, cardsAsked: 0 });
    openWindow(d, {
      kind: 'invasion',
      hex: inv.hex,
      planet: inv.planet,
      invader: inv.invader,
      defender: inv.defender,
    });
    return true;
  }
  switch (inv.step) {
    case 'bombardment':
      bombardment(d, inv);
      return true;
    case 'pds-fire':
      return pdsFire(d, inv);
    case 'casualties':
    case 'capture':
      return false;
    case 'round': {
      // BG-9, OR-6.2: "before a ground round" cards and leaders in the fight get their window here.
      const defender = defenderOf(d.s, inv);
      const mine = groundIn(planetUnits(d.s, inv.hex, inv.planet, inv.invader));
      const theirs =
        defender === null ? 0 : groundIn(planetUnits(d.s, inv.hex, inv.planet, defender));
      if (mine === 0 || theirs === 0 || defender === null) conclude(d, inv);
      else if (inv.cardsAsked !== inv.round + 1) {
        // BG-9: before each ground round, its card window (Morale Boost), held once.
        setInvasion(d, { ...inv, cardsAsked: inv.round + 1 });
        openWindow(d, {
          kind: 'ground-round',
          hex: inv.hex,
          planet: inv.planet,
          invader: inv.invader,
          defender,
          round: inv.round + 1,
        });
      } else groundRound(d, inv, defender);
      return true;
    }
  }
}
