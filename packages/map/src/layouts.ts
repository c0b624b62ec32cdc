/**
 * Home-system positions (BG-4, OR-2.3, OR-3). The printed diagrams are lost
 * (outer-rim-facts §2.5), so these are the reconstructed layouts of that
 * sheet, all provisional. Seats are listed clockwise starting from the top
 * of the board; seat i of a game sits at `homes[i]`.
 */
import { MapError } from './errors.js';
import type { Hex, Variant } from './types.js';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 8;

export type SeatName = 'Tight' | 'Squeezed';

export interface Layout {
  readonly players: number;
  readonly variant: Variant;
  /** Home hex of each seat, clockwise from the top. */
  readonly homes: readonly Hex[];
  /** Extra starting credits per seat (OR-3). */
  readonly compensation: readonly number[];
  /** OR-3 name of each seat that has one ('Tight', 'Squeezed'), else undefined. */
  readonly seatNames: readonly (SeatName | undefined)[];
  /** Outer Rim gaps left once the whole stock is placed (OR-2.1). */
  readonly gapCount: number;
}

/** The six corners of ring `k`, clockwise from the top. */
const corners = (k: number): Hex[] => [
  { q: 0, r: -k },
  { q: k, r: -k },
  { q: k, r: 0 },
  { q: 0, r: k },
  { q: -k, r: k },
  { q: -k, r: 0 },
];

/** Which corners (indices into `corners`) each smaller player count uses. */
const CORNER_SEATS: Readonly<Record<number, readonly number[]>> = {
  2: [0, 3],
  3: [0, 2, 4],
  4: [0, 1, 3, 4],
  5: [0, 1, 2, 3, 4],
  6: [0, 1, 2, 3, 4, 5],
};

/** OR-3: the seat behind the middle of the side between the bottom and bottom-left corners. */
const TIGHT_SEAT: Hex = { q: -2, r: 4 };

/** 8 players: every third Outer Rim hex, clockwise from the top. */
const EIGHT_SEATS: readonly Hex[] = [
  { q: 1, r: -4 },
  { q: 4, r: -4 },
  { q: 4, r: -1 },
  { q: 2, r: 2 },
  { q: -1, r: 4 },
  { q: -4, r: 4 },
  { q: -4, r: 1 },
  { q: -2, r: -2 },
];

export const TIGHT_CREDITS = 35;
export const SQUEEZED_CREDITS = 25;

function homesFor(players: number, variant: Variant): Hex[] {
  const k = variant === 'long-parsecs' ? 4 : 3;
  if (players === 8) return [...EIGHT_SEATS];
  const c = corners(k);
  if (players === 7) {
    // Tight sits between the bottom corner (seat 3) and the bottom-left one.
    return [c[0], c[1], c[2], c[3], TIGHT_SEAT, c[4], c[5]].filter((h) => h !== undefined);
  }
  const seats = CORNER_SEATS[players] ?? [];
  return seats.map((i) => c[i]).filter((h) => h !== undefined);
}

export function isPlayerCount(players: unknown): players is number {
  return (
    typeof players === 'number' &&
    Number.isInteger(players) &&
    players >= MIN_PLAYERS &&
    players <= MAX_PLAYERS
  );
}

export function isVariant(v: unknown): v is Variant {
  return v === 'standard' || v === 'long-parsecs';
}

/** OR-2.1: gaps = 7 - players for 2..6, none for 7, none for 8 (one empty set aside). */
export function gapCountFor(players: number): number {
  return Math.max(0, 7 - players);
}

export function layout(players: number, variant: Variant): Layout {
  if (!isPlayerCount(players)) {
    throw new MapError('BAD_PLAYER_COUNT', `players must be 2..8, got ${String(players)}`);
  }
  if (!isVariant(variant)) {
    throw new MapError('BAD_VARIANT', `variant must be standard or long-parsecs`);
  }
  const homes = homesFor(players, variant);
  const seatNames: (SeatName | undefined)[] = homes.map(() => undefined);
  const compensation = homes.map(() => 0);
  if (players === 7) {
    seatNames[3] = 'Squeezed';
    seatNames[4] = 'Tight';
    seatNames[5] = 'Squeezed';
    compensation[3] = SQUEEZED_CREDITS;
    compensation[4] = TIGHT_CREDITS;
    compensation[5] = SQUEEZED_CREDITS;
  }
  return { players, variant, homes, compensation, seatNames, gapCount: gapCountFor(players) };
}
