import { openWindow } from './cards/window.js';
import { advance as advanceCombat, startSpaceBattles } from './combat/segment.js';
import { endTurnAfterWindow } from './phases/individual-turns.js';
import { resumeRoundPhase } from './phases/machine.js';
import { resumePolitical, vetoAgenda } from './phases/political.js';
import type { Steps } from './state/draft.js';

/**
 * The step machine: how each step that opens a BG-9 card window goes on once the window has
 * closed, and the steps a card's effect takes in a phase's own order (Veto). A moment
 * (cards/moments.ts) names the step it resumes; only `apply` imports this table and hands it to
 * its Draft, so no rule module imports another back.
 */
export const STEPS: Steps = {
  // BG-9: the one place a card window opens: a step declares the moment it reached (`d.reach`).
  reach: openWindow,
  enterRoundPhase: resumeRoundPhase,
  endTurn: endTurnAfterWindow,
  startSpaceBattles,
  continueCombat: (d) => {
    if (d.s.phase.name === 'individual-turns') advanceCombat(d);
  },
  continuePolitical: resumePolitical,
  vetoAgenda,
};
