/**
 * Minor races (OR-2.2) as pure steps driven by the caller's dice:
 * roll d100 on the Random Planet Chart, move the rolled system into a gap,
 * and put an unused race's home system in the hole it leaves.
 */
import { boardHexes, inBoardOrder } from './board.js';
import { homeTileOf, planetByName, tileById } from './catalogue.js';
import { MapError } from './errors.js';
import { gaps, isBuilt, placedAt, tileAt } from './galaxy.js';
import { hexKey, sameHex } from './geometry.js';
import { RACE_IDS } from './types.js';
import type { Galaxy, Hex, RaceId } from './types.js';

export interface ChartRow {
  readonly from: number;
  readonly to: number;
  readonly planet: string;
}

/**
 * The rows printed in the rulebook, exact. The printed chart is cut off
 * after 20-21; every roll not covered here is a pool roll (RULES-SPEC OR-2.2).
 */
export const RANDOM_PLANET_CHART: readonly ChartRow[] = [
  { from: 1, to: 5, planet: 'Kostboth' },
  { from: 6, to: 10, planet: 'Centauri' },
  { from: 11, to: 13, planet: 'Fria' },
  { from: 14, to: 15, planet: 'Mehar Xull' },
  { from: 16, to: 17, planet: 'Mellon' },
  { from: 18, to: 19, planet: 'Riescue' },
  { from: 24, to: 25, planet: 'Emelpar' },
  { from: 48, to: 49, planet: 'Lodor' },
  { from: 50, to: 51, planet: 'New Albion' },
  { from: 52, to: 53, planet: 'Quann' },
  { from: 54, to: 55, planet: 'Saudor' },
  { from: 56, to: 57, planet: 'Tallin' },
  { from: 58, to: 59, planet: "Tar'Mann" },
];

export type ChartResult = { planet: string } | { pool: true };

/** The chart entry for a d100 result (1..100; two tens-and-units d10 reading "00" is 100). */
export function randomPlanetChart(roll: number): ChartResult {
  if (!Number.isInteger(roll) || roll < 1 || roll > 100) {
    throw new MapError('BAD_ROLL', `a d100 result is 1..100, got ${roll}`);
  }
  const row = RANDOM_PLANET_CHART.find((r) => roll >= r.from && roll <= r.to);
  return row ? { planet: row.planet } : { pool: true };
}

const CHART_TILE_IDS: ReadonlySet<string> = new Set(
  RANDOM_PLANET_CHART.map((r) => planetByName(r.planet)?.tileId).filter(
    (id): id is string => id !== undefined,
  ),
);

const isMoved = (galaxy: Galaxy, hex: Hex): boolean =>
  (galaxy.movedSystems ?? []).some((m) => sameHex(m, hex));

/**
 * Systems a roll may pick: on the board, with a planet, not Mecatol Rex,
 * not a home system of a player or minor race, not already moved to a gap.
 */
export function eligibleMinorSystems(galaxy: Galaxy): Hex[] {
  return boardHexes(galaxy).filter((h) => {
    const tile = tileAt(galaxy, h);
    return tile?.kind === 'system' && tile.planets.length > 0 && !isMoved(galaxy, h);
  });
}

export type MinorRollResolution =
  /** The chart names an eligible system: move it. */
  | { kind: 'system'; hex: Hex; planet: string }
  /** A pool roll: the caller picks one of these uniformly (e.g. by a die). */
  | { kind: 'pool'; candidates: Hex[] }
  /** Nothing to move for this roll: roll again. */
  | { kind: 'reroll'; reason: string };

/** What one d100 roll on the Random Planet Chart means in this galaxy (OR-2.2). */
export function resolveMinorRoll(galaxy: Galaxy, roll: number): MinorRollResolution {
  const result = randomPlanetChart(roll);
  const eligible = eligibleMinorSystems(galaxy);
  if ('planet' in result) {
    const tileId = planetByName(result.planet)?.tileId;
    const hex = eligible.find((h) => placedAt(galaxy, h)?.tileId === tileId);
    return hex
      ? { kind: 'system', hex, planet: result.planet }
      : { kind: 'reroll', reason: `${result.planet} is not an eligible system on this board` };
  }
  const candidates = eligible.filter((h) => {
    const id = placedAt(galaxy, h)?.tileId;
    return id !== undefined && !CHART_TILE_IDS.has(id);
  });
  return candidates.length > 0
    ? { kind: 'pool', candidates }
    : { kind: 'reroll', reason: 'no eligible system is left for a pool roll' };
}

/** Races whose home system is not on the board (candidates for a minor race). */
export function unusedRaces(galaxy: Galaxy): RaceId[] {
  const used = new Set(
    Object.values(galaxy.tiles)
      .map((t) => tileById(t.tileId)?.race)
      .filter((r) => r !== undefined),
  );
  return RACE_IDS.filter((r) => !used.has(r));
}

export type MinorRaceCheck = { ok: true } | { ok: false; code: string; message: string };

export function canPlaceMinorRace(
  galaxy: Galaxy,
  gap: Hex,
  systemHex: Hex,
  race: RaceId,
): MinorRaceCheck {
  if (!isBuilt(galaxy)) {
    return {
      ok: false,
      code: 'NOT_BUILT',
      message: 'minor races come after the whole stock is placed',
    };
  }
  if (!gaps(galaxy).some((g) => sameHex(g, gap))) {
    return { ok: false, code: 'NOT_A_GAP', message: `${hexKey(gap)} is not a gap` };
  }
  if (!eligibleMinorSystems(galaxy).some((h) => sameHex(h, systemHex))) {
    return {
      ok: false,
      code: 'SYSTEM_NOT_ELIGIBLE',
      message: `the system at ${hexKey(systemHex)} may not be moved for a minor race`,
    };
  }
  if (!unusedRaces(galaxy).includes(race)) {
    return {
      ok: false,
      code: 'RACE_IN_USE',
      message: `${race} already has a home system on the board`,
    };
  }
  return { ok: true };
}

/** Pure: the system moves into the gap, the race's home system takes its old hex. */
export function placeMinorRace(galaxy: Galaxy, gap: Hex, systemHex: Hex, race: RaceId): Galaxy {
  const check = canPlaceMinorRace(galaxy, gap, systemHex, race);
  if (!check.ok) throw new MapError(check.code, check.message);
  const moved = placedAt(galaxy, systemHex);
  if (!moved) throw new MapError('SYSTEM_NOT_ELIGIBLE', `no system at ${hexKey(systemHex)}`);
  return {
    ...galaxy,
    tiles: {
      ...galaxy.tiles,
      [hexKey(gap)]: moved,
      [hexKey(systemHex)]: { tileId: homeTileOf(race).id, rotation: 0 },
    },
    // Board order, so that a galaxy and its map-string import are equal.
    minorRaces: inBoardOrder([...galaxy.minorRaces, systemHex]),
    movedSystems: inBoardOrder([...(galaxy.movedSystems ?? []), gap]),
  };
}

/** OR-2.2 starting units of every minor race. */
export const MINOR_RACE_UNITS = {
  groundForcesPerPlanet: 2,
  space: { cruiser: 2, dreadnought: 2, carrier: 1, fighter: 2 },
} as const;

export interface MinorRaceForces {
  readonly hex: Hex;
  readonly race: RaceId;
  readonly planets: readonly { readonly planet: string; readonly groundForces: number }[];
  readonly space: typeof MINOR_RACE_UNITS.space;
}

/** The units to set up on each minor race's home system. */
export function minorRaceForces(galaxy: Galaxy): MinorRaceForces[] {
  return galaxy.minorRaces.flatMap((hex) => {
    const tile = tileAt(galaxy, hex);
    if (tile?.race === undefined) return [];
    return [
      {
        hex,
        race: tile.race,
        planets: tile.planets.map((pl) => ({
          planet: pl.name,
          groundForces: MINOR_RACE_UNITS.groundForcesPerPlanet,
        })),
        space: MINOR_RACE_UNITS.space,
      },
    ];
  });
}
