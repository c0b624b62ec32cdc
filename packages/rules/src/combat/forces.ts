import { leadersAfterShipLoss, leadersAfterTroopLoss, type ShipType } from '../leaders/fates.js';
import { tileById, type HexKey } from '@outer-rim/map';
import { RULE_CONSTANTS } from '../content/constants.js';
import { TECH_PARAMS } from '../content/technologies.js';
import { RACES } from '../content/races.js';
import { MINOR_RACE_CASUALTY_ORDER, UNITS, type UnitType } from '../content/units.js';
import { combatRollBonus } from '../cards/in-force.js';
import { combatModifier } from '../technology/combat.js';
import type { Draft } from '../state/draft.js';
import type { Owner, Seat, Table, UnitCounts, UnitGroup, UnitKind } from '../state/types.js';

/**
 * What one side has in a system, and what it may lose. The unit model
 * (BG-3): counts per owner; Ground Forces, Shock Forces and PDS in
 * a system's space group are aboard that owner's Carriers there, sharing
 * 5 places per Carrier with the Fighters its Spacedocks there do not hold.
 */

export const SPACE_SHIPS = ['dreadnought', 'carrier', 'cruiser', 'fighter'] as const;
export const SPACE_CARGO = ['ground-force', 'shock-force', 'pds'] as const;
export const LOSS_KINDS = [...SPACE_SHIPS, ...SPACE_CARGO] as const;
export type LossKind = (typeof LOSS_KINDS)[number];

export function n(units: UnitCounts, k: UnitKind): number {
  return units[k] ?? 0;
}

export function total(units: UnitCounts): number {
  let sum = 0;
  for (const v of Object.values(units)) sum += v;
  return sum;
}

export function shipsIn(units: UnitCounts): number {
  return n(units, 'dreadnought') + n(units, 'carrier') + n(units, 'cruiser') + n(units, 'fighter');
}

export function groundIn(units: UnitCounts): number {
  return n(units, 'ground-force') + n(units, 'shock-force');
}

export function groupUnits(groups: readonly UnitGroup[] | undefined, owner: Owner): UnitCounts {
  return groups?.find((g) => g.owner === owner)?.units ?? {};
}

export function spaceUnits(t: Table, hex: HexKey, owner: Owner): UnitCounts {
  return groupUnits(t.units[hex]?.space, owner);
}

export function planetUnits(t: Table, hex: HexKey, planet: string, owner: Owner): UnitCounts {
  return groupUnits(t.units[hex]?.planets[planet], owner);
}

/** Owners with at least one ship in the system's space, in the order the groups are stored. */
export function shipOwners(t: Table, hex: HexKey): Owner[] {
  return (t.units[hex]?.space ?? []).filter((g) => shipsIn(g.units) > 0).map((g) => g.owner);
}

/** The owner's Spacedocks on the planets of this system (2 Fighters each, BG-3). */
export function docksIn(t: Table, hex: HexKey, owner: Owner): number {
  let docks = 0;
  for (const groups of Object.values(t.units[hex]?.planets ?? {})) {
    docks += n(groupUnits(groups, owner), 'spacedock');
  }
  return docks;
}

/** BG-9 Stasis Capsules: the owner's Cruisers and Dreadnoughts carry a Ground Force each. */
export function hasStasis(t: Table, owner: Owner): boolean {
  return (
    typeof owner === 'number' && t.players[owner]?.technologies.includes('stasis-capsules') === true
  );
}

/**
 * BG-3: Fighters of `seat` in `hex` that neither the Carriers' room left nor
 * the Spacedocks there (2 each) support are lost at once (after a Spacedock
 * is destroyed, e.g. by Spacedock Accident).
 */
export function loseUnsupportedFightersAt(d: Draft, hex: HexKey, seat: Seat): void {
  const space = spaceUnits(d.s, hex, seat);
  const over = Math.min(
    n(space, 'fighter'),
    Math.max(
      0,
      cargoNeed(space, docksIn(d.s, hex, seat)) - capacityOf(space, hasStasis(d.s, seat)),
    ),
  );
  if (over === 0) return;
  d.addUnits(hex, null, seat, 'fighter', -over);
  d.emit({ type: 'fighters-lost', seat, hex, count: over });
}

/** Places taken aboard Carriers: cargo, and Fighters beyond what the Spacedocks hold. */
export function cargoNeed(units: UnitCounts, docks: number): number {
  const fighters = Math.max(0, n(units, 'fighter') - docks * RULE_CONSTANTS.fightersPerSpacedock);
  return n(units, 'ground-force') + n(units, 'shock-force') + n(units, 'pds') + fighters;
}

/**
 * Carrier room, and with Stasis Capsules (BG-9, `stasis`) one place aboard
 * each Cruiser and Dreadnought that only a Ground Force may take (never a
 * Shock Force: OR-6.1).
 */
export function capacityOf(units: UnitCounts, stasis = false): number {
  const carriers = n(units, 'carrier') * RULE_CONSTANTS.carrierCapacity;
  if (!stasis) return carriers;
  const heavy = (n(units, 'cruiser') + n(units, 'dreadnought')) * TECH_PARAMS.stasisCapacity;
  // OR-6.1: Shock Forces "require Carriers for transportation": only Ground Forces ride a heavy ship.
  return carriers + Math.min(heavy, n(units, 'ground-force'));
}

export function isNebula(t: Table, hex: HexKey): boolean {
  const placed = t.galaxy.tiles[hex];
  return placed !== undefined && tileById(placed.tileId)?.anomaly === 'nebula';
}

/** "Seat 2" / "the Naalu Collective (minor race)", for dice purposes. */
export function ownerLabel(t: Table, owner: Owner): string {
  if (typeof owner === 'number') return t.players[owner]?.name ?? `Seat ${owner + 1}`;
  return `the ${RACES[owner.slice(6) as keyof typeof RACES].name} (minor race)`;
}

export function isMinor(owner: Owner): owner is `minor:${string}` & Owner {
  return typeof owner !== 'number';
}

export function minus(units: UnitCounts, losses: UnitCounts): UnitCounts {
  const out: UnitCounts = {};
  for (const [k, v] of Object.entries(units) as [UnitKind, number][]) {
    const left = v - n(losses, k);
    if (left > 0) out[k] = left;
  }
  return out;
}

/**
 * Removes `losses` from one owner's group and reports them (no event when
 * nothing is lost). `leaderShips`: OR-6.2, kinds whose leaders' ship its
 * owner chose among the losses.
 */
export function destroy(
  d: Draft,
  hex: HexKey,
  planet: string | null,
  owner: Owner,
  losses: UnitCounts,
  reason: string,
  leaderShips: readonly ShipType[] = [],
): void {
  const lost: UnitCounts = {};
  for (const [k, v] of Object.entries(losses) as [UnitKind, number][]) {
    if (v <= 0) continue;
    d.addUnits(hex, planet, owner, k, -v);
    lost[k] = v;
  }
  if (total(lost) === 0) return;
  d.emit(
    planet === null
      ? { type: 'units-destroyed', hex, owner, units: lost, reason }
      : { type: 'units-destroyed', hex, planet, owner, units: lost, reason },
  );
  if (d.s.options.leaders) {
    const chosen = leaderShips.filter((k) => (lost[k] ?? 0) > 0);
    leaderFates(d, hex, planet, owner, reason, chosen);
  }
}

/** OR-6.2: what becomes of leaders aboard the ships or on the planet that took the losses. */
function leaderFates(
  d: Draft,
  hex: HexKey,
  planet: string | null,
  owner: Owner,
  reason: string,
  chosen: readonly ShipType[],
): void {
  const phase = d.s.phase;
  const combat = phase.name === 'individual-turns' ? phase.combat : undefined;
  if (planet === null) {
    // OR-6.2 / BG-6: Space Combat is the whole battle, its PDS fire, Assault Cannon and Ambush
    // before round 1 included; PDS fire where no enemy ships are is "any other occurrence".
    const b = combat?.battle;
    const inBattle = b !== undefined && b.hex === hex && b.defender !== null;
    const destroyer = !inBattle ? null : owner === b.attacker ? b.defender : b.attacker;
    leadersAfterShipLoss(d, owner, hex, inBattle ? destroyer : null, reason, chosen);
    return;
  }
  const inv = combat?.invasion;
  // Bombardment is no invasion combat (OR-6.2: its last casualty kills the leaders there).
  const inInvasionCombat =
    inv !== undefined && inv.hex === hex && inv.planet === planet && reason !== 'bombardment';
  leadersAfterTroopLoss(d, owner, hex, planet, inInvasionCombat, reason);
}

/**
 * Rolls for every unit of `units` that fights, one roll group per unit type
 * ("space battle round 2: Cruisers"), and counts the hits (a roll at or
 * above the combat value; `combat` overrides it, e.g. Shock Forces). The
 * die is a d10 whose 0 face reads 10 (BG-3). For a minor race the purpose
 * names it: the server rolls for it (OR-2.2).
 */
export function rollFor(
  d: Draft,
  label: string,
  owner: Owner,
  units: UnitCounts,
  types: readonly UnitType[],
  scope: 'space-battle' | 'invasion-combat',
  opts: RollOptions = {},
): RolledHits {
  let hits = 0;
  const bonus = opts.bonus ?? 0;
  const rolls: Partial<Record<UnitType, number[]>> = {};
  const needs: Partial<Record<UnitType, number>> = {};
  for (const type of types) {
    const count = n(units, type);
    const printed = UNITS[type].combat;
    if (count === 0 || printed === null) continue;
    // A bonus added to every roll is the same as hitting `bonus` lower (a law such as
    // Minister of War, Magen Defense Grid's defenders); BG-9 Morale Boost: +1 on the roll
    // this round, likewise; and the technologies and racial abilities of the owner (BG-9).
    const value =
      printed - bonus - combatRollBonus(d.s, owner) - combatModifier(d.s, owner, type, scope);
    needs[type] = value;
    const name = count === 1 ? UNITS[type].name : pluralName(type);
    const purpose = isMinor(owner)
      ? `${label}: ${name} of ${ownerLabel(d.s, owner)}, hit on ${value}+${opts.bonusReason ?? ''}`
      : `${label}: ${name}, hit on ${value}+${opts.bonusReason ?? ''}`;
    const r = rollDice(d, purpose, count, owner);
    rolls[type] = r;
    hits += r.filter((x) => x >= value).length;
  }
  if (opts.reroll !== undefined) hits += rerollOneMiss(d, label, owner, rolls, needs, opts.reroll);
  return { hits, rolls, needs };
}

/** A side's dice of one roll: the hits, the dice by unit type, and what each type needed to hit (every modifier in). */
export interface RolledHits {
  hits: number;
  rolls: Partial<Record<UnitType, number[]>>;
  needs: Partial<Record<UnitType, number>>;
}

export interface RollOptions {
  /** Added to every die (a law such as Minister of War); `bonusReason` is shown in the purpose. */
  bonus?: number;
  bonusReason?: string;
  /** Re-roll one missed die, the one most likely to hit (Crown of Thalnos); the reason shown. */
  reroll?: string;
}

/**
 * One missed die rolled again. Which one is our decision (the choice is
 * automatic, never worse for the owner): the miss of the unit type that
 * hits most easily. The second roll replaces the first in `rolls`.
 */
function rerollOneMiss(
  d: Draft,
  label: string,
  owner: Owner,
  rolls: Partial<Record<UnitType, number[]>>,
  needs: Partial<Record<UnitType, number>>,
  reason: string,
): number {
  let best: UnitType | undefined;
  for (const [type, r] of Object.entries(rolls) as [UnitType, number[]][]) {
    const need = needs[type] ?? Infinity;
    if (!r.some((x) => x < need)) continue;
    if (best === undefined || need < (needs[best] ?? Infinity)) best = type;
  }
  if (best === undefined) return 0;
  const need = needs[best] ?? Infinity;
  const before = rolls[best] ?? [];
  const i = before.findIndex((x) => x < need);
  const [again = 0] = rollDice(
    d,
    `${label}: ${reason} re-roll of a ${UNITS[best].name}, hit on ${need}+`,
    1,
    owner,
  );
  rolls[best] = before.map((x, j) => (j === i ? again : x));
  return again >= need ? 1 : 0;
}

export function rollDice(d: Draft, purpose: string, count: number, owner: Owner): number[] {
  return typeof owner === 'number'
    ? d.roll(purpose, RULE_CONSTANTS.dieSides, count, owner)
    : d.roll(purpose, RULE_CONSTANTS.dieSides, count);
}

export function pluralName(type: UnitType): string {
  const name = UNITS[type].name;
  return name.endsWith('S') ? name : `${name}s`;
}

// ---- space casualties (BG-6) ----

/**
 * Why `losses` is not a valid answer to `owed` hits on `units` in space, or
 * null when it is. Hits fall on ships (any ship dies to one hit); then
 * whatever cargo no longer fits in the Carriers left dies with them, the
 * owner choosing which, and not one unit more.
 */
export function spaceLossProblem(
  units: UnitCounts,
  docks: number,
  owed: number,
  losses: UnitCounts,
  stasis = false,
): string | null {
  for (const [k, v] of Object.entries(losses) as [UnitKind, number][]) {
    if (!(LOSS_KINDS as readonly string[]).includes(k)) return `A ${k} cannot be lost here.`;
    if (v > n(units, k)) return `You have only ${n(units, k)} ${UNITS[k].name} there.`;
  }
  const hits = Math.min(owed, shipsIn(units));
  const heavy = n(losses, 'dreadnought') + n(losses, 'carrier') + n(losses, 'cruiser');
  if (shipsIn(losses) < hits) return `Choose ${hits} ships to lose to the hits.`;
  if (heavy > hits) return `Only ${hits} ships are hit.`;
  const fightersHit = hits - heavy;
  const afterHits = {
    ...units,
    fighter: n(units, 'fighter') - fightersHit,
    carrier: n(units, 'carrier') - n(losses, 'carrier'),
    cruiser: n(units, 'cruiser') - n(losses, 'cruiser'),
    dreadnought: n(units, 'dreadnought') - n(losses, 'dreadnought'),
  };
  const overflow = Math.max(0, cargoNeed(afterHits, docks) - capacityOf(afterHits, stasis));
  if (total(losses) !== hits + overflow) {
    return overflow === 0
      ? `Lose exactly ${hits} ships; the cargo still fits.`
      : `Lose ${hits} ships and ${overflow} units of cargo that no longer fit.`;
  }
  const after = minus(units, losses);
  if (cargoNeed(after, docks) > capacityOf(after, stasis)) return 'The cargo left does not fit.';
  return null;
}

function bounded(
  kinds: readonly LossKind[],
  caps: readonly number[],
  sum: number,
  limit: number,
): number[][] {
  const out: number[][] = [];
  const cur: number[] = kinds.map(() => 0);
  const go = (i: number, left: number): void => {
    if (out.length >= limit) return;
    if (i === kinds.length - 1) {
      if (left <= (caps[i] ?? 0)) {
        cur[i] = left;
        out.push(cur.slice());
      }
      return;
    }
    for (let v = Math.min(left, caps[i] ?? 0); v >= 0; v--) {
      cur[i] = v;
      go(i + 1, left - v);
    }
  };
  go(0, sum);
  return out;
}

/**
 * Every valid way to take `owed` hits in space (up to `limit`), most
 * expensive losses last: the first option is the cheapest-first default.
 */
export function spaceLossOptions(
  units: UnitCounts,
  docks: number,
  owed: number,
  limit = 64,
  stasis = false,
): UnitCounts[] {
  const hits = Math.min(owed, shipsIn(units));
  const shipOrder = ['fighter', 'cruiser', 'carrier', 'dreadnought'] as const;
  const out: UnitCounts[] = [];
  const seen = new Set<string>();
  for (const ships of bounded(
    shipOrder,
    shipOrder.map((k) => n(units, k)),
    hits,
    limit * 4,
  )) {
    const base: UnitCounts = {};
    shipOrder.forEach((k, i) => {
      if ((ships[i] ?? 0) > 0) base[k] = ships[i] ?? 0;
    });
    const afterHits = minus(units, base);
    const overflow = Math.max(0, cargoNeed(afterHits, docks) - capacityOf(afterHits, stasis));
    const extraKinds = ['fighter', 'ground-force', 'shock-force', 'pds'] as const;
    for (const extra of bounded(
      extraKinds,
      extraKinds.map((k) => n(afterHits, k)),
      overflow,
      limit * 4,
    )) {
      const losses: UnitCounts = { ...base };
      extraKinds.forEach((k, i) => {
        const v = n(losses, k) + (extra[i] ?? 0);
        if (v > 0) losses[k] = v;
      });
      if (spaceLossProblem(units, docks, owed, losses, stasis) !== null) continue;
      const key = LOSS_KINDS.map((k) => n(losses, k)).join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(losses);
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/** OR-2.2: a minor race's losses, without a decision (Fighters, Cruisers, Carriers, Dreadnoughts). */
export function minorSpaceLosses(units: UnitCounts, owed: number): UnitCounts {
  const losses: UnitCounts = {};
  let left = owed;
  for (const k of MINOR_RACE_CASUALTY_ORDER) {
    const take = Math.min(left, n(units, k));
    if (take > 0) losses[k] = take;
    left -= take;
  }
  return losses;
}

/**
 * Ground casualties in invasion combat: Shock Forces first (OR-6.1), then
 * Ground Forces, so there is nothing to choose. `shockFirst` false: the
 * pre-invasion PDS fire, where the owner chooses freely.
 */
export function groundLosses(units: UnitCounts, hits: number): UnitCounts {
  const shock = Math.min(hits, n(units, 'shock-force'));
  const ground = Math.min(hits - shock, n(units, 'ground-force'));
  const out: UnitCounts = {};
  if (shock > 0) out['shock-force'] = shock;
  if (ground > 0) out['ground-force'] = ground;
  return out;
}

/** Shock Forces `owner` has on the board (OR-6.1: at most 3). */
export function shockForcesOnBoard(t: Table, owner: Owner): number {
  let count = 0;
  for (const sys of Object.values(t.units)) {
    count += n(groupUnits(sys.space, owner), 'shock-force');
    for (const groups of Object.values(sys.planets)) {
      count += n(groupUnits(groups, owner), 'shock-force');
    }
  }
  return count;
}
