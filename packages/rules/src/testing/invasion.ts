import { hexKey, type HexKey } from '@outer-rim/map';
import { apply } from '../apply.js';
import type { GameEvent } from '../events.js';
import type { GameOptionsInput } from '../options.js';
import type { GameState, UnitCounts } from '../state/types.js';
import { applied, type Readable } from './apply.js';
import { cleared, ofType, turnOf, withUnits } from './battle.js';
import { deepFreeze } from './fixtures.js';

/** The Letnev home planet the landing and invasion tests are fought over. */
export const ARC = 'Arc Prime';

/** Sol at seat 0, the Letnev at seat 1. */
export const INVASION_RACES = { players: [{ race: 'sol' as const }, { race: 'letnev' as const }] };

/**
 * Sol (seat 0) in its Invasion Combat segment, over the Letnev home system (Arc Prime, Wren
 * Terra) emptied of everything but `mine` in space and `theirs` on Arc Prime.
 */
export function invasionOver(
  mine: UnitCounts,
  theirs: UnitCounts,
  extra: Partial<GameOptionsInput> = {},
): { s: GameState; h: HexKey } {
  const s0 = turnOf(0, 'invasion-combat', { ...INVASION_RACES, ...extra });
  const h = hexKey(s0.galaxy.homes[1] ?? { q: 0, r: 0 });
  let s = cleared(s0, h);
  s = withUnits(s, h, 0, mine);
  s = withUnits(s, h, 1, theirs, ARC);
  return { s: deepFreeze(s), h };
}

const READABLE: Readable = { names: [], unreadable: /undefined|NaN/ };

/** One accepted step, its events read as a player would (no "undefined", no "NaN"). */
export function invasionStep(s: GameState, seat: number, action: unknown, rolls: number[] = []) {
  return applied(s, seat, action, rolls, READABLE);
}

/** 'accepted', or the code the action is refused with. */
export function refusedWith(s: GameState, seat: number, action: unknown): string {
  const r = apply(s, seat, action);
  return r.ok ? 'accepted' : r.error.code;
}

/** Each planet taken in `events`: [planet, from, to]. */
export function captured(events: readonly GameEvent[]) {
  return ofType(events, 'planet-captured').map((e) => [e.planet, e.from, e.to]);
}
