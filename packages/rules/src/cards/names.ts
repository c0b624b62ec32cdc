import type { HexKey } from '@outer-rim/map';
import { hexKey, neighbours, parseHexKey } from '@outer-rim/map';
import { ownerLabel } from '../combat/forces.js';
import type { Owner, Table } from '../state/types.js';
import { placeName } from '../views/describe.js';

/** A player (or minor race) by name, never by seat number. */
export function ownerName(t: Table, owner: Owner): string {
  return ownerLabel(t, owner);
}

/** A system by its planets or kind, never by key alone. */
export function placeLabel(t: Table, hex: HexKey): string {
  return placeName(hex, t.galaxy);
}

/** Systems on the board next to `hex`. */
export function adjacentSystems(t: Table, hex: HexKey): HexKey[] {
  return neighbours(parseHexKey(hex))
    .map(hexKey)
    .filter((k) => t.galaxy.tiles[k] !== undefined);
}
