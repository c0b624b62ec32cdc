import type { Decision } from './decision.js';
import { frameRules } from './frames.js';
import { topFrame } from './pending.js';
import { rememberSettled, settledOf } from './state/settled.js';
import type { GameState, Table } from './state/types.js';

/**
 * Which seats owe which decision now: those of the frame owed first (pending.ts). Computed from
 * public information only, so a view gives the same answer as the full state.
 */
export function decisions(t: Table): Decision[] {
  const top = topFrame(t);
  return frameRules(top).decisions(t, top);
}

export function isGameOver(t: Table): boolean {
  return t.phase.name === 'game-over';
}

/**
 * `decisions` of a state the reducer made, worked out once: a state is never changed after, and
 * every action tried on it asks again (the reducer's own check, and the server's judging of a
 * stale decision). Not for a state still being worked on in a Draft.
 */
export function decisionsOf(state: GameState): readonly Decision[] {
  let known = settledOf(state)?.decisions;
  if (known === undefined) {
    known = decisions(state);
    rememberSettled(state, { decisions: known });
  }
  return known;
}
