import { describe, expect, it } from 'vitest';
import { newGame } from '../testing/fixtures.js';
import { playBots } from '../testing/bot-play.js';
import { heuristicBot } from './heuristic-bot.js';

/**
 * OR-6.2 "…cannot exist on a planet with no friendly Ground/Shock Forces":
 * heuristic bots never carry the last troops away from under their leaders
 * (such a move is neither offered nor accepted), so a table of bots with
 * leaders on still has them after three rounds. A leader may still fall to
 * the dice or be sacrificed as a Sabotage card: the test asks for a rate.
 */
describe('OR-6.2 bots never strand their leaders', () => {
  const tables = [3, 6, 8].flatMap((players) => [1, 2, 3].map((seed) => ({ players, seed })));

  it('heuristic bots of 3, 6 and 8 seats: every seat keeps a leader past round 3 in most seeds', () => {
    let kept = 0;
    for (const { players, seed } of tables) {
      const start = newGame(
        players,
        { leaders: true, roundLimit: 3 },
        `leaders-${players}-${seed}`,
      );
      const bots = Array.from({ length: players }, (_, s) => heuristicBot(seed * 10 + s));
      const r = playBots(start, bots, 6000 * players);
      expect(r.refused).toEqual([]);
      expect(r.state.phase.name).toBe('game-over');
      // No leader is ever left on a planet without its troops.
      const stranded = r.events.filter(
        (e) => e.type === 'leader-fate' && /no friendly Ground Forces/.test(e.reason),
      );
      expect(stranded).toEqual([]);
      const everySeat = r.state.players.every((p) => p.leaders.some((l) => l.status === 'active'));
      if (everySeat) kept += 1;
    }
    expect(kept / tables.length).toBeGreaterThanOrEqual(0.75);
  }, 120_000);
});
