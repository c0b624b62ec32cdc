import {
  PURCHASABLE_UNITS,
  type Action,
  type PurchasableUnit,
  type PurchaseBasket,
} from '../actions/schema.js';
import { RULE_CONSTANTS } from '../content/constants.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import { countIn, planetDef, spacedocksOf } from '../state/board.js';
import type { Draft } from '../state/draft.js';
import { unitCost } from '../state/economy.js';
import type { PhaseState } from '../state/phase.js';
import type { PlayerPublic, Seat, Table, UnitCounts } from '../state/types.js';
import {
  buyScientistPds,
  cancelScientistPds,
  scientistPdsLegal,
  scientistPdsPlanets,
} from '../leaders/scientist.js';
import {
  applyPlanetPurchase,
  groundForceOrdersRefund,
  placedEarlyTotal,
  planetPurchaseLegal,
} from '../technology/purchase.js';

/**
 * BG-2 phase 7, Purchase Units: everyone buys at once; units wait off the
 * board until Place New Units. Credits never go negative, and nobody buys
 * more units than its Spacedocks can place this round (a dock places at most
 * its planet's resources); a new Spacedock goes on a controlled planet
 * without one, at most 6 per player.
 */
type PurchasePhase = Extract<PhaseState, { name: 'purchase-units' }>;

const SPACEDOCK_COST = (t: Table, seat: Seat): number => unitCost(t, seat, 'spacedock') ?? 0;

export function dockCapacity(t: Table, seat: Seat): number {
  let n = 0;
  for (const planet of spacedocksOf(t, seat)) n += planetDef(planet)?.resources ?? 0;
  return n;
}

function pendingUnits(purchases: UnitCounts): number {
  let n = 0;
  for (const v of Object.values(purchases)) n += v;
  return n;
}

/** Units waiting to be placed: the purchases and the Scientist's PDS (OR-6.2). */
function waiting(p: PlayerPublic): number {
  return pendingUnits(p.purchases) + (p.scientistPds === undefined ? 0 : 1);
}

/** What the seat's Spacedocks may still take this round. */
function roomLeft(t: Table, seat: Seat): number {
  const p = t.players[seat];
  return p === undefined ? 0 : dockCapacity(t, seat) - waiting(p) - placedEarlyTotal(t, seat);
}

function spacedockPlanets(t: Table, seat: Seat): string[] {
  const p = t.players[seat];
  if (p === undefined) return [];
  const docks = spacedocksOf(t, seat).length + p.spacedockOrders.length;
  if (docks >= RULE_CONSTANTS.maxSpacedocksPerPlayer) return [];
  const out: string[] = [];
  for (const [name, planet] of Object.entries(t.planets)) {
    if (planet.owner !== seat || p.spacedockOrders.includes(name)) continue;
    if (countIn(t.units[planet.hex]?.planets[name], seat, 'spacedock') > 0) continue;
    out.push(name);
  }
  return out;
}

/** How many of `unit` this seat may still buy now (`room`: its `roomLeft`, when known). */
function maxBuyable(t: Table, seat: Seat, unit: PurchasableUnit, room?: number): number {
  const p = t.players[seat];
  const cost = unitCost(t, seat, unit);
  if (p === undefined || cost === null) return 0;
  room ??= roomLeft(t, seat);
  const affordable = cost === 0 ? room : Math.floor(p.credits / cost);
  return Math.max(0, Math.min(room, affordable));
}

function canBuyAnything(t: Table, seat: Seat): boolean {
  const room = roomLeft(t, seat);
  if (PURCHASABLE_UNITS.some((u) => maxBuyable(t, seat, u, room) > 0)) return true;
  if (room > 0 && scientistPdsPlanets(t, seat).length > 0) return true;
  // BG-9 Gen Synthesis buys outside the docks' output.
  if (planetPurchaseLegal(t, seat, () => false).length > 0) return true;
  const p = t.players[seat];
  return (
    p !== undefined && p.credits >= SPACEDOCK_COST(t, seat) && spacedockPlanets(t, seat).length > 0
  );
}

/** Seats with nothing they can buy: done from the start. */
function unableToBuy(t: Table): Seat[] {
  return t.players.map((_, seat) => seat).filter((seat) => !canBuyAnything(t, seat));
}

/** BG-2: a phase with nothing to do passes by itself. */
export function skipPurchaseUnits(d: Draft): string | null {
  return unableToBuy(d.s).length === d.s.players.length ? 'nobody can buy anything' : null;
}

export function enterPurchaseUnits(d: Draft): boolean {
  d.s.phase = { name: 'purchase-units', done: unableToBuy(d.s) };
  return true;
}

export function purchaseDecisions(t: Table, phase: PurchasePhase): Decision[] {
  const out: Decision[] = [];
  for (let seat = 0; seat < t.players.length; seat++) {
    if (phase.done.includes(seat)) continue;
    out.push({ seat, kind: 'purchase', prompt: 'Buy units, then end your purchases.' });
  }
  return out;
}

export function purchaseLegal(t: Table, phase: PurchasePhase, seat: Seat): Action[] {
  const p = t.players[seat];
  if (p === undefined || phase.done.includes(seat)) return [];
  const out: Action[] = [];
  const room = roomLeft(t, seat);
  for (const unit of PURCHASABLE_UNITS) {
    const max = maxBuyable(t, seat, unit, room);
    if (max >= 1) out.push({ type: 'purchase', units: { [unit]: 1 } });
    if (max > 1) out.push({ type: 'purchase', units: { [unit]: max } });
  }
  // BG-9 Integrated Economy (placed at once at a dock) and Gen Synthesis (a planet without one).
  out.push(
    ...planetPurchaseLegal(
      t,
      seat,
      (unit) => maxBuyable(t, seat, unit as PurchasableUnit, room) > 0,
    ),
  );
  if (p.credits >= SPACEDOCK_COST(t, seat)) {
    for (const planet of spacedockPlanets(t, seat))
      out.push({ type: 'purchase-spacedock', planet });
  }
  out.push(...scientistPdsLegal(t, seat, room));
  if (waiting(p) > 0 || p.spacedockOrders.length > 0 || (p.groundForceOrders ?? []).length > 0) {
    out.push({ type: 'cancel-purchases' });
  }
  out.push({ type: 'end-purchase' });
  return out;
}

/** BG-9 Corporate Sponsorship: credits left this phase for Spacedocks and PDS only. */
export function sponsorshipLeft(t: Table, seat: Seat): number {
  let n = 0;
  for (const e of t.cardEffects)
    if (e.card === 'corporate-sponsorship' && e.seat === seat) n += e.target?.count ?? 0;
  return n;
}

const SPONSORSHIP = 10;

/** Sets the sponsorship credits left (the effect carries them as its count). */
function setSponsorship(d: Draft, seat: Seat, left: number): void {
  let rest = Math.max(0, left);
  d.s.cardEffects = d.s.cardEffects.map((e) => {
    if (e.card !== 'corporate-sponsorship' || e.seat !== seat) return e;
    const count = Math.min(rest, SPONSORSHIP);
    rest -= count;
    return { ...e, target: { count } };
  });
}

function sponsorshipGiven(t: Table, seat: Seat): number {
  return (
    t.cardEffects.filter((e) => e.card === 'corporate-sponsorship' && e.seat === seat).length *
    SPONSORSHIP
  );
}

function refundOf(t: Table, seat: Seat): number {
  const p = t.players[seat];
  if (p === undefined) return 0;
  let n = 0;
  for (const [unit, count] of Object.entries(p.purchases) as [PurchasableUnit, number][]) {
    n += (unitCost(t, seat, unit) ?? 0) * count;
  }
  return n + p.spacedockOrders.length * SPACEDOCK_COST(t, seat) + groundForceOrdersRefund(t, seat);
}

/** A basket's lines with at least one unit, in the order units are listed everywhere. */
export function basketLines(units: PurchaseBasket): [PurchasableUnit, number][] {
  return PURCHASABLE_UNITS.flatMap((unit): [PurchasableUnit, number][] => {
    const n = units[unit] ?? 0;
    return n > 0 ? [[unit, n]] : [];
  });
}

/**
 * BG-2 phase 7: the whole basket, or nothing. Its cost (Corporate Sponsorship, BG-9, pays for
 * PDS first) must be within the credits at hand, and its units within what the Spacedocks may
 * still place this round.
 */
function buyBasket(d: Draft, seat: Seat, units: PurchaseBasket): RuleError | null {
  const p = d.s.players[seat];
  if (p === undefined) return ruleError('UNKNOWN_SEAT', 'No such seat.');
  const lines = basketLines(units);
  let full = 0;
  let count = 0;
  const costs = new Map<PurchasableUnit, number>();
  for (const [unit, n] of lines) {
    const cost = unitCost(d.s, seat, unit);
    if (cost === null) return ruleError('ILLEGAL_ACTION', 'That unit cannot be bought (BG-3)');
    costs.set(unit, cost * n);
    full += cost * n;
    count += n;
  }
  if (count === 0) return ruleError('ILLEGAL_ACTION', 'A purchase buys at least one unit (BG-2)');
  const sponsored = Math.min(costs.get('pds') ?? 0, sponsorshipLeft(d.s, seat));
  const total = full - sponsored;
  if (total > p.credits) {
    return ruleError(
      'ILLEGAL_ACTION',
      `That costs ${total} credits; you have ${p.credits}. Nothing was bought (BG-2)`,
    );
  }
  const room = roomLeft(d.s, seat);
  if (count > room) {
    const left = Math.max(0, room);
    return ruleError(
      'ILLEGAL_ACTION',
      `Your Spacedocks can place only ${left} more unit${left === 1 ? '' : 's'} this round, not ${count}; a Spacedock places at most its planet's resources. Nothing was bought (BG-2)`,
    );
  }
  const w = d.player(seat);
  w.credits -= total;
  if (sponsored > 0) setSponsorship(d, seat, sponsorshipLeft(d.s, seat) - sponsored);
  const purchases = { ...w.purchases };
  for (const [unit, n] of lines) {
    purchases[unit] = (purchases[unit] ?? 0) + n;
    const cost = (costs.get(unit) ?? 0) - (unit === 'pds' ? sponsored : 0);
    d.emit({ type: 'units-purchased', seat, unit, count: n, cost });
  }
  w.purchases = purchases;
  return null;
}

/** BG-9 Integrated Economy or Gen Synthesis: one unit type, for the named planet. */
function buyForPlanet(
  d: Draft,
  seat: Seat,
  units: PurchaseBasket,
  planet: string,
): RuleError | null {
  const p = d.s.players[seat];
  if (p === undefined) return ruleError('UNKNOWN_SEAT', 'No such seat.');
  const [line, ...more] = basketLines(units);
  if (line === undefined || more.length > 0) {
    return ruleError('ILLEGAL_ACTION', 'A purchase for a planet buys one unit type (BG-9)');
  }
  const room = dockCapacity(d.s, seat) - pendingUnits(p.purchases) - placedEarlyTotal(d.s, seat);
  return applyPlanetPurchase(d, seat, { unit: line[0], count: line[1], planet }, room);
}

export function applyPurchase(
  d: Draft,
  phase: PurchasePhase,
  seat: Seat,
  a: Action,
): RuleError | null {
  const p = d.s.players[seat];
  if (p === undefined) return ruleError('UNKNOWN_SEAT', 'No such seat.');
  switch (a.type) {
    case 'purchase':
      return a.planet === undefined
        ? buyBasket(d, seat, a.units)
        : buyForPlanet(d, seat, a.units, a.planet);
    case 'purchase-scientist-pds': {
      if (roomLeft(d.s, seat) < 1)
        return ruleError('ILLEGAL_ACTION', 'Your Spacedocks can place no more units this round.');
      return buyScientistPds(d, seat, a.planet);
    }
    case 'purchase-spacedock': {
      const sponsored = Math.min(SPACEDOCK_COST(d.s, seat), sponsorshipLeft(d.s, seat));
      const cost = SPACEDOCK_COST(d.s, seat) - sponsored;
      if (cost > p.credits) {
        return ruleError(
          'ILLEGAL_ACTION',
          `A Spacedock costs ${cost} credits; you have ${p.credits}.`,
        );
      }
      if (!spacedockPlanets(d.s, seat).includes(a.planet)) {
        return ruleError(
          'ILLEGAL_ACTION',
          'A new Spacedock needs a planet you control without a Spacedock, and at most 6 per player.',
        );
      }
      const w = d.player(seat);
      w.credits -= cost;
      if (sponsored > 0) setSponsorship(d, seat, sponsorshipLeft(d.s, seat) - sponsored);
      w.spacedockOrders = [...w.spacedockOrders, a.planet];
      d.emit({ type: 'spacedock-ordered', seat, planet: a.planet, cost });
      return null;
    }
    case 'cancel-purchases': {
      // Sponsorship credits spent go back to the sponsorship, not into the player's purse.
      const given = sponsorshipGiven(d.s, seat);
      const refund = refundOf(d.s, seat) - (given - sponsorshipLeft(d.s, seat));
      if (given > 0) setSponsorship(d, seat, given);
      const scientist = cancelScientistPds(d, seat);
      const w = d.player(seat);
      w.credits += refund + scientist;
      w.purchases = {};
      w.spacedockOrders = [];
      if (w.groundForceOrders !== undefined) w.groundForceOrders = [];
      d.emit({ type: 'purchases-cancelled', seat, refund: refund + scientist });
      return null;
    }
    case 'end-purchase':
      d.s.phase = { ...phase, done: [...phase.done, seat] };
      d.emit({ type: 'purchase-ended', seat });
      return null;
    default:
      return ruleError(
        'NOT_YOUR_DECISION',
        'That action does not belong to the Purchase Units phase.',
      );
  }
}
