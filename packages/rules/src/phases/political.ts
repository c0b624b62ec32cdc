import type { Action } from '../actions/schema.js';
import { inForce } from '../cards/in-force.js';
import { RULE_CONSTANTS } from '../content/constants.js';
import { politicalDeck } from '../content/political-cards.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import { CAPTIVES_STEP } from '../leaders/captives.js';
import {
  applyPickAgenda,
  drawAgenda,
  drawCard,
  noAgenda,
  pickAgendaDecisions,
  pickAgendaLegal,
  politicalPhase,
  reveal,
} from '../politics/agenda.js';
import { eavesdropLegal } from '../politics/eavesdrop.js';
import {
  applyHopesEnd,
  hopesEndDecisions,
  hopesEndLegal,
  hopesEndOwner,
} from '../politics/hopes-end.js';
import { breakTie, count, tieDecisions, tieLegal } from '../politics/outcome.js';
import { expireLaws, toDiscard } from '../politics/resolve.js';
import type { PoliticalPhase } from '../politics/types.js';
import { castVote, choiceOf, silenced, voteDecisions, voteLegal } from '../politics/vote.js';
import {
  applyXxchaVeto,
  xxchaVetoDecisions,
  xxchaVetoLegal,
  xxchaVetoSeat,
} from '../politics/xxcha-veto.js';
import type { Draft } from '../state/draft.js';
import type { Seat, Table } from '../state/types.js';

/*
 * BG-8 the Political phase's steps, in order: laws retire, Hopes End is offered (OR-6.1), the
 * steps before the agenda run (OR-6.2 captives), the agenda is drawn (politics/agenda.ts), the
 * Xxcha may veto it (politics/xxcha-veto.ts), the seats vote (politics/vote.ts) and the result
 * takes effect (politics/outcome.ts); BG-9 windows open between the steps. This module moves the
 * phase from step to step and routes each decision to the module that owns it.
 */

/**
 * BG-2 phase 4, Political: the first-edition rules hold it only "if more
 * than 2 players" (no council at a two-player table), so two-player games
 * skip it every round.
 */
export function skipPolitical(d: Draft): string | null {
  const min = RULE_CONSTANTS.politicalPhaseMinPlayers;
  return d.s.players.length < min ? `only with ${min} or more players` : null;
}

/**
 * A step that comes before the agenda is drawn (OR-6.2: the captor hands
 * over or executes its captives). Each step owns its own decisions; the
 * phase waits in it while `decisions` is not empty, then goes to the next.
 */
export interface BeforeAgendaStep {
  id: string;
  decisions: (t: Table) => Decision[];
  legal: (t: Table, seat: Seat) => Action[];
  apply: (d: Draft, seat: Seat, a: Action) => RuleError | null;
}

/** The call points before the agenda, in order: OR-6.2 captives (leaders/captives.ts). */
export const BEFORE_AGENDA: readonly BeforeAgendaStep[] = [CAPTIVES_STEP];

/**
 * BG-8: the phase opens by retiring laws whose time is over and offering the Hopes End
 * conversion (OR-6.1); the round stands in it (true), and its steps (`stepPolitical`) run from
 * the steps before the agenda.
 */
export function enterPolitical(d: Draft): boolean {
  if (d.s.politics === undefined) {
    const deck = d.rng().shuffle(politicalDeck());
    d.s.politics = { deck, discard: [], laws: [] };
    d.emit({ type: 'political-deck-shuffled', cards: deck.length });
  }
  expireLaws(d);
  const owner = hopesEndOwner(d.s);
  const phase: PoliticalPhase = {
    name: 'political',
    step: 'before-agenda',
    hook: 0,
    order: [],
    ballots: [],
  };
  d.s.phase = owner === undefined ? phase : { ...phase, hopesEnd: owner };
  return true;
}

/**
 * Moves the phase on one step (the step loop, resume.ts, runs it); false when it waits for a
 * decision or is over. A step that reaches a BG-9 moment moves the phase to the step after it
 * first, so the phase goes on from there once the window has closed: each moment is held once
 * because the phase has passed it.
 */
export function stepPolitical(d: Draft): boolean {
  const phase = politicalPhase(d);
  switch (phase.step) {
    case 'before-agenda': {
      const hook = BEFORE_AGENDA[phase.hook];
      if (hook !== undefined) {
        if (hook.decisions(d.s).length > 0) return false;
        d.s.phase = { ...phase, hook: phase.hook + 1 };
        return true;
      }
      // BG-9: Council Dissolved, Determine Policy, Plague, Uprising are played before the draw.
      d.s.phase = { ...phase, step: 'draw' };
      d.reach({ kind: 'political', step: 'before-draw' });
      return true;
    }
    case 'draw':
      if (inForce(d.s, 'council-dissolved')) {
        d.emit({ type: 'no-vote', reason: 'Council Dissolved' });
        d.s.phase = { ...phase, step: 'resolved' };
      } else drawAgenda(d);
      return true;
    case 'revealed':
      // BG-9 Veto answers the card just revealed: it is discarded and another drawn.
      cardRevealed(d, phase);
      return true;
    case 'veto':
      // BG-1 Xxcha Veto: the Xxcha answers before anybody votes (politics/xxcha-veto.ts).
      if (xxchaVetoSeat(d.s, phase) !== undefined) return false;
      d.s.phase = { ...phase, step: 'before-vote' };
      return true;
    case 'before-vote':
      d.s.phase = { ...phase, step: 'vote' };
      d.reach({ kind: 'political', step: 'before-vote' });
      return true;
    case 'vote': {
      if (phase.ballots.length >= phase.order.length) {
        d.s.phase = { ...phase, step: 'count' };
        d.reach({ kind: 'political', step: 'after-votes' });
        return true;
      }
      const voter = phase.order[phase.ballots.length];
      if (voter === undefined || !silenced(d.s, voter)) return false;
      // BG-9 Thugs: this player may not vote this round.
      d.s.phase = {
        ...phase,
        ballots: [...phase.ballots, { seat: voter, choice: 'abstain', votes: 0 }],
      };
      d.emit({ type: 'vote-cast', seat: voter, choice: 'abstain', votes: 0 });
      return true;
    }
    case 'count':
      count(d, phase);
      return true;
    case 'pick-agenda':
    case 'tie':
    case 'resolved':
      return false;
  }
}

/**
 * The political card just revealed (`revealed`): the moment of its window (BG-9 Veto), unless
 * the vote is a Revote's second one, which reveals no card. The vote comes next.
 */
function cardRevealed(d: Draft, phase: PoliticalPhase): void {
  d.s.phase = { ...phase, step: 'veto' };
  if (phase.revoteOf === undefined && phase.agenda !== undefined)
    d.reach({ kind: 'political-card', card: phase.agenda });
}

/**
 * BG-9 Veto, as it resolves: the political card just revealed is discarded and another drawn.
 * That card is "the political card just revealed" in its turn, a moment of its own: its window
 * opens at once, above the window the Veto was played in (which closes after it, cards/window.ts).
 */
export function vetoAgenda(d: Draft, card: string): void {
  const phase = d.s.phase;
  if (phase.name !== 'political' || phase.agenda !== card || phase.revoteOf !== undefined) return;
  toDiscard(d, card);
  d.emit({ type: 'agenda-discarded', card, reason: 'Veto' });
  const { agenda: _a, ...rest } = phase;
  d.s.phase = rest;
  const next = drawCard(d);
  if (next === undefined) noAgenda(d);
  else reveal(d, next);
  // Its window opens now, above the Veto's, and not as a later step of the phase.
  const after = politicalPhase(d);
  if (after.step === 'revealed') cardRevealed(d, after);
}

// ---- decisions, legal actions, apply ----

export function politicalDecisions(t: Table, phase: PoliticalPhase): Decision[] {
  const out = hopesEndDecisions(t, phase);
  switch (phase.step) {
    case 'before-agenda':
      out.push(...(BEFORE_AGENDA[phase.hook]?.decisions(t) ?? []));
      break;
    case 'pick-agenda':
      out.push(...pickAgendaDecisions(phase));
      break;
    case 'veto': {
      const xxcha = xxchaVetoSeat(t, phase);
      if (xxcha !== undefined) out.push(...xxchaVetoDecisions(xxcha, phase));
      break;
    }
    case 'vote':
      out.push(...voteDecisions(t, phase));
      break;
    case 'tie':
      out.push(...tieDecisions(phase));
      break;
    case 'draw':
    case 'revealed':
    case 'before-vote':
    case 'count':
    case 'resolved':
      break;
  }
  return out;
}

export function politicalLegal(t: Table, phase: PoliticalPhase, seat: Seat): Action[] {
  const out = hopesEndLegal(t, phase, seat);
  switch (phase.step) {
    case 'before-agenda': {
      const hook = BEFORE_AGENDA[phase.hook];
      if (hook?.decisions(t).some((x) => x.seat === seat) === true)
        out.push(...hook.legal(t, seat));
      break;
    }
    case 'pick-agenda':
      out.push(...pickAgendaLegal(phase, seat));
      break;
    case 'veto': {
      const xxcha = xxchaVetoSeat(t, phase);
      if (xxcha !== undefined) out.push(...xxchaVetoLegal(xxcha, seat));
      break;
    }
    case 'vote':
      out.push(...voteLegal(t, phase, seat));
      break;
    case 'tie':
      out.push(...tieLegal(phase, seat));
      break;
    case 'draw':
    case 'revealed':
    case 'before-vote':
    case 'count':
    case 'resolved':
      break;
  }
  // BG-1 Yssaril Eavesdrop: beside whatever the Yssaril decides here.
  if (out.length > 0) out.push(...eavesdropLegal(t, seat));
  return out;
}

export function applyPolitical(
  d: Draft,
  phase: PoliticalPhase,
  seat: Seat,
  a: Action,
): RuleError | null {
  switch (a.type) {
    case 'hopes-end':
      return applyHopesEnd(d, phase, seat, a.convert);
    case 'pick-agenda':
      return applyPickAgenda(d, phase, seat, a.card);
    case 'vote': {
      if (xxchaVetoSeat(d.s, phase) !== undefined) {
        return ruleError('NOT_YOUR_DECISION', 'The Xxcha decide on a veto before anybody votes.');
      }
      const choice = choiceOf(a);
      if (choice === null) {
        return ruleError(
          'ILLEGAL_ACTION',
          'Vote for or against, abstain, or elect exactly one target.',
        );
      }
      return phase.step === 'tie'
        ? breakTie(d, phase, seat, choice)
        : castVote(d, phase, seat, choice);
    }
    case 'veto-agenda':
      return applyXxchaVeto(d, phase, seat, a.veto);
    default: {
      if (phase.step === 'before-agenda') {
        const hook = BEFORE_AGENDA[phase.hook];
        if (hook !== undefined) return hook.apply(d, seat, a);
      }
      return ruleError('NOT_YOUR_DECISION', 'That action does not belong to the Political phase.');
    }
  }
}
