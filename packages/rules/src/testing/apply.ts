import { expect } from 'vitest';
import { apply } from '../apply.js';
import type { GameEvent } from '../events.js';
import type { GameState } from '../state/types.js';
import { describeEvent } from '../views/describe.js';
import { withDice } from './dice.js';

/**
 * Applying actions in tests: with the next dice fixed, a refusal thrown so
 * a scenario stops where it went wrong.
 */

/** Applies `action` with the next dice fixed to `rolls`; throws on a refusal; events go to `log`. */
export function step(
  s: GameState,
  seat: number,
  action: unknown,
  rolls: number[] = [],
  log: GameEvent[] = [],
): GameState {
  const r = withDice(rolls, () => apply(s, seat, action));
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  log.push(...r.events);
  return r.state;
}

/** What the player reads of each event must not match `unreadable` (ids, holes in the text). */
export interface Readable {
  names: string[];
  unreadable: RegExp;
}

/**
 * Applies `action` with the next dice fixed to `rolls` and returns the whole
 * result; throws on a refusal. With `readable`, every event's description is
 * checked against it.
 */
export function applied(
  s: GameState,
  seat: number,
  action: unknown,
  rolls: number[] = [],
  readable?: Readable,
) {
  const r = withDice(rolls, () => apply(s, seat, action));
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  if (readable !== undefined)
    for (const e of r.events)
      expect(describeEvent(e, readable.names, s.galaxy)).not.toMatch(readable.unreadable);
  return r;
}
