/**
 * Galaxy construction steps (BG-4) as pure functions. The rules engine
 * drives interactive building with its own PRNG and passes its choices in;
 * `buildGalaxy` drives the same steps with a seeded generator.
 */
import { boardHexes } from './board.js';
import {
  EMPTY_SYSTEM_IDS,
  homeTileOf,
  MECATOL_REX_ID,
  SYSTEM_TILES,
  tileById,
} from './catalogue.js';
import { MapError } from './errors.js';
import { CENTER, hexKey } from './geometry.js';
import { layout, MAX_PLAYERS } from './layouts.js';
import type { Galaxy, Hex, HexKey, PlacedTile, RaceId, TileDef, Variant } from './types.js';

/** Mecatol Rex and the seats' home systems in place; nothing dealt yet. */
export function initialGalaxy(
  players: number,
  variant: Variant,
  seatRaces: readonly RaceId[],
): Galaxy {
  const { homes } = layout(players, variant);
  if (seatRaces.length !== players) {
    throw new MapError(
      'BAD_SEAT_RACES',
      `need ${players} races, one per seat, got ${seatRaces.length}`,
    );
  }
  if (new Set(seatRaces).size !== seatRaces.length) {
    throw new MapError('DUPLICATE_RACE', 'each seat needs a different race');
  }
  const tiles: Record<HexKey, PlacedTile> = {
    [hexKey(CENTER)]: { tileId: MECATOL_REX_ID, rotation: 0 },
  };
  homes.forEach((home, seat) => {
    const race = seatRaces[seat];
    if (race === undefined) return;
    tiles[hexKey(home)] = { tileId: homeTileOf(race).id, rotation: 0 };
  });
  return { players, variant, tiles, homes, minorRaces: [] };
}

/** How many tiles are dealt for building: 53, or 52 with 8 players (OR-2.1). */
export function buildingStockSize(players: number): number {
  return players === MAX_PLAYERS ? SYSTEM_TILES.length - 1 : SYSTEM_TILES.length;
}

/**
 * The tile ids to shuffle and deal, in catalogue order. With 8 players one
 * empty system is set aside first; `setAsideIndex` picks which one of
 * `EMPTY_SYSTEM_IDS` (the caller rolls for it).
 */
export function buildingStock(players: number, setAsideIndex = 0): string[] {
  const ids = SYSTEM_TILES.map((t) => t.id);
  if (players !== MAX_PLAYERS) return ids;
  const aside = EMPTY_SYSTEM_IDS[setAsideIndex];
  if (aside === undefined || !Number.isInteger(setAsideIndex)) {
    throw new MapError(
      'BAD_SET_ASIDE_INDEX',
      `set-aside index must be 0..${EMPTY_SYSTEM_IDS.length - 1}, got ${setAsideIndex}`,
    );
  }
  return ids.filter((id) => id !== aside);
}

export function placedAt(galaxy: Galaxy, hex: Hex): PlacedTile | undefined {
  return galaxy.tiles[hexKey(hex)];
}

/** The catalogue entry of the tile on a hex, if any. */
export function tileAt(galaxy: Galaxy, hex: Hex): TileDef | undefined {
  const placed = galaxy.tiles[hexKey(hex)];
  return placed ? tileById(placed.tileId) : undefined;
}

/** Board hexes with no tile: still to fill while building, the OR-2.1 gaps once the stock is placed. */
export function gaps(galaxy: Galaxy): Hex[] {
  return boardHexes(galaxy).filter((h) => galaxy.tiles[hexKey(h)] === undefined);
}

/** Number of non-home, non-Mecatol tiles on the board. */
export function placedSystemCount(galaxy: Galaxy): number {
  let n = 0;
  for (const placed of Object.values(galaxy.tiles)) {
    if (tileById(placed.tileId)?.kind === 'system') n++;
  }
  return n;
}

/** Whether the whole building stock has been placed (gaps may remain for minor races). */
export function isBuilt(galaxy: Galaxy): boolean {
  return placedSystemCount(galaxy) >= buildingStockSize(galaxy.players);
}

/** Built and every gap filled by a minor race (OR-2.2). */
export function isComplete(galaxy: Galaxy): boolean {
  return isBuilt(galaxy) && gaps(galaxy).length === 0;
}
