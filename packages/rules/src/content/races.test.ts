import { RACE_IDS, tileById } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { RULE_CONSTANTS } from './constants.js';
import { leadersOf } from './leaders.js';
import { RACES, isRaceId, raceById } from './races.js';
import type { RaceDef, UnitStack } from './races.js';
import { prerequisitesMet, techById } from './technologies.js';
import type { TechId } from './technologies.js';
import type { UnitType } from './units.js';

const count = (stacks: readonly UnitStack[], unit: UnitType, where?: string): number =>
  stacks
    .filter((s) => s.unit === unit)
    .filter(
      (s) =>
        where === undefined ||
        (where === 'space' ? s.at === 'space' : s.at !== 'space' && s.at.planet === where),
    )
    .reduce((n, s) => n + s.count, 0);

const homeTile = (race: RaceDef) => tileById(race.homeTileId);

describe('BG-1 races', () => {
  it('has the ten races, keyed by their own id', () => {
    expect(Object.keys(RACES).sort()).toEqual([...RACE_IDS].sort());
    for (const id of RACE_IDS) expect(RACES[id].id).toBe(id);
    expect(new Set(RACE_IDS.map((id) => RACES[id].name)).size).toBe(10);
  });

  it('names a home tile that exists in the map catalogue as that race’s home system', () => {
    for (const id of RACE_IDS) {
      const race = RACES[id];
      expect(race.homeTileId).toBe(`home-${id}`);
      const tile = homeTile(race);
      expect(tile?.kind).toBe('home');
      expect(tile?.race).toBe(id);
    }
  });

  it('lists the home planets printed on that tile, in tile order', () => {
    for (const id of RACE_IDS) {
      const race = RACES[id];
      expect(race.homePlanets).toEqual(homeTile(race)?.planets.map((p) => p.name));
    }
  });

  it('puts the capital on the home planet with the most resources', () => {
    for (const id of RACE_IDS) {
      const race = RACES[id];
      const planets = homeTile(race)?.planets ?? [];
      const most = Math.max(...planets.map((p) => p.resources));
      const capital = planets.find((p) => p.name === race.capital);
      expect(capital?.resources).toBe(most);
    }
  });

  it('starts with 1 Ground Force per home planet and the Spacedock on the capital', () => {
    for (const id of RACE_IDS) {
      const race = RACES[id];
      const units = race.start.units;
      for (const planet of race.homePlanets) {
        const extra = planet === race.capital ? 2 : 0;
        expect(count(units, 'ground-force', planet)).toBe(1 + extra);
      }
      expect(count(units, 'spacedock')).toBe(1);
      expect(count(units, 'spacedock', race.capital)).toBe(1);
    }
  });

  it('starts units only in its own home system, ships in space and ground units on planets', () => {
    for (const id of RACE_IDS) {
      const race = RACES[id];
      for (const s of [...race.start.units, ...(race.empiresEndExtraUnits ?? [])]) {
        expect(s.count).toBeGreaterThan(0);
        if (s.at === 'space') {
          expect(['dreadnought', 'carrier', 'cruiser', 'fighter']).toContain(s.unit);
        } else {
          expect(race.homePlanets).toContain(s.at.planet);
          expect(['ground-force', 'pds', 'spacedock']).toContain(s.unit);
        }
      }
    }
  });

  it('starts with every Fighter supported by Carriers and Spacedocks (BG-3)', () => {
    for (const id of RACE_IDS) {
      const race = RACES[id];
      const units = [...race.start.units, ...(race.empiresEndExtraUnits ?? [])];
      const support =
        count(units, 'carrier') * RULE_CONSTANTS.carrierCapacity +
        count(units, 'spacedock') * RULE_CONSTANTS.fightersPerSpacedock;
      expect(count(units, 'fighter')).toBeLessThanOrEqual(support);
    }
  });

  it('starts with real technologies, each one reachable from the ones before it', () => {
    for (const id of RACE_IDS) {
      const owned: TechId[] = [];
      for (const tech of RACES[id].start.technologies) {
        expect(techById(tech).id).toBe(tech);
        expect(prerequisitesMet(owned, tech)).toBe(true);
        owned.push(tech);
      }
      expect(owned.length).toBeGreaterThan(0);
    }
  });

  it('tags the reconstructed starting position provisional', () => {
    for (const id of RACE_IDS) {
      expect(RACES[id].start.provisional).toBe(true);
      expect(RACES[id].start.credits).toBe(RULE_CONSTANTS.defaultStartingCredits);
      expect(RACES[id].start.note).not.toBe('');
    }
  });

  it('gives each race abilities with unique ids and a source', () => {
    const ids = RACE_IDS.flatMap((id) => RACES[id].abilities.map((a) => a.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of RACE_IDS) {
      expect(RACES[id].abilities.length).toBeGreaterThan(0);
      for (const a of RACES[id].abilities) expect(a.source).not.toBe('');
    }
  });

  it('lets the Yssaril draw two action cards (one extra)', () => {
    const effects = RACES.yssaril.abilities.flatMap((a) => a.effects);
    expect(effects).toContainEqual({ kind: 'extra-action-card-draw', count: 1 });
    expect(RULE_CONSTANTS.actionCardsDrawnPerRound).toBe(1);
  });

  it('looks races up by id and rejects unknown ids', () => {
    expect(raceById('sol').name).toBe('Federation of Sol');
    expect(raceById('vuil-raith')).toBeUndefined();
    expect(isRaceId('naalu')).toBe(true);
    expect(isRaceId('creuss')).toBe(false);
  });
});

describe('OR-5 new races', () => {
  it('gives the L1Z1X the Empire’s End box units: 2 Dreadnoughts, 1 Cruiser', () => {
    const extra = RACES.l1z1x.empiresEndExtraUnits ?? [];
    expect(count(extra, 'dreadnought')).toBe(2);
    expect(count(extra, 'cruiser')).toBe(1);
    expect(extra.reduce((n, s) => n + s.count, 0)).toBe(3);
  });

  it('gives the Naalu the Empire’s End box units: 1 Cruiser, 1 Carrier, 1 Fighter, 1 Ground Force', () => {
    const extra = RACES.naalu.empiresEndExtraUnits ?? [];
    expect(count(extra, 'cruiser')).toBe(1);
    expect(count(extra, 'carrier')).toBe(1);
    expect(count(extra, 'fighter')).toBe(1);
    expect(count(extra, 'ground-force')).toBe(1);
    expect(extra.reduce((n, s) => n + s.count, 0)).toBe(4);
  });

  it('leaves the other races’ Empire’s End extras unknown rather than invented', () => {
    for (const id of RACE_IDS.filter((r) => r !== 'l1z1x' && r !== 'naalu')) {
      expect(RACES[id].empiresEndExtraUnits).toBeNull();
    }
  });
});

describe('OR-6.2 race leaders', () => {
  it('carries the default leader allocation on each race', () => {
    for (const id of RACE_IDS) expect(RACES[id].leaders).toEqual(leadersOf(id));
  });
});
