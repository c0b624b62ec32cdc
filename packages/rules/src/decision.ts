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
  | 'place-units'
  // BG-6 / BG-7 / OR-6.1 (combat/): an owner hit chooses its losses; the attacker may
  // withdraw after a round; a won invasion's Shock Forces may take the installations.
  // Landing (BG-7) is part of the active player's ordinary `turn` decision.
  | 'casualties'
  | 'retreat'
  | 'invasion'
  // BG-8 (politics/): a seat's vote, or the tie-break; OR-6.2 Diplomat's agenda pick;
  // OR-6.1 Hopes End conversion (owed alongside the vote, answered at any time in the phase).
  | 'vote'
  | 'pick-agenda'
  | 'hopes-end'
  /** BG-1 Xxcha Veto: before the vote, discard the agenda for 5 credits or let it stand. */
  | 'veto-agenda'
  /** BG-9: play an action card or pass, in an open window. */
  | 'card'
  /** BG-11: accept or refuse a Trade Agreement offered to you. */
  | 'trade'
  /**
   * Allowed at any moment, never awaited: the "never ask me" setting (BG-9)
   * and cancelling a trade agreement (BG-11).
   */
  | 'any-time'
  /** OR-6.2: in the Political phase, a captor hands over or executes its captives. */
  | 'captive'
  /** OR-6.2: where a leader escaping an invaded planet goes (its owner chooses). */
  | 'escape'
  /** OR-6.2 Diplomat: delay the invasion of its planet, or let it go on (its owner). */
  | 'diplomat'
  /** OR-6.2 Diplomat: let a fleet with a Diplomat pass your ships, or refuse (the opponent). */
  | 'passage';

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
  'choose-casualties': 'casualties',
  withdraw: 'retreat',
  'fight-on': 'retreat',
  land: 'turn',
  'capture-installations': 'invasion',
  'board-leader': 'turn',
  'land-leader': 'turn',
  captive: 'captive',
  'escape-leader': 'escape',
  'diplomat-delay': 'diplomat',
  'answer-passage': 'passage',
  'purchase-scientist-pds': 'purchase',
  vote: 'vote',
  'pick-agenda': 'pick-agenda',
  'hopes-end': 'hopes-end',
  'veto-agenda': 'veto-agenda',
  // BG-1 Yssaril Eavesdrop: offered beside a Political decision, never awaited.
  eavesdrop: 'any-time',
  'play-card': 'card',
  'pass-card': 'card',
  'card-prompts': 'any-time',
  'answer-trade': 'trade',
  'cancel-trade': 'any-time',
  'use-technology': 'turn',
};
