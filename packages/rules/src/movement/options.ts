import type { HexKey } from '@outer-rim/map';
import type { Seat, Table } from '../state/types.js';
import type { LoadableUnit, MovingShip } from './types.js';

/** Units a Carrier could take aboard at one place: the mover's group in space, or one of its planets. */
export interface LoadSource {
  hex: HexKey;
  /** Absent: from the mover's own group in space (Fighters, or cargo aboard Carriers that stay). */
  planet?: string;
  unit: LoadableUnit;
  count: number;
}

export interface Destination {
  hex: HexKey;
  /** The hexes entered, in order, the last being `hex` (one shortest path). */
  path: HexKey[];
  /** Movement spent on the way (leaving a Gravity Rift is free). */
  steps: number;
  /** What could be loaded in the systems passed on that path (not at the start, not at `hex`). */
  pickups: LoadSource[];
}

/** Where ships of one type in one system can go this turn. */
export interface ShipGroupOptions {
  unit: MovingShip;
  /** How many of them may still move (not yet moved, not waiting in a rift). */
  count: number;
  /** Their move value, technologies included. */
  move: number;
  /** Cargo slots per ship (BG-3: 5 per Carrier, 0 otherwise). */
  capacity: number;
  destinations: Destination[];
}

/** What the mover can do with its ships in one system. */
export interface SystemMoveOptions {
  hex: HexKey;
  /**
   * OR-4.2: the ships here sit in a Gravity Rift and each must roll before it
   * leaves (`rift-roll`); the destinations then assume the roll lets it out
   * through any side.
   */
  rift: boolean;
  /** Carrier room already taken here: cargo in space and Fighters no Spacedock supports. */
  cargoAboard: number;
  /** What may be loaded here at the start. */
  loadable: LoadSource[];
  groups: ShipGroupOptions[];
}

export interface MovementOptions {
  seat: Seat;
  /** False outside the seat's own Movement segment: then `systems` is empty. */
  canMove: boolean;
  systems: SystemMoveOptions[];
}

/**
 * BG-5: per system holding `seat`'s ships that may still move, per ship
 * type, the reachable systems with a path, the Carrier room and what can be
 * picked up on the way. A client builds a fleet move from it (the slowest
 * ship's destinations, loads within the Carriers' room) and `apply`
 * validates the whole move. Reads only public information, so a seat's view
 * gives the same answer as the full state.
 */
export function movementOptions(t: Table, seat: Seat): MovementOptions {
  return { seat, canMove: false, systems: [] };
}
