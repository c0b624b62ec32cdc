import type { Action } from '../actions/schema.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import type { Draft } from '../state/draft.js';
import type { Seat } from '../state/types.js';
import { politicalPhase } from './agenda.js';
import { cardOf } from './laws.js';
import {
  enactLaw,
  expansionSuppression,
  publicExecution,
  repealLaw,
  toDiscard,
} from './resolve.js';
import type { PoliticalPhase } from './types.js';
import { agendaOptions, counted, openVote, tally, tieDecider, voteAction } from './vote.js';

/**
 * BG-8 the outcome of a vote: the count, the tie the most influential player breaks, and the
 * agenda taking effect (a law enacted, a one-shot result, a Revote's second vote) or not.
 */

/** All have voted: one result wins, or the tie waits for its decider. */
export function count(d: Draft, phase: PoliticalPhase): void {
  const options = agendaOptions(d.s, phase);
  const { counts, leaders } = tally(counted(d.s, phase.ballots), options);
  const [only] = leaders;
  if (leaders.length === 1 && only !== undefined) {
    resolve(d, phase, only, counts);
    return;
  }
  d.s.phase = { ...phase, step: 'tie', decider: tieDecider(d.s), tied: leaders };
}

/** BG-8: the card takes effect (or not) with `result`, the winning side or target. */
function resolve(
  d: Draft,
  phase: PoliticalPhase,
  result: string,
  tallyCounts: Record<string, number>,
): void {
  const card = phase.agenda ?? '';
  const def = cardOf(card);
  const done = (): void => {
    d.s.phase = { ...politicalPhase(d), step: 'resolved' };
  };
  d.s.phase = phase;
  if (phase.revoteOf !== undefined) {
    const passed = result === 'for';
    d.emit({
      type: 'agenda-resolved',
      card: phase.revoteOf,
      result,
      passed,
      tally: tallyCounts,
    });
    if (!passed) repealLaw(d, phase.revoteOf, 'it lost its Revote');
    toDiscard(d, card);
    done();
    return;
  }
  if (def === undefined) {
    done();
    return;
  }
  const passed = def.kind === 'election' || result === 'for';
  d.emit({ type: 'agenda-resolved', card, result, passed, tally: tallyCounts });
  if (!passed) {
    toDiscard(d, card);
    done();
    return;
  }
  const [kind, ...restOfKey] = result.split(':');
  const target = restOfKey.join(':');
  if (def.lasting) {
    const base = { card, since: d.s.round };
    const withExpiry =
      def.durationRounds === undefined
        ? base
        : { ...base, expires: d.s.round + def.durationRounds };
    if (kind === 'player') enactLaw(d, { ...withExpiry, elected: { player: Number(target) } });
    else if (kind === 'planet') enactLaw(d, { ...withExpiry, elected: { planet: target } });
    else enactLaw(d, withExpiry);
    done();
    return;
  }
  // One-shot results, applied once; the card goes to the discards.
  if (def.id === 'expansion-suppression') expansionSuppression(d);
  if (def.id === 'public-execution' && kind === 'player') publicExecution(d, Number(target));
  if (def.id === 'revote' && kind === 'law') {
    d.emit({ type: 'agenda-revealed', card, revote: target });
    openVote(d, { ...politicalPhase(d), revoteOf: target });
    return;
  }
  toDiscard(d, card);
  done();
}

export function tieDecisions(phase: PoliticalPhase): Decision[] {
  if (phase.decider === undefined) return [];
  return [
    {
      seat: phase.decider,
      kind: 'vote',
      prompt: 'The vote is tied: as the most influential player, you decide.',
    },
  ];
}

export function tieLegal(phase: PoliticalPhase, seat: Seat): Action[] {
  return phase.decider === seat ? (phase.tied ?? []).map(voteAction) : [];
}

/** BG-8: the most influential player chooses among the tied results, which then take effect. */
export function breakTie(
  d: Draft,
  phase: PoliticalPhase,
  seat: Seat,
  choice: string,
): RuleError | null {
  if (phase.decider !== seat) return ruleError('NOT_YOUR_DECISION', 'You do not break this tie.');
  if (!(phase.tied ?? []).includes(choice)) {
    return ruleError('ILLEGAL_ACTION', 'Choose one of the tied results.');
  }
  d.emit({ type: 'tie-broken', seat, choice });
  const { counts } = tally(counted(d.s, phase.ballots), agendaOptions(d.s, phase));
  resolve(d, phase, choice, counts);
  return null;
}
