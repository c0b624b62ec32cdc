import { PURCHASABLE_UNITS, type Action, type PurchasableUnit } from '../actions/schema.js';
import { TECH_PARAMS } from '../content/technologies.js';
import { UNITS } from '../content/units.js';
import { ruleError, type RuleError } from '../errors.js';
import { placeOrdered } from '../phases/ordered-units.js';
import { placementProblem } from '../phases/placement.js';
import { countIn, planetsOf, spacedocksOf } from '../state/board.js';
import type { Draft } from '../state/draft.js';
import { unitCost } from '../state/economy.js';
import type { PhaseState } from '../state/phase.js';
import type { Seat, Table, UnitKind } from '../state/types.js';
import { hasTech } from './owned.js';

/**
 * BG-9 technologies of the Purchase Units phase, both a `purchase` naming a
 * planet:
 * - Integrated Economy: units bought for one of the buyer's Spacedocks are
 *   placed there at once, under the rules of Place New Units (the dock's
 *   output this round, blockades, Fighter support); what the docks placed at
 *   once is counted when Place New Units comes. Units bought without a planet
 *   wait as usual; Spacedocks still appear in Place New Units.
 * - Gen Synthesis: one Ground Force may be bought for each planet the buyer
 *   controls that has no Spacedock of its own, outside the docks' output;
 *   it appears there in Place New Units (at once with Integrated Economy).
 */

type PlacePhase = Extract<PhaseState, { name: 'place-new-units' }>;

/** What the buyer's docks have placed at once this round, as Place New Units counts it. */
function asPlacePhase(t: Table, seat: Seat): PlacePhase {
  return {
    name: 'place-new-units',
    done: [],
    used: t.players[seat]?.placedEarly ?? {},
    newDocks: [],
  };
}

/** Units the docks placed at once this round (they count against the docks' output). */
export function placedEarlyTotal(t: Table, seat: Seat): number {
  const docks = new Set(spacedocksOf(t, seat));
  let n = 0;
  for (const [planet, v] of Object.entries(t.players[seat]?.placedEarly ?? {}))
    if (docks.has(planet)) n += v;
  return n;
}

/** Planets where Gen Synthesis may still buy a Ground Force this round. */
export function genSynthesisPlanets(t: Table, seat: Seat): string[] {
  const p = t.players[seat];
  if (p === undefined || !hasTech(t, seat, 'gen-synthesis')) return [];
  const ordered = new Set(p.groundForceOrders ?? []);
  return [...planetsOf(t, seat)]
    .filter((planet) => {
      const hex = t.planets[planet]?.hex;
      if (hex === undefined || ordered.has(planet) || p.placedEarly?.[planet] !== undefined)
        return false;
      return countIn(t.units[hex]?.planets[planet], seat, 'spacedock') === 0;
    })
    .sort();
}

/** The representative `purchase … planet` actions: one unit at each dock that can place it now. */
export function planetPurchaseLegal(t: Table, seat: Seat, canBuy: (unit: UnitKind) => boolean) {
  const out: Action[] = [];
  const p = t.players[seat];
  const gfCost = unitCost(t, seat, 'ground-force');
  if (p === undefined) return out;
  if (hasTech(t, seat, 'integrated-economy')) {
    for (const unit of PURCHASABLE_UNITS) {
      if (!canBuy(unit)) continue;
      for (const planet of spacedocksOf(t, seat)) {
        if (placementProblem(t, asPlacePhase(t, seat), seat, unit, planet) === null)
          out.push({ type: 'purchase', units: { [unit]: 1 }, planet });
      }
    }
  }
  if (gfCost !== null && p.credits >= gfCost) {
    for (const planet of genSynthesisPlanets(t, seat))
      out.push({ type: 'purchase', units: { 'ground-force': 1 }, planet });
  }
  return out;
}

function placeAtOnce(d: Draft, seat: Seat, unit: UnitKind, planet: string, count: number): void {
  const hex = d.s.planets[planet]?.hex;
  if (hex === undefined) return;
  const ship = UNITS[unit].ship;
  d.addUnits(hex, ship ? null : planet, seat, unit, count);
  const w = d.player(seat);
  w.placedEarly = { ...w.placedEarly, [planet]: (w.placedEarly?.[planet] ?? 0) + count };
  for (let i = 0; i < count; i++)
    d.emit(
      ship
        ? { type: 'unit-placed', owner: seat, unit, hex }
        : { type: 'unit-placed', owner: seat, unit, hex, planet },
    );
}

/**
 * A purchase naming a planet; `room` is how many more units the docks may
 * still take this round, `cost` the credits it costs (after sponsorship).
 */
export function applyPlanetPurchase(
  d: Draft,
  seat: Seat,
  a: { readonly unit: PurchasableUnit; readonly count: number; readonly planet: string },
  room: number,
): RuleError | null {
  const t = d.s;
  const illegal = (msg: string): RuleError => ruleError('ILLEGAL_ACTION', msg);
  const cost = unitCost(t, seat, a.unit);
  const p = t.players[seat];
  if (cost === null || p === undefined) return illegal('That unit cannot be bought.');
  if (cost * a.count > p.credits)
    return illegal(`That costs ${cost * a.count} credits; you have ${p.credits}.`);
  if (spacedocksOf(t, seat).includes(a.planet)) {
    if (!hasTech(t, seat, 'integrated-economy'))
      return illegal('Only Integrated Economy places bought units at once.');
    if (a.count > room)
      return illegal(`Your Spacedocks can place only ${Math.max(0, room)} more units this round.`);
    for (let i = 0; i < a.count; i++) {
      const problem = placementProblem(d.s, asPlacePhase(d.s, seat), seat, a.unit, a.planet);
      if (problem !== null) return illegal(problem);
      placeAtOnce(d, seat, a.unit, a.planet, 1);
    }
    d.player(seat).credits -= cost * a.count;
    d.emit({ type: 'technology-used', seat, technology: 'integrated-economy' });
    d.emit({ type: 'units-purchased', seat, unit: a.unit, count: a.count, cost: cost * a.count });
    return null;
  }
  if (a.unit !== 'ground-force' || a.count > TECH_PARAMS.genSynthesisPerPlanet)
    return illegal('A planet without a Spacedock gets one Ground Force, with Gen Synthesis.');
  if (!genSynthesisPlanets(t, seat).includes(a.planet))
    return illegal(
      'Gen Synthesis buys one Ground Force a round for a planet you control without a Spacedock.',
    );
  d.player(seat).credits -= cost;
  d.emit({ type: 'technology-used', seat, technology: 'gen-synthesis' });
  d.emit({ type: 'units-purchased', seat, unit: a.unit, count: 1, cost });
  if (hasTech(t, seat, 'integrated-economy')) placeAtOnce(d, seat, 'ground-force', a.planet, 1);
  else {
    const w = d.player(seat);
    w.groundForceOrders = [...(w.groundForceOrders ?? []), a.planet];
  }
  return null;
}

/** Gen Synthesis Ground Forces appear as Place New Units begins (a planet lost since: lost). */
export function placeGroundForceOrders(d: Draft): void {
  for (let seat = 0; seat < d.s.players.length; seat++) {
    const orders = d.s.players[seat]?.groundForceOrders ?? [];
    if (orders.length === 0) continue;
    for (const planet of orders) placeOrdered(d, seat, 'ground-force', planet);
    d.player(seat).groundForceOrders = [];
  }
}

/** Refund of the Gen Synthesis orders still waiting (cancel-purchases). */
export function groundForceOrdersRefund(t: Table, seat: Seat): number {
  const orders = t.players[seat]?.groundForceOrders ?? [];
  return orders.length * (unitCost(t, seat, 'ground-force') ?? 0);
}
