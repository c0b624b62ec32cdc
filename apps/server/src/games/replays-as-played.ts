import { isDeepStrictEqual } from 'node:util';
import { apply } from '@outer-rim/rules';
import type { GameState } from '@outer-rim/rules';
import type { StoredAction } from './game-store.js';

/**
 * Whether actions stored under other rules give, replayed under this server's rules from `state`,
 * step by step the very events stored when they were played: the record of what happened then.
 * Only then may a game whose last moves came after its newest snapshot continue under new rules
 * (docs/upgrades.md); any other outcome would change a game in progress.
 */
export function replaysAsPlayed(state: GameState, stored: readonly StoredAction[]): boolean {
  let at = state;
  for (const step of stored) {
    const result = apply(at, step.seat, step.action);
    if (!result.ok) return false;
    // As stored: through JSON, whose objects PostgreSQL keeps in an order of its own.
    const events: unknown = JSON.parse(JSON.stringify(result.events));
    if (!isDeepStrictEqual(events, step.events)) return false;
    at = result.state;
  }
  return true;
}
