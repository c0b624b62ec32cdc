import {
  distance,
  hexKey,
  parseHexKey,
  tileById,
  CENTER,
  type Galaxy,
  type Hex,
  type HexKey,
} from '@outer-rim/map';
import { actionCardById } from '../content/action-cards.js';
import { cardIdOf } from '../content/deck.js';
import { techById } from '../content/technologies.js';

/**
 * The names a player reads for the things the engine keeps by id: a system by
 * its planets (or its kind), a card or a technology by its printed name. Ids
 * are for the engine; nothing here ever returns one unless the id is unknown.
 */

/** "Abyz / Fria", "Nebula", "Empty Space": what is printed on the tile. */
export function tileName(tileId: string): string {
  return tileById(tileId)?.name ?? words(tileId);
}

/** `sabotage#2` → "Sabotage". */
export function cardName(instanceId: string): string {
  // A leader's Agent stands in for a Sabotage card (OR-6.2); it has no card id.
  if (instanceId.startsWith('agent:')) return 'an Agent sacrificed as a Sabotage';
  const id = cardIdOf(instanceId);
  return actionCardById(id)?.name ?? words(id);
}

export function techName(id: string): string {
  return techById(id)?.name ?? words(id);
}

/** Where a hex is, for a reader: the system on it when the galaxy is known, else its ring. */
export function systemName(hex: Hex | HexKey, galaxy?: Pick<Galaxy, 'tiles'>): string {
  const key = typeof hex === 'string' ? hex : hexKey(hex);
  const placed = galaxy?.tiles[key];
  if (placed !== undefined) {
    const tile = tileById(placed.tileId);
    // A home tile is named "… home system" already: never "home system system".
    if (tile !== undefined && tile.planets.length > 0) {
      return tile.name.endsWith(' system') ? `the ${tile.name}` : `the ${tile.name} system`;
    }
  }
  let ring: number;
  try {
    ring = distance(CENTER, typeof hex === 'string' ? parseHexKey(hex) : hex);
  } catch {
    return 'a system';
  }
  const kind = placed === undefined ? 'a system' : `the ${tileName(placed.tileId)}`;
  return ring === 0 ? kind : `${kind} in ring ${ring}`;
}

/** Last resort for an id the content does not know: "hylar-v" → "Hylar V". */
export function words(id: string): string {
  return id
    .split(/[-_]/)
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}
