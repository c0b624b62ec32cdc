import { tileById, type HexKey } from '@outer-rim/map';
import type { ActionOf } from '../actions/schema.js';
import { breakTradeByCombat } from '../cards/trade.js';
import { invadingLeaderProblem, landInvadingLeaders } from '../leaders/windows.js';
import { bombardmentBanned } from '../politics/laws.js';
import { payTruceFine } from '../politics/truce.js';
import { enemyShipsIn } from '../state/board.js';
import type { Draft } from '../state/draft.js';
import type { Owner, Seat, Table, UnitCounts } from '../state/types.js';
import { bombardsPds, fightersInvade } from '../technology/invasion.js';
import { hasTech } from '../technology/owned.js';
import { groundIn, n, spaceUnits, total } from './forces.js';
import { combatOf, setCombat, setInvasion, turnsOf, type TurnsPhase } from './state.js';

/**
 * BG-7 landing, in the Invasion Combat segment: who may land what where. The
 * active player lands Ground Forces, Shock Forces (OR-6.1) and PDS from its
 * Carriers on the planets of systems holding no enemy ships, one landing per
 * planet per turn; Dreadnoughts there may bombard a planet without PDS.
 * Landing on its own planet just puts the units down; landing on a neutral
 * planet without defenders takes it; anything else starts an invasion, fought
 * in invasion.ts.
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
export function othersOn(
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

/** A planet the active player's forces in its system could land on or bombard now (before the landing's own checks). */
interface LandingSite {
  hex: HexKey;
  planet: string;
  /** The active player's units in the system's space. */
  space: UnitCounts;
  groundForces: number;
  shockForces: number;
  pds: number;
  /** Dreadnoughts there that have not bombarded this turn (as counted, never raised to 0). */
  free: number;
}

/**
 * BG-7: the planets of every system where `seat` has something to land or a Dreadnought, holding
 * no enemy ships, not yet landed on this turn; in the order of the units' hexes and the tile's
 * planets. `landingOptions` and `landOptions` both read it.
 */
function landingSites(t: Table, phase: TurnsPhase, seat: Seat): LandingSite[] {
  const out: LandingSite[] = [];
  for (const hex of Object.keys(t.units) as HexKey[]) {
    const space = spaceUnits(t, hex, seat);
    const groundForces = n(space, 'ground-force');
    const shockForces = n(space, 'shock-force');
    const pds = n(space, 'pds');
    if (groundForces + shockForces + pds + n(space, 'dreadnought') === 0) continue;
    // Where landProblem refuses every landing at once: enemy ships in the system...
    if (enemyShipsIn(t, hex, seat)) continue;
    const free = freeDreadnoughts(t, phase, hex, seat);
    for (const planet of planetsIn(t, hex)) {
      // ...or a planet already landed on this turn.
      if (combatOf(phase).landed.includes(planet)) continue;
      out.push({ hex, planet, space, groundForces, shockForces, pds, free });
    }
  }
  return out;
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
  for (const site of landingSites(t, phase, seat)) {
    const { hex, planet, groundForces: gf, shockForces: sf, pds } = site;
    const free = Math.max(0, site.free);
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
        owner !== seat && fightersInvade(t, seat) && gf + sf > 0 ? n(site.space, 'fighter') : 0,
      bacterial: bombardable && hasTech(t, seat, 'x-89-bacterial-weapon'),
    });
  }
  return out;
}

/** A representative set of landings (all the troops; one Ground Force; bombardment alone). */
export function landOptions(t: Table, phase: TurnsPhase): Land[] {
  const seat = phase.active;
  const out: Land[] = [];
  for (const { hex, planet, space, groundForces: gf, shockForces: sf, pds, free } of landingSites(
    t,
    phase,
    seat,
  )) {
    const all: Land = {
      type: 'land',
      hex,
      planet,
      groundForces: gf,
      shockForces: sf,
      pds: 0,
      bombard: 0,
    };
    const candidates: Land[] = [
      all,
      { ...all, pds },
      { ...all, bombard: free },
      { ...all, groundForces: Math.min(1, gf), shockForces: 0 },
      { ...all, groundForces: 0, shockForces: 0, bombard: free },
      // BG-9: the X-89 Bacterial Weapon with the troops, and Fighters joining them (Graviton Negator).
      { ...all, bombard: Math.min(1, free), bacterial: true },
      { ...all, fighters: n(space, 'fighter') },
    ];
    const seen = new Set<string>();
    for (const c of candidates) {
      const key = `${c.groundForces},${c.shockForces},${c.pds},${c.bombard},${c.fighters ?? 0},${c.bacterial === true}`;
      if (seen.has(key) || landProblem(t, phase, seat, c) !== null) continue;
      seen.add(key);
      out.push(c);
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
    // BG-9: landed Ground or Shock Forces bring the invasion's card window first.
    step: groundIn(landed) > 0 ? 'landed' : firstStep(a.bombard),
    round: 0,
    bombard: a.bombard,
    landed,
    owed: 0,
    ...(a.bacterial === true ? { bacterial: true as const } : {}),
  });
}

/** The invasion's first fight once forces have landed: the bombardment, or the planet's PDS fire. */
export function firstStep(bombard: number): 'bombardment' | 'pds-fire' {
  return bombard > 0 ? 'bombardment' : 'pds-fire';
}
