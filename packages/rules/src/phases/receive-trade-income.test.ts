import { describe, expect, it, vi } from 'vitest';
import { skipReceiveTradeIncome } from './receive-trade-income.js';
import { Draft } from '../state/draft.js';
import { newGame } from '../testing/fixtures.js';
import { eventsInside, skipped, watchRounds } from '../testing/round-log.js';

// Whole games played to round 2: generous when the machine is shared with other test runs.
vi.setConfig({ testTimeout: 60_000 });

const REASON = 'no trade agreement is in force';

describe('BG-2 receive trade income phase', () => {
  it.each([2, 3, 5])(
    'is skipped every round with %i players, since no trade agreements exist yet',
    (players) => {
      const { rounds } = watchRounds(players, `trade-${players}`, 'receive-trade-income');
      for (const { round, entries } of rounds) {
        expect(entries).toEqual([skipped(round, 'receive-trade-income', REASON)]);
      }
    },
  );

  it.each([2, 3])('comes after Individual Turns and before Technology with %i players', (n) => {
    for (const { place } of watchRounds(n, `trade-order-${n}`, 'receive-trade-income').rounds) {
      expect(place).toEqual({
        before: 'individual-turns:run',
        entry: 'receive-trade-income:skip',
        after: 'technology:run',
      });
    }
  });

  it('pays nobody: no event between its skip and the Technology phase', () => {
    const { events } = watchRounds(3, 'trade-quiet', 'receive-trade-income');
    expect(
      eventsInside(
        events,
        { name: 'receive-trade-income', type: 'phase-skipped' },
        { name: 'technology' },
      ),
    ).toEqual([[], []]);
  });

  it('gives the same reason the events carry', () => {
    expect(skipReceiveTradeIncome(new Draft(newGame(3)))).toBe(REASON);
  });
});
