import type { HexKey } from '@outer-rim/map';
import { hexKey, neighbours, parseHexKey } from '@outer-rim/map';
import { ownerLabel } from '../combat/forces.js';
import type { Owner, Table } from '../state/types.js';

/** A player (or minor race) by name, never by seat number. */
export function ownerName(t: Table, owner: Owner): string {
  return ownerLabel(t, owner);
}

/** Systems on the board next to `hex`. */
export function adjacentSystems(t: Table, hex: HexKey): HexKey[] {
  return neighbours(parseHexKey(hex))
    .map(hexKey)
    .filter((k) => t.galaxy.tiles[k] !== undefined);
}
