import { openWindow, stepWindow } from './cards/window.js';
import { queueFights } from './combat/space-battle.js';
import type { Decision } from './decision.js';
import { frameRules } from './frames.js';
import { stepTurn } from './phases/individual-turns.js';
import { leaveRoundPhase, resumeRoundPhase } from './phases/machine.js';
import { stepPolitical, vetoAgenda } from './phases/political.js';
import { topFrame } from './pending.js';
import { finishGalaxy } from './setup/create-game.js';
import { buildingFinished } from './setup/galaxy-building.js';
import type { Draft, Steps } from './state/draft.js';
import type { PhaseName } from './state/phase.js';

/**
 * The step machine: the one loop that moves the game on by itself after an action, and the steps
 * it hands to the Draft (`d.steps`), so that no rule module imports another back.
 *
 * Every step has one shape: the frame owed first (pending.ts) takes one step of forced work and
 * says whether it did (true: look again), or waits for a decision (false). A card window steps
 * its stack and closes (`stepWindow`); a round phase with steps of its own runs one (`PHASE_STEPS`:
 * the turn's fights and its ending, the Political phase's steps); a phase that owes nothing more
 * is left for the next one the round stands in. A step that reaches a BG-9 moment (`d.reach`)
 * moves on to the step after it before the window opens, so once the window has closed the loop
 * goes on from there: nothing is marked as already asked, and a step resumes through its
 * phase's own step function. Only the two moments the state cannot say the rest of have a
 * `resume` (cards/moments.ts): the round phase a window opened before, the fights of a segment.
 */
export const STEPS: Steps = {
  // BG-9: the one place a card window opens: a step declares the moment it reached (`d.reach`).
  reach: openWindow,
  enterRoundPhase: resumeRoundPhase,
  // The segment's fights, queued once its card window has closed (the loop then fights them).
  startSpaceBattles: queueFights,
  vetoAgenda,
};

/** The round phases with steps of their own, run while the phase is the frame owed first. */
const PHASE_STEPS: { readonly [N in PhaseName]?: (d: Draft) => boolean } = {
  'individual-turns': stepTurn,
  political: stepPolitical,
};

/** Steps never number this many after one action; a runaway loop becomes an INTERNAL_ERROR. */
const MAX_STEPS = 10_000;

/**
 * Runs the game on until it waits for a decision. With `leave`, a round phase that owes nothing
 * more is left and the round goes on (`apply` first runs the action's own steps without it, then
 * checks where the leaders stand, OR-6.2, then leaves). Returns what the game now waits for when
 * it worked that out.
 */
export function run(d: Draft, leave: boolean): Decision[] | undefined {
  for (let i = 0; i < MAX_STEPS; i++) {
    const top = topFrame(d.s);
    if (top.kind === 'card-window') {
      if (stepWindow(d)) continue;
      return leave ? frameRules(top).decisions(d.s, top) : undefined;
    }
    // An escaping leader and a consent wait for their answer.
    if (top.kind !== 'phase') return leave ? frameRules(top).decisions(d.s, top) : undefined;
    if (PHASE_STEPS[top.phase.name]?.(d) === true) continue;
    // A step that waits opens nothing above the phase, but may have changed the phase's state.
    const phase = d.s.phase;
    if (!leave || phase.name === 'game-over') return undefined;
    if (phase.name === 'galaxy-building') {
      if (!buildingFinished(phase)) return undefined;
      finishGalaxy(d, 'build');
      continue;
    }
    const frame = { kind: 'phase', phase } as const;
    const waiting = frameRules(frame).decisions(d.s, frame);
    if (waiting.length > 0) return waiting;
    leaveRoundPhase(d, phase.name);
  }
  throw new Error('the game did not settle');
}
