import { distance, parseHexKey, type HexKey } from '@outer-rim/map';
import type { Action, ActionOf, Losses, PurchasableUnit } from '../actions/schema.js';
import { RULE_CONSTANTS } from '../content/constants.js';
import { UNITS, type UnitType } from '../content/units.js';
import { legalActions } from '../legal-actions.js';
import type { GameView, Seat, UnitCounts } from '../state/types.js';
import { pick, seededRandom, type BotPolicy } from './policy.js';

/** Expected hits of a group in one combat round (a d10 at or above the combat value hits). */
export function expectedHits(units: UnitCounts): number {
  let sum = 0;
  for (const [unit, count] of Object.entries(units) as [UnitType, number][]) {
    const c = UNITS[unit].combat;
    if (c === null || (!UNITS[unit].ship && unit !== 'fighter')) continue;
    sum += (count * Math.max(0, 11 - c)) / 10;
  }
  return sum;
}

function spaceOf(v: GameView, hex: HexKey, mine: boolean, seat: Seat): UnitCounts {
  const out: Record<string, number> = {};
  for (const g of v.units[hex]?.space ?? []) {
    if ((g.owner === seat) !== mine) continue;
    for (const [u, n] of Object.entries(g.units)) out[u] = (out[u] ?? 0) + n;
  }
  return out;
}

function groundOn(v: GameView, hex: HexKey, planet: string, mine: boolean, seat: Seat): number {
  let n = 0;
  for (const g of v.units[hex]?.planets[planet] ?? []) {
    if ((g.owner === seat) !== mine) continue;
    n += (g.units['ground-force'] ?? 0) + (g.units['shock-force'] ?? 0);
  }
  return n;
}

/** Planets worth taking: not ours, and (for held ones) lightly defended. */
function targetHexes(v: GameView, seat: Seat): Map<HexKey, number> {
  const out = new Map<HexKey, number>();
  for (const [name, p] of Object.entries(v.planets)) {
    if (p.owner === seat) continue;
    const defenders = groundOn(v, p.hex, name, false, seat);
    const value = p.owner === null ? 3 : defenders <= 1 ? 2 : 1;
    out.set(p.hex, Math.max(out.get(p.hex) ?? 0, value));
  }
  return out;
}

function hexDistance(a: HexKey, b: HexKey): number {
  return distance(parseHexKey(a), parseHexKey(b));
}

function nearest(from: HexKey, targets: Map<HexKey, number>): number {
  let best = Infinity;
  for (const t of targets.keys()) best = Math.min(best, hexDistance(from, t));
  return best;
}

function ownedCount(v: GameView, seat: Seat, unit: UnitType): number {
  let n = v.players[seat]?.purchases[unit] ?? 0;
  for (const sys of Object.values(v.units)) {
    for (const g of sys.space) if (g.owner === seat) n += g.units[unit] ?? 0;
    for (const groups of Object.values(sys.planets))
      for (const g of groups) if (g.owner === seat) n += g.units[unit] ?? 0;
  }
  return n;
}

function lossCost(l: Losses): number {
  let sum = 0;
  for (const [u, n] of Object.entries(l) as [UnitType, number][]) sum += (UNITS[u].cost ?? 3) * n;
  return sum;
}

function first<T extends Action['type']>(
  legal: readonly Action[],
  type: T,
): ActionOf<T> | undefined {
  return legal.find((a): a is ActionOf<T> => a.type === type);
}

function cargoOf(a: ActionOf<'move'>): number {
  return (a.load ?? []).reduce(
    (s, l) => s + (l.unit === 'ground-force' || l.unit === 'shock-force' ? l.count : 0),
    0,
  );
}

/** Score of one single-ship move; 0 or less: not worth making. */
function moveScore(
  v: GameView,
  seat: Seat,
  a: ActionOf<'move'>,
  targets: Map<HexKey, number>,
): number {
  const dest = a.path[a.path.length - 1];
  if (dest === undefined) return 0;
  const enemy = expectedHits(spaceOf(v, dest, false, seat));
  const mineThere = expectedHits(spaceOf(v, dest, true, seat));
  const ship = Object.keys(a.ships)[0] as UnitType | undefined;
  if (ship === undefined) return 0;
  const own = expectedHits({ [ship]: 1 });
  if (enemy > 0 && mineThere + own <= enemy * 1.2) return 0;
  const before = nearest(a.from, targets);
  const after = nearest(dest, targets);
  const atTarget = targets.get(dest) ?? 0;
  const troops = cargoOf(a) + groundAboard(v, seat, a.from);
  if (ship === 'carrier') {
    if (troops === 0) return 0;
    if (atTarget > 0) return 100 + atTarget * 10 - a.path.length;
    return after < before ? 50 - after : 0;
  }
  // Warships: strike weaker fleets, or escort toward the planets being taken.
  if (enemy > 0) return 80;
  if (atTarget > 0 && spaceOf(v, a.from, true, seat).carrier === undefined) return 20 + atTarget;
  return 0;
}

function groundAboard(v: GameView, seat: Seat, hex: HexKey): number {
  const s = spaceOf(v, hex, true, seat);
  return (s['ground-force'] ?? 0) + (s['shock-force'] ?? 0);
}

function purchaseChoice(v: GameView, seat: Seat, legal: readonly Action[]): Action | undefined {
  const p = v.players[seat];
  if (p === undefined) return undefined;
  const bought = Object.values(p.purchases).reduce((s, n) => s + n, 0);
  const end = first(legal, 'end-purchase');
  if (bought >= 6) return end;
  // BG-10: from the second round on it keeps the price of a technology for the Technology phase,
  // or it never climbs past Consortium (every bracket above asks for more technologies).
  const reserve = v.round >= 2 ? RULE_CONSTANTS.technologyCost : 0;
  const buyable = (unit: PurchasableUnit): boolean =>
    p.credits - (UNITS[unit].cost ?? 0) >= reserve &&
    legal.some((a) => a.type === 'purchase' && a.planet === undefined && a.units[unit] === 1);
  const carriers = ownedCount(v, seat, 'carrier');
  const ground = ownedCount(v, seat, 'ground-force');
  const early = v.round <= 3;
  const wants: PurchasableUnit[] = [];
  if (ground < 4 * Math.max(1, carriers)) wants.push('ground-force');
  if (carriers < (early ? 3 : 2)) wants.push('carrier');
  wants.push(
    ...(early ? (['ground-force', 'cruiser'] as const) : (['dreadnought', 'cruiser'] as const)),
  );
  // One unit a step, as before: each step's legal actions say what still fits.
  const unit = wants.find(buyable);
  return unit === undefined ? end : { type: 'purchase', units: { [unit]: 1 } };
}

/** The most single-ship moves the heuristic bot makes in one Movement segment. */
export const MOVES_PER_SEGMENT = 6;

const SHIPS: readonly UnitType[] = ['dreadnought', 'carrier', 'cruiser', 'fighter'];

/** Ships the active player has moved this turn (cargo not counted). */
function shipsMovedThisTurn(v: GameView): number {
  const phase = v.phase;
  if (phase.name !== 'individual-turns' || phase.movement === undefined) return 0;
  let n = 0;
  for (const counts of Object.values(phase.movement.moved))
    for (const unit of SHIPS) n += counts[unit] ?? 0;
  return n;
}

function turnChoice(v: GameView, seat: Seat, legal: readonly Action[]): Action | undefined {
  // Combat answers first: cheapest casualties, withdraw when losing, take installations.
  const casualties = legal.filter((a) => a.type === 'choose-casualties');
  if (casualties.length > 0) {
    return casualties.reduce((best, a) => (lossCost(a.losses) < lossCost(best.losses) ? a : best));
  }
  const withdraw = first(legal, 'withdraw');
  const fightOn = first(legal, 'fight-on');
  if (withdraw !== undefined || fightOn !== undefined) {
    const phase = v.phase;
    const hex = phase.name === 'individual-turns' ? phase.combat?.battle?.hex : undefined;
    if (hex !== undefined && withdraw !== undefined) {
      const losing =
        expectedHits(spaceOf(v, hex, true, seat)) < expectedHits(spaceOf(v, hex, false, seat));
      if (losing) return withdraw;
    }
    return fightOn ?? withdraw;
  }
  const capture = legal.find((a) => a.type === 'capture-installations' && a.capture);
  if (capture !== undefined) return capture;
  const rift = first(legal, 'rift-exit') ?? first(legal, 'rift-stay') ?? first(legal, 'rift-roll');
  if (rift !== undefined) return rift;

  const lands = legal.filter((a) => a.type === 'land');
  let bestLand: ActionOf<'land'> | undefined;
  let bestLandScore = 0;
  for (const a of lands) {
    const owner = v.planets[a.planet]?.owner ?? null;
    if (owner === seat) continue;
    const troops = a.groundForces + a.shockForces;
    const defenders = groundOn(v, a.hex, a.planet, false, seat);
    let score = 0;
    // Neutral planets need one Ground Force; keep the rest for the next planet.
    if (owner === null) score = troops === 1 ? 30 : troops > 0 ? 20 : 0;
    else if (troops > defenders) score = 10 + troops - defenders;
    if (score > bestLandScore) {
      bestLandScore = score;
      bestLand = a;
    }
  }
  if (bestLand !== undefined) return bestLand;

  // A table waits for each move a bot makes (the server's bot delay): a few moves a segment
  // keep its Movement segment to seconds; the best ones are made first.
  if (shipsMovedThisTurn(v) >= MOVES_PER_SEGMENT) {
    return first(legal, 'end-segment') ?? first(legal, 'end-turn') ?? legal[0];
  }
  const targets = targetHexes(v, seat);
  let bestMove: Action | undefined;
  let bestScore = 0;
  for (const a of legal) {
    if (a.type !== 'move') continue;
    const s = moveScore(v, seat, a, targets);
    if (s > bestScore) {
      bestScore = s;
      bestMove = a;
    }
  }
  if (bestMove !== undefined) return bestMove;
  return first(legal, 'end-segment') ?? first(legal, 'end-turn') ?? legal[0];
}

/**
 * A sensible player from its own view: it expands with loaded Carriers to
 * the nearest neutral or weakly held planets and lands there, buys Carriers
 * and Ground Forces early and warships later, attacks fleets weaker than its
 * own (by expected hits), loses its cheapest units first, withdraws when
 * losing, keeps a technology's price from the second round on and buys one
 * in every Technology phase (BG-10: so it climbs the progression chart to
 * Imperium Rex), and passes the market. It moves only what `legalActions`
 * offers, so it never carries the last Ground/Shock Force away from under
 * one of its leaders (OR-6.2).
 */
export function heuristicBot(seed: number): BotPolicy {
  const rnd = seededRandom(seed);
  return {
    name: 'heuristic',
    choose(v, seat) {
      const legal = legalActions(v, seat);
      if (legal.length === 0) return undefined;
      // BG-9 / BG-11: in a card window, accept trade offers, play a card it can (now and then), else pass.
      if (v.window !== undefined) {
        const play = legal.filter((a) => a.type === 'play-card');
        return (
          first(legal, 'answer-trade') ??
          (play.length > 0 && rnd() < 0.5 ? pick(play, rnd) : undefined) ??
          first(legal, 'pass-card') ??
          legal[0]
        );
      }
      switch (v.phase.name) {
        case 'galaxy-building':
          return pick(legal, rnd);
        case 'market':
          return first(legal, 'end-market') ?? first(legal, 'decline-offer') ?? legal[0];
        case 'draw-action-cards':
          return legal[0];
        case 'political':
          // BG-8: votes and the phase's other choices, at random.
          return pick(legal, rnd);
        case 'purchase-units':
          return purchaseChoice(v, seat, legal);
        case 'technology':
          return first(legal, 'buy-technology') ?? first(legal, 'pass-technology') ?? legal[0];
        case 'place-new-units':
          return first(legal, 'place-unit') ?? legal[0];
        case 'individual-turns':
          return turnChoice(v, seat, legal);
        case 'game-over':
          return undefined;
      }
    },
  };
}
