/**
 * The full validity check of a galaxy in any state of construction. The
 * map-string import, the property tests and any caller that receives a
 * galaxy from outside use this one function.
 */
import { boardRing, isBoardKey, OUTER_RIM, ringOf } from './board.js';
import { EMPTY_SYSTEM_IDS, tileById, SYSTEM_TILES } from './catalogue.js';
import { buildingStockSize, gaps, isBuilt } from './galaxy.js';
import { CENTER, hexKey, parseHexKey, sameHex } from './geometry.js';
import { isPlayerCount, isVariant, layout } from './layouts.js';
import type { Galaxy, Hex, HexKey } from './types.js';

export interface Problem {
  readonly code: string;
  readonly message: string;
  readonly hex?: HexKey;
}

const problem = (code: string, message: string, hex?: HexKey): Problem =>
  hex === undefined ? { code, message } : { code, message, hex };

const includesHex = (list: readonly Hex[], h: Hex): boolean => list.some((x) => sameHex(x, h));

function checkTiles(galaxy: Galaxy, out: Problem[]): void {
  const seen = new Map<string, string>();
  for (const [rawKey, placed] of Object.entries(galaxy.tiles)) {
    if (!isBoardKey(rawKey)) {
      out.push(problem('OFF_BOARD', `tile at "${rawKey}" is not on the board`));
      continue;
    }
    const key = rawKey as HexKey;
    const tile = tileById(placed.tileId);
    if (!tile) {
      out.push(problem('UNKNOWN_TILE', `unknown tile "${placed.tileId}" at ${key}`, key));
      continue;
    }
    const rot = placed.rotation;
    if (!Number.isInteger(rot) || rot < 0 || rot > 5) {
      out.push(problem('BAD_ROTATION', `rotation ${String(rot)} at ${key} is not 0..5`, key));
    }
    const other = seen.get(tile.id);
    if (other !== undefined) {
      out.push(problem('DUPLICATE_TILE', `${tile.name} is on both ${other} and ${key}`, key));
    }
    seen.set(tile.id, key);
    const hex = parseHexKey(key);
    if (tile.kind === 'mecatol' && !sameHex(hex, CENTER)) {
      out.push(problem('MECATOL_MISPLACED', `Mecatol Rex must be at the centre, not ${key}`, key));
    }
    if (sameHex(hex, CENTER) && tile.kind !== 'mecatol') {
      out.push(problem('MECATOL_MISSING', `the centre holds ${tile.name}, not Mecatol Rex`, key));
    }
    const isHomeHex = includesHex(galaxy.homes, hex) || includesHex(galaxy.minorRaces, hex);
    if (tile.kind === 'home' && !isHomeHex) {
      out.push(
        problem('HOME_MISPLACED', `${tile.name} at ${key} is neither a seat nor a minor race`, key),
      );
    }
    if (tile.kind !== 'home' && isHomeHex) {
      out.push(
        problem('HOME_MISSING', `${key} should hold a home system, holds ${tile.name}`, key),
      );
    }
  }
  if (galaxy.tiles[hexKey(CENTER)] === undefined) {
    out.push(problem('MECATOL_MISSING', 'the centre is empty', hexKey(CENTER)));
  }
}

function checkHomes(galaxy: Galaxy, out: Problem[]): void {
  const expected = layout(galaxy.players, galaxy.variant).homes;
  const same =
    galaxy.homes.length === expected.length &&
    expected.every((h, i) => {
      const got = galaxy.homes[i];
      return got !== undefined && sameHex(got, h);
    });
  if (!same) {
    out.push(
      problem(
        'HOMES_MISMATCH',
        `home hexes must be ${expected.map(hexKey).join(' ')} for ${galaxy.players} players (${galaxy.variant})`,
      ),
    );
  }
  for (const home of galaxy.homes) {
    if (galaxy.tiles[hexKey(home)] === undefined) {
      out.push(problem('HOME_MISSING', `seat home ${hexKey(home)} is empty`, hexKey(home)));
    }
  }
}

function checkMinorRaces(galaxy: Galaxy, out: Problem[]): void {
  const { gapCount } = layout(galaxy.players, galaxy.variant);
  const moved = galaxy.movedSystems ?? [];
  if (galaxy.minorRaces.length > gapCount) {
    out.push(
      problem(
        'TOO_MANY_MINOR_RACES',
        `${galaxy.minorRaces.length} minor races but only ${gapCount} gaps`,
      ),
    );
  }
  if (galaxy.minorRaces.length > 0 && !isBuilt(galaxy)) {
    out.push(problem('MINOR_RACE_TOO_EARLY', 'minor races are placed only after the whole stock'));
  }
  if (moved.length !== galaxy.minorRaces.length) {
    out.push(
      problem(
        'MOVED_SYSTEMS_MISMATCH',
        'each minor race needs exactly one system moved into a gap',
      ),
    );
  }
  galaxy.minorRaces.forEach((h, i) => {
    const key = hexKey(h);
    if (includesHex(galaxy.homes, h) || includesHex(galaxy.minorRaces.slice(0, i), h)) {
      out.push(problem('MINOR_RACE_CLASH', `minor race at ${key} clashes with another home`, key));
    }
    const tile = tileById(galaxy.tiles[key]?.tileId ?? '');
    if (tile?.kind !== 'home') {
      out.push(problem('HOME_MISSING', `minor race hex ${key} holds no home system`, key));
    }
  });
  for (const h of moved) {
    const key = hexKey(h);
    const tile = tileById(galaxy.tiles[key]?.tileId ?? '');
    if (ringOf(key) !== OUTER_RIM || tile?.kind !== 'system' || tile.planets.length === 0) {
      out.push(
        problem('MOVED_SYSTEM_INVALID', `${key} is not a planet system in the Outer Rim`, key),
      );
    }
  }
}

function checkStock(galaxy: Galaxy, out: Problem[]): void {
  const systems = Object.values(galaxy.tiles)
    .map((t) => tileById(t.tileId))
    .filter((t) => t?.kind === 'system');
  const size = buildingStockSize(galaxy.players);
  if (systems.length > size) {
    out.push(problem('TOO_MANY_TILES', `${systems.length} system tiles, the stock has ${size}`));
  }
  if (systems.length === SYSTEM_TILES.length - 1) {
    const ids = new Set(systems.map((t) => t?.id));
    const missing = SYSTEM_TILES.find((t) => !ids.has(t.id));
    if (galaxy.players === 8 && missing && !EMPTY_SYSTEM_IDS.includes(missing.id)) {
      out.push(
        problem(
          'SET_ASIDE_NOT_EMPTY',
          `the tile set aside must be an empty system, not ${missing.name}`,
        ),
      );
    }
  }
}

function checkRingOrder(galaxy: Galaxy, out: Problem[]): void {
  for (let k = 1; k < OUTER_RIM; k++) {
    const hole = boardRing(k).find((h) => galaxy.tiles[hexKey(h)] === undefined);
    if (!hole) continue;
    for (let outer = k + 1; outer <= OUTER_RIM; outer++) {
      const early = boardRing(outer).find(
        (h) => tileById(galaxy.tiles[hexKey(h)]?.tileId ?? '')?.kind === 'system',
      );
      if (early) {
        out.push(
          problem(
            'RING_ORDER',
            `ring ${outer} has a tile at ${hexKey(early)} while ring ${k} is open at ${hexKey(hole)}`,
            hexKey(early),
          ),
        );
        return;
      }
    }
    return;
  }
}

export function validateGalaxy(galaxy: Galaxy): Problem[] {
  const out: Problem[] = [];
  if (!isPlayerCount(galaxy.players)) {
    return [problem('BAD_PLAYER_COUNT', `players must be 2..8, got ${String(galaxy.players)}`)];
  }
  if (!isVariant(galaxy.variant)) {
    return [problem('BAD_VARIANT', `variant must be standard or long-parsecs`)];
  }
  checkHomes(galaxy, out);
  checkTiles(galaxy, out);
  checkMinorRaces(galaxy, out);
  checkStock(galaxy, out);
  checkRingOrder(galaxy, out);
  if (out.length === 0 && isBuilt(galaxy)) {
    const expected = layout(galaxy.players, galaxy.variant).gapCount;
    const open = gaps(galaxy).length;
    if (open + galaxy.minorRaces.length !== expected) {
      out.push(
        problem(
          'GAP_COUNT',
          `${open} gaps and ${galaxy.minorRaces.length} minor races, expected ${expected} in all`,
        ),
      );
    }
  }
  return out;
}
