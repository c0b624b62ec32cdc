import type { Effect } from '../content/effects.js';
import { RACES } from '../content/races.js';
import { RULE_CONSTANTS } from '../content/constants.js';
import { techById } from '../content/technologies.js';
import { UNITS } from '../content/units.js';
import { unitSurcharge } from '../politics/laws.js';
import { homeHexKey, planetDef, planetsOf, printedValuesOf, spacedocksOf } from './board.js';
import { HiddenSlot } from './hidden-slot.js';
import type { Seat, Table, UnitKind } from './types.js';

/** Technology lists are replaced, never edited, so their identity keys this cache. */
const effectsCache = new HiddenSlot<
  readonly string[],
  { race: string; effects: readonly Effect[] }
>('effects');

/** BG-9 Flank Speed: +1 move for every ship this turn. */
const FLANK_SPEED: Effect = {
  kind: 'move-modifier',
  units: ['dreadnought', 'carrier', 'cruiser'],
  value: 1,
};

/**
 * The machine-readable effects that apply to a seat: its race's abilities,
 * its technologies, and the action cards in force for it (BG-9).
 */
export function effectsOf(t: Table, seat: Seat): readonly Effect[] {
  const base = lastingEffectsOf(t, seat);
  const flank = t.cardEffects.filter((e) => e.card === 'flank-speed' && e.seat === seat).length;
  return flank === 0 ? base : [...base, ...Array.from({ length: flank }, () => FLANK_SPEED)];
}

function lastingEffectsOf(t: Table, seat: Seat): readonly Effect[] {
  const p = t.players[seat];
  if (p === undefined) return [];
  const hit = effectsCache.get(p.technologies);
  if (hit?.race === p.race) return hit.effects;
  const out: Effect[] = [];
  for (const ability of RACES[p.race].abilities) out.push(...ability.effects);
  for (const id of p.technologies) {
    const def = techById(id);
    if (def !== undefined) out.push(...def.effects);
  }
  effectsCache.set(p.technologies, { race: p.race, effects: out });
  return out;
}

function sumEffect(effects: readonly Effect[], kind: Effect['kind']): number {
  let n = 0;
  for (const e of effects) if (e.kind === kind && 'value' in e) n += e.value;
  return n;
}

/** Planets a seat controls outside its home system (BG-10 counts these). */
export function planetsOutsideHome(t: Table, seat: Seat): readonly string[] {
  const home = homeHexKey(t, seat);
  return planetsOf(t, seat).filter((name) => t.planets[name]?.hex !== home);
}

/** Total resources of the planets a seat controls, with per-planet bonuses. */
export function resourcesOf(t: Table, seat: Seat): number {
  const perPlanet = sumEffect(effectsOf(t, seat), 'resources-per-planet');
  return printedValuesOf(t, seat).resources + perPlanet * planetsOf(t, seat).length;
}

/**
 * Influence for turn order and votes: planets, ability and technology
 * bonuses, and 2 per captive leader (OR-6.2).
 */
export function influenceOf(t: Table, seat: Seat): number {
  const p = t.players[seat];
  if (p === undefined) return 0;
  const effects = effectsOf(t, seat);
  let n = printedValuesOf(t, seat).influence;
  // The planets and Spacedocks are counted only for a seat whose effects pay for them.
  const perOutside = sumEffect(effects, 'influence-per-planet-outside-home');
  if (perOutside !== 0) n += perOutside * planetsOutsideHome(t, seat).length;
  const perDock = sumEffect(effects, 'influence-per-spacedock');
  if (perDock !== 0) n += perDock * spacedocksOf(t, seat).length;
  n += RULE_CONSTANTS.captiveLeaderInfluence * p.captives.length;
  return n;
}

/**
 * BG-2 Receive Credits: the resources of every controlled planet; a planet
 * outside the home system holding the owner's active Scientist counts
 * double, however many Scientists stand there (OR-6.2).
 */
export function incomeOf(t: Table, seat: Seat): number {
  const p = t.players[seat];
  if (p === undefined) return 0;
  const perPlanet = sumEffect(effectsOf(t, seat), 'resources-per-planet');
  const home = homeHexKey(t, seat);
  const scientistPlanets = new Set(
    p.leaders
      .filter((l) => l.type === 'scientist' && l.status === 'active' && l.planet !== undefined)
      .map((l) => l.planet),
  );
  let n = 0;
  for (const name of planetsOf(t, seat)) {
    const base = (planetDef(name)?.resources ?? 0) + perPlanet;
    const outside = t.planets[name]?.hex !== home;
    n +=
      outside && scientistPlanets.has(name)
        ? base * RULE_CONSTANTS.scientistIncomeMultiplier
        : base;
  }
  return n;
}

/** Price of one unit for this seat (a `unit-cost` effect overrides the printed cost). */
export function unitCost(t: Table, seat: Seat, unit: UnitKind): number | null {
  const base = UNITS[unit].cost;
  if (base === null) return null;
  let cost = base;
  for (const e of effectsOf(t, seat)) if (e.kind === 'unit-cost' && e.unit === unit) cost = e.cost;
  // BG-9 Tax Rebate: every unit bought this phase costs 1 credit less (at least 1).
  if (t.cardEffects.some((e) => e.card === 'tax-rebate' && e.seat === seat)) {
    cost = Math.max(1, cost - 1);
  }
  // BG-8 Arms Reduction: every unit costs 2 credits more while it is in force.
  return cost + unitSurcharge(t);
}

export function extraActionCardDraws(t: Table, seat: Seat): number {
  let n = 0;
  for (const e of effectsOf(t, seat)) if (e.kind === 'extra-action-card-draw') n += e.count;
  return n;
}
