import type { ActionType } from './schema.js';

/**
 * The rule each action answers to: a refusal whose words name no rule of their own ("… (OR-4.1)")
 * carries this one, so every refusal by the rules says which rule stopped it. Every id here has
 * its one line in `views/why-not.ts` (a test checks).
 */
export const ACTION_RULE: Readonly<Record<ActionType, string>> = {
  'place-tile': 'BG-4',
  'make-offer': 'BG-2',
  'withdraw-offer': 'BG-2',
  'accept-offer': 'BG-2',
  'decline-offer': 'BG-2',
  'end-market': 'BG-2',
  discard: 'BG-9',
  purchase: 'BG-2',
  'purchase-spacedock': 'BG-2',
  'cancel-purchases': 'BG-2',
  'end-purchase': 'BG-2',
  'end-segment': 'BG-2',
  'end-turn': 'BG-2',
  move: 'BG-5',
  'rift-roll': 'OR-4.2',
  'rift-exit': 'OR-4.2',
  'rift-stay': 'OR-4.2',
  'buy-technology': 'BG-9',
  'pass-technology': 'BG-9',
  'place-unit': 'BG-2',
  'end-placement': 'BG-2',
  'choose-casualties': 'BG-6',
  withdraw: 'BG-6',
  'fight-on': 'BG-6',
  land: 'BG-7',
  'capture-installations': 'OR-6.1',
  'board-leader': 'OR-6.2',
  'land-leader': 'OR-6.2',
  captive: 'OR-6.2',
  'escape-leader': 'OR-6.2',
  'diplomat-delay': 'OR-6.2',
  'answer-passage': 'OR-6.2',
  'purchase-scientist-pds': 'OR-6.2',
  vote: 'BG-8',
  'pick-agenda': 'OR-6.2',
  'hopes-end': 'OR-6.1',
  'veto-agenda': 'BG-1',
  eavesdrop: 'BG-1',
  'play-card': 'BG-9',
  'pass-card': 'BG-9',
  'card-prompts': 'BG-9',
  'answer-trade': 'BG-11',
  'cancel-trade': 'BG-11',
  'use-technology': 'BG-9',
};

/** Who acts when is the round's order (BG-2); a finished game is BG-10's. */
export const TURN_ORDER_RULE = 'BG-2';
export const GAME_OVER_RULE = 'BG-10';
