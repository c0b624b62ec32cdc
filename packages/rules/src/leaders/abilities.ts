import { combatModifier } from '../technology/combat.js';
import { combatRollBonus } from '../cards/in-force.js';
import type { HexKey } from '@outer-rim/map';
import { RULE_CONSTANTS } from '../content/constants.js';
import { UNITS, type UnitType } from '../content/units.js';
import type { RolledHits, RollOptions } from '../combat/forces.js';
import type { Draft } from '../state/draft.js';
import type { Owner, Table } from '../state/types.js';
import { leadersAt, shipsOfType } from './fates.js';

/**
 * OR-6.2 the Leader Table's combat abilities. Only the owner uses a
 * leader's abilities: a captive (status `captured`) or dead leader does
 * nothing, and every check reads its owner's own leaders.
 */

const C = RULE_CONSTANTS;

function hasLeader(
  t: Table,
  owner: Owner,
  hex: HexKey,
  planet: string | null,
  type: 'general' | 'admiral' | 'agent',
): boolean {
  if (typeof owner !== 'number' || !t.options.leaders) return false;
  return leadersAt(t, owner, hex, planet).some((l) => l.type === type);
}

/**
 * Admiral: one extra die per space-battle round for the ship carrying it
 * (rolled at that ship's combat value, with the side's roll `opts`: a law's
 * bonus). Returns the extra hits.
 */
export function admiralDice(
  d: Draft,
  label: string,
  owner: Owner,
  hex: HexKey,
  opts: RollOptions = {},
): number {
  if (typeof owner !== 'number' || !d.s.options.leaders) return 0;
  let hits = 0;
  for (const l of leadersAt(d.s, owner, hex, null)) {
    if (l.type !== 'admiral' || l.ship === undefined) continue;
    if (shipsOfType(d.s, owner, hex, l.ship) === 0) continue;
    // The extra die is its ship's: the same technologies, abilities, laws and cards modify it
    // (BG-9; modifiers add up, OR-6.2).
    const value =
      (UNITS[l.ship].combat ?? 10) -
      (opts.bonus ?? 0) -
      combatRollBonus(d.s, owner) -
      combatModifier(d.s, owner, l.ship, 'space-battle');
    const rolls = d.roll(
      `${label}: the Admiral's extra die for its ${UNITS[l.ship].name}, hit on ${value}+`,
      C.dieSides,
      C.admiralExtraDice,
      owner,
    );
    hits += rolls.filter((r) => r >= value).length;
  }
  return hits;
}

/**
 * General: Dreadnoughts bombarding a planet holding an enemy General get −4
 * on the roll, added to the bomber's own modifiers (OR-6.2, clarified).
 */
export function bombardmentPenalty(
  t: Table,
  hex: HexKey,
  planet: string,
  defender: Owner | null,
): RollOptions {
  return defender !== null && hasLeader(t, defender, hex, planet, 'general')
    ? {
        bonus: C.generalBombardmentModifier,
        bonusReason: ` (enemy General ${String(C.generalBombardmentModifier)})`,
      }
    : {};
}

/** Agent: enemy PDS get −2 firing at the invasion it joined, added to their own modifiers. */
export function pdsPenaltyAgainst(
  t: Table,
  hex: HexKey,
  planet: string,
  invader: Owner,
): RollOptions {
  return hasLeader(t, invader, hex, planet, 'agent')
    ? { bonus: C.agentPdsModifier, bonusReason: ` (Agent ${String(C.agentPdsModifier)})` }
    : {};
}

/**
 * General: in each round of invasion combat its side re-rolls one die (one
 * General per side, however many stand there). The re-roll can only turn a
 * miss into a hit, so the owner re-rolls a missed die whenever there is one:
 * a die that missed under every modifier in force (OR-6.2, clarified), the
 * one most likely to hit when re-rolled (a Shock Force's before a Ground
 * Force's); this spares a prompt whose answer is always the same. The new
 * die replaces the old in `rolled` and counts with the same modifiers (an
 * unmodified 10 then earns the Shock Force promotion roll, OR-6.1).
 * Returns the extra hits.
 */
export function generalReroll(
  d: Draft,
  label: string,
  owner: Owner,
  hex: HexKey,
  planet: string,
  rolled: RolledHits,
): number {
  if (!hasLeader(d.s, owner, hex, planet, 'general') || typeof owner !== 'number') return 0;
  let kind: UnitType | undefined;
  for (const k of ['shock-force', 'ground-force', 'fighter'] as const) {
    const need = rolled.needs[k];
    if (need === undefined || !(rolled.rolls[k] ?? []).some((r) => r < need)) continue;
    if (kind === undefined || need < (rolled.needs[kind] ?? Infinity)) kind = k;
  }
  if (kind === undefined) return 0;
  const value = rolled.needs[kind] ?? Infinity;
  const before = rolled.rolls[kind] ?? [];
  const i = before.findIndex((r) => r < value);
  const missed = before[i] ?? 0;
  const [again = 0] = d.roll(
    `${label}: the General re-rolls a missed ${missed % 10} (${UNITS[kind].name}, hit on ${value}+)`,
    C.dieSides,
    C.generalRerollsPerRound,
    owner,
  );
  rolled.rolls[kind] = before.map((r, j) => (j === i ? again : r));
  return again >= value ? 1 : 0;
}

/**
 * Admiral: Dreadnoughts that begin the Movement segment in its system move
 * +1 (movement/rules.ts moveValue). Where the Admirals stood as the segment
 * began is written down, since an Admiral may then move with its ship.
 */
export function recordAdmirals(d: Draft): void {
  const phase = d.s.phase;
  if (phase.name !== 'individual-turns' || !d.s.options.leaders) return;
  const hexes = (d.s.players[phase.active]?.leaders ?? [])
    .filter((l) => l.type === 'admiral' && l.status === 'active' && l.hex !== undefined)
    .map((l) => l.hex as HexKey);
  d.s.phase = { ...phase, admiralsAt: [...new Set(hexes)] };
}

/** An Admiral aboard the owner's ships in `hex` (its ship still there). */
export function admiralInFleet(t: Table, owner: Owner, hex: HexKey): boolean {
  if (typeof owner !== 'number' || !t.options.leaders) return false;
  return leadersAt(t, owner, hex, null).some(
    (l) => l.type === 'admiral' && l.ship !== undefined && shipsOfType(t, owner, hex, l.ship) > 0,
  );
}

/** Admiral: a fleet attacked by a fleet with an Admiral may not Skilled Retreat unless it has one. */
export function admiralBlocksRetreat(
  t: Table,
  hex: HexKey,
  attacker: Owner,
  retreating: Owner,
): boolean {
  return admiralInFleet(t, attacker, hex) && !admiralInFleet(t, retreating, hex);
}
