import {
  buildGalaxy,
  fromMapString,
  MAP_STRING_VERSION,
  toMapString,
  type Variant,
} from '@outer-rim/map';

/** A real map string for this table, made by the map package itself, to show the format. */
export function exampleMapString(players: number, variant: Variant): string {
  return toMapString(buildGalaxy({ players, variant, seed: 1 }));
}

export const MAP_STRING_FORMAT = `${MAP_STRING_VERSION}, then the players and s (standard) or l (Long Parsecs), like "4s", then one token per board hex from Mecatol Rex outwards, ring by ring, clockwise from the top: a tile number, "." for a gap, "r1".."r5" after a number to turn the tile.`;

export type MapStringCheck =
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly message: string };

/**
 * The map package's own parser on what is typed so far, and whether it fits
 * the table being created (the same check the server makes on create).
 */
export function checkMapString(text: string, players: number, variant: Variant): MapStringCheck {
  if (text.trim() === '') return { ok: false, message: 'Paste or type a map string.' };
  const parsed = fromMapString(text);
  if (!parsed.ok) {
    const at = parsed.error.token === undefined ? '' : ` (token ${parsed.error.token + 1})`;
    return { ok: false, message: `Not a valid map string${at}: ${parsed.error.message}.` };
  }
  const { galaxy } = parsed;
  if (galaxy.players !== players) {
    return {
      ok: false,
      message: `This map is for ${galaxy.players} players; the game is set for ${players}.`,
    };
  }
  if (galaxy.variant !== variant) {
    return {
      ok: false,
      message: `This map is for the ${galaxy.variant === 'long-parsecs' ? 'Long Parsecs' : 'standard'} map; the game is set for the other.`,
    };
  }
  return { ok: true, message: `A valid galaxy for ${players} players.` };
}
