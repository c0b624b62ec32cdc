import { describe, expect, it, vi } from 'vitest';
import type { GameEvent } from '../events.js';
import { Draft } from '../state/draft.js';
import { newGame } from '../testing/fixtures.js';
import { skipPolitical } from './political.js';
import {
  eventsBetween,
  neighbours,
  passThroughRound,
  phaseEvents,
  phaseLog,
} from '../testing/round-log.js';

const politicalEvents = (players: number, seed: string) => {
  const { events } = passThroughRound(newGame(players, {}, seed), 2);
  return { events, rounds: [1, 2].map((round) => ({ round, log: phaseLog(events, round) })) };
};

// Whole games played to round 2: generous when the machine is shared with other test runs.
vi.setConfig({ testTimeout: 60_000 });

describe('BG-2 political phase', () => {
  it('is skipped every round of a 2-player game, between Assassin and Draw Action Cards', () => {
    const { events, rounds } = politicalEvents(2, 'political-2');
    for (const { round, log } of rounds) {
      expect(phaseEvents(events, round).filter((e) => e.phase === 'political')).toEqual([
        { type: 'phase-skipped', round, phase: 'political', reason: 'only with 3 or more players' },
      ]);
      expect(neighbours(log, 'political')).toEqual({
        before: 'assassin:skip',
        entry: 'political:skip',
        after: 'draw-action-cards:run',
      });
    }
  });

  it.each([3, 4, 8])(
    'is held every round with %i players, between Assassin and Draw Action Cards',
    (players) => {
      const { events, rounds } = politicalEvents(players, `political-${players}`);
      for (const { round, log } of rounds) {
        expect(phaseEvents(events, round).filter((e) => e.phase === 'political')).toEqual([
          { type: 'phase-started', round, phase: 'political' },
        ]);
        expect(neighbours(log, 'political')).toEqual({
          before: 'assassin:skip',
          entry: 'political:run',
          after: 'draw-action-cards:run',
        });
      }
    },
  );

  it('passes at once until its BG-8 content exists: nothing happens inside it', () => {
    const { events } = passThroughRound(newGame(3, {}, 'political-quiet'), 2);
    for (const round of [1, 2]) {
      const inside = eventsBetween(
        events,
        (e: GameEvent) =>
          e.type === 'phase-started' && e.phase === 'political' && e.round === round,
        (e: GameEvent) =>
          e.type === 'phase-started' && e.phase === 'draw-action-cards' && e.round === round,
      );
      expect(inside).toEqual([]);
    }
  });

  it('decides from the number of seats alone', () => {
    for (let players = 2; players <= 8; players++) {
      const expected = players < 3 ? 'only with 3 or more players' : null;
      expect(skipPolitical(new Draft(newGame(players, {}, `political-seats-${players}`)))).toBe(
        expected,
      );
    }
  });
});
