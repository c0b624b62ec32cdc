import { hasAbility } from '../state/abilities.js';
import type { Seat, Table } from '../state/types.js';
import type { PoliticalPhase } from './types.js';

/** BG-1 Xxcha Veto: its price in credits. */
export const XXCHA_VETO_COST = 5;

/**
 * BG-1 Xxcha Veto: before a vote, the Xxcha may pay 5 credits to discard the
 * political card drawn; the next card is drawn instead. Asked once per card
 * before its first ballot, only while it has the credits, and at most one
 * veto per Political phase. A Revote's second vote is not a card drawn, so
 * it cannot be vetoed. The seat asked now, or undefined.
 */
export function xxchaVetoSeat(t: Table, phase: PoliticalPhase): Seat | undefined {
  if (phase.step !== 'vote' || phase.agenda === undefined || phase.revoteOf !== undefined)
    return undefined;
  if (phase.ballots.length > 0 || phase.xxchaVetoed === true) return undefined;
  if (phase.xxchaAnswered === phase.agenda) return undefined;
  const seat = t.players.findIndex(
    (p, s) => hasAbility(t, s, 'xxcha-veto') && p.credits >= XXCHA_VETO_COST,
  );
  return seat < 0 ? undefined : seat;
}
