/**
 * Placement regulations for building the galaxy (BG-4, OR-4.1, OR-4.2).
 *
 * - Rings fill from the inside out: a tile goes into the innermost ring
 *   that still has an empty hex.
 * - Anomalies keep apart: a Nebula or Gravity Rift may not touch a Nebula,
 *   Gravity Rift, Supernova or Asteroid Field (OR-4.1, OR-4.2), and a
 *   Supernova or Asteroid Field may not touch another of those two (BG-4).
 *   We read every such ban both ways (a Supernova may not be laid beside a
 *   Nebula either), otherwise the rule would depend on which tile came
 *   first. Together that means: no anomaly beside another anomaly...
 * - ...unless there is no other available placement: when every empty hex
 *   of the current ring touches an anomaly, the ban is lifted for that tile.
 * - After a player lays a planetless tile, that player's next tile must have
 *   a planet if the player holds one that can be placed (`playableTiles`).
 */
import { adjacentKeys, boardRingKeys, isBoardKey, ringOf, OUTER_RIM } from './board.js';
import { tileById } from './catalogue.js';
import { MapError } from './errors.js';
import { buildingStockSize } from './galaxy.js';
import { hexKey } from './geometry.js';
import type { Galaxy, Hex, HexKey, TileDef } from './types.js';

export type PlacementCheck = { ok: true } | { ok: false; code: PlacementCode; message: string };

export type PlacementCode =
  | 'UNKNOWN_TILE'
  | 'NOT_A_SYSTEM_TILE'
  | 'TILE_ALREADY_PLACED'
  | 'GALAXY_BUILT'
  | 'OFF_BOARD'
  | 'HEX_OCCUPIED'
  | 'RING_ORDER'
  | 'ANOMALY_ADJACENT'
  | 'BAD_ROTATION';

const fail = (code: PlacementCode, message: string): PlacementCheck => ({
  ok: false,
  code,
  message,
});

/** The innermost ring that still has an empty hex, or undefined when the board is full. */
export function currentRing(galaxy: Galaxy): number | undefined {
  return snapshot(galaxy).ring;
}

function innermostOpenRing(tiles: Galaxy['tiles']): number | undefined {
  for (let k = 1; k <= OUTER_RIM; k++) {
    if (boardRingKeys(k).some((key) => tiles[key] === undefined)) return k;
  }
  return undefined;
}

function touchesAnomaly(galaxy: Galaxy, key: HexKey): boolean {
  return adjacentKeys(key).some((k) => {
    const placed = galaxy.tiles[k];
    return placed !== undefined && tileById(placed.tileId)?.anomaly !== undefined;
  });
}

function emptyInRing(galaxy: Galaxy, k: number): HexKey[] {
  return boardRingKeys(k).filter((key) => galaxy.tiles[key] === undefined);
}

/** What the tile checks need to know about the board, gathered in one pass. */
interface Snapshot {
  readonly placedIds: ReadonlySet<string>;
  readonly built: boolean;
  /** The innermost ring with an empty hex (`currentRing`). */
  readonly ring: number | undefined;
}

/**
 * Snapshots by tiles record: a galaxy being built is asked several times per tile laid (which
 * tiles fit, where, then the placement's own check). Laying a tile makes a new record (`placeTile`
 * never edits one in place), so the record's identity keys the cache.
 */
const SNAPSHOTS = new WeakMap<Galaxy['tiles'], Snapshot & { players: number }>();

function snapshot(galaxy: Galaxy): Snapshot {
  const known = SNAPSHOTS.get(galaxy.tiles);
  if (known?.players === galaxy.players) return known;
  const placedIds = new Set<string>();
  let systems = 0;
  for (const placed of Object.values(galaxy.tiles)) {
    placedIds.add(placed.tileId);
    if (tileById(placed.tileId)?.kind === 'system') systems++;
  }
  const snap = {
    placedIds,
    built: systems >= buildingStockSize(galaxy.players),
    ring: innermostOpenRing(galaxy.tiles),
    players: galaxy.players,
  };
  SNAPSHOTS.set(galaxy.tiles, snap);
  return snap;
}

/** Checks on the tile alone; undefined when it may be laid somewhere. */
function tileProblem(
  galaxy: Galaxy,
  tileId: string,
  snap: Snapshot = snapshot(galaxy),
): PlacementCheck | undefined {
  const tile = tileById(tileId);
  if (!tile) return fail('UNKNOWN_TILE', `there is no tile "${tileId}"`);
  if (tile.kind !== 'system') {
    return fail('NOT_A_SYSTEM_TILE', `${tile.name} is not dealt for building`);
  }
  if (snap.placedIds.has(tileId)) {
    return fail('TILE_ALREADY_PLACED', `${tile.name} is already on the board`);
  }
  if (snap.built) return fail('GALAXY_BUILT', 'the whole stock has already been placed');
  return undefined;
}

function legalKeys(galaxy: Galaxy, tile: TileDef): HexKey[] {
  const k = currentRing(galaxy);
  if (k === undefined) return [];
  const empty = emptyInRing(galaxy, k);
  if (tile.anomaly === undefined) return empty;
  const clear = empty.filter((key) => !touchesAnomaly(galaxy, key));
  return clear.length > 0 ? clear : empty;
}

export function canPlace(galaxy: Galaxy, tileId: string, hex: Hex): PlacementCheck {
  const problem = tileProblem(galaxy, tileId);
  if (problem) return problem;
  const tile = tileById(tileId) as TileDef;
  const key = hexKey(hex);
  if (!isBoardKey(key)) return fail('OFF_BOARD', `${key} is not on the board`);
  if (galaxy.tiles[key] !== undefined) return fail('HEX_OCCUPIED', `${key} already holds a tile`);
  const k = currentRing(galaxy);
  if (k !== ringOf(key)) {
    return fail(
      'RING_ORDER',
      `ring ${String(k)} must be filled before ring ${String(ringOf(key))} (hex ${key})`,
    );
  }
  if (!legalKeys(galaxy, tile).includes(key)) {
    return fail(
      'ANOMALY_ADJACENT',
      `${tile.name} may not touch another anomaly while ring ${String(k)} has a hex that does not`,
    );
  }
  return { ok: true };
}

/** Each board key read back as a hex once (its `q,r` text), for `legalPlacements`. */
const HEX_OF_KEY: ReadonlyMap<HexKey, Hex> = new Map(
  Array.from({ length: OUTER_RIM + 1 }, (_, k) => boardRingKeys(k)).flatMap((keys) =>
    keys.map((key): [HexKey, Hex] => {
      const [q, r] = key.split(',').map(Number);
      return [key, { q: q ?? 0, r: r ?? 0 }];
    }),
  ),
);

export function legalPlacements(galaxy: Galaxy, tileId: string): Hex[] {
  if (tileProblem(galaxy, tileId)) return [];
  const tile = tileById(tileId) as TileDef;
  return legalKeys(galaxy, tile).map((key) => {
    const hex = HEX_OF_KEY.get(key) as Hex;
    return { q: hex.q, r: hex.r };
  });
}

const hasPlanets = (id: string): boolean => (tileById(id)?.planets.length ?? 0) > 0;

/**
 * The tiles of `hand` the player may lay now. After a planetless tile the
 * player must lay a planet tile if one of them can be placed (BG-4).
 */
export function playableTiles(
  galaxy: Galaxy,
  hand: readonly string[],
  lastPlacedWasPlanetless: boolean,
): string[] {
  // Every tile that passes the tile checks has a hex while a ring is open:
  // the anomaly ban falls back to the whole ring rather than to nothing.
  const snap = snapshot(galaxy);
  const open = currentRing(galaxy) !== undefined;
  const placeable = hand.filter((id) => open && tileProblem(galaxy, id, snap) === undefined);
  if (!lastPlacedWasPlanetless) return placeable;
  const planets = placeable.filter(hasPlanets);
  return planets.length > 0 ? planets : placeable;
}

/** Pure: a new galaxy with the tile laid. Throws MapError when `canPlace` says no. */
export function placeTile(galaxy: Galaxy, tileId: string, hex: Hex, rotation = 0): Galaxy {
  const check = canPlace(galaxy, tileId, hex);
  if (!check.ok) throw new MapError(check.code, check.message);
  if (!Number.isInteger(rotation) || rotation < 0 || rotation > 5) {
    throw new MapError('BAD_ROTATION', `rotation must be 0..5, got ${rotation}`);
  }
  return { ...galaxy, tiles: { ...galaxy.tiles, [hexKey(hex)]: { tileId, rotation } } };
}
