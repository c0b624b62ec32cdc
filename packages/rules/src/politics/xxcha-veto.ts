import type { Action } from '../actions/schema.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import { hasAbility } from '../state/abilities.js';
import type { Draft } from '../state/draft.js';
import type { Seat, Table } from '../state/types.js';
import { politicalCardName } from '../views/describe.js';
import { drawCard, noAgenda, reveal } from './agenda.js';
import { toDiscard } from './resolve.js';
import type { PoliticalPhase } from './types.js';

/** BG-1 Xxcha Veto: its price in credits. */
export const XXCHA_VETO_COST = 5;

/**
 * BG-1 Xxcha Veto: before a vote, the Xxcha may pay 5 credits to discard the
 * political card drawn; the next card is drawn instead. Asked once per card
 * (the phase's `veto` step) before its first ballot, only while it has the credits, and at most
 * one veto per Political phase. A Revote's second vote is not a card drawn, so
 * it cannot be vetoed. The seat asked now, or undefined.
 */
export function xxchaVetoSeat(t: Table, phase: PoliticalPhase): Seat | undefined {
  if (phase.step !== 'veto' || phase.agenda === undefined || phase.revoteOf !== undefined)
    return undefined;
  if (phase.ballots.length > 0 || phase.xxchaVetoed === true) return undefined;
  const seat = t.players.findIndex(
    (p, s) => hasAbility(t, s, 'xxcha-veto') && p.credits >= XXCHA_VETO_COST,
  );
  return seat < 0 ? undefined : seat;
}

export function xxchaVetoDecisions(seat: Seat, phase: PoliticalPhase): Decision[] {
  return [
    {
      seat,
      kind: 'veto-agenda',
      prompt: `Veto: pay ${XXCHA_VETO_COST} credits to discard ${politicalCardName(phase.agenda ?? '')} and draw the next political card, or let it stand.`,
    },
  ];
}

export function xxchaVetoLegal(xxcha: Seat, seat: Seat): Action[] {
  return xxcha === seat
    ? [
        { type: 'veto-agenda', veto: true },
        { type: 'veto-agenda', veto: false },
      ]
    : [];
}

/** BG-1 Xxcha Veto: pay and discard the agenda, the next card drawn; or let it stand. */
export function applyXxchaVeto(
  d: Draft,
  phase: PoliticalPhase,
  seat: Seat,
  veto: boolean,
): RuleError | null {
  const card = phase.agenda;
  if (xxchaVetoSeat(d.s, phase) !== seat || card === undefined) {
    return ruleError('NOT_YOUR_DECISION', 'You may not veto the agenda now.');
  }
  if (!veto) {
    // The card stands: the phase comes to the moment before the vote.
    d.s.phase = { ...phase, step: 'before-vote' };
    return null;
  }
  const p = d.player(seat);
  p.credits -= XXCHA_VETO_COST;
  toDiscard(d, card);
  d.emit({ type: 'agenda-vetoed', seat, card, cost: XXCHA_VETO_COST, total: p.credits });
  const { agenda: _a, ...rest } = phase;
  d.s.phase = { ...rest, xxchaVetoed: true };
  const next = drawCard(d);
  if (next === undefined) noAgenda(d);
  else reveal(d, next);
  return null;
}
