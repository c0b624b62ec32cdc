import { hexKey, type HexKey } from '@outer-rim/map';
import { MECATOL_REX_ID } from '@outer-rim/map';
import { createGame } from '../setup/create-game.js';
import type { GameState, Owner, Seat, UnitCounts, UnitKind } from '../state/types.js';
import { advanceTo } from './fixtures.js';

/**
 * Test boards for the Movement segment: a real game brought to its first
 * individual turn (at Movement: no leaders), then emptied so a test puts
 * exactly the tiles and units it reads about. Every system but the homes
 * and Mecatol Rex becomes Empty Space, no minor races, no units anywhere.
 * Rings 1 and 2 never hold a home, so tests lay their anomalies there.
 */
export function movementTable(seed = 'movement', players = 2): { state: GameState; seat: Seat } {
  const start = createGame(
    {
      players: Array.from({ length: players }, (_, i) => ({
        race: (
          ['sol', 'letnev', 'hacan', 'xxcha', 'jol-nar', 'mentak', 'yssaril', 'naalu'] as const
        )[i] as 'sol',
      })),
      leaders: false,
    },
    seed,
  );
  const s = advanceTo(start, 'individual-turns');
  if (s.phase.name !== 'individual-turns' || s.phase.segment !== 'movement') {
    throw new Error('the first turn does not open at Movement');
  }
  const homes = new Set(s.galaxy.homes.map(hexKey));
  const tiles: Record<HexKey, { tileId: string; rotation: number }> = {};
  for (const [key, placed] of Object.entries(s.galaxy.tiles) as [
    HexKey,
    { tileId: string; rotation: number },
  ][]) {
    tiles[key] =
      homes.has(key) || placed.tileId === MECATOL_REX_ID
        ? placed
        : { tileId: 'empty-1', rotation: 0 };
  }
  const planets = Object.fromEntries(
    Object.entries(s.planets)
      .filter(([, p]) => homes.has(p.hex) || p.hex === '0,0')
      .map(([name, p]) => [name, { ...p, owner: p.hex === '0,0' ? null : p.owner }]),
  );
  return {
    state: {
      ...s,
      galaxy: { ...s.galaxy, tiles, minorRaces: [] },
      minorRaces: [],
      units: {},
      planets,
    },
    seat: s.phase.active,
  };
}

/** Lays tiles (by catalogue id) at hexes, with a rotation. */
export function withTiles(
  state: GameState,
  tiles: Readonly<Record<string, string>>,
  rotation = 0,
): GameState {
  const next = { ...state.galaxy.tiles };
  for (const [key, tileId] of Object.entries(tiles)) next[key as HexKey] = { tileId, rotation };
  return { ...state, galaxy: { ...state.galaxy, tiles: next } };
}

/** Puts `counts` of `owner`'s units in a system's space, or on one of its planets. */
export function withUnits(
  state: GameState,
  hex: string,
  owner: Owner,
  counts: UnitCounts,
  planet?: string,
): GameState {
  const key = hex as HexKey;
  const sys = state.units[key] ?? { space: [], planets: {} };
  const groups = planet === undefined ? sys.space : (sys.planets[planet] ?? []);
  const mine = groups.find((g) => g.owner === owner)?.units ?? {};
  const units: UnitCounts = { ...mine };
  for (const [u, n] of Object.entries(counts) as [UnitKind, number][]) {
    units[u] = (units[u] ?? 0) + n;
  }
  const next = [...groups.filter((g) => g.owner !== owner), { owner, units }];
  const updated =
    planet === undefined
      ? { ...sys, space: next }
      : { ...sys, planets: { ...sys.planets, [planet]: next } };
  const planets =
    planet === undefined || typeof owner !== 'number'
      ? state.planets
      : { ...state.planets, [planet]: { hex: key, owner } };
  return { ...state, units: { ...state.units, [key]: updated }, planets };
}

/** `owner`'s units in a system's space (or on a planet), as counts. */
export function unitsAt(state: GameState, hex: string, owner: Owner, planet?: string): UnitCounts {
  const sys = state.units[hex as HexKey];
  const groups = planet === undefined ? sys?.space : sys?.planets[planet];
  return groups?.find((g) => g.owner === owner)?.units ?? {};
}
