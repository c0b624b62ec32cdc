import type { Action } from '../actions/schema.js';
import type { GameView, Seat } from '../state/types.js';

/**
 * A bot: given what one seat may see, the action it takes now (undefined
 * when the seat has nothing to decide). Bots read only the seat's own view,
 * so they play through the same path as people and learn no secrets.
 */
export interface BotPolicy {
  readonly name: string;
  choose(view: GameView, seat: Seat): Action | undefined;
}

/**
 * A small seeded generator (mulberry32): bots keep their own randomness,
 * apart from the engine's dice, and never touch Math.random.
 */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}

export function pick<T>(items: readonly T[], rnd: () => number): T | undefined {
  return items[Math.floor(rnd() * items.length)];
}

/** Actions that close the seat's part in a step (or let a battle go on) without doing more. */
export const STEP_ENDING: ReadonlySet<Action['type']> = new Set<Action['type']>([
  'end-market',
  'end-purchase',
  'end-segment',
  'end-turn',
  'pass-technology',
  'end-placement',
  'fight-on',
  'rift-stay',
  // BG-9: playing no card in an action-card window.
  'pass-card',
]);
