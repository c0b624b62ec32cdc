import { describe, expect, it, vi } from 'vitest';
import { Draft } from '../state/draft.js';
import { newGame } from '../testing/fixtures.js';
import { skipPolitical } from './political.js';
import { eventsInside, skipped, watchRounds } from '../testing/round-log.js';

// Whole games played to round 2: generous when the machine is shared with other test runs.
vi.setConfig({ testTimeout: 60_000 });

const REASON = 'only with 3 or more players';

describe('BG-2 political phase', () => {
  it('is skipped every round of a 2-player game, between Assassin and Draw Action Cards', () => {
    for (const { round, entries, place } of watchRounds(2, 'political-2', 'political').rounds) {
      expect(entries).toEqual([skipped(round, 'political', REASON)]);
      expect(place).toEqual({
        before: 'assassin:skip',
        entry: 'political:skip',
        after: 'draw-action-cards:run',
      });
    }
  });

  it.each([3, 4, 8])(
    'is held every round with %i players, between Assassin and Draw Action Cards',
    (players) => {
      const { rounds } = watchRounds(players, `political-${players}`, 'political');
      for (const { round, entries, place } of rounds) {
        expect(entries).toEqual([{ type: 'phase-started', round, phase: 'political' }]);
        expect(place).toEqual({
          before: 'assassin:skip',
          entry: 'political:run',
          after: 'draw-action-cards:run',
        });
      }
    },
  );

  it('holds a vote in real play: an agenda is revealed and every seat is asked in turn', () => {
    const { events } = watchRounds(3, 'political-quiet', 'political');
    for (const inside of eventsInside(
      events,
      { name: 'political', type: 'phase-started' },
      { name: 'draw-action-cards', type: 'phase-started' },
    )) {
      const types = inside.map((e) => e.type);
      expect(types).toContain('agenda-revealed');
      expect(types).toContain('agenda-resolved');
      expect(types.filter((t) => t === 'vote-cast').length).toBeGreaterThanOrEqual(3);
    }
  });

  it('decides from the number of seats alone', () => {
    for (let players = 2; players <= 8; players++) {
      const expected = players < 3 ? REASON : null;
      expect(skipPolitical(new Draft(newGame(players, {}, `political-seats-${players}`)))).toBe(
        expected,
      );
    }
  });
});
