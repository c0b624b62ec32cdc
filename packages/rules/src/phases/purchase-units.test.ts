import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { RULE_CONSTANTS } from '../content/constants.js';
import { UNITS } from '../content/units.js';
import { legalActions } from '../legal-actions.js';
import { createGame } from '../setup/create-game.js';
import { spacedocksOf } from '../state/board.js';
import { advanceTo, mustApply, withPlayer } from '../testing/fixtures.js';
import type { GameState } from '../state/types.js';
import { basketLines, dockCapacity } from './purchase-units.js';

function purchasing(): GameState {
  const s = createGame({ players: [{ race: 'sol' }, { race: 'letnev' }] }, 'purchase');
  return advanceTo(s, 'purchase-units');
}

describe('BG-2 Purchase Units', () => {
  it('takes the cost and keeps the units off the board until Place New Units', () => {
    const s = purchasing();
    const credits = s.players[0]?.credits ?? 0;
    const r = apply(s, 0, { type: 'purchase', unit: 'cruiser', count: 2 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.players[0]?.credits).toBe(credits - 2 * (UNITS.cruiser.cost ?? 0));
    expect(r.state.players[0]?.purchases).toEqual({ cruiser: 2 });
    expect(r.state.units).toBe(s.units);
  });

  it('never lets credits go negative', () => {
    const s = withPlayer(purchasing(), 0, { credits: 9 });
    const r = apply(s, 0, { type: 'purchase', unit: 'dreadnought', count: 1 });
    expect(!r.ok && r.error.code).toBe('ILLEGAL_ACTION');
    for (const a of legalActions(s, 0)) {
      if (a.type !== 'purchase') continue;
      for (const [unit, n] of basketLines(a.units))
        expect((UNITS[unit].cost ?? 0) * n).toBeLessThanOrEqual(9);
    }
  });

  it('limits the units bought to what the Spacedocks can place', () => {
    const s = withPlayer(purchasing(), 0, { credits: 10_000 });
    const cap = dockCapacity(s, 0);
    expect(cap).toBeGreaterThan(0);
    const over = apply(s, 0, { type: 'purchase', unit: 'ground-force', count: cap + 1 });
    expect(!over.ok && over.error.code).toBe('ILLEGAL_ACTION');
    const s1 = mustApply(s, 0, { type: 'purchase', unit: 'ground-force', count: cap });
    expect(legalActions(s1, 0).some((a) => a.type === 'purchase')).toBe(false);
  });

  it('BG-2: one purchase buys the whole basket, with one event per unit type', () => {
    const s = withPlayer(purchasing(), 0, { credits: 41 });
    const cap = dockCapacity(s, 0);
    expect(cap).toBeGreaterThanOrEqual(4);
    const r = apply(s, 0, { type: 'purchase', units: { carrier: 1, cruiser: 2, fighter: 1 } });
    if (!r.ok) throw new Error(r.error.message);
    const cost =
      (UNITS.carrier.cost ?? 0) + 2 * (UNITS.cruiser.cost ?? 0) + (UNITS.fighter.cost ?? 0);
    expect(r.state.players[0]?.credits).toBe(41 - cost);
    expect(r.state.players[0]?.purchases).toEqual({ carrier: 1, cruiser: 2, fighter: 1 });
    expect(r.events.filter((e) => e.type === 'units-purchased')).toHaveLength(3);
  });

  it('BG-2: a basket beyond the credits or the Spacedocks is refused whole, with the rule id, and changes nothing', () => {
    const s = withPlayer(purchasing(), 0, { credits: 19 });
    const dear = apply(s, 0, { type: 'purchase', units: { cruiser: 1, carrier: 1, fighter: 1 } });
    expect(dear.ok).toBe(false);
    if (dear.ok) return;
    expect(dear.error.code).toBe('ILLEGAL_ACTION');
    expect(dear.error.message).toMatch(/you have 19\. Nothing was bought \(BG-2\)$/);
    const rich = withPlayer(purchasing(), 0, { credits: 10_000 });
    const cap = dockCapacity(rich, 0);
    const many = apply(rich, 0, { type: 'purchase', units: { cruiser: cap, fighter: 1 } });
    expect(!many.ok && many.error.message).toMatch(/\(BG-2\)$/);
    // A refusal leaves the state as it was: nothing of the basket was bought.
    expect(rich.players[0]?.purchases).toEqual({});
  });

  it('a purchase stored before baskets (one unit and a count) still means the same', () => {
    const s = purchasing();
    const old = mustApply(s, 0, { type: 'purchase', unit: 'cruiser', count: 2 });
    const basket = mustApply(s, 0, { type: 'purchase', units: { cruiser: 2 } });
    expect(old).toEqual(basket);
  });

  it('sells a Spacedock only for a controlled planet without one, and refunds on cancel', () => {
    // Seat 1 is Letnev, with two home planets and one starting Spacedock.
    const s = withPlayer(purchasing(), 1, { credits: 100 });
    const docked = spacedocksOf(s, 1)[0] ?? '';
    const onDock = apply(s, 1, { type: 'purchase-spacedock', planet: docked });
    expect(!onDock.ok && onDock.error.code).toBe('ILLEGAL_ACTION');
    const enemy = apply(s, 1, { type: 'purchase-spacedock', planet: spacedocksOf(s, 0)[0] ?? '' });
    expect(!enemy.ok && enemy.error.code).toBe('ILLEGAL_ACTION');
    const free = Object.entries(s.planets).find(
      ([name, p]) => p.owner === 1 && name !== docked,
    )?.[0];
    if (free === undefined) throw new Error('Letnev should have a second home planet');
    const s1 = mustApply(s, 1, { type: 'purchase-spacedock', planet: free });
    expect(s1.players[1]?.spacedockOrders).toEqual([free]);
    expect(s1.players[1]?.credits).toBe(100 - (UNITS.spacedock.cost ?? 0));
    const s2 = mustApply(s1, 1, { type: 'cancel-purchases' });
    expect(s2.players[1]?.credits).toBe(100);
    expect(s2.players[1]?.spacedockOrders).toEqual([]);
  });

  it('sells no Spacedock beyond 6 per player, counting docks standing and ordered', () => {
    const base = withPlayer(purchasing(), 0, { credits: 1_000 });
    const standing = spacedocksOf(base, 0);
    const spare = Object.entries(base.planets)
      .filter(([name, p]) => p.owner === null && !standing.includes(name))
      .map(([name]) => name);
    const room = RULE_CONSTANTS.maxSpacedocksPerPlayer - standing.length;
    const mine = spare.slice(0, room + 1);
    expect(mine).toHaveLength(room + 1);
    const s = {
      ...base,
      planets: {
        ...base.planets,
        ...Object.fromEntries(mine.map((name) => [name, { ...base.planets[name], owner: 0 }])),
      },
    } as GameState;
    let s1 = s;
    for (const planet of mine.slice(0, room)) {
      s1 = mustApply(s1, 0, { type: 'purchase-spacedock', planet });
    }
    expect(standing.length + (s1.players[0]?.spacedockOrders.length ?? 0)).toBe(
      RULE_CONSTANTS.maxSpacedocksPerPlayer,
    );
    const last = mine[room] ?? '';
    const seventh = apply(s1, 0, { type: 'purchase-spacedock', planet: last });
    expect(!seventh.ok && seventh.error.code).toBe('ILLEGAL_ACTION');
    expect(legalActions(s1, 0).some((a) => a.type === 'purchase-spacedock')).toBe(false);
    expect(legalActions(s, 0)).toContainEqual({ type: 'purchase-spacedock', planet: last });
  });

  it('moves on once every seat has ended its purchases', () => {
    const s = purchasing();
    const s1 = mustApply(s, 0, { type: 'end-purchase' });
    expect(s1.phase.name).toBe('purchase-units');
    const again = apply(s1, 0, { type: 'end-purchase' });
    expect(!again.ok && again.error.code).toBe('NOT_YOUR_DECISION');
    expect(mustApply(s1, 1, { type: 'end-purchase' }).phase.name).toBe('individual-turns');
  });
});
