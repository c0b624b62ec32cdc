import { describe, expect, it } from 'vitest';
import { buildGalaxyTrace } from './build-galaxy.js';
import { planetByName } from './catalogue.js';
import { gaps, initialGalaxy, isComplete, placedAt } from './galaxy.js';
import { parseHexKey, sameHex } from './geometry.js';
import {
  canPlaceMinorRace,
  eligibleMinorSystems,
  MINOR_RACE_UNITS,
  minorRaceForces,
  placeMinorRace,
  RANDOM_PLANET_CHART,
  randomPlanetChart,
  resolveMinorRoll,
  unusedRaces,
} from './minor-races.js';
import { validateGalaxy } from './validate.js';
import { RACE_IDS } from './types.js';
import type { Galaxy, Hex } from './types.js';

const PRINTED: Record<string, readonly [number, number]> = {
  Kostboth: [1, 5],
  Centauri: [6, 10],
  Fria: [11, 13],
  'Mehar Xull': [14, 15],
  Mellon: [16, 17],
  Riescue: [18, 19],
  Emelpar: [24, 25],
  Lodor: [48, 49],
  'New Albion': [50, 51],
  Quann: [52, 53],
  Saudor: [54, 55],
  Tallin: [56, 57],
  "Tar'Mann": [58, 59],
};

/** A 2-player galaxy with the whole stock placed and its 5 gaps still open. */
const built = (): Galaxy => buildGalaxyTrace({ players: 2, seed: 7 }).built;

const hexOfPlanet = (g: Galaxy, planet: string): Hex => {
  const tileId = planetByName(planet)?.tileId;
  const hex = Object.entries(g.tiles).find(([, placed]) => placed.tileId === tileId)?.[0];
  if (hex === undefined) throw new Error(`${planet} is not on the board`);
  return parseHexKey(hex);
};

describe('OR-2.2 minor races', () => {
  describe('Random Planet Chart', () => {
    it('reads every printed row exactly', () => {
      for (const [planet, [from, to]] of Object.entries(PRINTED)) {
        for (let roll = from; roll <= to; roll++)
          expect(randomPlanetChart(roll)).toEqual({ planet });
      }
      expect(RANDOM_PLANET_CHART).toHaveLength(Object.keys(PRINTED).length);
    });

    it('every other roll from 1 to 100 is a pool roll', () => {
      const printed = new Set(
        Object.values(PRINTED).flatMap(([a, b]) =>
          Array.from({ length: b - a + 1 }, (_, i) => a + i),
        ),
      );
      for (let roll = 1; roll <= 100; roll++) {
        if (!printed.has(roll)) expect(randomPlanetChart(roll)).toEqual({ pool: true });
      }
      expect(randomPlanetChart(25)).toEqual({ planet: 'Emelpar' });
      expect(randomPlanetChart(100)).toEqual({ pool: true });
    });

    it('a roll outside 1..100 is a typed error', () => {
      for (const bad of [0, 101, 2.5, NaN]) {
        expect(() => randomPlanetChart(bad)).toThrow(expect.objectContaining({ code: 'BAD_ROLL' }));
      }
    });
  });

  describe('eligibility and rolls', () => {
    it('eligible systems have planets and are neither Mecatol Rex nor a home system', () => {
      const g = built();
      const eligible = eligibleMinorSystems(g);
      expect(eligible.length).toBeGreaterThan(20);
      for (const h of eligible) {
        expect(h).not.toEqual({ q: 0, r: 0 });
        expect(g.homes.some((home) => sameHex(home, h))).toBe(false);
        expect(placedAt(g, h)).toBeDefined();
      }
      const emelpar = hexOfPlanet(g, 'Emelpar');
      expect(eligible.some((h) => sameHex(h, emelpar))).toBe(true);
    });

    it('a named roll picks that planet’s system; a pool roll offers the systems the chart does not name', () => {
      const g = built();
      expect(resolveMinorRoll(g, 25)).toEqual({
        kind: 'system',
        hex: hexOfPlanet(g, 'Emelpar'),
        planet: 'Emelpar',
      });
      const pool = resolveMinorRoll(g, 70);
      expect(pool.kind).toBe('pool');
      if (pool.kind === 'pool') {
        const names = new Set(Object.keys(PRINTED));
        for (const h of pool.candidates) {
          const tileId = placedAt(g, h)?.tileId;
          for (const name of names) expect(planetByName(name)?.tileId).not.toBe(tileId);
        }
        expect(pool.candidates.some((h) => sameHex(h, hexOfPlanet(g, 'Hopes End')))).toBe(true);
      }
    });

    it('a named system that is not on the board, or already moved, is rolled again', () => {
      const bare = initialGalaxy(6, 'standard', RACE_IDS.slice(0, 6));
      expect(resolveMinorRoll(bare, 3).kind).toBe('reroll');
      expect(resolveMinorRoll(bare, 70).kind).toBe('reroll');
      const g = built();
      const gap = gaps(g)[0] ?? { q: 99, r: 99 };
      const moved = placeMinorRace(g, gap, hexOfPlanet(g, 'Emelpar'), 'naalu');
      expect(resolveMinorRoll(moved, 25).kind).toBe('reroll');
    });
  });

  describe('placing a minor race', () => {
    it('moves the system into the gap and puts the unused race’s home in the hole', () => {
      const g = built();
      const gap = gaps(g)[0] ?? { q: 99, r: 99 };
      const hole = hexOfPlanet(g, 'Emelpar');
      const race = unusedRaces(g)[0] ?? 'naalu';
      const before = JSON.stringify(g);
      const next = placeMinorRace(g, gap, hole, race);
      expect(JSON.stringify(g)).toBe(before);
      expect(placedAt(next, gap)?.tileId).toBe('emelpar');
      expect(placedAt(next, hole)?.tileId).toBe(`home-${race}`);
      expect(next.minorRaces).toEqual([hole]);
      expect(next.movedSystems).toEqual([gap]);
      expect(gaps(next)).toHaveLength(4);
      expect(unusedRaces(next)).not.toContain(race);
      expect(validateGalaxy(next)).toEqual([]);
    });

    it('refuses with stable codes: not built, not a gap, ineligible system, race in use', () => {
      const g = built();
      const gap = gaps(g)[0] ?? { q: 99, r: 99 };
      const hole = hexOfPlanet(g, 'Emelpar');
      const bare = initialGalaxy(2, 'standard', ['sol', 'letnev']);
      expect(canPlaceMinorRace(bare, gap, hole, 'naalu')).toMatchObject({
        ok: false,
        code: 'NOT_BUILT',
      });
      expect(canPlaceMinorRace(g, hole, hole, 'naalu')).toMatchObject({
        ok: false,
        code: 'NOT_A_GAP',
      });
      expect(canPlaceMinorRace(g, gap, { q: 0, r: 0 }, 'naalu')).toMatchObject({
        ok: false,
        code: 'SYSTEM_NOT_ELIGIBLE',
      });
      const seatHome = g.homes[0] ?? { q: 0, r: 0 };
      expect(canPlaceMinorRace(g, gap, seatHome, 'naalu')).toMatchObject({
        ok: false,
        code: 'SYSTEM_NOT_ELIGIBLE',
      });
      const seatRace = placedAt(g, seatHome)?.tileId.replace('home-', '');
      expect(canPlaceMinorRace(g, gap, hole, seatRace as 'sol')).toMatchObject({
        ok: false,
        code: 'RACE_IN_USE',
      });
      expect(() => placeMinorRace(g, hole, hole, 'naalu')).toThrow(
        expect.objectContaining({ code: 'NOT_A_GAP' }),
      );
    });

    it('fills every gap of a 2-player galaxy and leaves it complete', () => {
      let g = built();
      for (const gap of gaps(g)) {
        const r = resolveMinorRoll(g, 80);
        const system =
          r.kind === 'pool' ? r.candidates[0] : r.kind === 'system' ? r.hex : undefined;
        const race = unusedRaces(g)[0];
        if (!system || !race) throw new Error('test set-up: nothing to place');
        g = placeMinorRace(g, gap, system, race);
      }
      expect(isComplete(g)).toBe(true);
      expect(g.minorRaces).toHaveLength(5);
      expect(validateGalaxy(g)).toEqual([]);
    });
  });

  describe('minor race units', () => {
    it('2 Ground Forces on every planet; 2 Cruisers, 2 Dreadnoughts, 1 Carrier, 2 Fighters in space', () => {
      expect(MINOR_RACE_UNITS).toEqual({
        groundForcesPerPlanet: 2,
        space: { cruiser: 2, dreadnought: 2, carrier: 1, fighter: 2 },
      });
      const g = buildGalaxyTrace({ players: 4, seed: 3 }).galaxy;
      const forces = minorRaceForces(g);
      expect(forces).toHaveLength(3);
      for (const f of forces) {
        expect(f.planets.length).toBeGreaterThan(0);
        for (const p of f.planets) expect(p.groundForces).toBe(2);
        expect(g.minorRaces.some((h) => sameHex(h, f.hex))).toBe(true);
        expect(placedAt(g, f.hex)?.tileId).toBe(`home-${f.race}`);
      }
    });
  });
});
