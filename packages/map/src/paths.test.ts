import { describe, expect, it } from 'vitest';
import { boardHexes } from './board.js';
import { MECATOL_REX_ID } from './catalogue.js';
import { distance, hexKey } from './geometry.js';
import { reachable, riftExit } from './paths.js';
import type { MovementModel } from './paths.js';
import type { Galaxy, Hex, HexKey, PlacedTile } from './types.js';

/** A full board of empty space with the given tiles on top (movement does not care about building rules). */
const board = (special: Record<string, string> = {}): Galaxy => {
  const tiles: Record<HexKey, PlacedTile> = {};
  boardHexes().forEach((h, i) => {
    tiles[hexKey(h)] = { tileId: i === 0 ? MECATOL_REX_ID : 'empty-1', rotation: 0 };
  });
  for (const [k, id] of Object.entries(special)) tiles[k as HexKey] = { tileId: id, rotation: 0 };
  return { players: 6, variant: 'standard', tiles, homes: [], minorRaces: [] };
};

const stepsTo = (g: Galaxy, from: Hex, steps: number, model?: MovementModel): Map<string, number> =>
  new Map(reachable(g, from, steps, model).map((r) => [hexKey(r.hex), r.steps]));

describe('BG-5 movement reach', () => {
  it('reaches every hex within N steps on open space, with the fewest steps', () => {
    const r = stepsTo(board(), { q: 0, r: 0 }, 2);
    expect(r.size).toBe(6 + 12);
    expect(r.get('0,-1')).toBe(1);
    expect(r.get('1,-2')).toBe(2);
    expect(r.has('0,0')).toBe(false);
    expect(r.has('0,-3')).toBe(false);
  });

  it('gives one shortest path to each hex: the hexes entered, in order, each next to the last', () => {
    const g = board({ '0,-1': 'supernova-1' });
    const to = reachable(g, { q: 0, r: 0 }, 3).find((r) => hexKey(r.hex) === '0,-2');
    expect(to?.path).toHaveLength(3);
    expect(to?.path.map(hexKey)).not.toContain('0,-1');
    for (const r of reachable(board(), { q: 0, r: 0 }, 3)) {
      expect(r.path).toHaveLength(r.steps);
      expect(r.path.at(-1)).toEqual(r.hex);
      r.path.forEach((h, i) => {
        expect(distance(h, r.path[i - 1] ?? { q: 0, r: 0 })).toBe(1);
      });
    }
  });

  it('never enters a supernova', () => {
    const g = board({ '0,-1': 'supernova-1' });
    expect(stepsTo(g, { q: 0, r: 0 }, 2).has('0,-2')).toBe(false);
    const r = stepsTo(g, { q: 0, r: 0 }, 3);
    expect(r.has('0,-1')).toBe(false);
    // Around it: 0,0 -> -1,0 -> -1,-1 -> 0,-2.
    expect(r.get('0,-2')).toBe(3);
  });

  it('asteroid fields block, unless the model allows passing through (never stopping)', () => {
    // A wall of asteroid fields around the start.
    const wall = Object.fromEntries(
      ['0,-1', '1,-1', '1,0', '0,1', '-1,1', '-1,0'].map((k, i) => [
        k,
        `asteroid-field-${(i % 4) + 1}`,
      ]),
    );
    const g = board(wall);
    expect(stepsTo(g, { q: 0, r: 0 }, 3).size).toBe(0);
    const through = stepsTo(g, { q: 0, r: 0 }, 2, { asteroids: 'pass-through' });
    expect(through.has('0,-1')).toBe(false);
    expect(through.get('0,-2')).toBe(2);
  });

  it('OR-4.1 a nebula stops the move; a ship starting in one may leave', () => {
    const g = board({ '0,-1': 'nebula-1' });
    const r = stepsTo(g, { q: 0, r: 0 }, 3);
    expect(r.get('0,-1')).toBe(1);
    // Not through the nebula (2 steps) but around it (3 steps).
    expect(r.get('0,-2')).toBe(3);
    const fromNebula = stepsTo(g, { q: 0, r: -1 }, 1);
    expect(fromNebula.get('0,-2')).toBe(1);
  });

  it('enemy ships (model.stops) end the move and cannot be passed', () => {
    const enemy = new Set(['0,-1', '1,-1', '1,0', '0,1', '-1,1', '-1,0']);
    const r = stepsTo(board(), { q: 0, r: 0 }, 3, { stops: (h) => enemy.has(hexKey(h)) });
    expect([...r.keys()].sort()).toEqual([...enemy].sort());
  });

  it('model.blocks and model.cost apply', () => {
    const r = stepsTo(board(), { q: 0, r: 0 }, 2, {
      blocks: (h) => hexKey(h) === '0,-1',
      cost: (_from, to) => (hexKey(to) === '1,-1' ? 2 : 1),
    });
    expect(r.has('0,-1')).toBe(false);
    expect(r.get('1,-1')).toBe(2);
    expect(r.has('1,-2')).toBe(false);
  });

  it('wormholes connect alpha to alpha and beta to beta; entering one end is the step', () => {
    const g = board({
      '0,-1': 'alpha-wormhole',
      '0,4': 'lodor',
      '1,-1': 'beta-wormhole',
      '-4,4': 'quann',
    });
    const r = stepsTo(g, { q: 0, r: 0 }, 2);
    expect(r.get('0,4')).toBe(1);
    expect(r.get('-4,4')).toBe(1);
    expect(r.get('1,3')).toBe(2);
    expect(stepsTo(g, { q: 0, r: 0 }, 2, { wormholes: 'none' }).has('0,4')).toBe(false);
    expect(stepsTo(g, { q: 0, r: 0 }, 2, { wormholeJumpCost: 1 }).get('0,4')).toBe(2);
  });

  it('BG-5: from a ship that starts in one end, the other end is an adjacent system (one step)', () => {
    const g = board({ '0,-1': 'alpha-wormhole', '0,4': 'lodor' });
    expect(stepsTo(g, { q: 0, r: -1 }, 1).get('0,4')).toBe(1);
    expect(stepsTo(g, { q: 0, r: -1 }, 2).get('1,3')).toBe(2);
    expect(stepsTo(g, { q: 0, r: -1 }, 2, { wormholeStartCost: 0 }).get('1,3')).toBe(1);
  });

  it('gaps (empty hexes) are not entered', () => {
    const g = board();
    const tiles = { ...g.tiles };
    Reflect.deleteProperty(tiles, '0,-1');
    const r = stepsTo({ ...g, tiles }, { q: 0, r: 0 }, 1);
    expect(r.has('0,-1')).toBe(false);
    expect(r.size).toBe(5);
  });
});

describe('OR-4.2 gravity rift exits', () => {
  it('a forced side names the neighbour across that side; off the board or into a supernova means staying', () => {
    const g = board({ '0,-1': 'gravity-rift', '1,-1': 'supernova-1' });
    expect(riftExit(g, { q: 0, r: -1 }, 1)).toEqual({ q: 0, r: -2 });
    expect(riftExit(g, { q: 0, r: -1 }, 4)).toEqual({ q: 0, r: 0 });
    expect(riftExit(g, { q: 0, r: -1 }, 3)).toBeUndefined();
    const rim = board({ '0,-4': 'gravity-rift' });
    expect(riftExit(rim, { q: 0, r: -4 }, 1)).toBeUndefined();
    expect(riftExit(rim, { q: 0, r: -4 }, 4)).toEqual({ q: 0, r: -3 });
  });

  it('sides are counted from the board, never from the rift tile rotation', () => {
    const g = board({ '0,0': 'gravity-rift' });
    for (let rotation = 0; rotation < 6; rotation++) {
      const turned = { ...g, tiles: { ...g.tiles, '0,0': { tileId: 'gravity-rift', rotation } } };
      // Side 1 faces the top of the board; side 2 the upper right; side 4 the bottom.
      expect(riftExit(turned, { q: 0, r: 0 }, 1)).toEqual({ q: 0, r: -1 });
      expect(riftExit(turned, { q: 0, r: 0 }, 2)).toEqual({ q: 1, r: -1 });
      expect(riftExit(turned, { q: 0, r: 0 }, 4)).toEqual({ q: 0, r: 1 });
    }
  });
});
