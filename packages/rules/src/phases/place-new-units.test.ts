import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { legalActions } from '../legal-actions.js';
import { createGame } from '../setup/create-game.js';
import { countIn, planetDef, spacedocksOf } from '../state/board.js';
import type { GameState } from '../state/types.js';
import { advanceTo, mustApply, withPlayer } from '../testing/fixtures.js';
import { fighterRoom } from './placement.js';

/** Letnev (seat 1) bought 2 cruisers and 1 Ground Force; Sol bought nothing. */
function placing(mutate: (s: GameState) => GameState = (s) => s): GameState {
  let s = createGame({ players: [{ race: 'sol' }, { race: 'letnev' }] }, 'place');
  s = advanceTo(s, 'purchase-units');
  s = withPlayer(s, 1, { credits: 100 });
  s = mustApply(s, 1, { type: 'purchase', unit: 'cruiser', count: 2 });
  s = mustApply(s, 1, { type: 'purchase', unit: 'ground-force', count: 1 });
  s = mutate(s);
  return advanceTo(s, 'place-new-units');
}

describe('BG-2 Place New Units', () => {
  it('places bought units at a Spacedock: ships in space, ground units on the planet', () => {
    const s = placing();
    const dock = spacedocksOf(s, 1)[0] ?? '';
    const hex = s.planets[dock]?.hex ?? '0,0';
    const shipsBefore = countIn(s.units[hex]?.space, 1, 'cruiser');
    const s1 = mustApply(s, 1, { type: 'place-unit', unit: 'cruiser', planet: dock });
    expect(countIn(s1.units[hex]?.space, 1, 'cruiser')).toBe(shipsBefore + 1);
    const gfBefore = countIn(s1.units[hex]?.planets[dock], 1, 'ground-force');
    const s2 = mustApply(s1, 1, { type: 'place-unit', unit: 'ground-force', planet: dock });
    expect(countIn(s2.units[hex]?.planets[dock], 1, 'ground-force')).toBe(gfBefore + 1);
    expect(s2.players[1]?.purchases).toEqual({ cruiser: 1 });
  });

  it('BG-2: several units of one type at one dock in one action, all or nothing', () => {
    const s = placing();
    const dock = spacedocksOf(s, 1)[0] ?? '';
    const hex = s.planets[dock]?.hex ?? '0,0';
    const before = countIn(s.units[hex]?.space, 1, 'cruiser');
    const three = apply(s, 1, { type: 'place-unit', unit: 'cruiser', planet: dock, count: 3 });
    expect(!three.ok && three.error.message).toMatch(/not 3; nothing was placed \(BG-2\)$/);
    const r = apply(s, 1, { type: 'place-unit', unit: 'cruiser', planet: dock, count: 2 });
    if (!r.ok) throw new Error(r.error.message);
    expect(countIn(r.state.units[hex]?.space, 1, 'cruiser')).toBe(before + 2);
    expect(r.state.players[1]?.purchases).toEqual({ 'ground-force': 1 });
    expect(r.events.filter((e) => e.type === 'unit-placed')).toHaveLength(2);
  });

  it('places at most the resource value of the dock planet per dock', () => {
    const s = placing();
    const dock = spacedocksOf(s, 1)[0] ?? '';
    const cap = planetDef(dock)?.resources ?? 0;
    let cur = s;
    let placed = 0;
    while (legalActions(cur, 1).some((a) => a.type === 'place-unit')) {
      const a = legalActions(cur, 1).find((x) => x.type === 'place-unit');
      if (a === undefined) break;
      cur = mustApply(cur, 1, a);
      placed++;
    }
    expect(placed).toBe(Math.min(cap, 3));
    if (s.phase.name !== 'place-new-units') throw new Error('not placing');
    const overDock = { ...s, phase: { ...s.phase, used: { [dock]: cap } } };
    // A full dock leaves Letnev with nothing placeable, so nothing is asked of it.
    expect(legalActions(overDock, 1)).toEqual([]);
    const r = apply(overDock, 1, { type: 'place-unit', unit: 'cruiser', planet: dock });
    expect(!r.ok && r.error.code).toBe('NOT_YOUR_DECISION');
  });

  it('blockade: no ships where enemy ships stand, and unplaced units are lost', () => {
    // The enemy ship arrives after the turns (during them it would have been fought, BG-6).
    const mutate = (st: GameState): GameState => {
      const dock = spacedocksOf(st, 1)[0] ?? '';
      const hex = st.planets[dock]?.hex ?? '0,0';
      const sys = st.units[hex] ?? { space: [], planets: {} };
      return {
        ...st,
        units: {
          ...st.units,
          [hex]: { ...sys, space: [...sys.space, { owner: 0, units: { cruiser: 1 } }] },
        },
      };
    };
    const s = mutate(placing());
    const dock = spacedocksOf(s, 1)[0] ?? '';
    const blocked = apply(s, 1, { type: 'place-unit', unit: 'cruiser', planet: dock });
    expect(!blocked.ok && blocked.error.code).toBe('ILLEGAL_ACTION');
    expect(legalActions(s, 1).filter((a) => a.type === 'place-unit')).toEqual([
      { type: 'place-unit', unit: 'ground-force', planet: dock },
    ]);
    const r = apply(s, 1, { type: 'place-unit', unit: 'ground-force', planet: dock });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toContainEqual({
      type: 'units-lost',
      seat: 1,
      unit: 'cruiser',
      count: 2,
      reason: 'blockade',
    });
    expect(r.state.players[1]?.purchases).toEqual({});
    expect(r.state.phase.name).not.toBe('place-new-units');
  });

  it('a unit lost because the Spacedocks were full is lost for want of room, not to a blockade', () => {
    let s = placing((st) => withPlayer(st, 1, { credits: 100 }));
    const dock = spacedocksOf(s, 1)[0] ?? '';
    const cap = planetDef(dock)?.resources ?? 0;
    // Fill the dock with Ground Forces bought on top, so both cruisers find no room.
    if (s.phase.name !== 'place-new-units') throw new Error('not placing');
    s = withPlayer(s, 1, { purchases: { cruiser: 2, 'ground-force': cap } });
    let events: unknown[] = [];
    for (let i = 0; i < cap; i++) {
      const r = apply(s, 1, { type: 'place-unit', unit: 'ground-force', planet: dock });
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
      events = r.events;
    }
    expect(events).toContainEqual({
      type: 'units-lost',
      seat: 1,
      unit: 'cruiser',
      count: 2,
      reason: 'no room',
    });
  });

  it('units a player chose to leave unplaced at an open dock are lost as not placed', () => {
    const s = placing();
    const r = apply(s, 1, { type: 'end-placement' });
    expect(r.ok && r.events).toContainEqual({
      type: 'units-lost',
      seat: 1,
      unit: 'cruiser',
      count: 2,
      reason: 'not placed',
    });
  });

  it('puts a bought Spacedock on its planet; it places nothing that round', () => {
    let s = createGame({ players: [{ race: 'sol' }, { race: 'letnev' }] }, 'dock');
    s = advanceTo(s, 'purchase-units');
    s = withPlayer(s, 1, { credits: 100 });
    const old = spacedocksOf(s, 1)[0] ?? '';
    const free = Object.entries(s.planets).find(([n, p]) => p.owner === 1 && n !== old)?.[0] ?? '';
    s = mustApply(s, 1, { type: 'purchase-spacedock', planet: free });
    s = mustApply(s, 1, { type: 'purchase', unit: 'ground-force', count: 1 });
    s = advanceTo(s, 'place-new-units');
    expect(spacedocksOf(s, 1)).toContain(free);
    const r = apply(s, 1, { type: 'place-unit', unit: 'ground-force', planet: free });
    expect(!r.ok && r.error.code).toBe('ILLEGAL_ACTION');
    expect(legalActions(s, 1)).toContainEqual({
      type: 'place-unit',
      unit: 'ground-force',
      planet: old,
    });
  });
});

describe('BG-3 Fighter support at placement', () => {
  it('places Fighters only within 2 per Spacedock plus Carrier capacity', () => {
    let s = createGame({ players: [{ race: 'sol' }, { race: 'letnev' }] }, 'fighters');
    s = advanceTo(s, 'purchase-units');
    s = withPlayer(s, 1, { credits: 100 });
    s = mustApply(s, 1, { type: 'purchase', unit: 'fighter', count: 1 });
    s = advanceTo(s, 'place-new-units');
    const dock = spacedocksOf(s, 1)[0] ?? '';
    const hex = s.planets[dock]?.hex ?? '0,0';
    const room = fighterRoom(s, hex, 1);
    const sys = s.units[hex] ?? { space: [], planets: {} };
    const crowded = {
      ...s,
      units: {
        ...s.units,
        [hex]: {
          ...sys,
          space: sys.space.map((g) =>
            g.owner === 1
              ? { ...g, units: { ...g.units, fighter: (g.units.fighter ?? 0) + room } }
              : g,
          ),
        },
      },
    };
    expect(fighterRoom(crowded, hex, 1)).toBe(0);
    const r = apply(crowded, 1, { type: 'place-unit', unit: 'fighter', planet: dock });
    expect(r.ok).toBe(false);
    if (room > 0)
      expect(apply(s, 1, { type: 'place-unit', unit: 'fighter', planet: dock }).ok).toBe(true);
  });
});
