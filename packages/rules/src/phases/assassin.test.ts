import { describe, expect, it, vi } from 'vitest';
import type { GameEvent } from '../events.js';
import { newGame } from '../testing/fixtures.js';
import { skipAssassin } from './assassin.js';
import {
  eventsBetween,
  neighbours,
  passThroughRound,
  phaseEvents,
  phaseLog,
} from '../testing/round-log.js';

// Whole games played to round 2: generous when the machine is shared with other test runs.
vi.setConfig({ testTimeout: 60_000 });

const isAssassinSkip = (round: number) => (e: GameEvent) =>
  e.type === 'phase-skipped' && e.phase === 'assassin' && e.round === round;
const isPolitical = (round: number) => (e: GameEvent) =>
  (e.type === 'phase-started' || e.type === 'phase-skipped') &&
  e.phase === 'political' &&
  e.round === round;

describe('BG-2 assassin phase', () => {
  it.each([2, 3, 6])(
    'is skipped every round with %i players, since the Assassins option (OR-6.2) is not in play',
    (players) => {
      const { events } = passThroughRound(newGame(players, {}, `assassin-${players}`), 2);
      for (const round of [1, 2]) {
        const mine = phaseEvents(events, round).filter((e) => e.phase === 'assassin');
        expect(mine).toEqual([
          {
            type: 'phase-skipped',
            round,
            phase: 'assassin',
            reason: 'the Assassins option is not in play',
          },
        ]);
      }
    },
  );

  it('comes after Market and before Political, whatever the player count', () => {
    const two = phaseLog(passThroughRound(newGame(2, {}, 'assassin-order-2'), 2).events, 2);
    const three = phaseLog(passThroughRound(newGame(3, {}, 'assassin-order-3'), 2).events, 2);
    expect(neighbours(two, 'assassin')).toEqual({
      before: 'market:run',
      entry: 'assassin:skip',
      after: 'political:skip',
    });
    expect(neighbours(three, 'assassin')).toEqual({
      before: 'market:run',
      entry: 'assassin:skip',
      after: 'political:run',
    });
  });

  it('changes nothing: no event between its skip and the Political phase', () => {
    const { events } = passThroughRound(newGame(3, {}, 'assassin-quiet'), 2);
    for (const round of [1, 2]) {
      expect(eventsBetween(events, isAssassinSkip(round), isPolitical(round))).toEqual([]);
    }
  });

  it('gives the same reason the events carry', () => {
    expect(skipAssassin()).toBe('the Assassins option is not in play');
  });
});
