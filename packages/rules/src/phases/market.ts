import type { Action, ActionOf } from '../actions/schema.js';
import { RULE_CONSTANTS } from '../content/constants.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import type { Draft } from '../state/draft.js';
import type { Offer, PhaseState } from '../state/phase.js';
import type { Seat, Table } from '../state/types.js';
import { handCount } from './draw-action-cards.js';

/**
 * BG-2 phase 2, Market: players give each other credits and action cards,
 * nothing else. A gift is an offer the receiver accepts or declines; what
 * is offered waits in escrow so an offer can always be honoured.
 */
type MarketPhase = Extract<PhaseState, { name: 'market' }>;

/** BG-2: a phase with nothing to do passes by itself; here, when nobody holds anything to give. */
export function skipMarket(d: Draft): string | null {
  return d.s.players.some((p) => p.credits > 0 || p.hand.length > 0) ? null : 'nothing to give';
}

export function enterMarket(d: Draft): boolean {
  d.s.phase = { name: 'market', done: [], offers: [], nextOfferId: 1 };
  return true;
}

export function marketDecisions(t: Table, phase: MarketPhase): Decision[] {
  const out: Decision[] = [];
  for (let seat = 0; seat < t.players.length; seat++) {
    if (phase.done.includes(seat)) continue;
    out.push({
      seat,
      kind: 'market',
      prompt: 'Market: offer credits or action cards, answer offers, or end your market.',
    });
  }
  return out;
}

function handOf(t: Table, seat: Seat): readonly string[] {
  return t.players[seat]?.hand ?? [];
}

/**
 * Cards a seat holds for the hand limit: its hand plus what it has in
 * escrow, since a withdrawn or declined offer comes back to the hand.
 */
function cardsHeld(t: Table, phase: MarketPhase, seat: Seat): number {
  let n = handCount(t, seat);
  for (const o of phase.offers) if (o.from === seat) n += o.cards.length;
  return n;
}

function canAccept(t: Table, phase: MarketPhase, seat: Seat, offer: Offer): boolean {
  return cardsHeld(t, phase, seat) + offer.cards.length <= RULE_CONSTANTS.actionCardHandLimit;
}

export function marketLegal(t: Table, phase: MarketPhase, seat: Seat): Action[] {
  const out: Action[] = [];
  const me = t.players[seat];
  // A seat that ended its market has left it: it may neither offer nor answer any more.
  if (me === undefined || phase.done.includes(seat)) return out;
  const hand = handOf(t, seat);
  for (let to = 0; to < t.players.length; to++) {
    if (to === seat || phase.done.includes(to)) continue;
    if (phase.offers.some((o) => o.from === seat && o.to === to)) continue;
    if (me.credits >= 1) out.push({ type: 'make-offer', to, credits: 1, cards: [] });
    if (me.credits > 1) out.push({ type: 'make-offer', to, credits: me.credits, cards: [] });
    for (const card of hand.slice(0, 3))
      out.push({ type: 'make-offer', to, credits: 0, cards: [card] });
  }
  for (const o of phase.offers) {
    if (o.from === seat) out.push({ type: 'withdraw-offer', offerId: o.id });
    if (o.to === seat) {
      if (canAccept(t, phase, seat, o)) out.push({ type: 'accept-offer', offerId: o.id });
      out.push({ type: 'decline-offer', offerId: o.id });
    }
  }
  out.push({ type: 'end-market' });
  return out;
}

/** Gives escrowed goods to `to` (accepted) or back to the giver. */
function settle(d: Draft, offer: Offer, to: Seat): void {
  const p = d.player(to);
  p.credits += offer.credits;
  if (offer.cards.length > 0) p.hand = [...p.hand, ...offer.cards];
}

function removeOffer(d: Draft, phase: MarketPhase, id: number): MarketPhase {
  const next = { ...phase, offers: phase.offers.filter((o) => o.id !== id) };
  d.s.phase = next;
  return next;
}

function makeOffer(
  d: Draft,
  phase: MarketPhase,
  seat: Seat,
  a: ActionOf<'make-offer'>,
): RuleError | null {
  const me = d.s.players[seat];
  if (me === undefined) return ruleError('UNKNOWN_SEAT', 'No such seat.');
  if (a.to === seat) return ruleError('ILLEGAL_ACTION', 'You cannot make an offer to yourself.');
  if (a.to >= d.s.players.length) return ruleError('ILLEGAL_ACTION', 'There is no such player.');
  if (phase.done.includes(a.to)) {
    return ruleError('ILLEGAL_ACTION', 'That player has already left the market.');
  }
  if (phase.offers.some((o) => o.from === seat && o.to === a.to)) {
    return ruleError('ILLEGAL_ACTION', 'You already have an open offer to that player.');
  }
  if (a.credits === 0 && a.cards.length === 0) {
    return ruleError('ILLEGAL_ACTION', 'An offer must give at least one credit or one card.');
  }
  if (a.credits > me.credits)
    return ruleError('ILLEGAL_ACTION', 'You do not have that many credits.');
  if (new Set(a.cards).size !== a.cards.length) {
    return ruleError('ILLEGAL_ACTION', 'The same card is offered twice.');
  }
  if (!a.cards.every((c) => me.hand.includes(c))) {
    return ruleError('ILLEGAL_ACTION', 'You can only offer action cards from your hand.');
  }
  const p = d.player(seat);
  p.credits -= a.credits;
  p.hand = p.hand.filter((c) => !a.cards.includes(c));
  const offer: Offer = {
    id: phase.nextOfferId,
    from: seat,
    to: a.to,
    credits: a.credits,
    cards: a.cards,
  };
  d.s.phase = { ...phase, offers: [...phase.offers, offer], nextOfferId: phase.nextOfferId + 1 };
  d.emit({
    type: 'offer-made',
    offerId: offer.id,
    from: seat,
    to: a.to,
    credits: a.credits,
    cardCount: a.cards.length,
    cards: a.cards,
  });
  return null;
}

export function applyMarket(d: Draft, phase: MarketPhase, seat: Seat, a: Action): RuleError | null {
  switch (a.type) {
    case 'make-offer':
      return makeOffer(d, phase, seat, a);
    case 'withdraw-offer': {
      const o = phase.offers.find((x) => x.id === a.offerId && x.from === seat);
      if (o === undefined)
        return ruleError('ILLEGAL_ACTION', 'You have no open offer with that number.');
      settle(d, o, seat);
      removeOffer(d, phase, o.id);
      d.emit({ type: 'offer-withdrawn', offerId: o.id, from: o.from, to: o.to });
      return null;
    }
    case 'accept-offer':
    case 'decline-offer': {
      const o = phase.offers.find((x) => x.id === a.offerId && x.to === seat);
      if (o === undefined)
        return ruleError('ILLEGAL_ACTION', 'No open offer to you has that number.');
      if (a.type === 'accept-offer') {
        if (!canAccept(d.s, phase, seat, o)) {
          return ruleError(
            'ILLEGAL_ACTION',
            `Accepting would take your hand above ${RULE_CONSTANTS.actionCardHandLimit} action cards.`,
          );
        }
        settle(d, o, seat);
        d.emit({ type: 'offer-accepted', offerId: o.id, from: o.from, to: o.to });
      } else {
        settle(d, o, o.from);
        d.emit({ type: 'offer-declined', offerId: o.id, from: o.from, to: o.to });
      }
      removeOffer(d, phase, o.id);
      return null;
    }
    case 'end-market': {
      // Leaving the market closes every offer this seat is part of.
      let current = phase;
      for (const o of phase.offers) {
        if (o.from === seat) {
          settle(d, o, seat);
          current = removeOffer(d, current, o.id);
          d.emit({ type: 'offer-withdrawn', offerId: o.id, from: o.from, to: o.to });
        } else if (o.to === seat) {
          settle(d, o, o.from);
          current = removeOffer(d, current, o.id);
          d.emit({ type: 'offer-declined', offerId: o.id, from: o.from, to: o.to });
        }
      }
      d.s.phase = { ...current, done: [...current.done, seat] };
      d.emit({ type: 'market-ended', seat });
      return null;
    }
    default:
      return ruleError('NOT_YOUR_DECISION', 'That action does not belong to the Market phase.');
  }
}
