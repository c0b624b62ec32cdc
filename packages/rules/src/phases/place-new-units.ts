import { PURCHASABLE_UNITS, type Action, type PurchasableUnit } from '../actions/schema.js';
import { UNITS } from '../content/units.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import { seatsWithAbility } from '../state/abilities.js';
import { enemyShipsIn, planetsOf, spacedocksOf } from '../state/board.js';
import type { Draft } from '../state/draft.js';
import { withCount } from '../state/counts.js';
import { placeOrdered } from './ordered-units.js';
import { capacityLeft, dockProblem, placementProblem, type PlacePhase } from './placement.js';
import { placeScientistPds } from '../leaders/scientist.js';
import type { Seat, Table } from '../state/types.js';
import { placeGroundForceOrders } from '../technology/purchase.js';

/**
 * BG-2 phase 11, Place New Units: bought Spacedocks appear on their planets
 * (they place nothing this round); every other unit appears at one of the
 * buyer's Spacedocks, each dock placing at most its planet's resources.
 * Ships go into the dock's system, and cannot be placed there while another
 * player's (or a minor race's) ships are in it: the blockade. Whatever
 * cannot be placed is lost.
 */

/**
 * What `seat` may place now, unit by unit at each of its Spacedocks; with `first`, only whether
 * there is anything (the first found, or none).
 */
function placeable(
  t: Table,
  phase: PlacePhase,
  seat: Seat,
  first = false,
): { unit: PurchasableUnit; planet: string }[] {
  const p = t.players[seat];
  if (p === undefined || phase.done.includes(seat)) return [];
  const out: { unit: PurchasableUnit; planet: string }[] = [];
  if (!PURCHASABLE_UNITS.some((unit) => (p.purchases[unit] ?? 0) > 0)) return out;
  const docks = spacedocksOf(t, seat);
  if (docks.length === 0) return out;
  for (const unit of PURCHASABLE_UNITS) {
    if ((p.purchases[unit] ?? 0) <= 0) continue;
    for (const planet of docks) {
      if (dockProblem(t, phase, seat, unit, planet) !== null) continue;
      out.push({ unit, planet });
      if (first) return out;
    }
  }
  return out;
}

/** BG-1 Sol Reinforcements: in the first Place New Units phase, 1 free Ground Force on each planet. */
function placeReinforcements(d: Draft): void {
  if (d.s.round !== 1) return;
  for (const seat of seatsWithAbility(d.s, 'sol-reinforcements')) {
    for (const planet of planetsOf(d.s, seat)) {
      const hex = d.s.planets[planet]?.hex;
      if (hex === undefined) continue;
      d.addUnits(hex, planet, seat, 'ground-force', 1);
      d.emit({
        type: 'unit-placed',
        owner: seat,
        unit: 'ground-force',
        hex,
        planet,
        ability: 'Reinforcements',
      });
    }
  }
}

export function enterPlaceNewUnits(d: Draft): boolean {
  placeReinforcements(d);
  const newDocks: string[] = [];
  for (let seat = 0; seat < d.s.players.length; seat++) {
    const p = d.s.players[seat];
    if (p === undefined || p.spacedockOrders.length === 0) continue;
    for (const planet of p.spacedockOrders) {
      if (placeOrdered(d, seat, 'spacedock', planet)) newDocks.push(planet);
    }
    d.player(seat).spacedockOrders = [];
  }
  // BG-9 Gen Synthesis: its Ground Forces appear; Integrated Economy: the docks' output used at once.
  placeGroundForceOrders(d);
  const used: Record<string, number> = {};
  for (const p of d.s.players)
    for (const [planet, v] of Object.entries(p.placedEarly ?? {}))
      used[planet] = (used[planet] ?? 0) + v;
  // OR-6.2: the Scientist's PDS appears on its planet, using one of that dock's places.
  for (const [planet, v] of Object.entries(placeScientistPds(d)))
    used[planet] = (used[planet] ?? 0) + v;
  const phase: PlacePhase = { name: 'place-new-units', done: [], used, newDocks };
  d.s.phase = phase;
  return d.s.players.some((_, seat) => placeable(d.s, phase, seat, true).length > 0);
}

export function placeDecisions(t: Table, phase: PlacePhase): Decision[] {
  const out: Decision[] = [];
  for (let seat = 0; seat < t.players.length; seat++) {
    if (placeable(t, phase, seat, true).length === 0) continue;
    out.push({
      seat,
      kind: 'place-units',
      prompt: 'Place your new units at your Spacedocks; whatever is left unplaced is lost.',
    });
  }
  return out;
}

export function placeLegal(t: Table, phase: PlacePhase, seat: Seat): Action[] {
  const options = placeable(t, phase, seat);
  if (options.length === 0) return [];
  const out: Action[] = options.map(({ unit, planet }) => ({ type: 'place-unit', unit, planet }));
  out.push({ type: 'end-placement' });
  return out;
}

export function applyPlace(d: Draft, phase: PlacePhase, seat: Seat, a: Action): RuleError | null {
  if (a.type === 'end-placement') {
    d.s.phase = { ...phase, done: [...phase.done, seat] };
    d.emit({ type: 'placement-ended', seat });
    return null;
  }
  if (a.type !== 'place-unit') {
    return ruleError('NOT_YOUR_DECISION', 'That action does not belong to Place New Units.');
  }
  const p = d.s.players[seat];
  if (p === undefined) return ruleError('UNKNOWN_SEAT', 'No such seat.');
  if ((p.purchases[a.unit] ?? 0) <= 0) {
    return ruleError('ILLEGAL_ACTION', `You have no ${UNITS[a.unit].name} waiting to be placed.`);
  }
  const count = a.count ?? 1;
  if ((p.purchases[a.unit] ?? 0) < count) {
    return ruleError(
      'ILLEGAL_ACTION',
      `Only ${p.purchases[a.unit] ?? 0} ${UNITS[a.unit].name} wait to be placed, not ${count}; nothing was placed (BG-2)`,
    );
  }
  const planet = d.s.planets[a.planet];
  if (planet === undefined) return ruleError('ILLEGAL_ACTION', 'There is no such planet.');
  // Unit by unit, each checked as if placed alone; one refused refuses them all (nothing changes).
  for (let i = 0; i < count; i++) {
    const now = d.s.phase.name === 'place-new-units' ? d.s.phase : phase;
    const problem = placementProblem(d.s, now, seat, a.unit, a.planet);
    if (problem !== null) {
      return ruleError(
        'ILLEGAL_ACTION',
        count === 1 ? problem : `${problem} Nothing was placed (BG-2)`,
      );
    }
    const ship = UNITS[a.unit].ship;
    const w = d.player(seat);
    const left = (w.purchases[a.unit] ?? 0) - 1;
    w.purchases = withCount(w.purchases, a.unit, left);
    d.addUnits(planet.hex, ship ? null : a.planet, seat, a.unit, 1);
    d.s.phase = { ...now, used: { ...now.used, [a.planet]: (now.used[a.planet] ?? 0) + 1 } };
    d.emit(
      ship
        ? { type: 'unit-placed', owner: seat, unit: a.unit, hex: planet.hex }
        : { type: 'unit-placed', owner: seat, unit: a.unit, hex: planet.hex, planet: a.planet },
    );
  }
  return null;
}

/** Closing the phase: every unit still waiting is lost (no refund). */
export function exitPlaceNewUnits(d: Draft): void {
  for (let seat = 0; seat < d.s.players.length; seat++) {
    const p = d.s.players[seat];
    if (p === undefined) continue;
    // BG-9 Integrated Economy: a new round, the docks' output is whole again.
    if (p.placedEarly !== undefined) delete d.player(seat).placedEarly;
    const entries = Object.entries(p.purchases) as [PurchasableUnit, number][];
    if (entries.length === 0) continue;
    const phase = d.s.phase;
    // Docks that could still have placed something this round; none left means no room.
    const open =
      phase.name === 'place-new-units'
        ? spacedocksOf(d.s, seat).filter(
            (planet) => !phase.newDocks.includes(planet) && capacityLeft(d.s, phase, planet) > 0,
          )
        : [];
    for (const [unit, count] of entries) {
      const blockaded =
        UNITS[unit].ship &&
        open.length > 0 &&
        open.every((planet) => {
          const hex = d.s.planets[planet]?.hex;
          return hex !== undefined && enemyShipsIn(d.s, hex, seat);
        });
      d.emit({
        type: 'units-lost',
        seat,
        unit,
        count,
        reason: open.length === 0 ? 'no room' : blockaded ? 'blockade' : 'not placed',
      });
    }
    d.player(seat).purchases = {};
  }
}
