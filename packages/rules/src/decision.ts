import type { ActionType } from './actions/schema.js';
import type { Seat } from './state/types.js';

/** What a seat is asked to decide; every action answers exactly one kind. */
export type DecisionKind =
  | 'place-tile'
  | 'market'
  | 'discard'
  | 'purchase'
  | 'turn'
  /** OR-4.2: leave a Gravity Rift through an allowed side, or stay. */
  | 'rift'
  | 'technology'
  | 'place-units';

export interface Decision {
  seat: Seat;
  kind: DecisionKind;
  /** Plain words for the player. */
  prompt: string;
}

export const ACTION_DECISION: Readonly<Record<ActionType, DecisionKind>> = {
  'place-tile': 'place-tile',
  'make-offer': 'market',
  'withdraw-offer': 'market',
  'accept-offer': 'market',
  'decline-offer': 'market',
  'end-market': 'market',
  discard: 'discard',
  purchase: 'purchase',
  'purchase-spacedock': 'purchase',
  'cancel-purchases': 'purchase',
  'end-purchase': 'purchase',
  'end-segment': 'turn',
  'end-turn': 'turn',
  move: 'turn',
  'rift-roll': 'turn',
  'rift-exit': 'rift',
  'rift-stay': 'rift',
  'buy-technology': 'technology',
  'pass-technology': 'technology',
  'place-unit': 'place-units',
  'end-placement': 'place-units',
};
