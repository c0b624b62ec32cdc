import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { PROGRESSION } from '../content/progression.js';
import { TECH_IDS } from '../content/technologies.js';
import { homeHexKey, planetDef } from '../state/board.js';
import { Draft } from '../state/draft.js';
import { influenceOf, resourcesOf } from '../state/economy.js';
import type { GameState, Seat } from '../state/types.js';
import { advanceTo, newGame } from '../testing/fixtures.js';
import { describeEvent } from '../views/describe.js';
import {
  endByRoundLimit,
  gameOverText,
  runProgression,
  winnersOf,
  winReasonText,
} from './progression.js';
import { RACES } from '../content/races.js';

// Races without economy abilities, and no technologies, so a seat's numbers are its planets' values.
function plainGame(players: number, seed: string, extra = {}): GameState {
  const races = (['letnev', 'xxcha', 'jol-nar'] as const)
    .slice(0, players)
    .map((race) => ({ race }));
  const s = newGame(players, { players: races, ...extra }, seed);
  return { ...s, players: s.players.map((p) => ({ ...p, technologies: [] })) };
}

/** `seat` owns exactly `names` (every other planet it had becomes neutral). */
function own(s: GameState, seat: Seat, names: readonly string[]): GameState {
  const planets = { ...s.planets };
  for (const [name, p] of Object.entries(planets)) {
    if (names.includes(name)) planets[name] = { ...p, owner: seat };
    else if (p.owner === seat) planets[name] = { ...p, owner: null };
  }
  return { ...s, planets };
}

function homePlanets(s: GameState, seat: Seat): string[] {
  const home = homeHexKey(s, seat);
  return Object.entries(s.planets)
    .filter(([, p]) => p.hex === home)
    .map(([n]) => n);
}

function techs(n: number) {
  return TECH_IDS.slice(0, n);
}

function progress(s: GameState): { over: boolean; state: GameState; d: Draft } {
  const d = new Draft(s);
  const over = runProgression(d);
  return { over, state: d.finish(), d };
}

/** Seat 0 holds every planet but seat 1's home, with `t` technologies. */
function empire(t: number, seed = 'empire'): GameState {
  const s = plainGame(2, seed);
  const theirs = homePlanets(s, 1);
  const mine = Object.keys(s.planets).filter((n) => !theirs.includes(n));
  const owned = own(own(s, 1, theirs), 0, mine);
  return {
    ...owned,
    players: owned.players.map((p, i) => (i === 0 ? { ...p, technologies: techs(t) } : p)),
  };
}

describe('BG-10 progression brackets', () => {
  it('one step per Progression phase, Warlord to Imperium Rex, and Imperium Rex wins at once', () => {
    let s = empire(9);
    expect(resourcesOf(s, 0)).toBeGreaterThanOrEqual(30);
    expect(influenceOf(s, 0)).toBeGreaterThanOrEqual(30);
    const names: string[] = [];
    for (let rank = 1; rank <= 4; rank++) {
      const r = progress(s);
      expect(r.state.players[0]?.bracket).toBe(rank);
      expect(r.state.players[1]?.bracket).toBe(0);
      names.push(...r.d.events.flatMap((e) => (e.type === 'bracket-reached' ? [e.name] : [])));
      expect(r.over).toBe(rank === 4);
      s = r.state;
    }
    expect(names).toEqual(PROGRESSION.slice(1).map((b) => b.name));
    expect(s.winner).toBe(0);
    expect(s.phase).toMatchObject({ name: 'game-over', reason: 'imperium-rex' });
  });

  it('each bracket waits for every one of its needs: technologies hold a player at Foundation', () => {
    let s = empire(3);
    s = progress(s).state;
    expect(s.players[0]?.bracket).toBe(1);
    // Consortium wants 4 technologies: with 3 nothing happens, however often the phase comes.
    s = progress(progress(s).state).state;
    expect(s.players[0]?.bracket).toBe(1);
    s = {
      ...s,
      players: s.players.map((p, i) => (i === 0 ? { ...p, technologies: techs(4) } : p)),
    };
    expect(progress(s).state.players[0]?.bracket).toBe(2);
  });

  it('Dominion wants 20 resources and 20 influence besides planets and technologies', () => {
    // Seven planets outside home but only the poorest ones: resources or influence fall short.
    const s0 = plainGame(2, 'dominion');
    const home0 = homePlanets(s0, 0);
    const home1 = homePlanets(s0, 1);
    const poor = Object.keys(s0.planets)
      .filter((n) => !home0.includes(n) && !home1.includes(n))
      .sort((a, b) => (planetDef(a)?.resources ?? 0) - (planetDef(b)?.resources ?? 0))
      .slice(0, 7);
    let s = own(own(s0, 1, home1), 0, poor);
    s = {
      ...s,
      players: s.players.map((p, i) =>
        i === 0 ? { ...p, technologies: techs(6), bracket: 2 } : p,
      ),
    };
    const meets = resourcesOf(s, 0) >= 20 && influenceOf(s, 0) >= 20;
    expect(progress(s).state.players[0]?.bracket).toBe(meets ? 3 : 2);
    expect(meets).toBe(false);
  });
});

describe('BG-10 Imperium Rex tie-breaks', () => {
  /** Seats 0 and 1 split every planet, both at Dominion with 9 technologies. */
  function race(): GameState {
    const s0 = plainGame(2, 'tie');
    const names = Object.keys(s0.planets);
    const a = names.filter((_, i) => i % 2 === 0);
    const b = names.filter((_, i) => i % 2 === 1);
    const s = own(own(s0, 0, a), 1, b);
    return { ...s, players: s.players.map((p) => ({ ...p, bracket: 3, technologies: techs(9) })) };
  }

  it('two players reaching it together: more influence wins; captives (+2 each) count', () => {
    const s = race();
    const r = progress(s);
    const both = r.d.events.filter((e) => e.type === 'bracket-reached').length;
    // The board must give both enough for the test to mean anything.
    expect(both).toBe(2);
    const richer = influenceOf(s, 0) >= influenceOf(s, 1) ? 0 : 1;
    const other = 1 - richer;
    expect(influenceOf(s, 0)).not.toBe(influenceOf(s, 1));
    expect(r.state.winner).toBe(richer);
    // Captives raise the other player's influence above: the winner changes with it.
    const gap = Math.abs(influenceOf(s, 0) - influenceOf(s, 1));
    const captives = Array.from({ length: Math.floor(gap / 2) + 1 }, (_, k) => ({
      owner: richer,
      leaderId: `l${k}`,
    }));
    const flipped = {
      ...s,
      players: s.players.map((p, i) => (i === other ? { ...p, captives } : p)),
    };
    expect(progress(flipped).state.winner).toBe(other);
  });
});

describe('BG-10 last player with planets', () => {
  it('wins when every other player has lost all planets', () => {
    const s = plainGame(3, 'last');
    const r = progress(own(own(s, 1, []), 2, []));
    expect(r.over).toBe(true);
    expect(r.state.winner).toBe(0);
    expect(r.state.phase).toMatchObject({ name: 'game-over', reason: 'last-with-planets' });
  });

  it('two players with planets: the game goes on', () => {
    const s = plainGame(3, 'two-left');
    expect(progress(own(s, 2, [])).over).toBe(false);
  });
});

describe('BG-10 round limit', () => {
  it('ends the game after the last round: the highest bracket wins', () => {
    const s = plainGame(3, 'limit');
    const d = new Draft({
      ...s,
      players: s.players.map((p, i) => ({ ...p, bracket: i === 1 ? 2 : 1 })),
    });
    endByRoundLimit(d);
    expect(d.finish().winner).toBe(1);
  });

  it('ties in the highest bracket: more influence, then more resources, else shared', () => {
    const s0 = plainGame(2, 'limit-ties');
    const all = Object.keys(s0.planets);
    const stripped = own(own(s0, 0, []), 1, []);
    // Two planets of equal influence and different resources.
    let pair: [string, string] | undefined;
    for (const a of all)
      for (const b of all) {
        const pa = planetDef(a);
        const pb = planetDef(b);
        if (pa && pb && pa.influence === pb.influence && pa.resources > pb.resources)
          pair ??= [a, b];
      }
    if (pair === undefined) throw new Error('no such planets on this board');
    const [rich, poor] = pair;
    const tied = own(own(stripped, 0, [poor]), 1, [rich]);
    const d = new Draft(tied);
    endByRoundLimit(d);
    expect(d.finish().winner).toBe(1);
    // Nothing at all on either side: a shared victory.
    const none = new Draft(stripped);
    endByRoundLimit(none);
    expect(none.finish().winner).toBe(null);
    expect(none.events).toContainEqual({
      type: 'game-over',
      winner: null,
      reason: 'round-limit',
      winners: [0, 1],
    });
    // BG-10: a shared victory names everyone who shares it, in one sentence.
    const shared = none.finish();
    expect(winnersOf(shared)).toEqual([0, 1]);
    const [a, b] = shared.players;
    expect(gameOverText(shared)).toBe(
      `${a?.name ?? ''} (${RACES[a?.race ?? 'sol'].name}) and ${b?.name ?? ''} (${RACES[b?.race ?? 'sol'].name}) share the victory: they stood highest on the progression chart when the round limit was reached, and tied on influence and on resources (BG-10).`,
    );
    // A shared victory stored before the winners were kept is worked out from the standing.
    const stored = { ...shared, phase: { name: 'game-over' as const, reason: 'round-limit' } };
    expect(winnersOf(stored)).toEqual([0, 1]);
  });

  it('a game with the option stops after that round, and then every action gets GAME_OVER', () => {
    const s = advanceTo(plainGame(2, 'stop', { roundLimit: 1 }), 'game-over', 5000);
    expect(s.phase.name).toBe('game-over');
    expect(s.round).toBe(1);
    for (const seat of [0, 1]) {
      for (const action of [{ type: 'end-segment' }, { type: 'end-turn' }]) {
        const r = apply(s, seat, action);
        expect(r.ok ? 'accepted' : r.error.code).toBe('GAME_OVER');
      }
    }
  });
});

describe('BG-10 why the game ended, in words', () => {
  it('names each reason and the winner', () => {
    expect(winReasonText('imperium-rex')).toMatch(/Imperium Rex/);
    expect(winReasonText('last-with-planets')).toMatch(/planets/);
    expect(winReasonText('round-limit')).toMatch(/round limit/);
    const line = describeEvent(
      { type: 'game-over', winner: 0, reason: 'imperium-rex', winners: [0] },
      ['Ann', 'Bob'],
      newGame(2).galaxy,
    );
    expect(line).toContain('Ann');
    expect(line).not.toContain('imperium-rex');
  });
});
