import type { WindowTrigger } from './cards/types.js';
import { advance as advanceCombat, startSpaceBattles } from './combat/segment.js';
import { endTurnAfterWindow } from './phases/individual-turns.js';
import { resumeRoundPhase } from './phases/machine.js';
import { resumePolitical } from './phases/political.js';
import type { Draft, Steps } from './state/draft.js';

/**
 * BG-9: after a window closes, the step that opened it goes on. One case per
 * trigger kind, dispatched to the module that owns the moment (no closures
 * in the state: the trigger is the continuation). Only `apply` imports this
 * table and hands it to its Draft, so no rule module imports another back.
 */
function resumeAfterWindow(d: Draft, trigger: WindowTrigger): void {
  switch (trigger.kind) {
    case 'phase-start':
      // The round machine enters the phase now (its window is over).
      resumeRoundPhase(d, trigger.phase);
      return;
    case 'movement-start':
      // The active player's ordinary turn decision follows, or, when they were ending the turn
      // as Movement began (and played no card since), the turn goes on to its end.
      if (trigger.endTurn === true) endTurnAfterWindow(d, trigger.seat);
      return;
    case 'space-battle-start':
      startSpaceBattles(d);
      return;
    case 'battle-round':
    case 'invasion':
    case 'ground-round':
    case 'planet-taken':
      // Combat steps on from where it stopped (the window was held before its next step).
      if (d.s.phase.name === 'individual-turns') advanceCombat(d);
      return;
    case 'political-card':
    case 'political':
      // The Political phase goes on from the step that opened the window (politics/).
      resumePolitical(d);
      return;
  }
}

/** The step machine's resumptions, handed to every Draft `apply` makes. */
export const STEPS: Steps = { resumeAfterWindow };
