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
import { adjacentKeys } from './board.js';
import { tileById } from './catalogue.js';
import { hexKey, neighbourAt, parseHexKey } from './geometry.js';
import type { Galaxy, Hex, HexKey, Side, TileDef } from './types.js';

export interface MovementModel {
  /** Further hexes the ship may not enter at all. */
  readonly blocks?: (hex: Hex, tile: TileDef) => boolean;
  /**
   * Entering ends the move and nothing passes through: enemy ships and minor
   * races (BG-5, OR-2.2).
   */
  readonly stops?: (hex: Hex, tile: TileDef) => boolean;
  /** Steps to move from `from` into the adjacent `to`; default 1 (0 leaves a Gravity Rift, OR-4.2). */
  readonly cost?: (from: Hex, to: Hex) => number;
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

function wormholePartners(galaxy: Galaxy, key: HexKey, tile: TileDef): HexKey[] {
  if (tile.wormhole === undefined) return [];
  const out: HexKey[] = [];
  for (const [k, placed] of Object.entries(galaxy.tiles) as [HexKey, { tileId: string }][]) {
    if (k !== key && tileById(placed.tileId)?.wormhole === tile.wormhole) out.push(k);
  }
  return out;
}

/** Every hex other than `from` where a ship can end a move of at most `steps` steps. */
export function reachable(
  galaxy: Galaxy,
  from: Hex,
  steps: number,
  model: MovementModel = {},
): Reach[] {
  const startKey = hexKey(from);
  const best = new Map<HexKey, number>([[startKey, 0]]);
  const parent = new Map<HexKey, HexKey>();
  const done = new Set<HexKey>();
  const results = new Map<HexKey, number>();
  const jumpCost = model.wormholeJumpCost ?? 0;
  const startCost = model.wormholeStartCost ?? 1;

  const enterable = (key: HexKey): boolean => {
    const placed = galaxy.tiles[key];
    const tile = placed ? tileById(placed.tileId) : undefined;
    if (!tile || tile.anomaly === 'supernova') return false;
    if (tile.anomaly === 'asteroid-field' && model.asteroids !== 'pass-through') return false;
    return !(model.blocks?.(parseHexKey(key), tile) ?? false);
  };

  for (;;) {
    // Dijkstra over at most 61 hexes: a linear scan for the next one is enough.
    let current: HexKey | undefined;
    let currentSteps = Infinity;
    for (const [k, s] of best) {
      if (!done.has(k) && s < currentSteps) {
        current = k;
        currentSteps = s;
      }
    }
    if (current === undefined) break;
    done.add(current);
    const here = parseHexKey(current);
    const isStart = current === startKey;
    const placed = galaxy.tiles[current];
    const tile = placed ? tileById(placed.tileId) : undefined;
    if (!isStart) {
      if (!tile) continue;
      const stopsHere = tile.anomaly === 'nebula' || (model.stops?.(here, tile) ?? false);
      if (tile.anomaly !== 'asteroid-field') results.set(current, currentSteps);
      if (stopsHere) continue;
    }
    const moves: [HexKey, number][] = adjacentKeys(current).map((k) => [
      k,
      model.cost ? model.cost(here, parseHexKey(k)) : 1,
    ]);
    if (tile && model.wormholes !== 'none') {
      for (const k of wormholePartners(galaxy, current, tile))
        moves.push([k, isStart ? startCost : jumpCost]);
    }
    for (const [k, cost] of moves) {
      const total = currentSteps + cost;
      if (total > steps || done.has(k)) continue;
      if ((best.get(k) ?? Infinity) <= total) continue;
      if (!enterable(k)) continue;
      best.set(k, total);
      parent.set(k, current);
    }
  }
  const pathTo = (key: HexKey): Hex[] => {
    const out: Hex[] = [];
    for (let k: HexKey | undefined = key; k !== undefined && k !== startKey; k = parent.get(k)) {
      out.push(parseHexKey(k));
    }
    return out.reverse();
  };
  return [...results].map(([k, s]) => ({ hex: parseHexKey(k), steps: s, path: pathTo(k) }));
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
