import { describe, expect, it } from 'vitest';
import { Draft } from '../state/draft.js';
import type { GameState, Seat } from '../state/types.js';
import { ofType, turnOf } from '../testing/battle.js';
import { describeEvent } from '../views/describe.js';
import { payTradeIncome } from './trade.js';

const TABLE = {
  players: [{ race: 'mentak' as const }, { race: 'letnev' as const }, { race: 'hacan' as const }],
};

/** Receive Trade Income with `agreements` in force, no law changing the income. */
function incomeWith(agreements: [Seat, Seat][]) {
  const { politics: _laws, ...s0 } = turnOf(0, 'movement', TABLE, 3);
  const s: GameState = {
    ...s0,
    tradeAgreements: agreements.map((seats, i) => ({ seats, card: `trade-agreement#${i + 1}` })),
  };
  const d = new Draft(s);
  payTradeIncome(d);
  return { before: s, after: d.finish(), events: d.events };
}

describe('BG-1 Mentak: Piracy', () => {
  it('gains 1 credit for each active trade agreement in play, even between other players', () => {
    const { before, after, events } = incomeWith([[1, 2]]);
    const piracy = ofType(events, 'credits-received').filter((e) => e.seat === 0);
    expect(piracy).toEqual([
      {
        type: 'credits-received',
        seat: 0,
        amount: 1,
        total: (before.players[0]?.credits ?? 0) + 1,
      },
    ]);
    expect(after.players[0]?.credits).toBe((before.players[0]?.credits ?? 0) + 1);
    const [first] = piracy;
    expect(first && describeEvent(first, ['Ann', 'Bob', 'Cy'])).toBe(
      `Ann receives 1 credit (now ${String(after.players[0]?.credits)}).`,
    );
  });

  it("counts the Mentak's own agreements too, on top of their trade income", () => {
    const { before, after, events } = incomeWith([
      [0, 1],
      [1, 2],
    ]);
    const income = ofType(events, 'trade-income')
      .filter((e) => e.seat === 0)
      .reduce((n, e) => n + e.amount, 0);
    expect(ofType(events, 'credits-received').filter((e) => e.seat === 0)).toHaveLength(1);
    expect(after.players[0]?.credits).toBe((before.players[0]?.credits ?? 0) + income + 2);
  });

  it('gives nothing to a race without it', () => {
    const { events } = incomeWith([[0, 1]]);
    expect(ofType(events, 'credits-received').filter((e) => e.seat !== 0)).toEqual([]);
  });
});
