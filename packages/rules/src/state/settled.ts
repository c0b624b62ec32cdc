import type { Decision } from '../decision.js';
import type { GameState } from './types.js';

/**
 * What the reducer found out about a state it made, kept beside the state (never in it): what
 * it awaits, and whether its leaders were checked in their places (OR-6.2). One weak entry per
 * state holds both, as a weak collection's entries cost the garbage collector more than a field.
 */
export interface Settled {
  decisions?: readonly Decision[];
  leadersInPlace?: boolean;
}

const known = new WeakMap<GameState, Settled>();

export function settledOf(state: GameState): Settled | undefined {
  return known.get(state);
}

/** Adds `facts` to what is known of `state` (a state is never changed after the reducer made it). */
export function rememberSettled(state: GameState, facts: Settled): void {
  const had = known.get(state);
  if (had === undefined) known.set(state, facts);
  else Object.assign(had, facts);
}
