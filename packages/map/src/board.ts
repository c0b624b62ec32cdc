/**
 * The board every galaxy is built on: Mecatol Rex and four rings around it
 * (the fourth is the Outer Rim, OR-2.0). Every player count and variant
 * uses the same 61 hexes; they differ only in where the homes sit.
 *
 * The tables below are computed once with honeycomb-grid and reused, so the
 * building loop does no coordinate maths of its own.
 */
import { disc, distance, hexKey, neighbours, ring } from './geometry.js';
import type { Hex, HexKey, Variant } from './types.js';

/** Ring of the Outer Rim. */
export const OUTER_RIM = 4;
export const BOARD_RADIUS = OUTER_RIM;

const BOARD: readonly Hex[] = disc(BOARD_RADIUS);
const BOARD_KEYS: ReadonlySet<HexKey> = new Set(BOARD.map(hexKey));
const BOARD_INDEX: ReadonlyMap<HexKey, number> = new Map(BOARD.map((h, i) => [hexKey(h), i]));
const RING_OF: ReadonlyMap<HexKey, number> = new Map(
  BOARD.map((h) => [hexKey(h), distance(h, { q: 0, r: 0 })]),
);
const RINGS: readonly (readonly Hex[])[] = Array.from({ length: BOARD_RADIUS + 1 }, (_, k) =>
  ring(k),
);
const RING_KEYS: readonly (readonly HexKey[])[] = RINGS.map((r) => r.map(hexKey));
const ADJACENT: ReadonlyMap<HexKey, readonly HexKey[]> = new Map(
  BOARD.map((h) => [
    hexKey(h),
    neighbours(h)
      .map(hexKey)
      .filter((k) => BOARD_KEYS.has(k)),
  ]),
);

/** All board hexes: ring 0, then ring 1, ..., each ring clockwise from the top. */
export function boardHexes(_of?: { readonly players: number; readonly variant: Variant }): Hex[] {
  return [...BOARD];
}

export function isOnBoard(_galaxy: unknown, hex: Hex): boolean {
  return BOARD_KEYS.has(hexKey(hex));
}

export function isBoardKey(key: string): boolean {
  return BOARD_KEYS.has(key as HexKey);
}

/** Ring of a board hex (0 = Mecatol Rex), undefined off the board. */
export function ringOf(key: HexKey): number | undefined {
  return RING_OF.get(key);
}

/** Board ring k, clockwise from the top. */
export function boardRing(k: number): readonly Hex[] {
  return RINGS[k] ?? [];
}

/** Keys of board ring k, in the order of `boardRing`. */
export function boardRingKeys(k: number): readonly HexKey[] {
  return RING_KEYS[k] ?? [];
}

/** Keys of the on-board neighbours of a board hex. */
export function adjacentKeys(key: HexKey): readonly HexKey[] {
  return ADJACENT.get(key) ?? [];
}

/** Position of a hex in board order (ring by ring, clockwise from the top); -1 off the board. */
export function boardIndex(hex: Hex): number {
  return BOARD_INDEX.get(hexKey(hex)) ?? -1;
}

/** Hexes sorted into board order. */
export function inBoardOrder(hexes: readonly Hex[]): Hex[] {
  return [...hexes].sort((a, b) => boardIndex(a) - boardIndex(b));
}
