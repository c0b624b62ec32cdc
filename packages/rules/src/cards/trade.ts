import { electedPlayer, tradeEmbargoed, tradeIncomeBonus } from '../politics/laws.js';
import type { Action } from '../actions/schema.js';
import type { Decision } from '../decision.js';
import { ruleError, type RuleError } from '../errors.js';
import { seatsWithAbility } from '../state/abilities.js';
import { planetsOf } from '../state/board.js';
import type { Draft } from '../state/draft.js';
import { effectsOf } from '../state/economy.js';
import type { Owner, Seat, Table } from '../state/types.js';
import { effectsInForce, inForce } from './in-force.js';
import { ownerName } from './names.js';
import type { TradeAgreement, TradeProposal } from './types.js';

/**
 * BG-11 Trade agreements. A Trade Agreement card is played just before its
 * holder's Movement segment naming a partner, who accepts or refuses; at
 * most one agreement per pair; the card lies face up while it is active.
 * Either partner may cancel it at any time; it breaks by itself when the
 * partners fight each other. In Receive Trade Income each partner gains the
 * number of planets the other controls. The Hacan: nobody may refuse or
 * willingly break an agreement with them, their agreements survive combat,
 * and they start with two Trade Agreement cards in hand.
 */

export function isHacan(t: Table, seat: Seat): boolean {
  return t.players[seat]?.race === 'hacan';
}

export function agreementBetween(t: Table, a: Seat, b: Seat): TradeAgreement | undefined {
  return t.tradeAgreements.find((x) => x.seats.includes(a) && x.seats.includes(b));
}

/** A third party (Influence in the Merchants' Guild) may end it: never one with the Hacan. */
export function canCancelAgreement(t: Table, a: TradeAgreement): boolean {
  return !a.seats.some((s) => isHacan(t, s));
}

/** May `seat` cancel its agreement with `partner`? Never against the Hacan (they may cancel their own). */
function cancelProblem(t: Table, seat: Seat, partner: Seat): string | null {
  if (seat === partner || agreementBetween(t, seat, partner) === undefined) {
    return 'You have no trade agreement with that player.';
  }
  if (isHacan(t, partner)) return 'Nobody may break a trade agreement with the Hacan.';
  return null;
}

function start(d: Draft, from: Seat, to: Seat, card: string): void {
  const seats: [Seat, Seat] = from < to ? [from, to] : [to, from];
  d.s.tradeAgreements = [...d.s.tradeAgreements, { seats, card }];
  d.emit({ type: 'trade-agreed', seats, card });
}

/** The card has resolved: the partner answers (the Hacan's partners cannot refuse: it starts at once). */
export function proposeTrade(d: Draft, from: Seat, to: Seat, card: string): void {
  if (
    agreementBetween(d.s, from, to) !== undefined ||
    tradeEmbargoed(d.s, from) ||
    tradeEmbargoed(d.s, to)
  ) {
    d.s.actionDiscard = [...d.s.actionDiscard, card];
    return;
  }
  d.emit({ type: 'trade-proposed', from, to });
  if (isHacan(d.s, from)) {
    start(d, from, to, card);
    return;
  }
  const w = d.s.window;
  if (w === undefined) return;
  d.s.window = { ...w, proposal: { from, to, card } };
}

export function proposalDecisions(t: Table, p: TradeProposal): Decision[] {
  return [
    {
      seat: p.to,
      kind: 'trade',
      prompt: `${ownerName(t, p.from)} offers you a trade agreement: accept or refuse.`,
    },
  ];
}

export function proposalLegal(_t: Table, p: TradeProposal, seat: Seat): Action[] {
  if (seat !== p.to) return [];
  return [
    { type: 'answer-trade', accept: true },
    { type: 'answer-trade', accept: false },
  ];
}

export function answerTrade(d: Draft, seat: Seat, accept: boolean): RuleError | null {
  const w = d.s.window;
  const p = w?.proposal;
  if (w === undefined || p === undefined || p.to !== seat) {
    return ruleError('NOT_YOUR_DECISION', 'No trade agreement is offered to you.');
  }
  const { proposal: _answered, ...rest } = w;
  d.s.window = rest;
  if (accept) start(d, p.from, p.to, p.card);
  else {
    d.s.actionDiscard = [...d.s.actionDiscard, p.card];
    d.emit({ type: 'trade-refused', from: p.from, to: p.to });
  }
  return null;
}

function end(d: Draft, a: TradeAgreement, reason: string): void {
  d.s.tradeAgreements = d.s.tradeAgreements.filter((x) => x !== a);
  d.s.actionDiscard = [...d.s.actionDiscard, a.card];
  d.emit({ type: 'trade-ended', seats: a.seats, reason });
}

/** BG-11: either partner cancels, at any time (the any-time action `cancel-trade`). */
export function cancelTrade(d: Draft, seat: Seat, partner: Seat): RuleError | null {
  const problem = cancelProblem(d.s, seat, partner);
  if (problem !== null) return ruleError('ILLEGAL_ACTION', problem);
  const a = agreementBetween(d.s, seat, partner);
  if (a !== undefined) end(d, a, `${ownerName(d.s, seat)} cancels it`);
  return null;
}

export function cancelTradeLegal(t: Table, seat: Seat): Action[] {
  return t.tradeAgreements
    .filter((a) => a.seats.includes(seat))
    .map((a) => (a.seats[0] === seat ? a.seats[1] : a.seats[0]))
    .filter((partner) => cancelProblem(t, seat, partner) === null)
    .map((partner) => ({ type: 'cancel-trade', partner }));
}

/** BG-11: combat between partners breaks their agreement (not the Hacan's). Combat calls this. */
export function breakTradeByCombat(d: Draft, a: Owner | null, b: Owner | null): void {
  if (typeof a !== 'number' || typeof b !== 'number' || a === b) return;
  const agreement = agreementBetween(d.s, a, b);
  if (agreement === undefined || isHacan(d.s, a) || isHacan(d.s, b)) return;
  end(d, agreement, 'the partners fight each other');
}

/** What `seat` gains from its agreement with `partner` this phase (before Trade Stop). */
export function tradeIncomeOf(t: Table, seat: Seat, partner: Seat): number {
  let amount = planetsOf(t, partner).length;
  for (const e of effectsOf(t, seat))
    if (e.kind === 'credits-per-trade-agreement') amount += e.value;
  // BG-8 Free Trade: +5 credits for each active agreement.
  amount += tradeIncomeBonus(t, seat, 1, 0);
  // Master of Trade doubles one agreement of the player who played it.
  if (effectsInForce(t, 'master-of-trade', seat).some((e) => e.target?.seat === partner))
    amount *= 2;
  return amount;
}

/** BG-2 phase 9: every agreement pays both partners. */
export function payTradeIncome(d: Draft): void {
  if (inForce(d.s, 'trade-stop')) {
    d.emit({ type: 'trade-income-stopped', reason: 'Trade Stop' });
    return;
  }
  for (const a of d.s.tradeAgreements) {
    const [x, y] = a.seats;
    for (const [seat, partner] of [
      [x, y],
      [y, x],
    ] as const) {
      const amount = tradeIncomeOf(d.s, seat, partner);
      const p = d.player(seat);
      p.credits += amount;
      d.emit({ type: 'trade-income', seat, partner, amount, total: p.credits });
    }
  }
  // BG-8 Minister of Commerce: 1 credit for every agreement in play.
  const minister = electedPlayer(d.s, 'minister-of-commerce');
  const bonus = minister === undefined ? 0 : d.s.tradeAgreements.length;
  if (minister !== undefined && bonus > 0) {
    const p = d.player(minister);
    p.credits += bonus;
    d.emit({ type: 'credits-received', seat: minister, amount: bonus, total: p.credits });
  }
  // BG-1 Mentak Piracy: 1 credit for every agreement in play, theirs or not.
  const agreements = d.s.tradeAgreements.length;
  if (agreements === 0) return;
  for (const seat of seatsWithAbility(d.s, 'mentak-piracy')) {
    const p = d.player(seat);
    p.credits += agreements;
    d.emit({ type: 'credits-received', seat, amount: agreements, total: p.credits });
  }
}

/** BG-8 Trade Embargo, as it passes: the elected player's agreements end. */
export function embargo(d: Draft, seat: Seat): void {
  for (const a of d.s.tradeAgreements) {
    if (a.seats.includes(seat)) end(d, a, 'Trade Embargo');
  }
}
