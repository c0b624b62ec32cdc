export * from './types.js';
export { MapError } from './errors.js';
export {
  CENTER,
  SIDES,
  disc,
  distance,
  hexCorners,
  hexKey,
  hexToPixel,
  neighbourAt,
  neighbours,
  oppositeSide,
  parseHexKey,
  ring,
  sameHex,
  sideBetween,
} from './geometry.js';
export type { Point } from './geometry.js';
export {
  BOARD_RADIUS,
  OUTER_RIM,
  adjacentKeys,
  boardHexes,
  boardIndex,
  boardRing,
  inBoardOrder,
  isOnBoard,
  ringOf,
} from './board.js';
export {
  CATALOGUE_NOTES,
  EMPTY_SYSTEM_IDS,
  MECATOL_REX_ID,
  SYSTEM_TILES,
  TILES,
  homeTileOf,
  planetByName,
  raceName,
  tileByCode,
  tileById,
} from './catalogue.js';
export type { CatalogueNote, PlanetEntry } from './catalogue.js';
export { PROVISIONAL_VALUES } from './provisional.js';
export type { ProvisionalValue } from './provisional.js';
export {
  MAX_PLAYERS,
  MIN_PLAYERS,
  SQUEEZED_CREDITS,
  TIGHT_CREDITS,
  gapCountFor,
  isPlayerCount,
  isVariant,
  layout,
} from './layouts.js';
export type { Layout, SeatName } from './layouts.js';
export {
  buildingStock,
  buildingStockSize,
  gaps,
  initialGalaxy,
  isBuilt,
  isComplete,
  placedAt,
  placedSystemCount,
  tileAt,
} from './galaxy.js';
export { snakeOrder, dealHands } from './snake.js';
export { canPlace, currentRing, legalPlacements, placeTile, playableTiles } from './placement.js';
export type { PlacementCheck, PlacementCode } from './placement.js';
export {
  MINOR_RACE_UNITS,
  RANDOM_PLANET_CHART,
  canPlaceMinorRace,
  eligibleMinorSystems,
  minorRaceForces,
  placeMinorRace,
  randomPlanetChart,
  resolveMinorRoll,
  unusedRaces,
} from './minor-races.js';
export type {
  ChartResult,
  ChartRow,
  MinorRaceCheck,
  MinorRaceForces,
  MinorRollResolution,
} from './minor-races.js';
export { validateGalaxy } from './validate.js';
export type { Problem } from './validate.js';
export { MAP_STRING_VERSION, fromMapString, toMapString } from './map-string.js';
export type { MapStringError, MapStringErrorCode, MapStringResult } from './map-string.js';
export { reachable, reachableKeys, riftExit } from './paths.js';
export type { MovementModel, Reach, ReachKey } from './paths.js';
export { buildGalaxy, buildGalaxyTrace } from './build-galaxy.js';
export type { BuildOptions, BuildTrace, Placement } from './build-galaxy.js';
export { galaxyToSvg } from './svg.js';
