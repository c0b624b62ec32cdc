import { describe, expect, it } from 'vitest';
import {
  adjacentKeys,
  boardHexes,
  boardIndex,
  boardRing,
  inBoardOrder,
  isOnBoard,
  ringOf,
} from './board.js';
import { buildGalaxy } from './build-galaxy.js';
import { hexKey, ring } from './geometry.js';

describe('BG-4 board', () => {
  it('is Mecatol Rex and four rings, 61 hexes, for every player count and variant', () => {
    const g = buildGalaxy({ players: 3, seed: 1 });
    expect(boardHexes(g)).toHaveLength(61);
    expect(boardHexes({ players: 8, variant: 'long-parsecs' })).toEqual(boardHexes(g));
    expect(boardHexes().slice(0, 7)).toEqual([...ring(0), ...ring(1)]);
    for (let k = 0; k <= 4; k++) expect(boardRing(k)).toEqual(ring(k));
  });

  it('knows which hexes are on it and in which ring', () => {
    const g = buildGalaxy({ players: 2, seed: 1 });
    expect(isOnBoard(g, { q: -4, r: 0 })).toBe(true);
    expect(isOnBoard(g, { q: 5, r: 0 })).toBe(false);
    expect(isOnBoard(g, { q: 3, r: 3 })).toBe(false);
    expect(ringOf('2,-1')).toBe(2);
    expect(ringOf('0,5')).toBeUndefined();
  });

  it('on-board adjacency is symmetric and the Outer Rim has fewer neighbours', () => {
    for (const h of boardHexes()) {
      const key = hexKey(h);
      for (const n of adjacentKeys(key)) expect(adjacentKeys(n)).toContain(key);
      expect(adjacentKeys(key).length).toBe(
        ringOf(key) === 4 ? (h.q === 0 || h.r === 0 || h.q + h.r === 0 ? 3 : 4) : 6,
      );
    }
  });

  it('orders hexes ring by ring, clockwise from the top', () => {
    expect(boardIndex({ q: 0, r: 0 })).toBe(0);
    expect(boardIndex({ q: 0, r: -1 })).toBe(1);
    expect(boardIndex({ q: 9, r: 9 })).toBe(-1);
    expect(
      inBoardOrder([
        { q: 0, r: -4 },
        { q: 1, r: 0 },
        { q: 0, r: 0 },
      ]),
    ).toEqual([
      { q: 0, r: 0 },
      { q: 1, r: 0 },
      { q: 0, r: -4 },
    ]);
  });
});
