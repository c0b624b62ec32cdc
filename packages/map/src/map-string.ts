/**
 * The map string: one line of text that exports and imports any galaxy.
 *
 *   OR1 <players><variant> <tile> <tile> ... (61 tiles)
 *
 * - `OR1` names the format (version 1).
 * - `<players>` is 2..8; `<variant>` is `s` (standard) or `l` (Long Parsecs).
 *   Example header: `OR1 6s`.
 * - Then exactly one token per board hex, in board order: Mecatol Rex, then
 *   ring 1, ring 2, ring 3 and the Outer Rim, each ring clockwise starting
 *   from the hex straight above Mecatol Rex.
 * - A token is `.` for an empty hex (a gap), or the tile's catalogue `code`
 *   (a number, see catalogue.ts), optionally followed by `r<1..5>` for a
 *   tile turned that many sixth-turns clockwise, and by `m` when the system
 *   was moved into a gap for a minor race (OR-2.2). Example: `61r2`, `54m`.
 *
 * Everything else follows from the layout: the seats' home hexes come from
 * `layout(players, variant)`, the seat races from the home tiles there, and
 * any other home system on the board is a minor race.
 */
import { boardHexes } from './board.js';
import { tileByCode, tileById } from './catalogue.js';
import { hexKey, sameHex } from './geometry.js';
import { isPlayerCount, layout } from './layouts.js';
import type { Galaxy, Hex, HexKey, PlacedTile, Variant } from './types.js';
import { validateGalaxy } from './validate.js';
import type { Problem } from './validate.js';

export const MAP_STRING_VERSION = 'OR1';

export type MapStringErrorCode =
  | 'MAP_STRING_NOT_TEXT'
  | 'MAP_STRING_VERSION'
  | 'MAP_STRING_HEADER'
  | 'MAP_STRING_LENGTH'
  | 'MAP_STRING_TOKEN'
  | 'MAP_STRING_UNKNOWN_TILE'
  | 'MAP_STRING_INVALID_GALAXY';

export interface MapStringError {
  readonly code: MapStringErrorCode;
  readonly message: string;
  /** 0-based index of the offending tile token, when one is to blame. */
  readonly token?: number;
  /** What `validateGalaxy` found, for MAP_STRING_INVALID_GALAXY. */
  readonly problems?: readonly Problem[];
}

export type MapStringResult = { ok: true; galaxy: Galaxy } | { ok: false; error: MapStringError };

const VARIANT_LETTER: Readonly<Record<Variant, string>> = { standard: 's', 'long-parsecs': 'l' };

export function toMapString(galaxy: Galaxy): string {
  const moved = galaxy.movedSystems ?? [];
  const tokens = boardHexes(galaxy).map((h) => {
    const placed = galaxy.tiles[hexKey(h)];
    if (!placed) return '.';
    const code = tileById(placed.tileId)?.code ?? -1;
    const rot = placed.rotation === 0 ? '' : `r${placed.rotation}`;
    const m = moved.some((x) => sameHex(x, h)) ? 'm' : '';
    return `${code}${rot}${m}`;
  });
  return [MAP_STRING_VERSION, `${galaxy.players}${VARIANT_LETTER[galaxy.variant]}`, ...tokens].join(
    ' ',
  );
}

const HEADER = /^([2-8])([sl])$/;
const TOKEN = /^(\d+)(?:r([1-5]))?(m?)$/;

const failure = (
  code: MapStringErrorCode,
  message: string,
  extra: { token?: number; problems?: readonly Problem[] } = {},
): MapStringResult => ({ ok: false, error: { code, message, ...extra } });

export function fromMapString(s: unknown): MapStringResult {
  if (typeof s !== 'string') return failure('MAP_STRING_NOT_TEXT', 'a map string must be text');
  const parts = s.trim().split(/\s+/);
  if (parts[0] !== MAP_STRING_VERSION) {
    return failure('MAP_STRING_VERSION', `a map string starts with "${MAP_STRING_VERSION}"`);
  }
  const header = HEADER.exec(parts[1] ?? '');
  const players = Number(header?.[1]);
  if (!header || !isPlayerCount(players)) {
    return failure(
      'MAP_STRING_HEADER',
      `after "${MAP_STRING_VERSION}" comes players 2..8 and s or l, like "6s"; got "${parts[1] ?? ''}"`,
    );
  }
  const variant: Variant = header[2] === 'l' ? 'long-parsecs' : 'standard';
  const board = boardHexes();
  const tokens = parts.slice(2);
  if (tokens.length !== board.length) {
    return failure(
      'MAP_STRING_LENGTH',
      `expected ${board.length} tile tokens (one per board hex), got ${tokens.length}`,
    );
  }
  const tiles: Record<HexKey, PlacedTile> = {};
  const movedSystems: Hex[] = [];
  for (const [i, token] of tokens.entries()) {
    const hex = board[i];
    if (hex === undefined || token === '.') continue;
    const m = TOKEN.exec(token);
    if (!m) {
      return failure(
        'MAP_STRING_TOKEN',
        `tile token ${i} ("${token}", hex ${hexKey(hex)}) is not "." or code[r1-5][m]`,
        { token: i },
      );
    }
    const tile = tileByCode(Number(m[1]));
    if (!tile) {
      return failure(
        'MAP_STRING_UNKNOWN_TILE',
        `tile token ${i} names unknown tile code ${m[1] ?? ''}`,
        {
          token: i,
        },
      );
    }
    tiles[hexKey(hex)] = { tileId: tile.id, rotation: m[2] ? Number(m[2]) : 0 };
    if (m[3] === 'm') movedSystems.push(hex);
  }
  const { homes } = layout(players, variant);
  const minorRaces = board.filter(
    (h) =>
      tileById(tiles[hexKey(h)]?.tileId ?? '')?.kind === 'home' &&
      !homes.some((home) => sameHex(home, h)),
  );
  const galaxy: Galaxy = {
    players,
    variant,
    tiles,
    homes,
    minorRaces,
    ...(movedSystems.length > 0 ? { movedSystems } : {}),
  };
  const problems = validateGalaxy(galaxy);
  const first = problems[0];
  if (first) {
    return failure('MAP_STRING_INVALID_GALAXY', `${first.code}: ${first.message}`, { problems });
  }
  return { ok: true, galaxy };
}
