import { progressionSuspended } from '../politics/laws.js';
import { expireEffects } from '../cards/in-force.js';
import type { Draft } from '../state/draft.js';
import { ROUND_PHASES, type RoundPhase } from '../state/phase.js';
import { enterAssassin, skipAssassin } from './assassin.js';
import { enterDrawActionCards } from './draw-action-cards.js';
import { enterIndividualTurns } from './individual-turns.js';
import { enterMarket, skipMarket } from './market.js';
import { enterPlaceNewUnits, exitPlaceNewUnits } from './place-new-units.js';
import { enterPolitical, skipPolitical } from './political.js';
import { endByRoundLimit, runProgression } from './progression.js';
import { enterPurchaseUnits, skipPurchaseUnits } from './purchase-units.js';
import { runReceiveCredits } from './receive-credits.js';
import { enterReceiveTradeIncome, skipReceiveTradeIncome } from './receive-trade-income.js';
import { enterTechnology, skipTechnology } from './technology.js';

/**
 * BG-2 as a state machine. Each phase either stands (its `enter` returns true and leaves its
 * state in `phase`: the step loop, resume.ts, runs its steps and leaves it once it owes nothing)
 * or does its work at once and hands on. A phase some rule keeps out of this game, or one with
 * nothing to do for anyone (BG-2: it passes by itself), says why in `skip`, so the log shows it
 * once, as skipped, and never as started too.
 */
interface PhaseStep {
  skip?: (d: Draft) => string | null;
  /** Runs the phase's entry; true when the round now stands in it (its state is `phase`). */
  enter: (d: Draft) => boolean;
}

const PHASES: Readonly<Record<RoundPhase, PhaseStep>> = {
  progression: {
    skip: (d) => (progressionSuspended(d.s) ? 'Council Empowered: only every second round' : null),
    enter: (d) => {
      runProgression(d);
      return false;
    },
  },
  market: { skip: skipMarket, enter: enterMarket },
  assassin: { skip: skipAssassin, enter: enterAssassin },
  political: { skip: skipPolitical, enter: enterPolitical },
  'draw-action-cards': { enter: enterDrawActionCards },
  'receive-credits': {
    enter: (d) => {
      runReceiveCredits(d);
      return false;
    },
  },
  'purchase-units': { skip: skipPurchaseUnits, enter: enterPurchaseUnits },
  'individual-turns': { enter: enterIndividualTurns },
  'receive-trade-income': { skip: skipReceiveTradeIncome, enter: enterReceiveTradeIncome },
  technology: { skip: skipTechnology, enter: enterTechnology },
  'place-new-units': { enter: enterPlaceNewUnits },
};

/**
 * BG-9: phases whose action cards are played as the phase begins (Purchase
 * Units: Tax Rebate; Receive Credits: Good Year; ...). Their window opens
 * before the phase does anything; the phase runs when it closes. The
 * Political phase opens its own windows at its own steps (politics/:
 * `{ kind: 'political', step: 'before-draw' | 'before-vote' | 'after-votes' }`).
 */
const CARD_PHASES: readonly RoundPhase[] = [
  'receive-credits',
  'purchase-units',
  'receive-trade-income',
  'technology',
  'place-new-units',
];

/** Enters a phase's work; true when the round now stands in it (or the game has ended). */
function runPhase(d: Draft, name: RoundPhase): boolean {
  const stands = PHASES[name].enter(d);
  if (d.s.phase.name === 'game-over') return true;
  if (stands) return true;
  if (name === 'place-new-units') exitPlaceNewUnits(d);
  return false;
}

/**
 * Walks the round from phase `index` through the phases that pass by themselves to the next one
 * it stands in, or to the game's end. The round stands in Individual Turns at the latest, so the
 * walk never passes a whole round.
 */
export function runFrom(d: Draft, index: number): void {
  let i = index;
  for (let passed = 0; passed <= ROUND_PHASES.length; passed++) {
    if (i >= ROUND_PHASES.length) {
      const limit = d.s.options.roundLimit;
      if (limit !== undefined && d.s.round >= limit) {
        endByRoundLimit(d);
        return;
      }
      d.s.round += 1;
      expireEffects(d, 'round');
      d.emit({ type: 'round-started', round: d.s.round });
      i = 0;
    }
    const name = ROUND_PHASES[i];
    if (name === undefined) return;
    expireEffects(d, 'phase');
    const step = PHASES[name];
    const reason = step.skip?.(d) ?? null;
    if (reason !== null) {
      d.emit({ type: 'phase-skipped', round: d.s.round, phase: name, reason });
    } else {
      d.emit({ type: 'phase-started', round: d.s.round, phase: name });
      if (CARD_PHASES.includes(name) && d.reach({ kind: 'phase-start', phase: name })) return;
      if (runPhase(d, name)) return;
    }
    i++;
  }
  throw new Error('a whole round passed without a phase to stand in');
}

/** BG-9: the window at the start of `name` has closed; the phase runs now, then the round goes on. */
export function resumeRoundPhase(d: Draft, name: RoundPhase): void {
  if (runPhase(d, name)) return;
  runFrom(d, ROUND_PHASES.indexOf(name) + 1);
}

/** The phase the round stands in owes nothing more (the step loop, resume.ts): close it and go on. */
export function leaveRoundPhase(d: Draft, name: RoundPhase): void {
  if (name === 'place-new-units') exitPlaceNewUnits(d);
  runFrom(d, ROUND_PHASES.indexOf(name) + 1);
}

export function startFirstRound(d: Draft): void {
  d.s.round = 1;
  d.emit({ type: 'round-started', round: 1 });
  runFrom(d, 0);
}
