import { describe, expect, it, vi } from 'vitest';
import type { GameEvent } from '../events.js';
import { newGame } from '../testing/fixtures.js';
import { skipReceiveTradeIncome } from './receive-trade-income.js';
import {
  eventsBetween,
  neighbours,
  passThroughRound,
  phaseEvents,
  phaseLog,
} from '../testing/round-log.js';

// Whole games played to round 2: generous when the machine is shared with other test runs.
vi.setConfig({ testTimeout: 60_000 });

describe('BG-2 receive trade income phase', () => {
  it.each([2, 3, 5])(
    'is skipped every round with %i players, since no trade agreements exist yet',
    (players) => {
      const { events } = passThroughRound(newGame(players, {}, `trade-${players}`), 2);
      for (const round of [1, 2]) {
        const mine = phaseEvents(events, round).filter((e) => e.phase === 'receive-trade-income');
        expect(mine).toEqual([
          {
            type: 'phase-skipped',
            round,
            phase: 'receive-trade-income',
            reason: 'no trade agreements exist yet',
          },
        ]);
      }
    },
  );

  it.each([2, 3])(
    'comes after Individual Turns and before Technology with %i players',
    (players) => {
      const { events } = passThroughRound(newGame(players, {}, `trade-order-${players}`), 2);
      for (const round of [1, 2]) {
        expect(neighbours(phaseLog(events, round), 'receive-trade-income')).toEqual({
          before: 'individual-turns:run',
          entry: 'receive-trade-income:skip',
          after: 'technology:run',
        });
      }
    },
  );

  it('pays nobody: no event between its skip and the Technology phase', () => {
    const { events } = passThroughRound(newGame(3, {}, 'trade-quiet'), 2);
    for (const round of [1, 2]) {
      const inside = eventsBetween(
        events,
        (e: GameEvent) =>
          e.type === 'phase-skipped' && e.phase === 'receive-trade-income' && e.round === round,
        (e: GameEvent) =>
          (e.type === 'phase-started' || e.type === 'phase-skipped') &&
          e.phase === 'technology' &&
          e.round === round,
      );
      expect(inside).toEqual([]);
    }
  });

  it('gives the same reason the events carry', () => {
    expect(skipReceiveTradeIncome()).toBe('no trade agreements exist yet');
  });
});
