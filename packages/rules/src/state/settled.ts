import type { Decision } from '../decision.js';
import { HiddenSlot } from './hidden-slot.js';
import type { GameState } from './types.js';

/**
 * What the reducer found out about a state it made, kept beside the state (never in its data):
 * what it awaits, and whether its leaders were checked in their places (OR-6.2).
 */
export interface Settled {
  decisions?: readonly Decision[];
  leadersInPlace?: boolean;
}

/** Held beside the state (`HiddenSlot`): a Draft's copy of the state starts without it. */
const facts = new HiddenSlot<GameState, Settled>('settled');

export function settledOf(state: GameState): Settled | undefined {
  return facts.get(state);
}

/** Adds `learnt` to what is known of `state` (a state is never changed after the reducer made it). */
export function rememberSettled(state: GameState, learnt: Settled): void {
  const had = facts.get(state);
  if (had !== undefined) Object.assign(had, learnt);
  else facts.set(state, learnt);
}
