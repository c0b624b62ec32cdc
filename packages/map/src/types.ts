/**
 * The shapes every other package relies on. Everything here is plain JSON
 * (no classes, no Maps) so a galaxy can sit inside the rules' GameState,
 * be stored as JSONB, hashed and sent over the wire unchanged.
 */

/** Axial hex coordinates; Mecatol Rex is { q: 0, r: 0 }. */
export interface Hex {
  readonly q: number;
  readonly r: number;
}

/** `"q,r"`: the key of a hex in records. */
export type HexKey = `${number},${number}`;

/**
 * Hex sides 1..6, clockwise, side 1 facing the top of the board. The Gravity
 * Rift die (OR-4.2) names an exit side, so this numbering is a rule.
 */
export type Side = 1 | 2 | 3 | 4 | 5 | 6;

/** BG-1: the ten races of the base game plus The Outer Rim. */
export const RACE_IDS = [
  'sardakk-norr',
  'letnev',
  'hacan',
  'sol',
  'xxcha',
  'jol-nar',
  'mentak',
  'yssaril',
  'l1z1x',
  'naalu',
] as const;
export type RaceId = (typeof RACE_IDS)[number];

export type Variant = 'standard' | 'long-parsecs';

export type Anomaly = 'nebula' | 'gravity-rift' | 'supernova' | 'asteroid-field';
export type Wormhole = 'alpha' | 'beta';

export interface PlanetDef {
  readonly name: string;
  readonly resources: number;
  readonly influence: number;
  /** true where the value is our reconstruction, not the printed one. */
  readonly provisional: boolean;
}

export type TileKind = 'mecatol' | 'home' | 'system';

export interface TileDef {
  readonly id: string;
  /** Short stable number used by the map string (see map-string.ts). */
  readonly code: number;
  /** What a player reads on the tile: its planets, or its kind. */
  readonly name: string;
  readonly kind: TileKind;
  readonly set: 'base' | 'outer-rim';
  readonly planets: readonly PlanetDef[];
  readonly anomaly?: Anomaly;
  readonly wormhole?: Wormhole;
  /** Only on home systems. */
  readonly race?: RaceId;
  /** true where the tile's composition is our reconstruction. */
  readonly provisional: boolean;
}

export interface PlacedTile {
  readonly tileId: string;
  /** Clockwise sixth-turns, 0..5; a placed tile's sides turn with it. */
  readonly rotation: number;
}

/**
 * A galaxy in any state of construction: `tiles` holds what is placed,
 * hexes of the board that are absent are still empty (or gaps, once
 * building is over).
 */
export interface Galaxy {
  readonly players: number;
  readonly variant: Variant;
  readonly tiles: Readonly<Record<HexKey, PlacedTile>>;
  /** Home hex of each seat, by seat index (0-based). */
  readonly homes: readonly Hex[];
  /** Hexes holding a minor race's home system (OR-2.2). */
  readonly minorRaces: readonly Hex[];
  /**
   * Gaps filled by a system moved there for a minor race (OR-2.2); such a
   * system may not be rolled again. Absent means none.
   */
  readonly movedSystems?: readonly Hex[];
}
