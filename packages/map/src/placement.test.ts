import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildGalaxyTrace } from './build-galaxy.js';
import { boardHexes, boardRing } from './board.js';
import { SYSTEM_TILES } from './catalogue.js';
import { initialGalaxy } from './galaxy.js';
import { hexKey } from './geometry.js';
import { canPlace, currentRing, legalPlacements, placeTile, playableTiles } from './placement.js';
import { RACE_IDS } from './types.js';
import type { Galaxy, Hex } from './types.js';

const start = (): Galaxy =>
  initialGalaxy(6, 'standard', ['sol', 'letnev', 'hacan', 'xxcha', 'jol-nar', 'mentak']);

/** Test set-up only: lays tiles without the regulations. */
const withTiles = (g: Galaxy, entries: readonly (readonly [string, Hex])[]): Galaxy => ({
  ...g,
  tiles: {
    ...g.tiles,
    ...Object.fromEntries(entries.map(([id, h]) => [hexKey(h), { tileId: id, rotation: 0 }])),
  },
});

const PLANET_TILES = SYSTEM_TILES.filter((t) => t.planets.length > 0 && !t.wormhole).map(
  (t) => t.id,
);

/** Fills every empty hex of ring k with plain planet tiles not yet used. */
const fillRing = (g: Galaxy, k: number): Galaxy => {
  const used = new Set(Object.values(g.tiles).map((t) => t.tileId));
  const free = PLANET_TILES.filter((id) => !used.has(id));
  const empty = boardRing(k).filter((h) => g.tiles[hexKey(h)] === undefined);
  return withTiles(
    g,
    empty.map((h, i) => [free[i] ?? 'missing', h] as const),
  );
};

const keys = (hexes: readonly Hex[]): string[] => hexes.map(hexKey).sort();

/** The code `canPlace` refuses with, or 'ok' when it allows the placement. */
const refusalOf = (g: Galaxy, tileId: string, hex: Hex): string => {
  const check = canPlace(g, tileId, hex);
  return check.ok ? 'ok' : check.code;
};
const [top, topRight, bottomRight, bottom, bottomLeft, topLeft] = boardRing(1) as [
  Hex,
  Hex,
  Hex,
  Hex,
  Hex,
  Hex,
];

describe('BG-4 placement regulations', () => {
  describe('ring order', () => {
    it('fills ring 1 first, then 2, then 3, then the Outer Rim', () => {
      let g = start();
      expect(currentRing(g)).toBe(1);
      expect(refusalOf(g, 'abyz-fria', { q: 0, r: -2 })).toBe('RING_ORDER');
      expect(keys(legalPlacements(g, 'abyz-fria'))).toEqual(keys(boardRing(1)));
      g = fillRing(g, 1);
      expect(currentRing(g)).toBe(2);
      expect(canPlace(g, 'vega', { q: 0, r: -2 })).toEqual({ ok: true });
      expect(refusalOf(g, 'vega', { q: 0, r: -3 })).toBe('HEX_OCCUPIED');
      g = fillRing(fillRing(g, 2), 3);
      expect(currentRing(g)).toBe(4);
      expect(legalPlacements(g, 'empty-1')).toHaveLength(24);
    });

    it('rejects unknown, home, already placed and off-board tiles with stable codes', () => {
      const g = placeTile(start(), 'abyz-fria', top);
      expect(refusalOf(g, 'nope', topRight)).toBe('UNKNOWN_TILE');
      expect(refusalOf(g, 'home-naalu', topRight)).toBe('NOT_A_SYSTEM_TILE');
      expect(refusalOf(g, 'mecatol-rex', topRight)).toBe('NOT_A_SYSTEM_TILE');
      expect(refusalOf(g, 'abyz-fria', topRight)).toBe('TILE_ALREADY_PLACED');
      expect(refusalOf(g, 'vega', top)).toBe('HEX_OCCUPIED');
      expect(refusalOf(g, 'vega', { q: 0, r: -5 })).toBe('OFF_BOARD');
      expect(legalPlacements(g, 'abyz-fria')).toEqual([]);
    });

    it('placeTile is pure and throws a MapError with the same code on an illegal placement', () => {
      const g = start();
      const before = JSON.stringify(g);
      const next = placeTile(g, 'vega', top, 2);
      expect(JSON.stringify(g)).toBe(before);
      expect(next.tiles[hexKey(top)]).toEqual({ tileId: 'vega', rotation: 2 });
      expect(() => placeTile(g, 'vega', { q: 0, r: -2 })).toThrow(
        expect.objectContaining({ code: 'RING_ORDER' }),
      );
      expect(() => placeTile(g, 'vega', top, 6)).toThrow(
        expect.objectContaining({ code: 'BAD_ROTATION' }),
      );
    });

    it('with 8 players the board takes 52 tiles and then refuses more', () => {
      let g = initialGalaxy(8, 'standard', RACE_IDS.slice(0, 8));
      const ids = SYSTEM_TILES.map((t) => t.id).filter((id) => id !== 'empty-1');
      for (const id of ids) {
        const hex = legalPlacements(g, id)[0];
        expect(hex).toBeDefined();
        if (hex) g = placeTile(g, id, hex);
      }
      expect(refusalOf(g, 'empty-1', { q: 0, r: 0 })).toBe('GALAXY_BUILT');
    });
  });

  describe('red tiles', () => {
    it('a supernova or asteroid field may not touch another of them', () => {
      const g = withTiles(start(), [['supernova-1', top]]);
      expect(refusalOf(g, 'asteroid-field-1', topRight)).toBe('ANOMALY_ADJACENT');
      expect(refusalOf(g, 'supernova-2', topLeft)).toBe('ANOMALY_ADJACENT');
      expect(canPlace(g, 'asteroid-field-1', bottom)).toEqual({ ok: true });
    });

    it('the ban works both ways: no supernova beside a nebula', () => {
      const g = withTiles(start(), [['nebula-1', top]]);
      expect(refusalOf(g, 'supernova-1', topRight)).toBe('ANOMALY_ADJACENT');
    });
  });

  describe('planet after planetless', () => {
    const g = start();
    it('after a planetless tile only planet tiles may be laid, if the player has one', () => {
      const hand = ['empty-1', 'abyz-fria', 'nebula-1', 'vega'];
      expect(playableTiles(g, hand, true)).toEqual(['abyz-fria', 'vega']);
      expect(playableTiles(g, hand, false)).toEqual(hand);
    });

    it('a hand without planet tiles plays anything', () => {
      expect(playableTiles(g, ['empty-1', 'alpha-wormhole'], true)).toEqual([
        'empty-1',
        'alpha-wormhole',
      ]);
    });

    it('tiles that can no longer be placed are not playable', () => {
      const placed = placeTile(g, 'vega', top);
      expect(playableTiles(placed, ['vega', 'empty-2'], false)).toEqual(['empty-2']);
    });
  });

  describe('property: legalPlacements and canPlace agree', () => {
    it('for any galaxy part-way through building, every tile’s legal hexes are exactly those canPlace accepts', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 2, max: 8 }),
          fc.integer({ min: 0, max: 10_000 }),
          fc.integer({ min: 0, max: 52 }),
          (players, seed, prefix) => {
            const trace = buildGalaxyTrace({ players, seed });
            let g = initialGalaxy(players, 'standard', trace.races);
            for (const p of trace.placements.slice(0, prefix)) g = placeTile(g, p.tileId, p.hex);
            for (const tile of SYSTEM_TILES) {
              const legal = keys(legalPlacements(g, tile.id));
              const accepted = keys(boardHexes().filter((h) => canPlace(g, tile.id, h).ok));
              expect(legal).toEqual(accepted);
            }
          },
        ),
        { numRuns: 40 },
      );
    });
  });
});

describe('OR-4.1 nebula placement', () => {
  it('may not touch a supernova, asteroid field, gravity rift or another nebula', () => {
    for (const neighbour of ['supernova-1', 'asteroid-field-1', 'gravity-rift', 'nebula-2']) {
      const g = withTiles(start(), [[neighbour, top]]);
      expect(refusalOf(g, 'nebula-1', topRight)).toBe('ANOMALY_ADJACENT');
      expect(refusalOf(g, 'nebula-1', topLeft)).toBe('ANOMALY_ADJACENT');
      expect(keys(legalPlacements(g, 'nebula-1'))).toEqual(keys([bottomRight, bottom, bottomLeft]));
    }
  });

  it('may touch planets, empty space and wormholes', () => {
    const g = withTiles(start(), [
      ['alpha-wormhole', top],
      ['empty-1', bottom],
    ]);
    expect(canPlace(g, 'nebula-1', topRight)).toEqual({ ok: true });
  });
});

describe('OR-4.2 gravity rift placement', () => {
  it('may not touch a nebula, supernova or asteroid field', () => {
    for (const neighbour of ['nebula-1', 'supernova-2', 'asteroid-field-3']) {
      const g = withTiles(start(), [[neighbour, bottom]]);
      expect(refusalOf(g, 'gravity-rift', bottomRight)).toBe('ANOMALY_ADJACENT');
      expect(canPlace(g, 'gravity-rift', top)).toEqual({ ok: true });
    }
  });
});

describe('OR-4.1 OR-4.2 unless there is no other available placement', () => {
  it('lifts the ban when every open hex of the current ring touches an anomaly', () => {
    const g = withTiles(start(), [
      ['supernova-1', top],
      ['asteroid-field-1', bottom],
    ]);
    const open = [topRight, bottomRight, bottomLeft, topLeft];
    expect(keys(legalPlacements(g, 'nebula-1'))).toEqual(keys(open));
    expect(keys(legalPlacements(g, 'gravity-rift'))).toEqual(keys(open));
    for (const h of open) expect(canPlace(g, 'asteroid-field-2', h)).toEqual({ ok: true });
    // The next ring is not "available": ring order still rules.
    expect(refusalOf(g, 'nebula-1', { q: 0, r: -2 })).toBe('RING_ORDER');
  });

  it('keeps the ban while one clean hex is left', () => {
    const g = withTiles(start(), [
      ['supernova-1', top],
      ['vega', bottom],
    ]);
    expect(keys(legalPlacements(g, 'nebula-1'))).toEqual(keys([bottomRight, bottomLeft]));
  });
});
