import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_NOTES,
  EMPTY_SYSTEM_IDS,
  homeTileOf,
  MECATOL_REX_ID,
  planetByName,
  SYSTEM_TILES,
  tileByCode,
  tileById,
  TILES,
} from './catalogue.js';
import { RANDOM_PLANET_CHART } from './minor-races.js';
import { PROVISIONAL_VALUES } from './provisional.js';
import { RACE_IDS } from './types.js';

const count = (pred: (t: (typeof TILES)[number]) => boolean): number =>
  SYSTEM_TILES.filter(pred).length;

describe('BG-4 tile catalogue', () => {
  it('holds Mecatol Rex, ten home systems and a stock of 53 non-home tiles', () => {
    expect(TILES.filter((t) => t.kind === 'mecatol').map((t) => t.id)).toEqual([MECATOL_REX_ID]);
    expect(TILES.filter((t) => t.kind === 'home')).toHaveLength(10);
    expect(SYSTEM_TILES).toHaveLength(53);
    expect(TILES).toHaveLength(64);
  });

  it('Mecatol Rex is 1 resource / 6 influence (BG-4)', () => {
    expect(tileById(MECATOL_REX_ID)?.planets).toEqual([
      { name: 'Mecatol Rex', resources: 1, influence: 6, provisional: true },
    ]);
  });

  it('each race has exactly one home system, tagged with its race', () => {
    for (const race of RACE_IDS) {
      const home = homeTileOf(race);
      expect(home.kind).toBe('home');
      expect(home.race).toBe(race);
      expect(home.planets.length).toBeGreaterThan(0);
    }
  });

  it('ids, codes and planet names are unique; codes resolve back to their tile', () => {
    expect(new Set(TILES.map((t) => t.id)).size).toBe(TILES.length);
    expect(new Set(TILES.map((t) => t.code)).size).toBe(TILES.length);
    const names = TILES.flatMap((t) => t.planets.map((p) => p.name));
    expect(new Set(names).size).toBe(names.length);
    for (const t of TILES) expect(tileByCode(t.code)).toBe(t);
  });

  it('has the required anomalies, wormholes and empty systems', () => {
    expect(count((t) => t.anomaly === 'nebula')).toBe(2);
    expect(count((t) => t.anomaly === 'gravity-rift')).toBe(1);
    expect(count((t) => t.anomaly === 'supernova')).toBeGreaterThanOrEqual(1);
    expect(count((t) => t.anomaly === 'asteroid-field')).toBeGreaterThanOrEqual(1);
    expect(count((t) => t.wormhole === 'alpha')).toBeGreaterThanOrEqual(1);
    expect(count((t) => t.wormhole === 'beta')).toBeGreaterThanOrEqual(1);
    expect(EMPTY_SYSTEM_IDS.length).toBeGreaterThanOrEqual(1);
    for (const id of EMPTY_SYSTEM_IDS) expect(tileById(id)?.planets).toEqual([]);
  });

  it('anomalies carry no planets', () => {
    for (const t of SYSTEM_TILES.filter((x) => x.anomaly)) expect(t.planets).toEqual([]);
  });

  it('every planet of the Random Planet Chart and Hopes End sits on a non-home system tile', () => {
    const names = [...RANDOM_PLANET_CHART.map((r) => r.planet), 'Emelpar', 'Hopes End'];
    for (const name of names) {
      const entry = planetByName(name);
      expect(entry, name).toBeDefined();
      expect(tileById(entry?.tileId ?? '')?.kind).toBe('system');
    }
  });

  it('planet values are whole numbers >= 0 and every guessed value is tagged provisional', () => {
    for (const t of TILES) {
      for (const p of t.planets) {
        expect(Number.isInteger(p.resources) && p.resources >= 0).toBe(true);
        expect(Number.isInteger(p.influence) && p.influence >= 0).toBe(true);
        expect(p.provisional).toBe(true);
      }
      expect(t.provisional).toBe(t.kind !== 'mecatol');
    }
  });

  it('the provisional list names every provisional tile and planet with a reason', () => {
    for (const t of TILES) {
      if (t.provisional)
        expect(CATALOGUE_NOTES.some((n) => n.tileId === t.id && !n.planet)).toBe(true);
      for (const p of t.planets) {
        const entry = PROVISIONAL_VALUES.find((v) => v.subject === `planet ${p.name}`);
        expect(entry?.value).toBe(`${p.resources} resources / ${p.influence} influence`);
        expect(entry?.why.length).toBeGreaterThan(10);
      }
    }
  });
});
