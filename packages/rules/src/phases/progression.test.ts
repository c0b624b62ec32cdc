import { describe, expect, it } from 'vitest';
import { PROGRESSION } from '../content/progression.js';
import { planetDef } from '../state/board.js';
import { Draft } from '../state/draft.js';
import type { GameState } from '../state/types.js';
import { newGame } from '../testing/fixtures.js';
import { endByRoundLimit, runProgression } from './progression.js';

/** Gives `seat` the first `n` neutral planets on the board. */
function conquer(s: GameState, seat: number, n: number): GameState {
  const neutral = Object.entries(s.planets)
    .filter(([, p]) => p.owner === null)
    .slice(0, n);
  const planets = { ...s.planets };
  for (const [name, p] of neutral) planets[name] = { ...p, owner: seat };
  return { ...s, planets };
}

describe('BG-10 Progression', () => {
  it('climbs one bracket when the next bracket is met, never two at once', () => {
    const s = conquer(newGame(2, {}, 'climb'), 0, 5);
    const rich = {
      ...s,
      players: s.players.map((p, i) =>
        i === 0
          ? { ...p, technologies: ['a', 'b', 'c', 'd', 'e', 'f'] }
          : { ...p, technologies: [] },
      ),
    };
    const d = new Draft(rich);
    expect(runProgression(d)).toBe(false);
    const after = d.finish();
    expect(after.players[0]?.bracket).toBe(1);
    expect(after.players[1]?.bracket).toBe(0);
    expect(d.events).toContainEqual({
      type: 'bracket-reached',
      seat: 0,
      bracket: 1,
      name: PROGRESSION[1]?.name,
    });
    const d2 = new Draft(after);
    runProgression(d2);
    expect(d2.finish().players[0]?.bracket).toBe(2);
  });

  it('stays at Warlord without 5 planets outside the home system', () => {
    const s = conquer(newGame(2, {}, 'stay'), 0, 4);
    const d = new Draft(s);
    runProgression(d);
    expect(d.finish().players[0]?.bracket).toBe(0);
  });

  it('reaching Imperium Rex wins at once', () => {
    const base = conquer(newGame(2, {}, 'rex'), 0, 12);
    const top = PROGRESSION.length - 1;
    const s = {
      ...base,
      players: base.players.map((p, i) =>
        i === 0
          ? { ...p, bracket: top - 1, technologies: Array.from({ length: 9 }, (_, k) => `t${k}`) }
          : p,
      ),
    };
    const resources = Object.entries(s.planets)
      .filter(([, p]) => p.owner === 0)
      .reduce((n, [name]) => n + (planetDef(name)?.resources ?? 0), 0);
    const d = new Draft(s);
    const over = runProgression(d);
    const after = d.finish();
    if (resources >= 30) {
      expect(over).toBe(true);
      expect(after.winner).toBe(0);
      expect(after.phase).toMatchObject({ name: 'game-over', reason: 'imperium-rex' });
    } else {
      expect(over).toBe(false);
    }
  });

  it('a player who alone has planets left wins', () => {
    const s = newGame(2, {}, 'alone');
    const planets = Object.fromEntries(
      Object.entries(s.planets).map(([k, p]) => [k, p.owner === 1 ? { ...p, owner: null } : p]),
    );
    const d = new Draft({ ...s, planets });
    expect(runProgression(d)).toBe(true);
    expect(d.finish().winner).toBe(0);
  });

  it('at the round limit the highest bracket wins', () => {
    const s = newGame(3, {}, 'limit');
    const ranked = { ...s, players: s.players.map((p, i) => ({ ...p, bracket: i === 2 ? 1 : 0 })) };
    const d = new Draft(ranked);
    endByRoundLimit(d);
    expect(d.finish().winner).toBe(2);
    expect(d.events).toContainEqual({
      type: 'game-over',
      winner: 2,
      reason: 'round-limit',
      winners: [2],
    });
  });
});
