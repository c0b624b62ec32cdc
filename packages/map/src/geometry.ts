/**
 * Hex geometry on top of honeycomb-grid.
 *
 * Orientation: FLAT-topped hexes. A flat-top hex has a whole side facing the
 * top of the board, which is what the Gravity Rift numbering (OR-4.2) needs:
 *
 *              side 1 (top)
 *             ___________
 *   side 6   /           \   side 2
 *           /             \
 *           \             /
 *   side 5   \___________/   side 3
 *              side 4
 *
 * Sides are numbered 1..6 clockwise starting from the top; side n of a hex
 * faces side n+3 (mod 6) of its neighbour. Screen coordinates follow SVG:
 * x grows to the right, y grows downwards, so "top" is negative y.
 *
 * Axial coordinates { q, r } with Mecatol Rex at { q: 0, r: 0 }; the top
 * neighbour of a hex is { q, r - 1 }.
 */
import {
  defineHex,
  Direction,
  distance as hexDistance,
  Grid,
  neighborOf,
  Orientation,
  ring as ringTraverser,
  Rotation,
  spiral,
} from 'honeycomb-grid';
import { MapError } from './errors.js';
import type { Hex, HexKey, Side } from './types.js';

const GridHex = defineHex({ orientation: Orientation.FLAT, dimensions: 1 });
const hexSettings = GridHex.settings;

/** Honeycomb directions for sides 1..6 (flat hexes have no E/W neighbour). */
const SIDE_DIRECTIONS: Readonly<Record<Side, Direction>> = {
  1: Direction.N,
  2: Direction.NE,
  3: Direction.SE,
  4: Direction.S,
  5: Direction.SW,
  6: Direction.NW,
};

export const SIDES: readonly Side[] = [1, 2, 3, 4, 5, 6];

export const CENTER: Hex = { q: 0, r: 0 };

/** honeycomb can hand back -0; keys and deep equality must not see it. */
const plain = (h: { q: number; r: number }): Hex => ({ q: h.q + 0, r: h.r + 0 });

export function hexKey(h: Hex): HexKey {
  return `${h.q + 0},${h.r + 0}`;
}

const KEY_PATTERN = /^(-?\d+),(-?\d+)$/;

/**
 * Parsed keys, frozen and shared: the engine parses the same few hundred keys
 * of a board at every step. Bounded, so keys from untrusted input cannot grow it.
 */
const PARSED = new Map<string, Hex>();
const PARSED_MAX = 8192;

export function parseHexKey(k: string): Hex {
  const known = PARSED.get(k);
  if (known !== undefined) return known;
  const m = KEY_PATTERN.exec(k);
  if (!m?.[1] || !m[2]) {
    throw new MapError('BAD_HEX_KEY', `"${k}" is not a hex key of the form "q,r"`);
  }
  const hex = Object.freeze(plain({ q: Number(m[1]), r: Number(m[2]) }));
  if (PARSED.size < PARSED_MAX) PARSED.set(k, hex);
  return hex;
}

export function sameHex(a: Hex, b: Hex): boolean {
  return a.q === b.q && a.r === b.r;
}

export function distance(a: Hex, b: Hex): number {
  return hexDistance(hexSettings, a, b);
}

/** Ring k around Mecatol Rex, clockwise, starting with the hex straight above it. */
export function ring(k: number, center: Hex = CENTER): Hex[] {
  if (!Number.isInteger(k) || k < 0) {
    throw new MapError('BAD_RING', `ring radius must be a whole number >= 0, got ${k}`);
  }
  if (k === 0) return [plain(center)];
  const start = { q: center.q, r: center.r - k };
  const grid = new Grid(GridHex, ringTraverser({ center, start, rotation: Rotation.CLOCKWISE }));
  return grid.toArray().map(plain);
}

/** Every hex within `radius` of the centre: ring 0, then ring 1, ... (each clockwise from the top). */
export function disc(radius: number): Hex[] {
  const out: Hex[] = [];
  for (let k = 0; k <= radius; k++) out.push(...ring(k));
  return out;
}

/** Same set as `disc`, straight from honeycomb's spiral traverser (used to cross-check). */
export function spiralHexes(radius: number): Hex[] {
  return new Grid(GridHex, spiral({ radius })).toArray().map(plain);
}

export function neighbourAt(h: Hex, side: Side): Hex {
  return plain(neighborOf(new GridHex(h), SIDE_DIRECTIONS[side]));
}

/** The six neighbours in side order 1..6. */
export function neighbours(h: Hex): Hex[] {
  return SIDES.map((side) => neighbourAt(h, side));
}

/** The side of `a` that touches `b`, or undefined when they are not adjacent. */
export function sideBetween(a: Hex, b: Hex): Side | undefined {
  return SIDES.find((side) => sameHex(neighbourAt(a, side), b));
}

export function oppositeSide(side: Side): Side {
  return (((side + 2) % 6) + 1) as Side;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Centre of a hex in screen units (SVG: y down) for hexes of circumradius `size`. */
export function hexToPixel(hex: Hex, size: number): Point {
  const h = new GridHex(hex);
  return { x: h.x * size, y: h.y * size };
}

/** The six corners of a hex, clockwise from the top-right corner of side 1. */
export function hexCorners(hex: Hex, size: number): Point[] {
  return new GridHex(hex).corners.map((c) => ({ x: c.x * size, y: c.y * size }));
}
