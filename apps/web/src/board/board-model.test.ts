import { hexKey, tileById } from '@outer-rim/map';
import { createGame, view } from '@outer-rim/rules';
import { describe, expect, it } from 'vitest';
import { boardModel, stackLabel, UNIT_NAMES } from './board-model';

const players = (n: number) => Array.from({ length: n }, () => ({ race: 'random' as const }));

describe('board model from a view (BG-4 galaxy, OR-2.1 gaps, OR-2.2 minor races, OR-3)', () => {
  it('draws all 61 hexes of an eight-player galaxy with each seat at its home', () => {
    const state = createGame({ players: players(8) }, 'board-8');
    const model = boardModel(view(state, 'spectator'));
    expect(model.hexes).toHaveLength(61);
    const homes = model.hexes.filter((h) => h.homeOf !== undefined);
    expect(homes.map((h) => h.homeOf).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const home of homes) {
      expect(home.key).toBe(hexKey(state.galaxy.homes[home.homeOf ?? -1] ?? { q: 99, r: 99 }));
      expect(home.tile?.kind).toBe('home');
      // Every seat starts with units on its home system.
      expect(home.space.length + home.planets.flatMap((p) => p.stacks).length).toBeGreaterThan(0);
    }
    // OR-2.1: eight players leave no gap.
    expect(model.hexes.filter((h) => h.kind === 'gap')).toHaveLength(0);
  });

  it('shows gaps filled by minor races with fewer players, and planets with their printed values', () => {
    const state = createGame({ players: players(3) }, 'board-3');
    const model = boardModel(view(state, 0));
    const minors = model.hexes.filter((h) => h.minorRace !== undefined);
    expect(minors.length).toBe(state.minorRaces.length);
    expect(minors.length).toBeGreaterThan(0);
    const mecatol = model.hexes.find((h) => h.key === '0,0');
    expect(mecatol?.tile?.kind).toBe('mecatol');
    for (const h of model.hexes) {
      for (const planet of h.planets) {
        const printed = tileById(h.tile?.id ?? '')?.planets.find((p) => p.name === planet.name);
        expect(planet.resources).toBe(printed?.resources);
        expect(planet.influence).toBe(printed?.influence);
        expect(planet.owner).toBe(state.planets[planet.name]?.owner ?? null);
      }
    }
  });

  it('leaves unbuilt hexes empty while the galaxy is being built', () => {
    const state = createGame({ players: players(4), galaxy: { mode: 'build' } }, 'board-build');
    const model = boardModel(view(state, 0));
    expect(model.hexes.filter((h) => h.kind === 'empty').length).toBeGreaterThan(0);
    expect(model.hexes.filter((h) => h.kind === 'gap')).toHaveLength(0);
  });

  it('spells a stack short on the board and long in the details', () => {
    const units = { dreadnought: 2, carrier: 1, 'ground-force': 3 };
    expect(stackLabel(units)).toBe('2Dn 1Ca 3GF');
    expect(stackLabel(units, UNIT_NAMES)).toBe('2 Dreadnought, 1 Carrier, 3 Ground Force');
  });
});
