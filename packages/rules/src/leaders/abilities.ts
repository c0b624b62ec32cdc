import type { HexKey } from '@outer-rim/map';
import { RULE_CONSTANTS } from '../content/constants.js';
import { UNITS } from '../content/units.js';
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
 * (rolled at that ship's combat value). Returns the extra hits.
 */
export function admiralDice(d: Draft, label: string, owner: Owner, hex: HexKey): number {
  if (typeof owner !== 'number' || !d.s.options.leaders) return 0;
  let hits = 0;
  for (const l of leadersAt(d.s, owner, hex, null)) {
    if (l.type !== 'admiral' || l.ship === undefined) continue;
    if (shipsOfType(d.s, owner, hex, l.ship) === 0) continue;
    const value = UNITS[l.ship].combat ?? 10;
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

/** General: Dreadnoughts bombarding a planet holding an enemy General get −4 on the roll. */
export function bombardmentPenalty(
  t: Table,
  hex: HexKey,
  planet: string,
  defender: Owner | null,
): number {
  return defender !== null && hasLeader(t, defender, hex, planet, 'general')
    ? -C.generalBombardmentModifier
    : 0;
}

/** Agent: enemy PDS get −2 firing at the invasion it joined. */
export function pdsPenaltyAgainst(t: Table, hex: HexKey, planet: string, invader: Owner): number {
  return hasLeader(t, invader, hex, planet, 'agent') ? -C.agentPdsModifier : 0;
}

/**
 * General: in each round of invasion combat its side re-rolls one die (one
 * General per side, however many stand there). The re-roll can only turn a
 * miss into a hit, so the owner re-rolls a missed die whenever there is one
 * (the first miss of the unit type that hits most easily); this spares a
 * prompt whose answer is always the same.
 * Returns the extra hits.
 */
export function generalReroll(
  d: Draft,
  label: string,
  owner: Owner,
  hex: HexKey,
  planet: string,
  rolls: Partial<Record<'ground-force' | 'shock-force', number[]>>,
): number {
  if (!hasLeader(d.s, owner, hex, planet, 'general') || typeof owner !== 'number') return 0;
  const kinds = (['shock-force', 'ground-force'] as const)
    .filter((k) => (rolls[k] ?? []).some((r) => r < (UNITS[k].combat ?? 10)))
    .sort((a, b) => (UNITS[a].combat ?? 10) - (UNITS[b].combat ?? 10));
  const kind = kinds[0];
  if (kind === undefined) return 0;
  const value = UNITS[kind].combat ?? 10;
  const missed = (rolls[kind] ?? []).find((r) => r < value) ?? 0;
  const [again = 0] = d.roll(
    `${label}: the General re-rolls a missed ${missed % 10} (${UNITS[kind].name}, hit on ${value}+)`,
    C.dieSides,
    C.generalRerollsPerRound,
    owner,
  );
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
