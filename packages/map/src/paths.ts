/**
 * Movement reach (BG-5, OR-4.1): which hexes a ship can end its move in
 * within N steps, and the fewest steps to each. What the board itself says
 * is built in; what depends on the game state (enemy ships, technologies,
 * Gravity Rift exits) comes from the caller's model.
 *
 * Built in:
 * - empty hexes (gaps) and Supernovas are never entered;
 * - Asteroid Fields are never entered, unless `asteroids: 'pass-through'`
 *   (Antimass Deflectors): then a ship may cross one but not stop in it;
 * - entering a Nebula ends the move (leaving the one a ship starts in is free
 *   of that effect);
 * - wormholes: a ship that enters a system with a wormhole may continue from
 *   every other system with a matching wormhole (alpha-alpha, beta-beta) as
 *   if it were there, for `wormholeJumpCost` extra steps (default 0: entering
 *   the first end is the step that counts, BG-5); for a ship that starts its
 *   move in one end the other end is an adjacent system (`wormholeStartCost`,
 *   default 1 step).
 */
import { adjacentKeys, boardHexes } from './board.js';
import { tileById } from './catalogue.js';
import { hexKey, neighbourAt, parseHexKey } from './geometry.js';
import type { Galaxy, Hex, HexKey, Side, TileDef } from './types.js';

export interface MovementModel {
  /** Further hexes the ship may not enter at all (`key` is `hex`'s key). */
  readonly blocks?: (hex: Hex, tile: TileDef, key: HexKey) => boolean;
  /**
   * Entering ends the move and nothing passes through: enemy ships and minor
   * races (BG-5, OR-2.2). `key` is `hex`'s key.
   */
  readonly stops?: (hex: Hex, tile: TileDef, key: HexKey) => boolean;
  /**
   * Steps to move from `from` (whose tile is `fromTile`) into the adjacent `to`; default 1 (0
   * leaves a Gravity Rift, OR-4.2).
   */
  readonly cost?: (from: Hex, to: Hex, fromTile: TileDef | undefined) => number;
  readonly asteroids?: 'blocked' | 'pass-through';
  readonly wormholes?: 'same-type' | 'none';
  readonly wormholeJumpCost?: number;
  /** Steps from the start hex to a matching wormhole (BG-5: it is an adjacent system); default 1. */
  readonly wormholeStartCost?: number;
}

export interface Reach {
  readonly hex: Hex;
  /** Fewest steps used to end the move there. */
  readonly steps: number;
  /** One path of that length: the hexes entered in order, the last being `hex`. */
  readonly path: readonly Hex[];
}

/**
 * A galaxy's systems by index, for the path search: each hex's key, parsed
 * hex, tile, on-board neighbours and wormhole partners (in the order of
 * `galaxy.tiles`), worked out once per tiles record. The engine never edits
 * `galaxy.tiles` in place (a placed tile makes a new record), so the record's
 * identity keys the cache.
 */
interface GalaxyIndex {
  readonly index: ReadonlyMap<HexKey, number>;
  readonly keys: readonly HexKey[];
  readonly hexes: readonly Hex[];
  readonly tiles: readonly (TileDef | undefined)[];
  readonly adjacent: readonly (readonly number[])[];
  readonly partners: readonly (readonly number[])[];
}

const BOARD = boardHexes();
const INDEXES = new WeakMap<Galaxy['tiles'], GalaxyIndex>();

function galaxyIndex(galaxy: Galaxy): GalaxyIndex {
  const known = INDEXES.get(galaxy.tiles);
  if (known !== undefined) return known;
  const placed = Object.entries(galaxy.tiles) as [HexKey, { tileId: string }][];
  const index = new Map<HexKey, number>();
  const keys: HexKey[] = [];
  const add = (k: HexKey): number => {
    let i = index.get(k);
    if (i === undefined) {
      i = keys.length;
      index.set(k, i);
      keys.push(k);
    }
    return i;
  };
  for (const h of BOARD) add(hexKey(h));
  for (const [k] of placed) add(k);
  const tiles = keys.map((k) => {
    const p = galaxy.tiles[k];
    return p ? tileById(p.tileId) : undefined;
  });
  const adjacent = keys.map((k) => adjacentKeys(k).map(add));
  // Every key is in by now: the board's, and any placed off it (whose neighbours are none).
  const partners = keys.map((k, i) => {
    const wormhole = tiles[i]?.wormhole;
    if (wormhole === undefined) return [];
    const out: number[] = [];
    for (const [other, p] of placed) {
      if (other !== k && tileById(p.tileId)?.wormhole === wormhole) out.push(add(other));
    }
    return out;
  });
  const built: GalaxyIndex = {
    index,
    keys,
    hexes: keys.map((k) => parseHexKey(k)),
    tiles,
    adjacent,
    partners,
  };
  INDEXES.set(galaxy.tiles, built);
  return built;
}

/** Every hex other than `from` where a ship can end a move of at most `steps` steps. */
export function reachable(
  galaxy: Galaxy,
  from: Hex,
  steps: number,
  model: MovementModel = {},
): Reach[] {
  const g = galaxyIndex(galaxy);
  return search(g, hexKey(from), steps, model).map(({ at, steps: s, path }) => ({
    hex: g.hexes[at] as Hex,
    steps: s,
    path: path.map((i) => g.hexes[i] as Hex),
  }));
}

/** A `Reach` by hex keys. */
export interface ReachKey {
  readonly key: HexKey;
  readonly steps: number;
  /** The keys of the hexes entered in order, the last being `key`. */
  readonly path: HexKey[];
}

/** `reachable` from the hex with key `from`, answered in hex keys. */
export function reachableKeys(
  galaxy: Galaxy,
  from: HexKey,
  steps: number,
  model: MovementModel = {},
): ReachKey[] {
  const g = galaxyIndex(galaxy);
  return search(g, from, steps, model).map(({ at, steps: s, path }) => ({
    key: g.keys[at] as HexKey,
    steps: s,
    path: path.map((i) => g.keys[i] as HexKey),
  }));
}

/** Dijkstra from `from` by hex index: each end with its steps and one shortest path. */
function search(
  g: GalaxyIndex,
  from: HexKey,
  steps: number,
  model: MovementModel,
): { at: number; steps: number; path: number[] }[] {
  const start = g.index.get(from);
  // A hex off the board with no system placed leads nowhere.
  if (start === undefined) return [];
  const n = g.keys.length;
  const best = new Float64Array(n).fill(Infinity);
  const parent = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  /** Hexes in the order their first distance was found (the scan's tie-break). */
  const seen: number[] = [start];
  best[start] = 0;
  const results: number[] = [];
  const jumpCost = model.wormholeJumpCost ?? 0;
  const startCost = model.wormholeStartCost ?? 1;
  const passAsteroids = model.asteroids === 'pass-through';
  const wormholes = model.wormholes !== 'none';
  const { blocks, stops, cost } = model;

  const enterable = (i: number): boolean => {
    const tile = g.tiles[i];
    if (!tile || tile.anomaly === 'supernova') return false;
    if (tile.anomaly === 'asteroid-field' && !passAsteroids) return false;
    return !(blocks?.(g.hexes[i] as Hex, tile, g.keys[i] as HexKey) ?? false);
  };
  const relax = (current: number, k: number, total: number): void => {
    if (total > steps || done[k] === 1) return;
    const known = best[k] as number;
    if (known <= total) return;
    if (!enterable(k)) return;
    if (known === Infinity) seen.push(k);
    best[k] = total;
    parent[k] = current;
  };

  for (;;) {
    // Dijkstra over at most 61 hexes: a linear scan for the next one is enough.
    let current = -1;
    let currentSteps = Infinity;
    for (const k of seen) {
      if (done[k] === 0 && (best[k] as number) < currentSteps) {
        current = k;
        currentSteps = best[k] as number;
      }
    }
    if (current === -1) break;
    done[current] = 1;
    const here = g.hexes[current] as Hex;
    const isStart = current === start;
    const tile = g.tiles[current];
    if (!isStart) {
      if (!tile) continue;
      const stopsHere =
        tile.anomaly === 'nebula' || (stops?.(here, tile, g.keys[current] as HexKey) ?? false);
      if (tile.anomaly !== 'asteroid-field') results.push(current);
      if (stopsHere) continue;
    }
    for (const k of g.adjacent[current] as readonly number[]) {
      relax(current, k, currentSteps + (cost ? cost(here, g.hexes[k] as Hex, tile) : 1));
    }
    if (tile && wormholes) {
      const jump = isStart ? startCost : jumpCost;
      for (const k of g.partners[current] as readonly number[])
        relax(current, k, currentSteps + jump);
    }
  }
  const pathTo = (i: number): number[] => {
    const out: number[] = [];
    for (let k = i; k !== -1 && k !== start; k = parent[k] as number) out.push(k);
    return out.reverse();
  };
  return results.map((i) => ({
    at: i,
    steps: best[i] as number,
    path: pathTo(i),
  }));
}

/**
 * OR-4.2: the hex a ship is whipped into when a Gravity Rift die forces
 * exit side `side`, or undefined when that counts as staying (off the
 * board, a gap, a Supernova). Sides are the board's (1 = top, clockwise):
 * the RULES-SPEC says a tile's rotation never changes that numbering, so
 * the rotation a tile was laid with is not read here.
 */
export function riftExit(galaxy: Galaxy, rift: Hex, side: Side): Hex | undefined {
  const target = neighbourAt(rift, side);
  const placed = galaxy.tiles[hexKey(target)];
  const tile = placed ? tileById(placed.tileId) : undefined;
  if (!tile || tile.anomaly === 'supernova') return undefined;
  return target;
}
