import { RULE_CONSTANTS } from '../content/constants.js';
import type { Draft } from '../state/draft.js';

/**
 * BG-2 phase 4, Political: the first-edition rules hold it only "if more
 * than 2 players" (no council at a two-player table), so two-player games
 * skip it every round.
 */
export function skipPolitical(d: Draft): string | null {
  const min = RULE_CONSTANTS.politicalPhaseMinPlayers;
  return d.s.players.length < min ? `only with ${min} or more players` : null;
}

/**
 * The BG-8 content (drawing a political card, the vote, Hopes End) comes with
 * a later issue; until then the phase is announced and passes at once, so
 * the round's order of phases is already the final one.
 */
export function enterPolitical(): boolean {
  return false;
}
