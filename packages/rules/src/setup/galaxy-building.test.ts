import { describe, expect, it, vi } from 'vitest';
import { hexKey, isComplete, legalPlacements, tileById } from '@outer-rim/map';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import { legalActions } from '../legal-actions.js';
import { mustApply, newGame } from '../testing/fixtures.js';
import type { GameState } from '../state/types.js';

// Whole random games: generous when the machine is shared with other test runs.
vi.setConfig({ testTimeout: 60_000 });

function building(state: GameState) {
  if (state.phase.name !== 'galaxy-building') throw new Error('not building');
  return state.phase;
}

describe('BG-4 interactive galaxy building', () => {
  it('asks the first player in snake order for one tile at a time', () => {
    const s = newGame(3, { galaxy: { mode: 'build' } }, 'snake');
    const phase = building(s);
    expect(decisions(s).map(({ seat, kind }) => ({ seat, kind }))).toEqual([
      { seat: phase.order[0], kind: 'place-tile' },
    ]);
    expect(phase.order[0]).toBe(s.firstSeat);
  });

  it('offers exactly the legal hexes of the tiles in hand, and places the chosen one', () => {
    const s = newGame(3, { galaxy: { mode: 'build' } }, 'place');
    const seat = building(s).order[0] ?? 0;
    const legal = legalActions(s, seat);
    expect(legal.length).toBeGreaterThan(0);
    for (const a of legal) {
      if (a.type !== 'place-tile') throw new Error('unexpected action');
      expect(s.players[seat]?.dealtTiles).toContain(a.tileId);
      expect(legalPlacements(s.galaxy, a.tileId)).toContainEqual(a.hex);
      // BG-4: ring 1 is filled before anything further out.
      expect(Math.max(Math.abs(a.hex.q), Math.abs(a.hex.r), Math.abs(a.hex.q + a.hex.r))).toBe(1);
    }
    const first = legal[0];
    if (first?.type !== 'place-tile') throw new Error('no placement');
    const r = apply(s, seat, first);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.galaxy.tiles[hexKey(first.hex)]?.tileId).toBe(first.tileId);
    expect(r.state.players[seat]?.dealtTiles).not.toContain(first.tileId);
    expect(r.events).toContainEqual({
      type: 'tile-placed',
      seat,
      tileId: first.tileId,
      hex: first.hex,
      rotation: 0,
    });
    expect(building(r.state).step).toBe(1);
  });

  it('refuses a placement out of turn, a tile not in hand and an illegal hex', () => {
    const s = newGame(3, { galaxy: { mode: 'build' } }, 'refuse');
    const seat = building(s).order[0] ?? 0;
    const other = (seat + 1) % 3;
    const mine = s.players[seat]?.dealtTiles[0] ?? '';
    const theirs = s.players[other]?.dealtTiles[0] ?? '';
    const hex = legalPlacements(s.galaxy, mine)[0] ?? { q: 1, r: 0 };
    const outOfTurn = apply(s, other, { type: 'place-tile', tileId: theirs, hex });
    expect(!outOfTurn.ok && outOfTurn.error.code).toBe('NOT_YOUR_DECISION');
    const notMine = apply(s, seat, { type: 'place-tile', tileId: theirs, hex });
    expect(!notMine.ok && notMine.error.code).toBe('ILLEGAL_ACTION');
    const farAway = apply(s, seat, { type: 'place-tile', tileId: mine, hex: { q: 0, r: 4 } });
    expect(!farAway.ok && farAway.error.code).toBe('ILLEGAL_ACTION');
  });

  it('after a planetless tile, demands a planet tile when one can be placed', () => {
    let s = newGame(2, { galaxy: { mode: 'build' } }, 'planetless');
    for (let i = 0; i < 53; i++) {
      const phase = s.phase;
      if (phase.name !== 'galaxy-building') break;
      const seat = phase.order[phase.step] ?? 0;
      const legal = legalActions(s, seat);
      if (phase.planetlessSeats.includes(seat)) {
        const hand = s.players[seat]?.dealtTiles ?? [];
        const planetTilePlaceable = hand.some(
          (id) =>
            (tileById(id)?.planets.length ?? 0) > 0 && legalPlacements(s.galaxy, id).length > 0,
        );
        if (planetTilePlaceable) {
          for (const a of legal) {
            if (a.type === 'place-tile')
              expect(tileById(a.tileId)?.planets.length).toBeGreaterThan(0);
          }
        }
      }
      const a = legal[0];
      if (a === undefined) throw new Error('stuck');
      s = mustApply(s, seat, a);
    }
    expect(s.phase.name).not.toBe('galaxy-building');
  });

  it('binds the seat that laid the planetless tile, not the next seat to lay', () => {
    const s = newGame(2, { galaxy: { mode: 'build' } }, 'planetless-seat');
    const phase = building(s);
    const seat = phase.order[phase.step] ?? 0;
    const other = 1 - seat;
    const hand = s.players[seat]?.dealtTiles ?? [];
    const planetlessInHand = hand.filter((id) => tileById(id)?.planets.length === 0);
    expect(planetlessInHand.length).toBeGreaterThan(0);
    expect(hand.some((id) => (tileById(id)?.planets.length ?? 0) > 0)).toBe(true);
    const laysPlanetless = (t: GameState) =>
      legalActions(t, seat).some(
        (a) => a.type === 'place-tile' && tileById(a.tileId)?.planets.length === 0,
      );
    const as = (planetlessSeats: number[]): GameState => ({
      ...s,
      phase: { ...phase, planetlessSeats },
    });
    expect(laysPlanetless(as([other]))).toBe(true);
    expect(laysPlanetless(as([seat]))).toBe(false);
    const tileId = planetlessInHand[0] ?? '';
    const hex = legalPlacements(s.galaxy, tileId)[0] ?? { q: 0, r: -1 };
    const refused = apply(as([seat]), seat, { type: 'place-tile', tileId, hex });
    expect(!refused.ok && refused.error.code).toBe('ILLEGAL_ACTION');
    const after = mustApply(as([other]), seat, { type: 'place-tile', tileId, hex });
    expect(building(after).planetlessSeats).toEqual([other, seat]);
  });

  it('ends with OR-2.2 minor races in every gap, then round 1 begins', () => {
    let s = newGame(4, { galaxy: { mode: 'build' } }, 'full-build');
    const events = [];
    for (let i = 0; i < 60 && s.phase.name === 'galaxy-building'; i++) {
      const d = decisions(s)[0];
      const a = d && legalActions(s, d.seat).at(-1);
      if (!d || !a) throw new Error('stuck');
      const r = apply(s, d.seat, a);
      if (!r.ok) throw new Error(r.error.message);
      events.push(...r.events);
      s = r.state;
    }
    expect(isComplete(s.galaxy)).toBe(true);
    expect(events.filter((e) => e.type === 'minor-race-placed')).toHaveLength(3);
    expect(events.some((e) => e.type === 'galaxy-built')).toBe(true);
    expect(events.some((e) => e.type === 'round-started' && e.round === 1)).toBe(true);
    expect(s.round).toBe(1);
    expect(Object.keys(s.planets).length).toBeGreaterThan(20);
  });
});
