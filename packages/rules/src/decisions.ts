import { windowDecisions } from './cards/window.js';
import type { Decision } from './decision.js';
import { escapeDecisions, escapePending } from './leaders/escape.js';
import { buildingDecisions } from './setup/galaxy-building.js';
import { drawDecisions } from './phases/draw-action-cards.js';
import { turnDecisions } from './phases/individual-turns.js';
import { marketDecisions } from './phases/market.js';
import { placeDecisions } from './phases/place-new-units.js';
import { politicalDecisions } from './phases/political.js';
import { purchaseDecisions } from './phases/purchase-units.js';
import { technologyDecisions } from './phases/technology.js';
import type { GameState, Table } from './state/types.js';

/**
 * Which seats owe which decision now. Computed from public information
 * only, so a view gives the same answer as the full state.
 */
export function decisions(t: Table): Decision[] {
  // OR-6.2: a leader escaping an invaded planet is placed by its owner before anything goes on.
  if (escapePending(t)) return escapeDecisions(t);
  // BG-9: an open action-card window comes before the phase's own decisions.
  if (t.window !== undefined) return windowDecisions(t);
  const phase = t.phase;
  switch (phase.name) {
    case 'galaxy-building':
      return buildingDecisions(t, phase);
    case 'market':
      return marketDecisions(t, phase);
    case 'draw-action-cards':
      return drawDecisions(t);
    case 'purchase-units':
      return purchaseDecisions(t, phase);
    case 'individual-turns':
      return turnDecisions(t, phase);
    case 'political':
      return politicalDecisions(t, phase);
    case 'technology':
      return technologyDecisions(t, phase);
    case 'place-new-units':
      return placeDecisions(t, phase);
    case 'game-over':
      return [];
  }
}

export function isGameOver(t: Table): boolean {
  return t.phase.name === 'game-over';
}

const owed = new WeakMap<GameState, readonly Decision[]>();

/**
 * `decisions` of a state the reducer made, worked out once: a state is never changed after, and
 * every action tried on it asks again (the reducer's own check, and the server's judging of a
 * stale decision). Not for a state still being worked on in a Draft.
 */
export function decisionsOf(state: GameState): readonly Decision[] {
  let known = owed.get(state);
  if (known === undefined) {
    known = decisions(state);
    owed.set(state, known);
  }
  return known;
}

/** What `apply` already worked out for the state it returns (its last step asks it anyway). */
export function rememberDecisions(state: GameState, known: readonly Decision[]): void {
  owed.set(state, known);
}
