import type { Decision } from '../decision.js';
import type { GameState } from './types.js';

/**
 * What the reducer found out about a state it made, kept beside the state (never in its data):
 * what it awaits, and whether its leaders were checked in their places (OR-6.2).
 */
export interface Settled {
  decisions?: readonly Decision[];
  leadersInPlace?: boolean;
}

/**
 * Held on the state under a symbol, not enumerable: no spread, JSON, key listing, clone or
 * equality check sees it, and a Draft's copy of the state starts without it. A weak map's
 * entries would cost the garbage collector at every state made; a state that cannot take the
 * slot (frozen before anything was learnt of it) keeps its facts in one.
 */
const SLOT: unique symbol = Symbol('settled');
type Holder = GameState & { [SLOT]?: Settled };
const frozen = new WeakMap<GameState, Settled>();

export function settledOf(state: GameState): Settled | undefined {
  return (state as Holder)[SLOT] ?? frozen.get(state);
}

/** Adds `facts` to what is known of `state` (a state is never changed after the reducer made it). */
export function rememberSettled(state: GameState, facts: Settled): void {
  const had = settledOf(state);
  if (had !== undefined) Object.assign(had, facts);
  else if (Object.isExtensible(state)) Object.defineProperty(state, SLOT, { value: facts });
  else frozen.set(state, facts);
}
