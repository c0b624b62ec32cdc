import {
  distance,
  hexKey,
  neighbours,
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

/**
 * A system in plain words, the one name a player reads for it everywhere (log, refusals, panels,
 * the board's "why not"): its planets (the tile's name, "Abyz / Fria"), or its kind and the
 * planets beside it ("the Nebula next to Abyz / Fria"); without a galaxy, where it lies.
 */
export function systemName(hex: Hex | HexKey, galaxy?: Pick<Galaxy, 'tiles'>): string {
  const key = typeof hex === 'string' ? hex : hexKey(hex);
  const placed = galaxy?.tiles[key];
  const tile = placed === undefined ? undefined : tileById(placed.tileId);
  if (galaxy !== undefined && tile !== undefined) {
    if (tile.planets.length > 0) return tile.name;
    // A system without planets is found by the planets beside it, as a player reads the board;
    // Mecatol Rex last, since it stands beside every system of the first ring.
    const centre = hexKey(CENTER);
    const beside = neighbours(parseHexKey(key))
      .map(hexKey)
      .sort((x, y) => Number(x === centre) - Number(y === centre) || x.localeCompare(y))
      .map((k) => galaxy.tiles[k])
      .map((p) => (p === undefined ? undefined : tileById(p.tileId)))
      .find((t) => t !== undefined && t.planets.length > 0);
    if (beside !== undefined) return `the ${tile.name} next to ${beside.name}`;
  }
  let ring: number;
  try {
    ring = distance(CENTER, parseHexKey(key));
  } catch {
    return 'a system';
  }
  const kind = tile === undefined ? 'a system' : `the ${tile.name}`;
  return ring === 0 ? kind : `${kind} in ring ${ring}`;
}

const PHASE_NAMES: Readonly<Record<string, string>> = {
  progression: 'Progression',
  market: 'Market',
  assassin: 'Assassin',
  political: 'Political',
  'draw-action-cards': 'Draw Action Cards',
  'receive-credits': 'Receive Credits',
  'purchase-units': 'Purchase Units',
  'individual-turns': 'Individual Turns',
  'receive-trade-income': 'Receive Trade Income',
  technology: 'Technology',
  'place-new-units': 'Place New Units',
};

/** A round phase by its printed name (BG-2). */
export function phaseName(phase: string): string {
  return PHASE_NAMES[phase] ?? words(phase);
}

/** Last resort for an id the content does not know: "hylar-v" → "Hylar V". */
export function words(id: string): string {
  return id
    .split(/[-_]/)
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}
