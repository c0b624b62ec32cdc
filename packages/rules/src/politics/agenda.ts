import type { Action } from '../actions/schema.js';
import { effectsInForce } from '../cards/in-force.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import type { Draft } from '../state/draft.js';
import type { Seat, Table } from '../state/types.js';
import { cardOf, lawsInForce } from './laws.js';
import { MECATOL_REX } from './names.js';
import { politics, toDiscard } from './resolve.js';
import type { PoliticalPhase } from './types.js';
import { openVote } from './vote.js';

/**
 * BG-8 the agenda: the political card drawn (or picked by a Diplomat on Mecatol Rex, OR-6.2, or
 * by Determine Policy, BG-9) and revealed, which opens the vote (vote.ts).
 */

/** The Political phase the draft is in (the steps of this folder run only there). */
export function politicalPhase(d: Draft): PoliticalPhase {
  const p = d.s.phase;
  if (p.name !== 'political') throw new Error('not in the Political phase');
  return p;
}

/** The top political card, the discards shuffled in when the pile runs out. */
export function drawCard(d: Draft): string | undefined {
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

export function drawAgenda(d: Draft): void {
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
      d.s.phase = { ...politicalPhase(d), step: 'pick-agenda', picker, choices };
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

/** Nothing to vote on: the phase is over but for the Hopes End choice. */
export function noAgenda(d: Draft): void {
  d.s.phase = { ...politicalPhase(d), step: 'resolved' };
}

/**
 * The agenda is shown to all and the vote opens. Revote with no law in
 * force has nothing to elect: it is discarded and the next card drawn.
 */
export function reveal(d: Draft, card: string): void {
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
  openVote(d, { ...politicalPhase(d), agenda: card });
}

export function pickAgendaDecisions(phase: PoliticalPhase): Decision[] {
  if (phase.picker === undefined) return [];
  return [
    {
      seat: phase.picker,
      kind: 'pick-agenda',
      prompt: 'Your Diplomat on Mecatol Rex: pick the agenda from the top three political cards.',
    },
  ];
}

export function pickAgendaLegal(phase: PoliticalPhase, seat: Seat): Action[] {
  if (phase.picker !== seat) return [];
  return [...new Set(phase.choices ?? [])].map((card) => ({ type: 'pick-agenda', card }));
}

/** The picker's choice is revealed; the other cards go back and the pile is shuffled. */
export function applyPickAgenda(
  d: Draft,
  phase: PoliticalPhase,
  seat: Seat,
  card: string,
): RuleError | null {
  if (phase.step !== 'pick-agenda' || phase.picker !== seat) {
    return ruleError('NOT_YOUR_DECISION', 'You do not pick the agenda now.');
  }
  const choices = phase.choices ?? [];
  if (!choices.includes(card)) {
    return ruleError('ILLEGAL_ACTION', 'That card is not among the three you may pick from.');
  }
  const back = choices.filter((c) => c !== card);
  const p = politics(d);
  d.s.politics = { ...p, deck: d.rng().shuffle([...p.deck, ...back]) };
  d.emit({ type: 'agenda-picked', seat, card });
  reveal(d, card);
  return null;
}
