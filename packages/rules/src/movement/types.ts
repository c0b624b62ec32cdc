import type { HexKey, Side } from '@outer-rim/map';
import type { ActionOf } from '../actions/schema.js';
import type { Seat, UnitCounts } from '../state/types.js';

/** Ships that move under their own power (BG-3: Fighters move only aboard Carriers). */
export const MOVING_SHIPS = ['dreadnought', 'carrier', 'cruiser'] as const;
export type MovingShip = (typeof MOVING_SHIPS)[number];

/** What a Carrier may load (BG-3, BG-5). */
export const LOADABLE_UNITS = ['fighter', 'ground-force', 'shock-force', 'pds'] as const;
export type LoadableUnit = (typeof LOADABLE_UNITS)[number];

/**
 * OR-4.2: a ship that has rolled to leave a Gravity Rift and waits for its
 * owner's choice. The id is local to the turn: this ship, not any ship of
 * its type, is the one the choice moves.
 */
export interface RiftPending {
  id: number;
  hex: HexKey;
  unit: MovingShip;
  roll: number;
  /** Board sides (1 = top, clockwise) the ship may leave through after this roll. */
  sides: Side[];
  /** A ship that entered the rift in this move: the movement it has left (absent: its whole move value). */
  left?: number;
}

/**
 * OR-4.2 (clarified): the ships that entered a Gravity Rift in the last move
 * and have not yet rolled to leave it. Their move is not over: each may roll
 * and, once out, go on with the movement it has left; those that stay end
 * their move there.
 */
export interface RiftEntry {
  hex: HexKey;
  /** Ships still in the rift that may roll, by type. */
  ships: Partial<Record<MovingShip, number>>;
  /** Movement each type has left (leaving the rift is free). */
  left: Partial<Record<MovingShip, number>>;
  /** Fighters and cargo that came in with them, still in the rift: they may leave aboard an entered Carrier. */
  cargo: UnitCounts;
}

/**
 * The Movement segment in progress (BG-5, OR-4.1, OR-4.2). Absent on the
 * phase until the first move of the turn; an absent state means nothing has
 * moved yet.
 */
export interface MovementState {
  /** Units that have moved this turn, by the hex where they stand now: they may not move again. */
  moved: Record<HexKey, UnitCounts>;
  /** Ships that rolled to leave a Gravity Rift this turn and stayed (one attempt per ship per turn). */
  riftTried: Record<HexKey, UnitCounts>;
  /** A rift roll waiting for its owner's choice: leave through an allowed side, or stay. */
  rift?: RiftPending;
  /** Ships that entered a rift in the last move and may still roll to leave it (OR-4.2). */
  riftEntered?: RiftEntry;
  /** Hexes where the active player's ships ended a move this turn, first arrival first, no repeats. */
  arrived: HexKey[];
  /**
   * For each hex in `arrived`, the systems its fleets entered it from (the
   * last hex before it on each path): where a BG-6 retreat may go.
   */
  cameFrom: Record<HexKey, HexKey[]>;
  /** Source of turn-local ids. */
  nextId: number;
  /** OR-6.2 Diplomat: a move through other players' ships waiting for their leave (movement/passage.ts). */
  passage?: PassageRequest;
  /** OR-6.2: players who refused passage this turn; they are not asked again. */
  refused?: Seat[];
  /** A ship has moved or rolled this segment: "before your Movement segment" choices are over (BG-9). */
  begun?: true;
  /** BG-9 Spatial Jump (technology) has been used this turn. */
  jumped?: true;
  /** BG-9 Transit Diodes (technology): Ground Forces shifted so far this turn (at most 3). */
  diodes?: number;
  /** BG-9 Shuttle Logistics: Ground Forces per planet that arrived by shuttle this turn (they stay). */
  shuttled?: Record<string, number>;
}

/** A fleet carrying a Diplomat asks the owners of the ships it would pass. */
export interface PassageRequest {
  move: ActionOf<'move'>;
  asked: Seat[];
  agreed: Seat[];
}

export const EMPTY_MOVEMENT: MovementState = {
  moved: {},
  riftTried: {},
  arrived: [],
  cameFrom: {},
  nextId: 1,
};
