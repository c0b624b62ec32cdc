import type { Action } from '../actions/schema.js';
import { RULE_CONSTANTS } from '../content/constants.js';
import { politicalDeck } from '../content/political-cards.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import { CAPTIVES_STEP } from '../leaders/captives.js';
import type { Draft } from '../state/draft.js';
import { influenceOf } from '../state/economy.js';
import type { Seat, Table } from '../state/types.js';
import { cardOf, lawsInForce } from '../politics/laws.js';
import { MECATOL_REX } from '../politics/names.js';
import { applyHopesEnd, hopesEndOwed, hopesEndOwner } from '../politics/hopes-end.js';
import {
  enactLaw,
  expansionSuppression,
  expireLaws,
  politics,
  publicExecution,
  repealLaw,
  toDiscard,
} from '../politics/resolve.js';
import type { Ballot, PoliticalPhase } from '../politics/types.js';
import { effectsInForce, inForce } from '../cards/in-force.js';
import type { WindowTrigger } from '../cards/types.js';
import { openWindow } from '../cards/window.js';
import { eavesdropLegal } from '../politics/eavesdrop.js';
import { voteBarredReason } from '../politics/isolation.js';
import { XXCHA_VETO_COST, xxchaVetoSeat } from '../politics/xxcha-veto.js';
import { politicalCardName } from '../views/describe.js';
import { tally, tieDecider, votingOrder } from '../politics/vote.js';

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
  return d.s.window !== undefined || politicalDecisions(d.s, current(d)).length > 0;
}

function current(d: Draft): PoliticalPhase {
  const p = d.s.phase;
  if (p.name !== 'political') throw new Error('not in the Political phase');
  return p;
}

/**
 * Offers the action-card window `key` once (BG-9); true when it opened and
 * the phase now waits in it (`resumePolitical` goes on when it closes).
 */
function windowAt(d: Draft, key: string, trigger: WindowTrigger): boolean {
  const phase = current(d);
  const offered = phase.offered ?? [];
  if (offered.includes(key)) return false;
  d.s.phase = { ...phase, offered: [...offered, key] };
  return openWindow(d, trigger);
}

function agendaKey(phase: PoliticalPhase): string {
  return `${phase.agenda ?? ''}/${phase.revoteOf ?? ''}`;
}

/** Moves the phase on through every step that waits for nobody. */
function advance(d: Draft): void {
  for (let guard = 0; guard < 100; guard++) {
    if (d.s.window !== undefined) return;
    const phase = current(d);
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
        d.s.phase = { ...current(d), step: 'resolved' };
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
      const vetoes = effectsInForce(d.s, 'veto').length;
      if (vetoes > (phase.vetoed ?? 0)) {
        const card = phase.agenda;
        toDiscard(d, card);
        d.emit({ type: 'agenda-discarded', card, reason: 'Veto' });
        const { agenda: _a, ...rest } = current(d);
        d.s.phase = { ...rest, vetoed: (phase.vetoed ?? 0) + 1 };
        const next = drawCard(d);
        if (next === undefined) noAgenda(d);
        else reveal(d, next);
        continue;
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
      count(d, current(d));
      continue;
    }
    return;
  }
}

/** BG-9: the window this phase opened has closed; the phase goes on from where it stood. */
export function resumePolitical(d: Draft): void {
  if (d.s.phase.name !== 'political') return;
  advance(d);
}

function silenced(t: Table, seat: Seat): boolean {
  return effectsInForce(t, 'thugs').some((e) => e.target?.seat === seat);
}

/** A seat's votes: all its influence (BG-8), +5 per Fantastic Rhetoric it played (BG-9). */
function votesOf(t: Table, seat: Seat): number {
  return influenceOf(t, seat) + 5 * effectsInForce(t, 'fantastic-rhetoric', seat).length;
}

/** BG-9 Discredit: the named player's votes count for nothing. */
function counted(t: Table, ballots: readonly Ballot[]): Ballot[] {
  const discredited = new Set(
    effectsInForce(t, 'discredit').flatMap((e) =>
      e.target?.seat === undefined ? [] : [e.target.seat],
    ),
  );
  return ballots.map((b) => (discredited.has(b.seat) ? { ...b, votes: 0 } : b));
}

/** The top political card, the discards shuffled in when the pile runs out. */
function drawCard(d: Draft): string | undefined {
  let p = politics(d);
  if (p.deck.length === 0) {
    if (p.discard.length === 0) return undefined;
    p = { ...p, deck: d.rng().shuffle(p.discard), discard: [] };
    d.emit({ type: 'political-deck-shuffled', cards: p.deck.length });
  }
  const [top, ...rest] = p.deck;
  d.s.politics = { ...p, deck: rest };
  return top;
}

/** OR-6.2: the owner of an active Diplomat on Mecatol Rex picks the agenda (leaders option). */
export function diplomatPicker(t: Table): Seat | undefined {
  if (!t.options.leaders) return undefined;
  const owner = t.planets[MECATOL_REX]?.owner;
  if (typeof owner !== 'number') return undefined;
  const p = t.players[owner];
  const there = p?.leaders.some(
    (l) => l.type === 'diplomat' && l.status === 'active' && l.planet === MECATOL_REX,
  );
  return there === true ? owner : undefined;
}

function drawAgenda(d: Draft): void {
  // BG-9 Determine Policy (played before the draw) picks like a Diplomat on Mecatol Rex.
  const policy = effectsInForce(d.s, 'determine-policy')[0]?.seat;
  const picker = policy ?? diplomatPicker(d.s);
  if (picker !== undefined) {
    const choices: string[] = [];
    for (let i = 0; i < 3; i++) {
      const c = drawCard(d);
      if (c !== undefined) choices.push(c);
    }
    if (choices.length > 1) {
      d.s.phase = { ...current(d), step: 'pick-agenda', picker, choices };
      return;
    }
    if (choices[0] !== undefined) reveal(d, choices[0]);
    else noAgenda(d);
    return;
  }
  const card = drawCard(d);
  if (card === undefined) noAgenda(d);
  else reveal(d, card);
}

function noAgenda(d: Draft): void {
  d.s.phase = { ...current(d), step: 'resolved' };
}

/**
 * The agenda is shown to all and the vote opens. Revote with no law in
 * force has nothing to elect: it is discarded and the next card drawn.
 */
function reveal(d: Draft, card: string): void {
  const def = cardOf(card);
  if (def?.elects === 'law' && lawsInForce(d.s).length === 0) {
    toDiscard(d, card);
    d.emit({ type: 'agenda-discarded', card, reason: 'there is no law in force to vote on again' });
    const next = drawCard(d);
    if (next === undefined || next === card) noAgenda(d);
    else reveal(d, next);
    return;
  }
  d.emit({ type: 'agenda-revealed', card });
  openVote(d, { ...current(d), agenda: card });
}

function openVote(d: Draft, phase: PoliticalPhase): void {
  const order = votingOrder(d.s);
  const { decider: _d, tied: _t, picker: _p, choices: _c, ...rest } = phase;
  d.s.phase = { ...rest, step: 'vote', order, ballots: [] };
  d.emit({ type: 'voting-order', order });
}

/** What may be voted for on the table now: `for` / `against`, or the election's targets. */
export function agendaOptions(t: Table, phase: PoliticalPhase): string[] {
  if (phase.agenda === undefined) return [];
  if (phase.revoteOf !== undefined) return ['for', 'against'];
  const def = cardOf(phase.agenda);
  if (def === undefined) return [];
  if (def.elects === undefined) return ['for', 'against'];
  switch (def.elects) {
    case 'player':
      return t.players.map((_, s) => `player:${s}`);
    case 'planet':
      return Object.keys(t.planets)
        .sort()
        .map((n) => `planet:${n}`);
    case 'law':
      return lawsInForce(t).map((l) => `law:${l.card}`);
  }
}

function count(d: Draft, phase: PoliticalPhase): void {
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
    d.s.phase = { ...current(d), step: 'resolved' };
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
    openVote(d, { ...current(d), revoteOf: target });
    return;
  }
  toDiscard(d, card);
  done();
}

// ---- OR-6.1 Hopes End ----

// ---- decisions, legal actions, apply ----

export function politicalDecisions(t: Table, phase: PoliticalPhase): Decision[] {
  const out: Decision[] = [];
  const hopes = hopesEndOwed(t, phase);
  if (hopes !== undefined) {
    out.push({
      seat: hopes,
      kind: 'hopes-end',
      prompt:
        'Hopes End: pay 1 credit to turn a Ground Force there into a Shock Force, or decline.',
    });
  }
  switch (phase.step) {
    case 'before-agenda':
      out.push(...(BEFORE_AGENDA[phase.hook]?.decisions(t) ?? []));
      break;
    case 'pick-agenda':
      if (phase.picker !== undefined) {
        out.push({
          seat: phase.picker,
          kind: 'pick-agenda',
          prompt:
            'Your Diplomat on Mecatol Rex: pick the agenda from the top three political cards.',
        });
      }
      break;
    case 'vote': {
      const xxcha = xxchaVetoSeat(t, phase);
      if (xxcha !== undefined) {
        out.push({
          seat: xxcha,
          kind: 'veto-agenda',
          prompt: `Veto: pay ${XXCHA_VETO_COST} credits to discard ${politicalCardName(phase.agenda ?? '')} and draw the next political card, or let it stand.`,
        });
        break;
      }
      const seat = phase.order[phase.ballots.length];
      if (seat !== undefined) {
        out.push({
          seat,
          kind: 'vote',
          prompt:
            voteBarredReason(t, seat) ??
            `Vote with all your ${votesOf(t, seat)} votes, or abstain.`,
        });
      }
      break;
    }
    case 'tie':
      if (phase.decider !== undefined) {
        out.push({
          seat: phase.decider,
          kind: 'vote',
          prompt: 'The vote is tied: as the most influential player, you decide.',
        });
      }
      break;
    case 'resolved':
      break;
  }
  return out;
}

function voteAction(choice: string): Action {
  if (choice === 'for' || choice === 'against' || choice === 'abstain') {
    return { type: 'vote', ballot: choice };
  }
  const [kind, ...rest] = choice.split(':');
  const target = rest.join(':');
  if (kind === 'player') return { type: 'vote', ballot: 'elect', player: Number(target) };
  if (kind === 'planet') return { type: 'vote', ballot: 'elect', planet: target };
  return { type: 'vote', ballot: 'elect', law: target };
}

/** The choice key of a vote action, or null when it names no single target. */
function choiceOf(a: Extract<Action, { type: 'vote' }>): string | null {
  if (a.ballot !== 'elect') {
    return a.player === undefined && a.planet === undefined && a.law === undefined
      ? a.ballot
      : null;
  }
  const named = [a.player, a.planet, a.law].filter((x) => x !== undefined);
  if (named.length !== 1) return null;
  if (a.player !== undefined) return `player:${a.player}`;
  if (a.planet !== undefined) return `planet:${a.planet}`;
  return `law:${a.law ?? ''}`;
}

export function politicalLegal(t: Table, phase: PoliticalPhase, seat: Seat): Action[] {
  const out: Action[] = [];
  if (hopesEndOwed(t, phase) === seat) {
    out.push({ type: 'hopes-end', convert: true }, { type: 'hopes-end', convert: false });
  }
  switch (phase.step) {
    case 'before-agenda': {
      const hook = BEFORE_AGENDA[phase.hook];
      if (hook?.decisions(t).some((x) => x.seat === seat) === true)
        out.push(...hook.legal(t, seat));
      break;
    }
    case 'pick-agenda':
      if (phase.picker === seat) {
        for (const card of new Set(phase.choices ?? [])) out.push({ type: 'pick-agenda', card });
      }
      break;
    case 'vote': {
      const xxcha = xxchaVetoSeat(t, phase);
      if (xxcha !== undefined) {
        if (xxcha === seat)
          out.push({ type: 'veto-agenda', veto: true }, { type: 'veto-agenda', veto: false });
        break;
      }
      if (phase.order[phase.ballots.length] === seat) {
        const choices = voteBarredReason(t, seat) === null ? agendaOptions(t, phase) : [];
        out.push(...[...choices, 'abstain'].map(voteAction));
      }
      break;
    }
    case 'tie':
      if (phase.decider === seat) out.push(...(phase.tied ?? []).map(voteAction));
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
    case 'pick-agenda': {
      if (phase.step !== 'pick-agenda' || phase.picker !== seat) {
        return ruleError('NOT_YOUR_DECISION', 'You do not pick the agenda now.');
      }
      const choices = phase.choices ?? [];
      if (!choices.includes(a.card)) {
        return ruleError('ILLEGAL_ACTION', 'That card is not among the three you may pick from.');
      }
      const back = choices.filter((c) => c !== a.card);
      const p = politics(d);
      d.s.politics = { ...p, deck: d.rng().shuffle([...p.deck, ...back]) };
      d.emit({ type: 'agenda-picked', seat, card: a.card });
      reveal(d, a.card);
      return null;
    }
    case 'vote':
      if (xxchaVetoSeat(d.s, phase) !== undefined) {
        return ruleError('NOT_YOUR_DECISION', 'The Xxcha decide on a veto before anybody votes.');
      }
      return applyVote(d, phase, seat, a);
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

function applyVote(
  d: Draft,
  phase: PoliticalPhase,
  seat: Seat,
  a: Extract<Action, { type: 'vote' }>,
): RuleError | null {
  const choice = choiceOf(a);
  if (choice === null) {
    return ruleError(
      'ILLEGAL_ACTION',
      'Vote for or against, abstain, or elect exactly one target.',
    );
  }
  if (phase.step === 'tie') {
    if (phase.decider !== seat) return ruleError('NOT_YOUR_DECISION', 'You do not break this tie.');
    if (!(phase.tied ?? []).includes(choice)) {
      return ruleError('ILLEGAL_ACTION', 'Choose one of the tied results.');
    }
    d.emit({ type: 'tie-broken', seat, choice });
    const { counts } = tally(counted(d.s, phase.ballots), agendaOptions(d.s, phase));
    resolve(d, phase, choice, counts);
    return null;
  }
  if (phase.step !== 'vote' || phase.order[phase.ballots.length] !== seat) {
    return ruleError('NOT_YOUR_DECISION', 'It is not your turn to vote.');
  }
  if (choice !== 'abstain' && !agendaOptions(d.s, phase).includes(choice)) {
    return ruleError('ILLEGAL_ACTION', 'That is not a choice on this agenda.');
  }
  const barred = voteBarredReason(d.s, seat);
  if (choice !== 'abstain' && barred !== null) return ruleError('ILLEGAL_ACTION', barred);
  // BG-8: all or nothing — a seat's whole influence, never a part of it.
  const votes = choice === 'abstain' ? 0 : votesOf(d.s, seat);
  d.s.phase = { ...phase, ballots: [...phase.ballots, { seat, choice, votes }] };
  d.emit({ type: 'vote-cast', seat, choice, votes });
  return null;
}

/** BG-1 Xxcha Veto: pay and discard the agenda, the next card drawn; or let it stand. */
function applyXxchaVeto(
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
    d.s.phase = { ...phase, xxchaAnswered: card };
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
