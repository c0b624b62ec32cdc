import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import { legalActions } from '../legal-actions.js';
import { createGame } from '../setup/create-game.js';
import { planetsOf } from '../state/board.js';
import { Draft } from '../state/draft.js';
import type { GameState, Seat } from '../state/types.js';
import { ofType, quietPair, turnOf, withArrivals, withUnits } from '../testing/battle.js';
import { withDice } from '../testing/dice.js';
import { deepFreeze } from '../testing/fixtures.js';
import { cardIdOf } from '../content/deck.js';
import { describeEvent } from '../views/describe.js';
import { cardIn, withHand } from './testing.js';
import { payTradeIncome } from './trade.js';
import { openWindow } from './window.js';

const TRIO = {
  players: [{ race: 'sol' as const }, { race: 'letnev' as const }, { race: 'hacan' as const }],
};
const NAMES = ['Ann', 'Bob', 'Cy'];

function step(s: GameState, seat: number, action: unknown, rolls: number[] = []) {
  const r = withDice(rolls, () => apply(s, seat, action));
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  for (const e of r.events) expect(describeEvent(e, NAMES)).not.toMatch(/undefined|#/);
  return r;
}

/** `seat`'s Movement segment is about to begin, with only `seat` holding a Trade Agreement. */
function beforeMovement(seat: Seat): GameState {
  let s = turnOf(seat, 'movement', TRIO, 3);
  s = withHand(s, seat, ['trade-agreement']);
  const d = new Draft(s);
  expect(openWindow(d, { kind: 'movement-start', seat })).toBe(true);
  return deepFreeze(d.finish());
}

function propose(s: GameState, from: Seat, to: Seat) {
  return step(s, from, {
    type: 'play-card',
    card: cardIn(s, from, 'trade-agreement'),
    target: { seat: to },
  });
}

describe('BG-11 Trade agreements', () => {
  it('BG-11 while the partner owes its answer, the seats the window asked may neither pass nor play a card: apply refuses what legalActions leaves out, naming the rule', () => {
    let s = turnOf(0, 'movement', TRIO, 3);
    s = withHand(s, 0, ['trade-agreement']);
    s = withHand(s, 2, ['sabotage']);
    const d = new Draft(s);
    expect(openWindow(d, { kind: 'movement-start', seat: 0 })).toBe(true);
    const opened = deepFreeze(d.finish());
    const p = propose(opened, 0, 1);
    // Cy passes on the card as it is played; the agreement resolves and asks Bob.
    const asked = step(p.state, 2, { type: 'pass-card' }).state;
    expect(decisions(asked).map((x) => [x.seat, x.kind])).toEqual([[1, 'trade']]);
    for (const seat of [0, 2]) {
      expect(legalActions(asked, seat).filter((a) => a.type !== 'card-prompts')).toEqual([]);
      for (const action of [
        { type: 'pass-card' },
        { type: 'play-card', card: cardIn(asked, 2, 'sabotage') },
      ]) {
        const r = apply(asked, seat, action);
        expect(r.ok).toBe(false);
        if (r.ok) continue;
        expect(r.error).toMatchObject({ code: 'NOT_YOUR_DECISION', rule: 'BG-11' });
        expect(r.error.message).toBe(
          `${asked.players[0]?.name ?? ''}'s Trade Agreement waits for ${asked.players[1]?.name ?? ''}'s answer (BG-11): nothing else goes on until then.`,
        );
      }
    }
    expect(step(asked, 1, { type: 'answer-trade', accept: true }).state.tradeAgreements).toEqual([
      { seats: [0, 1], card: cardIn(opened, 0, 'trade-agreement') },
    ]);
  });

  it('are played just before the Movement segment naming a partner, who accepts; the card stays face up', () => {
    const s = beforeMovement(0);
    const card = cardIn(s, 0, 'trade-agreement');
    expect(
      legalActions(s, 0).flatMap((a) => (a.type === 'play-card' ? [a.target?.seat] : [])),
    ).toEqual([1, 2]);
    const p = propose(s, 0, 1);
    expect(decisions(p.state)).toEqual([
      {
        seat: 1,
        kind: 'trade',
        prompt: `${p.state.players[0]?.name ?? ''} offers you a trade agreement: accept or refuse.`,
      },
    ]);
    expect(legalActions(p.state, 1)).toEqual([
      { type: 'answer-trade', accept: true },
      { type: 'answer-trade', accept: false },
    ]);
    const a = step(p.state, 1, { type: 'answer-trade', accept: true });
    expect(a.state.tradeAgreements).toEqual([{ seats: [0, 1], card }]);
    expect(a.state.actionDiscard).not.toContain(card);
    expect(a.state.window).toBeUndefined();
    expect(
      describeEvent(ofType(a.events, 'trade-agreed')[0] ?? { type: 'turn-ended', seat: 0 }, NAMES),
    ).toBe('Ann and Bob are now trade partners.');
  });

  it('a partner may refuse: the card is discarded', () => {
    const p = propose(beforeMovement(0), 0, 1);
    const r = step(p.state, 1, { type: 'answer-trade', accept: false });
    expect(r.state.tradeAgreements).toEqual([]);
    expect(r.state.actionDiscard.map(cardIdOf)).toContain('trade-agreement');
  });

  it('at most one agreement per pair of players', () => {
    const s0 = beforeMovement(0);
    const s = {
      ...s0,
      tradeAgreements: [{ seats: [0, 1] as [Seat, Seat], card: 'trade-agreement#13' }],
    };
    const targets = legalActions(s, 0).flatMap((a) =>
      a.type === 'play-card' ? [a.target?.seat] : [],
    );
    expect(targets).toEqual([2]);
    const r = apply(s, 0, {
      type: 'play-card',
      card: cardIn(s, 0, 'trade-agreement'),
      target: { seat: 1 },
    });
    expect(!r.ok && r.error.code).toBe('ILLEGAL_ACTION');
  });

  it('either partner may cancel it at any time, even while another decision is awaited', () => {
    const s0 = turnOf(0, 'movement', TRIO, 3);
    const s = {
      ...s0,
      tradeAgreements: [{ seats: [0, 1] as [Seat, Seat], card: 'trade-agreement#13' }],
    };
    // Offered beside the decision a seat owes, accepted from anyone at any moment.
    expect(legalActions(s, 0)).toContainEqual({ type: 'cancel-trade', partner: 1 });
    const r = step(s, 1, { type: 'cancel-trade', partner: 0 });
    expect(r.state.tradeAgreements).toEqual([]);
    expect(r.state.actionDiscard).toContain('trade-agreement#13');
    const none = apply(r.state, 1, { type: 'cancel-trade', partner: 0 });
    expect(!none.ok && none.error.code).toBe('ILLEGAL_ACTION');
  });

  it('breaks by itself when the partners fight each other', () => {
    const base = turnOf(0, 'movement', TRIO, 3);
    const [x, y] = quietPair(base);
    let s = withUnits(base, x, 0, { dreadnought: 1 });
    s = withUnits(s, x, 1, { cruiser: 1 });
    s = withArrivals(s, [x], { [x]: [y] });
    s = { ...s, tradeAgreements: [{ seats: [0, 1], card: 'trade-agreement#13' }] };
    const r = step(deepFreeze(s), 0, { type: 'end-segment' }, [1, 1]);
    expect(r.state.tradeAgreements).toEqual([]);
    expect(ofType(r.events, 'trade-ended')).toEqual([
      { type: 'trade-ended', seats: [0, 1], reason: 'the partners fight each other' },
    ]);
  });

  it('Receive Trade Income pays each partner the number of planets the other controls', () => {
    // No law from the first round's vote (Free Trade, Minister of Commerce) changes the income here.
    const { politics: _laws, ...s0 } = turnOf(0, 'movement', TRIO, 3);
    const s = {
      ...s0,
      tradeAgreements: [{ seats: [0, 1] as [Seat, Seat], card: 'trade-agreement#13' }],
    };
    const d = new Draft(s);
    payTradeIncome(d);
    const paid = ofType(d.events, 'trade-income').map((e) => [e.seat, e.partner, e.amount]);
    expect(paid).toEqual([
      [0, 1, planetsOf(s, 1).length],
      [1, 0, planetsOf(s, 0).length],
    ]);
    // Each partner's purse grows by that amount (a law such as Minister of Commerce may add more after).
    const first = ofType(d.events, 'trade-income')[0];
    expect(first?.total).toBe((s.players[0]?.credits ?? 0) + planetsOf(s, 1).length);
  });
});

describe('BG-11 the Hacan', () => {
  it('start the game with two Trade Agreement cards in hand', () => {
    const s = createGame(TRIO, 'hacan');
    expect(s.players[2]?.hand.map(cardIdOf)).toEqual(['trade-agreement', 'trade-agreement']);
    expect(s.players[0]?.hand).toEqual([]);
  });

  it('nobody may refuse an agreement with them: it starts as their card resolves', () => {
    const p = propose(beforeMovement(2), 2, 0);
    expect(p.state.tradeAgreements).toEqual([
      { seats: [0, 2], card: expect.any(String) as string },
    ]);
    expect(decisions(p.state).some((d) => d.kind === 'trade')).toBe(false);
  });

  it('nobody may willingly break one with them, and it survives combat', () => {
    const base = turnOf(0, 'movement', TRIO, 3);
    const s = {
      ...base,
      tradeAgreements: [{ seats: [0, 2] as [Seat, Seat], card: 'trade-agreement#13' }],
    };
    expect(legalActions(s, 0).some((a) => a.type === 'cancel-trade')).toBe(false);
    const r = apply(s, 0, { type: 'cancel-trade', partner: 2 });
    expect(!r.ok && r.error.message).toBe('Nobody may break a trade agreement with the Hacan.');
    // The Hacan themselves may cancel it.
    expect(apply(s, 2, { type: 'cancel-trade', partner: 0 }).ok).toBe(true);
    const [x, y] = quietPair(base);
    let f = withUnits(s, x, 0, { dreadnought: 1 });
    f = withUnits(f, x, 2, { cruiser: 1 });
    f = withArrivals(f, [x], { [x]: [y] });
    const fought = step(deepFreeze(f), 0, { type: 'end-segment' }, [1, 1]);
    expect(ofType(fought.events, 'battle-started')).toHaveLength(1);
    expect(fought.state.tradeAgreements).toHaveLength(1);
  });
});
