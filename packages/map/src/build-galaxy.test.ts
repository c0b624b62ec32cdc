import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjacentKeys, boardRing } from './board.js';
import { buildGalaxy, buildGalaxyTrace } from './build-galaxy.js';
import { EMPTY_SYSTEM_IDS, SYSTEM_TILES, tileById } from './catalogue.js';
import { gaps, initialGalaxy, isComplete } from './galaxy.js';
import { hexKey } from './geometry.js';
import { layout } from './layouts.js';
import { fromMapString, toMapString } from './map-string.js';
import { canPlace, placeTile } from './placement.js';
import { validateGalaxy } from './validate.js';
import type { Galaxy, Variant } from './types.js';

const VARIANTS: readonly Variant[] = ['standard', 'long-parsecs'];

const tilesInRing = (g: Galaxy, k: number): number =>
  boardRing(k).filter((h) => g.tiles[hexKey(h)] !== undefined).length;

describe('BG-4 automatic building', () => {
  describe('automatic building', () => {
    for (let players = 2; players <= 8; players++) {
      for (const variant of VARIANTS) {
        it(`${players} players, ${variant}: rings, homes, gaps, every tile once, all by the regulations`, () => {
          const trace = buildGalaxyTrace({ players, variant, seed: 1000 + players });
          const { built, galaxy, placements } = trace;
          const { gapCount, homes } = layout(players, variant);

          // Ring sizes: Mecatol, then full rings 1-3; the Outer Rim holds all but the gaps.
          expect([0, 1, 2, 3].map((k) => tilesInRing(built, k))).toEqual([1, 6, 12, 18]);
          expect(tilesInRing(built, 4)).toBe(24 - gapCount);
          expect(gaps(built)).toHaveLength(gapCount);
          for (const h of gaps(built))
            expect(Math.max(Math.abs(h.q), Math.abs(h.r), Math.abs(h.q + h.r))).toBe(4);

          // Homes: where the layout says, one per hex, one race each.
          expect(built.homes).toEqual(homes);
          const homeTiles = homes.map((h) => built.tiles[hexKey(h)]?.tileId);
          expect(new Set(homeTiles).size).toBe(players);
          for (const id of homeTiles) expect(tileById(id ?? '')?.kind).toBe('home');

          // Every stock tile used exactly once; with 8 players one empty system set aside.
          const placedIds = Object.values(built.tiles).map((t) => t.tileId);
          expect(new Set(placedIds).size).toBe(placedIds.length);
          const missing = SYSTEM_TILES.filter((t) => !placedIds.includes(t.id)).map((t) => t.id);
          if (players === 8) {
            expect(missing).toHaveLength(1);
            expect(EMPTY_SYSTEM_IDS).toContain(missing[0]);
          } else {
            expect(missing).toEqual([]);
          }

          // Replaying the log through the regulations accepts every placement.
          let g = initialGalaxy(players, variant, trace.races);
          for (const p of placements) {
            expect(canPlace(g, p.tileId, p.hex)).toEqual({ ok: true });
            g = placeTile(g, p.tileId, p.hex);
          }
          expect(g).toEqual(built);

          // Minor races fill the gaps (OR-2.2).
          expect(galaxy.minorRaces).toHaveLength(gapCount);
          expect(gaps(galaxy)).toEqual([]);
          expect(isComplete(galaxy)).toBe(true);
          expect(validateGalaxy(galaxy)).toEqual([]);
        });
      }
    }

    it('adjacency between placed tiles is symmetric', () => {
      const g = buildGalaxy({ players: 6, seed: 3 });
      for (const key of Object.keys(g.tiles) as (keyof typeof g.tiles)[]) {
        for (const n of adjacentKeys(key)) expect(adjacentKeys(n)).toContain(key);
      }
    });

    it('after a planetless tile a seat lays a planet tile whenever its hand allows', () => {
      const { placements } = buildGalaxyTrace({ players: 4, seed: 21 });
      const hasPlanets = (id: string): boolean => (tileById(id)?.planets.length ?? 0) > 0;
      const seats = new Set(placements.map((p) => p.seat));
      for (const seat of seats) {
        const mine = placements.filter((p) => p.seat === seat);
        mine.forEach((p, i) => {
          const previous = mine[i - 1];
          const rest = mine.slice(i);
          if (previous && !hasPlanets(previous.tileId) && rest.some((x) => hasPlanets(x.tileId))) {
            expect(hasPlanets(p.tileId)).toBe(true);
          }
        });
      }
    });

    it('is deterministic for a seed, and seeds differ', () => {
      expect(buildGalaxy({ players: 5, seed: 99 })).toEqual(buildGalaxy({ players: 5, seed: 99 }));
      expect(toMapString(buildGalaxy({ players: 5, seed: 99 }))).not.toBe(
        toMapString(buildGalaxy({ players: 5, seed: 100 })),
      );
    });

    it('seats the races it is given, in seat order', () => {
      const g = buildGalaxy({ players: 3, seed: 4, races: ['naalu', 'sol', 'l1z1x'] });
      expect(g.homes.map((h) => g.tiles[hexKey(h)]?.tileId)).toEqual([
        'home-naalu',
        'home-sol',
        'home-l1z1x',
      ]);
    });

    it('rejects bad options with typed errors', () => {
      expect(() => buildGalaxy({ players: 9, seed: 1 })).toThrow(
        expect.objectContaining({ code: 'BAD_PLAYER_COUNT' }),
      );
      expect(() => buildGalaxy({ players: 3, seed: 1.5 })).toThrow(
        expect.objectContaining({ code: 'BAD_SEED' }),
      );
      expect(() => buildGalaxy({ players: 3, seed: 1, races: ['sol', 'sol', 'naalu'] })).toThrow(
        expect.objectContaining({ code: 'DUPLICATE_RACE' }),
      );
      expect(() => buildGalaxy({ players: 2, seed: 1, races: ['sol', 'vulcan' as 'sol'] })).toThrow(
        expect.objectContaining({ code: 'UNKNOWN_RACE' }),
      );
      expect(() => buildGalaxy({ players: 3, seed: 1, races: ['sol'] })).toThrow(
        expect.objectContaining({ code: 'BAD_SEAT_RACES' }),
      );
    });
  });

  describe('property: every automatic galaxy is valid', () => {
    it('passes the full validity check and the map-string round trip for random seeds and player counts', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 2, max: 8 }),
          fc.constantFrom(...VARIANTS),
          fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
          (players, variant, seed) => {
            const g = buildGalaxy({ players, variant, seed });
            expect(validateGalaxy(g)).toEqual([]);
            expect(isComplete(g)).toBe(true);
            expect(g.minorRaces).toHaveLength(layout(players, variant).gapCount);
            expect(fromMapString(toMapString(g))).toEqual({ ok: true, galaxy: g });
          },
        ),
        { numRuns: 150 },
      );
    });
  });
});
