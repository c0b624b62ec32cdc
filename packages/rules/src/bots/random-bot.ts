import { legalActions } from '../legal-actions.js';
import { STEP_ENDING, pick, seededRandom, type BotPolicy } from './policy.js';

export interface RandomBotOptions {
  /** Chance of taking a step-ending action when one is offered (default 0.3). */
  endBias?: number;
}

/**
 * A seeded random legal player: uniform over `legalActions` of its own view,
 * except that with probability `endBias` it takes an action ending the step,
 * so games move on instead of wandering through every single-ship move.
 */
export function randomBot(seed: number, options: RandomBotOptions = {}): BotPolicy {
  const rnd = seededRandom(seed);
  const endBias = options.endBias ?? 0.3;
  return {
    name: 'random',
    choose(view, seat) {
      const legal = legalActions(view, seat);
      if (legal.length === 0) return undefined;
      const ending = legal.filter((a) => STEP_ENDING.has(a.type));
      if (ending.length > 0 && rnd() < endBias) return pick(ending, rnd);
      return pick(legal, rnd);
    },
  };
}
