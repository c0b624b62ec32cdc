import { describe, expect, it, vi } from 'vitest';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import { ROUND_PHASES } from '../state/phase.js';
import { advanceTo, newGame, withPlayer } from '../testing/fixtures.js';
import { passThroughRound, phaseLog } from '../testing/round-log.js';

// Whole random games: generous when the machine is shared with other test runs.
vi.setConfig({ testTimeout: 60_000 });

describe('BG-2 order of phases', () => {
  it('runs the eleven phases in order every round', () => {
    const { events } = passThroughRound(newGame(3, {}, 'order'), 2);
    const log = phaseLog(events, 2);
    expect(log.map((x) => x.split(':')[0])).toEqual([...ROUND_PHASES]);
  });

  it('logs every phase once a round, started or skipped, never both', () => {
    // Seats left broke in round 1: later rounds' Technology (30 credits) has nothing to sell.
    for (const players of [2, 3, 5]) {
      let s = advanceTo(newGame(players, {}, `once-${players}`), 'purchase-units');
      for (let seat = 0; seat < players; seat++) s = withPlayer(s, seat, { credits: 0 });
      const { events } = passThroughRound(s, 3);
      const skips = new Set<string>();
      for (const round of [2, 3]) {
        const log = phaseLog(events, round);
        expect(log.map((x) => x.split(':')[0])).toEqual([...ROUND_PHASES]);
        for (const x of log) if (x.endsWith(':skip')) skips.add(x);
      }
      expect(skips).toContain('technology:skip');
    }
  });

  it('skips Assassin (no Assassins option) and Trade Income (no agreements yet)', () => {
    const { events } = passThroughRound(newGame(3, {}, 'skips'), 2);
    const log = phaseLog(events, 2);
    expect(log).toContain('assassin:skip');
    expect(log).toContain('receive-trade-income:skip');
  });

  it('holds the Political phase only with 3 or more players', () => {
    expect(phaseLog(passThroughRound(newGame(2, {}, 'pol2'), 2).events, 2)).toContain(
      'political:skip',
    );
    expect(phaseLog(passThroughRound(newGame(3, {}, 'pol3'), 2).events, 2)).toContain(
      'political:run',
    );
  });

  it('starts the next round after Place New Units', () => {
    const { state, events } = passThroughRound(newGame(2, {}, 'next'), 1);
    expect(state.round).toBe(2);
    const i = events.findIndex((e) => e.type === 'round-started' && e.round === 2);
    const before = events
      .slice(0, i)
      .filter((e) => e.type === 'phase-started' || e.type === 'phase-skipped');
    expect(before.at(-1)).toMatchObject({ phase: 'place-new-units' });
  });
});

describe('BG-10 round limit', () => {
  it('ends the game at the round limit, highest bracket winning', () => {
    const { state, events } = passThroughRound(newGame(2, { roundLimit: 2 }, 'limit'), 5);
    expect(state.phase.name).toBe('game-over');
    expect(state.round).toBe(2);
    const over = events.find((e) => e.type === 'game-over');
    expect(over).toMatchObject({ type: 'game-over', reason: 'round-limit' });
    expect(decisions(state)).toEqual([]);
    const r = apply(state, 0, { type: 'end-turn' });
    expect(!r.ok && r.error.code).toBe('GAME_OVER');
  });
});
