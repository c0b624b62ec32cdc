import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { planetUnits, spaceUnits } from '../combat/forces.js';
import { UNITS } from '../content/units.js';
import { legalActions } from '../legal-actions.js';
import { dockCapacity } from '../phases/purchase-units.js';
import { createGame } from '../setup/create-game.js';
import type { GameState } from '../state/types.js';
import { ofType } from '../testing/battle.js';
import { advanceTo, mustApply, withPlayer } from '../testing/fixtures.js';

// Seat 0 Sol (Jord, with its Spacedock); seat 1 Letnev (Arc Prime with the Spacedock, Wren Terra without).
function purchasing(): GameState {
  const s = createGame({ players: [{ race: 'sol' }, { race: 'letnev' }] }, 'purchase');
  return advanceTo(s, 'purchase-units');
}

const GF = UNITS['ground-force'].cost ?? 0;

describe('BG-9 Gen Synthesis (technology): Ground Forces bought for planets without a Spacedock', () => {
  it('buys one Ground Force a round for each such planet, outside the docks, placed in Place New Units', () => {
    const base = withPlayer(purchasing(), 1, { credits: 100 });
    const offer = {
      type: 'purchase',
      units: { 'ground-force': 1 },
      planet: 'Wren Terra',
    } as const;
    expect(legalActions(base, 1)).not.toContainEqual(offer);
    expect(apply(base, 1, offer).ok).toBe(false);
    const s = withPlayer(base, 1, { technologies: ['cybernetics', 'gen-synthesis'] });
    expect(legalActions(s, 1)).toContainEqual(offer);
    // Not for the planet with the Spacedock.
    expect(legalActions(s, 1)).not.toContainEqual({ ...offer, planet: 'Arc Prime' });
    const r = apply(s, 1, offer);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.state.players[1]?.credits).toBe(100 - GF);
    expect(r.state.players[1]?.groundForceOrders).toEqual(['Wren Terra']);
    expect(ofType(r.events, 'technology-used')[0]?.technology).toBe('gen-synthesis');
    // Once a round, and the docks' output is untouched.
    expect(apply(r.state, 1, offer).ok).toBe(false);
    expect(legalActions(r.state, 1)).toContainEqual({
      type: 'purchase',
      units: { 'ground-force': dockCapacity(r.state, 1) },
    });
    // Cancelling refunds it.
    const cancelled = mustApply(r.state, 1, { type: 'cancel-purchases' });
    expect(cancelled.players[1]?.credits).toBe(100);
    expect(cancelled.players[1]?.groundForceOrders).toEqual([]);
    // In Place New Units it appears on Wren Terra (seen as the next round's market opens).
    const hex = r.state.planets['Wren Terra']?.hex;
    if (hex === undefined) throw new Error('no Wren Terra');
    const before = planetUnits(r.state, hex, 'Wren Terra', 1)['ground-force'] ?? 0;
    const placed = advanceTo(r.state, 'market');
    expect(planetUnits(placed, hex, 'Wren Terra', 1)['ground-force']).toBe(before + 1);
    expect(placed.players[1]?.groundForceOrders).toEqual([]);
  });
});

describe('BG-9 Integrated Economy (technology): bought units are placed at once', () => {
  it('places units at a Spacedock as they are bought, using that dock’s output this round', () => {
    const base = withPlayer(purchasing(), 0, { credits: 100 });
    const offer = { type: 'purchase', units: { cruiser: 1 }, planet: 'Jord' } as const;
    expect(legalActions(base, 0)).not.toContainEqual(offer);
    expect(apply(base, 0, offer).ok).toBe(false);
    const s = withPlayer(base, 0, {
      technologies: ['micro-technology', 'cybernetics', 'integrated-economy'],
    });
    expect(legalActions(s, 0)).toContainEqual(offer);
    const hex = s.planets.Jord?.hex;
    if (hex === undefined) throw new Error('no Jord');
    const cruisers = spaceUnits(s, hex, 0).cruiser ?? 0;
    const r = apply(s, 0, offer);
    if (!r.ok) throw new Error(r.error.message);
    expect(spaceUnits(r.state, hex, 0).cruiser).toBe(cruisers + 1);
    expect(r.state.players[0]?.purchases).toEqual({});
    expect(r.state.players[0]?.placedEarly).toEqual({ Jord: 1 });
    expect(ofType(r.events, 'unit-placed')).toEqual([
      { type: 'unit-placed', owner: 0, unit: 'cruiser', hex },
    ]);
    // The dock's output left shrinks by the unit placed.
    const cap = dockCapacity(s, 0);
    expect(apply(r.state, 0, { type: 'purchase', unit: 'ground-force', count: cap }).ok).toBe(
      false,
    );
    // Jord places 8 a round: the 9th at once is refused.
    const rich = withPlayer(s, 0, { credits: 10_000 });
    const eight = apply(rich, 0, {
      type: 'purchase',
      unit: 'ground-force',
      count: 8,
      planet: 'Jord',
    });
    expect(eight.ok).toBe(true);
    if (!eight.ok) return;
    expect(
      apply(eight.state, 0, { type: 'purchase', unit: 'ground-force', count: 1, planet: 'Jord' })
        .ok,
    ).toBe(false);
    // The record is cleared when the round's Place New Units ends.
    const next = advanceTo(eight.state, 'market');
    expect(next.players[0]?.placedEarly).toBeUndefined();
  });
});
