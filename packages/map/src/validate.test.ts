import { describe, expect, it } from 'vitest';
import { buildGalaxy, buildGalaxyTrace } from './build-galaxy.js';
import { EMPTY_SYSTEM_IDS } from './catalogue.js';
import { initialGalaxy } from './galaxy.js';
import { validateGalaxy } from './validate.js';
import type { Galaxy, HexKey, PlacedTile } from './types.js';

const codes = (g: Galaxy): string[] => validateGalaxy(g).map((p) => p.code);
const withTile = (g: Galaxy, key: string, placed: PlacedTile | undefined): Galaxy => {
  const tiles: Record<string, PlacedTile> = { ...g.tiles };
  if (placed) tiles[key] = placed;
  else Reflect.deleteProperty(tiles, key);
  return { ...g, tiles: tiles };
};

describe('BG-4 galaxy validity', () => {
  const good = buildGalaxy({ players: 6, seed: 12 });

  it('accepts built galaxies and galaxies under construction', () => {
    expect(validateGalaxy(good)).toEqual([]);
    expect(
      validateGalaxy(initialGalaxy(4, 'long-parsecs', ['sol', 'naalu', 'hacan', 'mentak'])),
    ).toEqual([]);
    expect(validateGalaxy(buildGalaxyTrace({ players: 3, seed: 2 }).built)).toEqual([]);
  });

  it('rejects a bad player count or variant', () => {
    expect(codes({ ...good, players: 9 })).toEqual(['BAD_PLAYER_COUNT']);
    expect(codes({ ...good, variant: 'x' as Galaxy['variant'] })).toEqual(['BAD_VARIANT']);
  });

  it('finds misplaced Mecatol Rex, homes, unknown tiles, bad rotations and duplicates', () => {
    expect(codes(withTile(good, '0,0', undefined))).toContain('MECATOL_MISSING');
    expect(codes(withTile(good, '0,-1', { tileId: 'mecatol-rex', rotation: 0 }))).toContain(
      'MECATOL_MISPLACED',
    );
    expect(codes(withTile(good, '0,-1', { tileId: 'what', rotation: 0 }))).toContain(
      'UNKNOWN_TILE',
    );
    const first = good.tiles['0,-1'];
    expect(codes(withTile(good, '0,-1', first && { ...first, rotation: 7 }))).toContain(
      'BAD_ROTATION',
    );
    expect(codes(withTile(good, '0,-1', good.tiles['0,-2']))).toContain('DUPLICATE_TILE');
    expect(codes(withTile(good, '0,-9', { tileId: 'empty-1', rotation: 0 }))).toContain(
      'OFF_BOARD',
    );
    expect(codes(withTile(good, '0,-3', good.tiles['0,-2']))).toContain('HOME_MISSING');
    expect(codes({ ...good, homes: [...good.homes].reverse() })).toContain('HOMES_MISMATCH');
  });

  it('finds a tile laid before the inner rings are full', () => {
    const start = initialGalaxy(2, 'standard', ['sol', 'naalu']);
    expect(codes(withTile(start, '0,-2', { tileId: 'vega', rotation: 0 }))).toEqual(['RING_ORDER']);
  });

  it('finds inconsistent minor races', () => {
    const g = buildGalaxy({ players: 5, seed: 8 });
    expect(codes({ ...g, minorRaces: [] })).toContain('HOME_MISPLACED');
    expect(codes({ ...g, movedSystems: [] })).toContain('MOVED_SYSTEMS_MISMATCH');
    expect(codes({ ...g, minorRaces: [...g.minorRaces, g.homes[0] ?? { q: 0, r: 0 }] })).toContain(
      'MINOR_RACE_CLASH',
    );
  });

  it('finds minor races placed before the stock is used up', () => {
    const g = buildGalaxy({ players: 5, seed: 8 });
    const somePlanetKey =
      Object.keys(g.tiles).find((k) => g.tiles[k as HexKey]?.tileId === 'vega') ?? '';
    expect(codes(withTile(g, somePlanetKey, undefined))).toContain('MINOR_RACE_TOO_EARLY');
  });

  it('finds a non-empty tile set aside with 8 players', () => {
    const g = buildGalaxy({ players: 8, seed: 4 });
    const placed = new Set(Object.values(g.tiles).map((t) => t.tileId));
    const aside = EMPTY_SYSTEM_IDS.filter((id) => !placed.has(id));
    expect(aside).toHaveLength(1);
    const vegaKey = Object.keys(g.tiles).find((k) => g.tiles[k as HexKey]?.tileId === 'vega') ?? '';
    const swapped = withTile(g, vegaKey, { tileId: aside[0] ?? '', rotation: 0 });
    expect(codes(swapped)).toEqual(['SET_ASIDE_NOT_EMPTY']);
  });
});
