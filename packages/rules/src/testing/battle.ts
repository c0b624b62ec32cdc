import { hexKey, neighbours, tileById, type HexKey } from '@outer-rim/map';
import type { GameEvent } from '../events.js';
import type { TurnSegment } from '../state/phase.js';
import type { GameState, Owner, Seat, UnitCounts } from '../state/types.js';
import { advanceTo, newGame } from './fixtures.js';
import type { GameOptionsInput } from '../options.js';

/**
 * Test boards for combat: a game in its Individual Turns phase with the
 * units, tiles and movement record a test needs put straight on the board.
 */

/** A game waiting in Individual Turns, `seat` active in `segment`. */
export function turnOf(
  seat: Seat,
  segment: TurnSegment = 'movement',
  extra: Partial<GameOptionsInput> = {},
  players = 2,
): GameState {
  const s = advanceTo(newGame(players, { leaders: false, ...extra }, 'combat'), 'individual-turns');
  if (s.phase.name !== 'individual-turns') throw new Error('not in individual turns');
  // No action cards in hand: a board for the rules of a segment, without BG-9 windows in the way.
  // Card tests hand out the cards they need (cards/testing.ts).
  return {
    ...s,
    actionDiscard: [...s.actionDiscard, ...s.players.flatMap((p) => p.hand)],
    players: s.players.map((p) => ({ ...p, hand: [] })),
    phase: { ...s.phase, active: seat, segment, done: [] },
  };
}

/** Sets `owner`'s units in a system's space (`planet` null) or on a planet, replacing what it had. */
export function withUnits(
  state: GameState,
  hex: HexKey,
  owner: Owner,
  units: UnitCounts,
  planet: string | null = null,
): GameState {
  const sys = state.units[hex] ?? { space: [], planets: {} };
  const groups = planet === null ? sys.space : (sys.planets[planet] ?? []);
  const next = groups.filter((g) => g.owner !== owner);
  if (Object.values(units).some((v) => v > 0)) next.push({ owner, units });
  return {
    ...state,
    units: {
      ...state.units,
      [hex]:
        planet === null
          ? { ...sys, space: next }
          : { ...sys, planets: { ...sys.planets, [planet]: next } },
    },
  };
}

/** The home system of `seat`. */
export function home(s: GameState, seat: Seat): HexKey {
  return hexKey(s.galaxy.homes[seat] ?? { q: 0, r: 0 });
}

/** A `land` action on `planet` of `hex`: nothing lands or fires but what `extra` names. */
export function landing(hex: HexKey, planet: string, extra: Record<string, unknown> = {}) {
  return {
    type: 'land',
    hex,
    planet,
    groundForces: 0,
    shockForces: 0,
    pds: 0,
    bombard: 0,
    ...extra,
  };
}

/** Empties a system of every unit. */
export function cleared(state: GameState, hex: HexKey): GameState {
  const { [hex]: _gone, ...units } = state.units;
  return { ...state, units };
}

/** Puts another tile (e.g. a Nebula) at `hex`; planets of the old tile leave the planet list. */
export function withTile(state: GameState, hex: HexKey, tileId: string): GameState {
  const planets = Object.fromEntries(
    Object.entries(state.planets).filter(([, p]) => p.hex !== hex),
  );
  return {
    ...cleared(state, hex),
    planets,
    galaxy: { ...state.galaxy, tiles: { ...state.galaxy.tiles, [hex]: { tileId, rotation: 0 } } },
  };
}

/** Records the Movement segment's result the way helper move's `MovementState` does. */
export function withArrivals(
  state: GameState,
  arrived: HexKey[],
  cameFrom: Record<HexKey, HexKey[]> = {},
): GameState {
  if (state.phase.name !== 'individual-turns') throw new Error('not in individual turns');
  const movement = { moved: {}, riftTried: {}, arrived, nextId: 1, cameFrom };
  return { ...state, phase: { ...state.phase, movement } };
}

export function setOwner(state: GameState, planet: string, owner: Owner | null): GameState {
  const p = state.planets[planet];
  if (p === undefined) throw new Error(`no planet ${planet}`);
  return { ...state, planets: { ...state.planets, [planet]: { ...p, owner } } };
}

/** A hex of the board with a tile and no units, next to another such hex (for withdrawals). */
export function quietPair(state: GameState): [HexKey, HexKey] {
  const quiet = (k: HexKey): boolean => {
    const placed = state.galaxy.tiles[k];
    if (placed === undefined || state.units[k] !== undefined) return false;
    const tile = tileById(placed.tileId);
    return tile?.anomaly === undefined && tile?.kind === 'system';
  };
  for (const key of Object.keys(state.galaxy.tiles) as HexKey[]) {
    if (!quiet(key)) continue;
    const [q = 0, r = 0] = key.split(',').map(Number);
    for (const nb of neighbours({ q, r })) {
      if (quiet(hexKey(nb))) return [key, hexKey(nb)];
    }
  }
  throw new Error('no two quiet neighbouring systems');
}

/** A neighbour of `hex` that a fleet could stand in (for a withdrawal). */
export function openNeighbour(state: GameState, hex: HexKey): HexKey {
  const [q = 0, r = 0] = hex.split(',').map(Number);
  for (const nb of neighbours({ q, r })) {
    const placed = state.galaxy.tiles[hexKey(nb)];
    const anomaly = placed === undefined ? 'none' : tileById(placed.tileId)?.anomaly;
    if (placed !== undefined && anomaly !== 'supernova' && anomaly !== 'asteroid-field') {
      if (state.units[hexKey(nb)] === undefined) return hexKey(nb);
    }
  }
  throw new Error(`no open neighbour of ${hex}`);
}

export function dice(events: readonly GameEvent[]): { purpose: string; rolls: number[] }[] {
  return events.flatMap((e) =>
    e.type === 'dice-rolled' ? [{ purpose: e.purpose, rolls: e.rolls }] : [],
  );
}

export function ofType<T extends GameEvent['type']>(
  events: readonly GameEvent[],
  type: T,
): Extract<GameEvent, { type: T }>[] {
  return events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
}
