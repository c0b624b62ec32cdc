import type { Action } from '../actions/schema.js';
import { RULE_CONSTANTS } from '../content/constants.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import { handLimit } from '../politics/laws.js';
import type { Draft } from '../state/draft.js';
import { extraActionCardDraws } from '../state/economy.js';
import type { Seat, Table } from '../state/types.js';

/** The hand limit now: 7, or 3 under Limits to Individual Power (BG-8). */
function limitOf(t: Table): number {
  return handLimit(t, RULE_CONSTANTS.actionCardHandLimit);
}

/** Hand size as every viewer may know it (a view holds counts, the state the cards). */
export function handCount(t: Table, seat: Seat): number {
  const p = t.players[seat];
  if (p === undefined) return 0;
  return 'handCount' in p ? p.handCount : p.hand.length;
}

/** Top card of the draw pile, reshuffling the discards in when it runs out (BG-2). */
function drawOne(d: Draft): string | null {
  if (d.s.actionDeck.length === 0) {
    if (d.s.actionDiscard.length === 0) return null;
    d.s.actionDeck = d.rng().shuffle(d.s.actionDiscard);
    d.s.actionDiscard = [];
    d.emit({ type: 'deck-reshuffled', cards: d.s.actionDeck.length });
  }
  const [top, ...rest] = d.s.actionDeck;
  d.s.actionDeck = rest;
  return top ?? null;
}

/**
 * BG-2 phase 5: everyone draws one action card (more with an
 * `extra-action-card-draw` effect: Yssaril, Neural Motivator), then anyone
 * above the hand limit of 7 discards down to it.
 */
export function enterDrawActionCards(d: Draft): boolean {
  for (let seat = 0; seat < d.s.players.length; seat++) {
    const want = RULE_CONSTANTS.actionCardsDrawnPerRound + extraActionCardDraws(d.s, seat);
    const drawn: string[] = [];
    for (let i = 0; i < want; i++) {
      const card = drawOne(d);
      if (card === null) break;
      drawn.push(card);
    }
    if (drawn.length === 0) continue;
    const p = d.player(seat);
    p.hand = [...p.hand, ...drawn];
    d.emit({ type: 'cards-drawn', seat, count: drawn.length, cards: drawn });
  }
  const limit = limitOf(d.s);
  const waits = d.s.players.some((p) => p.hand.length > limit);
  if (waits) d.s.phase = { name: 'draw-action-cards' };
  return waits;
}

export function drawDecisions(t: Table): Decision[] {
  const out: Decision[] = [];
  const LIMIT = limitOf(t);
  for (let seat = 0; seat < t.players.length; seat++) {
    const n = handCount(t, seat);
    if (n > LIMIT) {
      out.push({
        seat,
        kind: 'discard',
        prompt: `Discard ${n - LIMIT} action card${n - LIMIT === 1 ? '' : 's'}: your hand limit is ${LIMIT}.`,
      });
    }
  }
  return out;
}

export function drawLegal(t: Table, seat: Seat): Action[] {
  if (handCount(t, seat) <= limitOf(t)) return [];
  const hand = t.players[seat]?.hand ?? [];
  return [...new Set(hand)].map((card) => ({ type: 'discard', card }));
}

export function applyDraw(d: Draft, seat: Seat, a: Action): RuleError | null {
  if (a.type !== 'discard') {
    return ruleError('NOT_YOUR_DECISION', 'Only discards are awaited now.');
  }
  const p = d.s.players[seat];
  if (p === undefined) return ruleError('UNKNOWN_SEAT', 'No such seat.');
  const i = p.hand.indexOf(a.card);
  if (i === -1) return ruleError('ILLEGAL_ACTION', 'That card is not in your hand.');
  const w = d.player(seat);
  w.hand = [...p.hand.slice(0, i), ...p.hand.slice(i + 1)];
  d.s.actionDiscard = [...d.s.actionDiscard, a.card];
  d.emit({ type: 'card-discarded', seat, card: a.card });
  return null;
}
