import { admiralDice } from '../leaders/abilities.js';
import { leadersFollowShips } from '../leaders/windows.js';
import type { ShipType } from '../leaders/fates.js';
import { distance, parseHexKey, tileById, type HexKey } from '@outer-rim/map';
import { payTruceFine } from '../politics/truce.js';
import { lawRollOptions } from '../politics/combat.js';
import { expireEffects, inForce } from '../cards/in-force.js';
import { breakTradeByCombat } from '../cards/trade.js';
import type { Draft } from '../state/draft.js';
import { systemName } from '../views/names.js';
import type { Owner, Seat, Table, UnitCounts, UnitKind } from '../state/types.js';
import {
  SPACE_SHIPS,
  capacityOf,
  cargoNeed,
  destroy,
  docksIn,
  hasStasis,
  isMinor,
  isNebula,
  minorSpaceLosses,
  n,
  rollFor,
  shipOwners,
  shipsIn,
  spaceLossOptions,
  spaceUnits,
} from './forces.js';
import {
  arrivedHexes,
  cameFrom,
  combatOf,
  setBattle,
  setCombat,
  turnsOf,
  type TurnsPhase,
} from './state.js';
import type { OwedHits, SpaceBattle } from './types.js';
import { assaultCannonHits, othersPdsFireAt, pdsFiringAt } from '../technology/battle.js';
import { ambushFire } from './ambush.js';
import { recordPursuit } from '../technology/pursuit.js';

/**
 * BG-3 / BG-6 Space Battle segment. Every system holding the active
 * player's ships and another owner's ships (a minor race's too, OR-2.2) is
 * a battle; so is every system where the active player's ships ended a move
 * beside another owner's PDS (BG-3: defending PDS fire at ships that end
 * their move in its system). Each system is one fight: PDS fire first (each
 * PDS fires once per turn: the defenders' at the arrivals, the attacker's
 * at the defender's ships; no return fire), then rounds.
 */

/** Systems where the active player fights this segment, in the fixed order they resolve (by hex key). */
export function fightsAt(t: Table, phase: TurnsPhase): HexKey[] {
  const active = phase.active;
  const arrived = arrivedHexes(phase);
  const out: HexKey[] = [];
  for (const hex of Object.keys(t.units) as HexKey[]) {
    let own = false;
    let enemyShips = false;
    for (const g of t.units[hex]?.space ?? []) {
      if (shipsIn(g.units) === 0) continue;
      if (g.owner === active) own = true;
      else enemyShips = true;
    }
    if (!own) continue;
    // BG-9 Deep Space Cannon: PDS next door count too (looked for only where no ships fight).
    const enemyPds = !enemyShips && arrived.includes(hex) && othersPdsFireAt(t, hex, active);
    if (enemyShips || enemyPds) out.push(hex);
  }
  return out.sort();
}

/** Starts the fight in `hex`; `pds` false: PDS have already fired here this turn. */
export function startFight(d: Draft, hex: HexKey, pds: boolean): void {
  const phase = turnsOf(d);
  const defender = shipOwners(d.s, hex).find((o) => o !== phase.active) ?? null;
  d.emit({ type: 'battle-started', hex, attacker: phase.active, defender });
  if (typeof defender === 'number') payTruceFine(d, phase.active);
  // BG-11: partners who fight each other lose their agreement.
  breakTradeByCombat(d, phase.active, defender);
  const battle: SpaceBattle = {
    hex,
    attacker: phase.active,
    defender,
    round: 0,
    step: pds ? 'pds-fire' : 'before-round',
    owed: [],
  };
  // BG-1 Mentak Ambush fires before every space battle; without PDS fire it is the only shot.
  const ambush = pds ? [] : ambushFire(d, hex, phase.active, defender);
  setBattle(
    d,
    ambush.length === 0 ? battle : { ...battle, step: 'casualties', owed: ambush, ambush: true },
  );
}

function addOwed(owed: OwedHits[], owner: Owner, hits: number): OwedHits[] {
  if (hits <= 0) return owed;
  const i = owed.findIndex((o) => o.owner === owner);
  if (i === -1) return [...owed, { owner, hits }];
  return owed.map((o, j) => (j === i ? { owner, hits: o.hits + hits } : o));
}

function pdsFire(d: Draft, b: SpaceBattle): SpaceBattle {
  const arrivedHere = arrivedHexes(turnsOf(d)).includes(b.hex);
  let owed: OwedHits[] = [];
  // BG-9 Into the Breach: the enemy PDS stay silent in the battles of this turn.
  const breach = inForce(d.s, 'into-the-breach', b.attacker);
  for (const p of pdsFiringAt(d.s, b.hex)) {
    if (breach && p.owner !== b.attacker) continue;
    let target: Owner;
    if (p.owner === b.attacker) {
      if (b.defender === null) continue;
      target = b.defender;
    } else {
      // A PDS next door (Deep Space Cannon) fires only at ships that ended their move here.
      if (!arrivedHere && (b.defender === null || p.adjacent)) continue;
      target = b.attacker;
    }
    const { hits } = rollFor(
      d,
      p.adjacent ? `PDS fire from ${p.planet} (Deep Space Cannon)` : `PDS fire from ${p.planet}`,
      p.owner,
      { pds: p.pds },
      ['pds'],
      'space-battle',
    );
    if (hits > 0) {
      d.emit({
        type: 'hits-scored',
        hex: b.hex,
        by: p.owner,
        against: target,
        hits,
        reason: 'PDS fire',
      });
    }
    owed = addOwed(owed, target, hits);
  }
  // BG-9 Assault Cannon: the Dreadnoughts' shot before the battle, beside the PDS fire.
  const shots = b.defender === null ? [] : assaultCannonHits(d, b.hex, b.attacker, b.defender);
  for (const o of shots) owed = addOwed(owed, o.owner, o.hits);
  // BG-1 Mentak Ambush: its Cruisers' shot, in the same step.
  const ambush = ambushFire(d, b.hex, b.attacker, b.defender);
  for (const o of ambush) owed = addOwed(owed, o.owner, o.hits);
  return {
    ...b,
    step: 'casualties',
    owed,
    ...(shots.length > 0 ? { assaultCannon: true } : {}),
    ...(ambush.length > 0 ? { ambush: true } : {}),
  };
}

function battleRound(d: Draft, b: SpaceBattle): SpaceBattle {
  const defender = b.defender;
  if (defender === null) return b;
  const round = b.round + 1;
  d.emit({ type: 'battle-round', hex: b.hex, round });
  // OR-4.1: Fighters have no combat value in a Nebula (they may still be chosen as casualties).
  const types = isNebula(d.s, b.hex) ? SPACE_SHIPS.filter((k) => k !== 'fighter') : SPACE_SHIPS;
  const label = `space battle in ${systemName(b.hex, d.s.galaxy)}, round ${round}`;
  const aLaw = lawRollOptions(d.s, b.attacker, round);
  const a = rollFor(
    d,
    label,
    b.attacker,
    spaceUnits(d.s, b.hex, b.attacker),
    types,
    'space-battle',
    aLaw,
  );
  // OR-6.2 Admiral: one extra die for the ship carrying it, rolled with its side's dice.
  a.hits += admiralDice(d, label, b.attacker, b.hex, aLaw);
  const xLaw = lawRollOptions(d.s, defender, round);
  const x = rollFor(
    d,
    label,
    defender,
    spaceUnits(d.s, b.hex, defender),
    types,
    'space-battle',
    xLaw,
  );
  x.hits += admiralDice(d, label, defender, b.hex, xLaw);
  // BG-9: "this round" cards (Morale Boost) end with the round's rolls.
  expireEffects(d, 'combat-round');
  // The hits are scored in the next step, so rerolls (a General, OR-6.2) and cards (BG-9)
  // that cancel hits in between the roll and the hits.
  return {
    ...b,
    round,
    step: 'hits',
    owed: addOwed(addOwed([], b.attacker, x.hits), defender, a.hits),
  };
}

/** The round's hits land on both sides at the same time (BG-6). */
function scoreHits(d: Draft, b: SpaceBattle): SpaceBattle {
  const defender = b.defender;
  if (defender === null) return { ...b, step: 'casualties' };
  const reason = `space battle round ${b.round}`;
  for (const o of b.owed) {
    const by = o.owner === b.attacker ? defender : b.attacker;
    d.emit({ type: 'hits-scored', hex: b.hex, by, against: o.owner, hits: o.hits, reason });
  }
  return { ...b, step: 'casualties' };
}

function lossReason(b: SpaceBattle): string {
  if (b.round > 0) return `space battle round ${b.round}`;
  const fire = b.assaultCannon === true ? 'PDS and Assault Cannon fire' : 'PDS fire';
  return b.ambush === true ? `${fire} and Ambush` : fire;
}

/** The only way `owner` can take `hits` here, or null when it has a real choice to make. */
export function forcedSpaceLosses(
  t: Table,
  hex: HexKey,
  owner: Owner,
  hits: number,
): UnitCounts | null {
  const units = spaceUnits(t, hex, owner);
  if (isMinor(owner)) return minorSpaceLosses(units, hits);
  const options = spaceLossOptions(units, docksIn(t, hex, owner), hits, 2, hasStasis(t, owner));
  return options.length === 1 ? (options[0] ?? {}) : options.length === 0 ? {} : null;
}

/**
 * BG-6 withdrawal: all the attacker's ships go to one adjacent system from
 * which at least one of them came this turn (not through a wormhole),
 * holding no other owner's ships.
 */
export function retreatTargets(t: Table, phase: TurnsPhase, b: SpaceBattle): HexKey[] {
  const here = parseHexKey(b.hex);
  return cameFrom(phase, b.hex).filter((to) => {
    if (distance(here, parseHexKey(to)) !== 1) return false;
    const placed = t.galaxy.tiles[to];
    const anomaly = placed === undefined ? 'supernova' : tileById(placed.tileId)?.anomaly;
    if (anomaly === 'supernova' || anomaly === 'asteroid-field') return false;
    return shipOwners(t, to).every((o) => o === b.attacker);
  });
}

function endBattle(d: Draft, b: SpaceBattle, winner: Owner | null, reason: string): void {
  d.emit({ type: 'battle-ended', hex: b.hex, winner, reason });
  setBattle(d, undefined);
  // BG-9 Strategic Mathematics: a won battle against ships lets half the Cruisers move on.
  if (winner === b.attacker && b.defender !== null) recordPursuit(d, b.hex, b.attacker);
  // A third owner's ships in the same system: the attacker fights them next (no second PDS fire).
  const active = turnsOf(d).active;
  if (
    shipsIn(spaceUnits(d.s, b.hex, active)) > 0 &&
    shipOwners(d.s, b.hex).some((o) => o !== active)
  ) {
    startFight(d, b.hex, false);
  }
}

/** After the casualties: the fight ends, or goes on to the retreat offer or the next round. */
function afterCasualties(d: Draft, b: SpaceBattle): void {
  const attacker = shipsIn(spaceUnits(d.s, b.hex, b.attacker));
  if (b.defender === null) {
    endBattle(d, b, attacker > 0 ? b.attacker : null, 'the PDS have fired');
    return;
  }
  const defender = shipsIn(spaceUnits(d.s, b.hex, b.defender));
  if (attacker === 0 && defender === 0) endBattle(d, b, null, 'both fleets are destroyed');
  else if (attacker === 0) endBattle(d, b, b.defender, 'the attacking fleet is destroyed');
  else if (defender === 0) endBattle(d, b, b.attacker, 'the defending fleet is destroyed');
  else if (b.round === 0) setBattle(d, { ...b, step: 'before-round', owed: [] });
  else {
    // BG-9: Skilled Retreat (the defender) and "before a round" cards get their window here.
    // BG-8 Conventions of Nxill: one round, then the attacker must withdraw (when it can go somewhere).
    const canRetreat = retreatTargets(d.s, turnsOf(d), b).length > 0;
    setBattle(d, { ...b, step: canRetreat ? 'retreat' : 'before-round', owed: [] });
  }
}

/**
 * Runs one step of the battle in progress. Returns false when the battle
 * waits for a decision (casualties to choose, the retreat offer).
 */
export function stepBattle(d: Draft, b: SpaceBattle): boolean {
  switch (b.step) {
    case 'pds-fire':
      setBattle(d, pdsFire(d, b));
      return true;
    case 'before-round':
      // BG-9: the moment before a round (Morale Boost, Skilled Retreat): the step moves on to
      // the round's dice first, so the round is what goes on once the window has closed.
      setBattle(d, { ...b, step: 'round' });
      if (b.defender !== null) {
        d.reach({
          kind: 'battle-round',
          hex: b.hex,
          attacker: b.attacker,
          defender: b.defender,
          round: b.round + 1,
        });
      }
      return true;
    case 'round':
      setBattle(d, battleRound(d, b));
      return true;
    case 'hits':
      setBattle(d, scoreHits(d, b));
      return true;
    case 'casualties': {
      // Minor races and owners without a real choice lose at once (OR-2.2); the others decide.
      const waiting: OwedHits[] = [];
      for (const o of b.owed) {
        const forced = forcedSpaceLosses(d.s, b.hex, o.owner, o.hits);
        if (forced === null) waiting.push(o);
        else destroy(d, b.hex, null, o.owner, forced, lossReason(b));
      }
      if (waiting.length > 0) {
        if (waiting.length !== b.owed.length) setBattle(d, { ...b, owed: waiting });
        return false;
      }
      afterCasualties(d, b);
      return true;
    }
    case 'retreat':
      return false;
  }
}

/** An owner's chosen casualties, already checked (`leaderShips`: OR-6.2, leaders' ships among them). */
export function takeCasualties(
  d: Draft,
  b: SpaceBattle,
  seat: Seat,
  losses: UnitCounts,
  leaderShips: readonly ShipType[] = [],
): void {
  destroy(d, b.hex, null, seat, losses, lossReason(b), leaderShips);
  setBattle(d, { ...b, owed: b.owed.filter((o) => o.owner !== seat) });
}

export function fightOn(d: Draft, b: SpaceBattle): void {
  setBattle(d, { ...b, step: 'before-round' });
}

/** BG-6: the attacker withdraws every unit it has in the system's space. */
export function withdraw(d: Draft, b: SpaceBattle, to: HexKey): void {
  const units = spaceUnits(d.s, b.hex, b.attacker);
  for (const [k, v] of Object.entries(units) as [UnitKind, number][]) {
    d.addUnits(b.hex, null, b.attacker, k, -v);
    d.addUnits(to, null, b.attacker, k, v);
  }
  d.emit({ type: 'fleet-withdrew', hex: b.hex, seat: b.attacker, to, units });
  if (d.s.options.leaders) leadersFollowShips(d, b.attacker, b.hex, to, units);
  // BG-3: Fighters the Carriers and Spacedocks there cannot hold are lost.
  const there = spaceUnits(d.s, to, b.attacker);
  const over = Math.min(
    n(there, 'fighter'),
    Math.max(
      0,
      cargoNeed(there, docksIn(d.s, to, b.attacker)) -
        capacityOf(there, hasStasis(d.s, b.attacker)),
    ),
  );
  if (over > 0) destroy(d, to, null, b.attacker, { fighter: over }, 'unsupported after withdrawal');
  endBattle(d, b, b.defender, 'the attacker withdraws');
}

/** Entering the Space Battle segment: queue every fight of this turn. */
export function queueFights(d: Draft): void {
  const phase = turnsOf(d);
  setCombat(d, { ...combatOf(phase), queue: fightsAt(d.s, phase) });
}
