import { describe, expect, it, vi } from 'vitest';
import {
  gaps,
  hexKey,
  isComplete,
  layout,
  placedSystemCount,
  snakeOrder,
  tileById,
  toMapString,
  RACE_IDS,
} from '@outer-rim/map';
import { RACES } from '../content/races.js';
import { GameSetupError } from '../errors.js';
import { countIn } from '../state/board.js';
import { newGame, options } from '../testing/fixtures.js';
import { createGame } from './create-game.js';

// Whole random games: generous when the machine is shared with other test runs.
vi.setConfig({ testTimeout: 60_000 });

describe('BG-1 races and starting positions', () => {
  it('keeps chosen races and deals distinct random ones', () => {
    const s = createGame(
      { players: [{ race: 'sol' }, { race: 'random' }, { race: 'random' }, { race: 'naalu' }] },
      'races',
    );
    expect(s.players[0]?.race).toBe('sol');
    expect(s.players[3]?.race).toBe('naalu');
    expect(new Set(s.players.map((p) => p.race)).size).toBe(4);
    const rolls = s.setupEvents.filter(
      (e) => e.type === 'dice-rolled' && e.purpose === 'random race',
    );
    expect(rolls).toHaveLength(2);
  });

  it('gives each seat its home system, starting credits, technologies, units and leaders', () => {
    const s = createGame({ players: [{ race: 'sol' }, { race: 'letnev' }] }, 'start');
    s.players.forEach((p, seat) => {
      const def = RACES[p.race];
      const home = s.galaxy.homes[seat];
      expect(home).toBeDefined();
      const key = hexKey(home ?? { q: 0, r: 0 });
      expect(s.galaxy.tiles[key]?.tileId).toBe(def.homeTileId);
      expect(p.credits).toBe(def.start.credits);
      expect(p.technologies).toEqual(def.start.technologies);
      for (const planet of def.homePlanets) expect(s.planets[planet]?.owner).toBe(seat);
      expect(countIn(s.units[key]?.planets[def.capital], seat, 'spacedock')).toBe(1);
      const carriers = def.start.units
        .filter((u) => u.unit === 'carrier')
        .reduce((n, u) => n + u.count, 0);
      expect(countIn(s.units[key]?.space, seat, 'carrier')).toBe(carriers);
      expect(p.leaders).toHaveLength(3);
      for (const l of p.leaders)
        expect(l).toMatchObject({ status: 'active', hex: key, planet: def.capital });
    });
  });

  it('throws a typed error for invalid options', () => {
    expect(() => createGame({ players: [{ race: 'sol' }] }, 'x')).toThrow(GameSetupError);
  });
});

describe('OR-3 compensation', () => {
  it.each(['standard', 'long-parsecs'] as const)(
    'gives the Tight seat 35 and the two Squeezed seats 25 extra credits with 7 players (%s)',
    (variant) => {
      const s = newGame(7, { variant }, `compensation-${variant}`);
      const { compensation } = layout(7, variant);
      expect([...compensation].sort((a, b) => a - b)).toEqual([0, 0, 0, 0, 25, 25, 35]);
      s.players.forEach((p, seat) => {
        expect(p.compensation).toBe(compensation[seat]);
        expect(p.credits).toBe(RACES[p.race].start.credits + (compensation[seat] ?? 0));
      });
      expect(
        s.setupEvents.flatMap((e) => (e.type === 'compensation' ? [[e.seat, e.credits]] : [])),
      ).toEqual(compensation.flatMap((c, seat) => (c > 0 ? [[seat, c]] : [])));
    },
  );

  it('gives no compensation with 6 or 8 players', () => {
    for (const n of [6, 8]) {
      for (const p of newGame(n).players) expect(p.compensation).toBe(0);
    }
  });
});

describe('BG-4 galaxy building in setup', () => {
  describe('galaxy building: dealing', () => {
    it('deals the stock so each seat holds the tiles it will lay, hidden in its hand', () => {
      const s = newGame(4, { galaxy: { mode: 'build' } });
      expect(s.phase.name).toBe('galaxy-building');
      if (s.phase.name !== 'galaxy-building') return;
      const order = snakeOrder(4, s.firstSeat, s.phase.order.length);
      expect(s.phase.order).toEqual(order);
      const dealt = s.players.flatMap((p) => p.dealtTiles);
      expect(dealt).toHaveLength(53);
      expect(new Set(dealt).size).toBe(53);
      s.players.forEach((p, seat) => {
        expect(p.dealtTiles).toHaveLength(order.filter((x) => x === seat).length);
      });
      expect(s.setupEvents.some((e) => e.type === 'first-player-chosen')).toBe(true);
    });

    it('OR-2.1 sets one empty system aside with 8 players', () => {
      const s = newGame(8, { galaxy: { mode: 'build' } });
      expect(s.players.flatMap((p) => p.dealtTiles)).toHaveLength(52);
      expect(s.tileStock).toHaveLength(1);
      expect(tileById(s.tileStock[0] ?? '')?.planets).toEqual([]);
    });

    it('picks the first player from the seed', () => {
      const firsts = new Set(
        ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(
          (seed) => createGame(options(6, { galaxy: { mode: 'build' } }), seed).firstSeat,
        ),
      );
      expect(firsts.size).toBeGreaterThan(1);
    });
  });

  describe('map string import', () => {
    it('starts a game on an exported galaxy, taking the races from its home systems', () => {
      const original = newGame(3, {}, 'export-me');
      const mapString = toMapString(original.galaxy);
      const s = createGame(options(3, { galaxy: { mode: 'map-string', mapString } }), 'import');
      expect(s.galaxy.tiles).toEqual(original.galaxy.tiles);
      expect(s.players.map((p) => p.race)).toEqual(original.players.map((p) => p.race));
      expect(s.minorRaces.map((m) => m.race).sort()).toEqual(
        original.minorRaces.map((m) => m.race).sort(),
      );
      expect(s.round).toBe(1);
    });

    it('refuses a map string for another player count', () => {
      const mapString = toMapString(newGame(3).galaxy);
      expect(() =>
        createGame(options(4, { galaxy: { mode: 'map-string', mapString } }), 'x'),
      ).toThrow(GameSetupError);
    });

    it('refuses a chosen race that differs from the map', () => {
      const original = newGame(2, {}, 'races-map');
      const mapString = toMapString(original.galaxy);
      const other = RACE_IDS.find((r) => !original.players.some((p) => p.race === r)) ?? 'sol';
      expect(() =>
        createGame(
          {
            players: [{ race: other }, { race: 'random' }],
            galaxy: { mode: 'map-string', mapString },
          },
          'x',
        ),
      ).toThrow(GameSetupError);
    });
  });

  describe('map string import: unfinished galaxies', () => {
    it('refuses a map string whose galaxy is not fully built', () => {
      const built = toMapString(newGame(3, {}, 'unfinished').galaxy);
      const tokens = built.split(' ');
      // Empty the whole Outer Rim and ring 3: far more holes than the gaps of 3 players.
      const cut = [...tokens.slice(0, 2 + 19), ...tokens.slice(2 + 19).map(() => '.')].join(' ');
      expect(() =>
        createGame(options(3, { galaxy: { mode: 'map-string', mapString: cut } }), 'x'),
      ).toThrow(GameSetupError);
    });
  });
});

describe('OR-2.2 minor races (auto galaxy)', () => {
  for (const n of [2, 4, 6, 7]) {
    it(`fills all ${Math.max(0, 7 - n)} gaps for ${n} players, with every roll reported`, () => {
      const s = newGame(n, {}, `minor-${n}`);
      expect(isComplete(s.galaxy)).toBe(true);
      expect(gaps(s.galaxy)).toHaveLength(0);
      const placed = s.setupEvents.filter((e) => e.type === 'minor-race-placed');
      expect(placed).toHaveLength(Math.max(0, 7 - n));
      expect(s.minorRaces).toHaveLength(placed.length);
      const chartRolls = s.setupEvents.filter(
        (e) => e.type === 'dice-rolled' && e.purpose === 'random planet chart',
      );
      expect(chartRolls.length).toBeGreaterThanOrEqual(placed.length);
      const playerRaces = s.players.map((p) => p.race);
      for (const m of s.minorRaces) {
        expect(playerRaces).not.toContain(m.race);
        const owner = `minor:${m.race}` as const;
        const sys = s.units[m.hex];
        expect(sys?.space.find((g) => g.owner === owner)?.units).toEqual({
          cruiser: 2,
          dreadnought: 2,
          carrier: 1,
          fighter: 2,
        });
        for (const planet of RACES[m.race].homePlanets) {
          expect(s.planets[planet]?.owner).toBe(owner);
          expect(countIn(sys?.planets[planet], owner, 'ground-force')).toBe(2);
        }
      }
    });
  }

  it('places the whole stock in auto mode and starts round 1', () => {
    const s = newGame(5);
    expect(placedSystemCount(s.galaxy)).toBe(53);
    expect(s.round).toBe(1);
    expect(s.phase.name).not.toBe('galaxy-building');
  });
});

describe('OR-6.2 leaders at setup', () => {
  it('gives the Yssaril an Admiral as third leader, or the chosen type', () => {
    const types = (s: ReturnType<typeof createGame>) => s.players[0]?.leaders.map((l) => l.type);
    const yssaril = [{ race: 'yssaril' as const }, { race: 'sol' as const }];
    expect(types(createGame({ players: yssaril }, 'y'))).toEqual(['agent', 'agent', 'admiral']);
    expect(types(createGame({ players: yssaril, yssarilThirdLeader: 'general' }, 'y'))).toEqual([
      'agent',
      'agent',
      'general',
    ]);
  });

  it('leaders can be switched off', () => {
    const s = newGame(2, { leaders: false });
    for (const p of s.players) expect(p.leaders).toEqual([]);
  });
});
