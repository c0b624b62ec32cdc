import { describe, expect, it, vi } from 'vitest';
import { skipAssassin } from './assassin.js';
import { eventsInside, skipped, watchRounds } from '../testing/round-log.js';

// Whole games played to round 2: generous when the machine is shared with other test runs.
vi.setConfig({ testTimeout: 60_000 });

const REASON = 'the Assassins option is not in play';

describe('BG-2 assassin phase', () => {
  it.each([2, 3, 6])(
    'is skipped every round with %i players, since the Assassins option (OR-6.2) is not in play',
    (players) => {
      for (const { round, entries } of watchRounds(players, `assassin-${players}`, 'assassin')
        .rounds) {
        expect(entries).toEqual([skipped(round, 'assassin', REASON)]);
      }
    },
  );

  it('comes after Market and before Political, whatever the player count', () => {
    const two = watchRounds(2, 'assassin-order-2', 'assassin').rounds[1];
    const three = watchRounds(3, 'assassin-order-3', 'assassin').rounds[1];
    expect(two?.place).toEqual({
      before: 'market:run',
      entry: 'assassin:skip',
      after: 'political:skip',
    });
    expect(three?.place).toEqual({
      before: 'market:run',
      entry: 'assassin:skip',
      after: 'political:run',
    });
  });

  it('changes nothing: no event between its skip and the Political phase', () => {
    const { events } = watchRounds(3, 'assassin-quiet', 'assassin');
    expect(
      eventsInside(events, { name: 'assassin', type: 'phase-skipped' }, { name: 'political' }),
    ).toEqual([[], []]);
  });

  it('gives the same reason the events carry', () => {
    expect(skipAssassin()).toBe(REASON);
  });
});
