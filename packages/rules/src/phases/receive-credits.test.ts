import { describe, expect, it } from 'vitest';
import { RACES } from '../content/races.js';
import { planetDef } from '../state/board.js';
import { Draft } from '../state/draft.js';
import { incomeOf } from '../state/economy.js';
import { createGame } from '../setup/create-game.js';
import { runReceiveCredits } from './receive-credits.js';

const game = () => createGame({ players: [{ race: 'hacan' }, { race: 'jol-nar' }] }, 'credits');

describe('BG-2 Receive Credits', () => {
  it('pays each player the resources of every planet it controls', () => {
    const g = game();
    const s = { ...g, players: g.players.map((p) => ({ ...p, technologies: [] })) };
    const d = new Draft(s);
    runReceiveCredits(d);
    const after = d.finish();
    s.players.forEach((p, seat) => {
      const expected = RACES[p.race].homePlanets.reduce(
        (n, name) => n + (planetDef(name)?.resources ?? 0),
        0,
      );
      expect(after.players[seat]?.credits).toBe(p.credits + expected);
      expect(d.events).toContainEqual({
        type: 'credits-received',
        seat,
        amount: expected,
        total: p.credits + expected,
      });
    });
  });

  it('adds the per-planet bonus of Sarween Tools', () => {
    const g = game();
    const s = { ...g, players: g.players.map((p) => ({ ...p, technologies: [] })) };
    const withTools = {
      ...s,
      players: s.players.map((p) => ({ ...p, technologies: ['sarween-tools'] })),
    };
    const planets = RACES.hacan.homePlanets.length;
    expect(incomeOf(withTools, 0)).toBe(incomeOf(s, 0) + planets);
  });
});

describe('OR-6.2 Scientist income', () => {
  it('Scientist doubles the income of a planet outside its home system, once', () => {
    const s = game();
    const outside = Object.entries(s.planets).find(
      ([name, p]) => p.owner === null && (planetDef(name)?.resources ?? 0) > 0,
    );
    if (outside === undefined) throw new Error('no neutral planet with resources');
    const [name, where] = outside;
    const base = incomeOf(s, 1);
    const owned = { ...s, planets: { ...s.planets, [name]: { ...where, owner: 1 } } };
    const value = planetDef(name)?.resources ?? 0;
    expect(incomeOf(owned, 1)).toBe(base + value);
    const scientists = (s.players[1]?.leaders ?? []).map((l) =>
      l.type === 'scientist' ? { ...l, hex: where.hex, planet: name } : l,
    );
    expect(scientists.filter((l) => l.type === 'scientist')).toHaveLength(2);
    const withScience = {
      ...owned,
      players: owned.players.map((p, i) => (i === 1 ? { ...p, leaders: scientists } : p)),
    };
    expect(incomeOf(withScience, 1)).toBe(base + 2 * value);
  });
});
