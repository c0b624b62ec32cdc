import type { Action } from '../actions/schema.js';
import { inForce } from '../cards/in-force.js';
import type { WindowTrigger } from '../cards/moments.js';
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
 * BG-8: the phase opens by retiring laws whose time is over, offering the
 * Hopes End conversion (OR-6.1), running the steps before the agenda, and
 * drawing the agenda.
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
  advance(d);
  return d.s.window !== undefined || politicalDecisions(d.s, politicalPhase(d)).length > 0;
}

/**
 * Offers the action-card window `key` once (BG-9); true when it opened and
 * the phase now waits in it (`resumePolitical` goes on when it closes).
 */
function windowAt(d: Draft, key: string, trigger: WindowTrigger): boolean {
  const phase = politicalPhase(d);
  const offered = phase.offered ?? [];
  if (offered.includes(key)) return false;
  d.s.phase = { ...phase, offered: [...offered, key] };
  return d.reach(trigger);
}

function agendaKey(phase: PoliticalPhase): string {
  return `${phase.agenda ?? ''}/${phase.revoteOf ?? ''}`;
}

/** Moves the phase on through every step that waits for nobody. */
function advance(d: Draft): void {
  for (let guard = 0; guard < 100; guard++) {
    if (d.s.window !== undefined) return;
    const phase = politicalPhase(d);
    if (phase.step === 'before-agenda') {
      const hook = BEFORE_AGENDA[phase.hook];
      if (hook !== undefined) {
        if (hook.decisions(d.s).length > 0) return;
        d.s.phase = { ...phase, hook: phase.hook + 1 };
        continue;
      }
      // BG-9: Council Dissolved, Determine Policy, Plague, Uprising are played before the draw.
      if (windowAt(d, 'before-draw', { kind: 'political', step: 'before-draw' })) return;
      if (inForce(d.s, 'council-dissolved')) {
        d.emit({ type: 'no-vote', reason: 'Council Dissolved' });
        d.s.phase = { ...politicalPhase(d), step: 'resolved' };
        continue;
      }
      drawAgenda(d);
      continue;
    }
    if (phase.step !== 'vote') return;
    const key = agendaKey(phase);
    if (phase.revoteOf === undefined && phase.agenda !== undefined) {
      // BG-9 Veto answers the card just revealed: it is discarded and another drawn.
      if (windowAt(d, `political-card:${key}`, { kind: 'political-card', card: phase.agenda })) {
        return;
      }
      // BG-1 Xxcha Veto: the Xxcha answers before anybody votes.
      if (xxchaVetoSeat(d.s, phase) !== undefined) return;
    }
    if (
      phase.ballots.length === 0 &&
      windowAt(d, `before-vote:${key}`, { kind: 'political', step: 'before-vote' })
    ) {
      return;
    }
    const voter = phase.order[phase.ballots.length];
    if (voter !== undefined && silenced(d.s, voter)) {
      // BG-9 Thugs: this player may not vote this round.
      d.s.phase = {
        ...phase,
        ballots: [...phase.ballots, { seat: voter, choice: 'abstain', votes: 0 }],
      };
      d.emit({ type: 'vote-cast', seat: voter, choice: 'abstain', votes: 0 });
      continue;
    }
    if (phase.ballots.length >= phase.order.length) {
      if (windowAt(d, `after-votes:${key}`, { kind: 'political', step: 'after-votes' })) return;
      count(d, politicalPhase(d));
      continue;
    }
    return;
  }
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
  const after = politicalPhase(d);
  if (after.step === 'vote' && after.revoteOf === undefined && after.agenda !== undefined) {
    const tr: WindowTrigger = { kind: 'political-card', card: after.agenda };
    windowAt(d, `political-card:${agendaKey(after)}`, tr);
  }
}

/** BG-9: the window this phase opened has closed; the phase goes on from where it stood. */
export function resumePolitical(d: Draft): void {
  if (d.s.phase.name !== 'political') return;
  advance(d);
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
    case 'vote': {
      const xxcha = xxchaVetoSeat(t, phase);
      out.push(
        ...(xxcha !== undefined ? xxchaVetoDecisions(xxcha, phase) : voteDecisions(t, phase)),
      );
      break;
    }
    case 'tie':
      out.push(...tieDecisions(phase));
      break;
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
    case 'vote': {
      const xxcha = xxchaVetoSeat(t, phase);
      out.push(...(xxcha !== undefined ? xxchaVetoLegal(xxcha, seat) : voteLegal(t, phase, seat)));
      break;
    }
    case 'tie':
      out.push(...tieLegal(phase, seat));
      break;
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
  const error = applyStep(d, phase, seat, a);
  if (error === null) advance(d);
  return error;
}

function applyStep(d: Draft, phase: PoliticalPhase, seat: Seat, a: Action): RuleError | null {
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
