import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import type { GameEvent } from '../events.js';
import { legalActions } from '../legal-actions.js';
import type { GameState } from '../state/types.js';
import { step } from '../testing/apply.js';
import {
  cleared,
  dice,
  home,
  landing,
  ofType,
  quietPair,
  setOwner,
  turnOf,
  withArrivals,
  withUnits,
} from '../testing/battle.js';
import { withLaw } from '../testing/politics.js';
import { withPlayer } from '../testing/fixtures.js';
import { leaderOf, noLeaders, withLeader } from '../testing/leaders.js';
import { planetUnits } from './forces.js';

/**
 * OR-6.2 (clarified): "Modifiers add up." The Leader Table's General and
 * Agent modify a roll on top of the roller's own technologies and racial
 * abilities, never instead of them.
 */

type Races = 'sardakk-norr' | 'sol';

/** Seat 0 (`invader`) in its Invasion Combat segment above the Letnev home, Arc Prime held by `defenders` Ground Forces. */
function board(invader: Races, defenders: number, shockForces = false): GameState {
  const s0 = turnOf(0, 'invasion-combat', {
    leaders: true,
    shockForces,
    players: [{ race: invader }, { race: 'letnev' }],
  });
  const target = home(s0, 1);
  let s = noLeaders(noLeaders(cleared(s0, target), 0), 1);
  s = withPlayer(withPlayer(s, 0, { technologies: [] }), 1, { technologies: [] });
  s = setOwner(s, 'Wren Terra', null);
  return withUnits(s, target, 1, { 'ground-force': defenders }, 'Arc Prime');
}

describe('OR-6.2 modifiers add up', () => {
  it("OR-6.2: the General re-rolls only a die that missed under every modifier (Sardakk N'orr hit on 7+)", () => {
    let s = board('sardakk-norr', 2);
    const target = home(s, 1);
    s = withUnits(s, target, 0, { carrier: 1, 'ground-force': 2 });
    s = withLeader(s, 0, 'general', { hex: target, ship: 'carrier' });
    const general = leaderOf(s, 0, 'general').id;
    const log: GameEvent[] = [];
    // Two 7s hit at 7+: there is no miss to re-roll; the defenders' 1s miss.
    const after = step(
      s,
      0,
      landing(target, 'Arc Prime', { groundForces: 2, leaders: [general] }),
      [7, 7, 1, 1],
      log,
    );
    expect(dice(log).map((d) => d.purpose)).toEqual([
      expect.stringMatching(/round 1: Ground Forces, hit on 7\+$/),
      expect.stringMatching(/round 1: Ground Forces, hit on 6\+$/),
    ]);
    expect(ofType(log, 'hits-scored')).toEqual([expect.objectContaining({ by: 0, hits: 2 })]);
    expect(after.planets['Arc Prime']?.owner).toBe(0);
  });

  it('OR-6.2: a re-rolled unmodified 10 of a Ground Force earns the Shock Force promotion roll', () => {
    let s = board('sardakk-norr', 3, true);
    const target = home(s, 1);
    s = withUnits(s, target, 0, { carrier: 1, 'ground-force': 2 });
    s = withLeader(s, 0, 'general', { hex: target, ship: 'carrier' });
    const general = leaderOf(s, 0, 'general').id;
    const log: GameEvent[] = [];
    // Round 1: invaders 1 (miss), 7 (hit); defenders 1, 1, 1; the General re-rolls the 1: 10;
    // the 10 earns a promotion die: 9. Round 2: the Shock Force 5 and the Ground Force 7 hit,
    // the one defender left misses.
    step(
      s,
      0,
      landing(target, 'Arc Prime', { groundForces: 2, leaders: [general] }),
      [1, 7, 1, 1, 1, 10, 9, 5, 7, 1],
      log,
    );
    expect(dice(log).map((d) => d.purpose)).toContainEqual(
      expect.stringMatching(/the General re-rolls a missed 1 \(Ground Force, hit on 7\+\)/),
    );
    expect(ofType(log, 'shock-force-promoted')).toEqual([
      expect.objectContaining({ owner: 0, count: 1 }),
    ]);
  });

  it('OR-6.2: only one General may join one attack; a second is not offered to land', () => {
    let s = board('sardakk-norr', 1);
    const target = home(s, 1);
    s = withUnits(s, target, 0, { carrier: 1, 'ground-force': 2 });
    const ids = (s.players[0]?.leaders ?? []).filter((l) => l.type === 'general').map((l) => l.id);
    expect(ids).toHaveLength(2);
    s = {
      ...s,
      players: s.players.map((p, i) =>
        i !== 0
          ? p
          : {
              ...p,
              leaders: p.leaders.map((l) =>
                l.type === 'general'
                  ? {
                      id: l.id,
                      type: l.type,
                      status: 'active' as const,
                      hex: target,
                      ship: 'carrier' as const,
                    }
                  : l,
              ),
            },
      ),
    };
    const r = apply(s, 0, landing(target, 'Arc Prime', { groundForces: 2, leaders: ids }));
    expect(r.ok ? 'accepted' : r.error.message).toBe(
      'Only one General may join one attack or defence (OR-6.2).',
    );
    const offered = legalActions(s, 0).flatMap((a) =>
      a.type === 'land' && a.leaders !== undefined ? [a.leaders] : [],
    );
    expect(offered.length).toBeGreaterThan(0);
    for (const leaders of offered) {
      expect(leaders.filter((id) => ids.includes(id)).length).toBeLessThanOrEqual(1);
    }
  });

  it("OR-6.2: the General's -4 against bombarding Dreadnoughts adds to the bomber's own +1 (Sardakk N'orr bombard at 7+)", () => {
    let s = board('sardakk-norr', 1);
    const target = home(s, 1);
    s = withUnits(s, target, 0, { dreadnought: 1 });
    s = withLeader(s, 1, 'general', { hex: target, planet: 'Arc Prime' });
    const log: GameEvent[] = [];
    const after = step(s, 0, landing(target, 'Arc Prime', { bombard: 1 }), [7], log);
    expect(dice(log)[0]?.purpose).toMatch(
      /bombardment of Arc Prime: Dreadnought, hit on 7\+ \(enemy General -4\)$/,
    );
    expect(planetUnits(after, target, 'Arc Prime', 1)['ground-force'] ?? 0).toBe(0);
  });

  it("OR-6.2: the Agent's -2 against PDS adds to the PDS's own modifiers (Magen Defense Grid: 8+)", () => {
    let s = board('sol', 1);
    const target = home(s, 1);
    s = withPlayer(s, 1, { technologies: ['magen-defense-grid'] });
    s = withUnits(s, target, 1, { 'ground-force': 1, pds: 1 }, 'Arc Prime');
    s = withUnits(s, target, 0, { carrier: 1, 'ground-force': 2 });
    s = withLeader(s, 0, 'agent', { hex: target, ship: 'carrier' });
    const agent = leaderOf(s, 0, 'agent').id;
    const log: GameEvent[] = [];
    // PDS 8 hits at 8+ (7, +1 Magen, -2 Agent); one Ground Force is lost; round 1: 10 against 1.
    step(
      s,
      0,
      landing(target, 'Arc Prime', { groundForces: 2, leaders: [agent] }),
      [8, 10, 1],
      log,
    );
    expect(dice(log)[0]?.purpose).toMatch(/PDS, hit on 8\+ \(Agent -2\)$/);
    expect(ofType(log, 'hits-scored')[0]).toMatchObject({ by: 1, hits: 1 });
  });
});

describe("OR-6.2 Admiral: the extra die is its ship's, with every modifier of its side", () => {
  it("OR-6.2: the Admiral's extra die counts the side's law bonus too (Minister of War +1 in round 1)", () => {
    let s = turnOf(0, 'movement', {
      leaders: true,
      players: [{ race: 'sol' as const }, { race: 'letnev' as const }],
    });
    s = noLeaders(noLeaders(s, 0), 1);
    s = withPlayer(withPlayer(s, 0, { technologies: [] }), 1, { technologies: [] });
    const [x, y] = quietPair(s);
    s = withUnits(s, x, 0, { cruiser: 1 });
    s = withUnits(s, x, 1, { carrier: 1 });
    s = withArrivals(s, [x], { [x]: [y] });
    s = withLeader(s, 0, 'admiral', { hex: x, ship: 'cruiser' });
    s = withLaw(s, 'minister-of-war#1', { elected: { player: 0 } });
    const log: GameEvent[] = [];
    // Cruiser 1 (miss), the Admiral's die 7: a hit at 7+ (8, +1 Minister of War); the Carrier misses.
    step(s, 0, { type: 'end-segment' }, [1, 7, 1], log);
    expect(dice(log).map((d) => d.purpose)).toEqual([
      expect.stringMatching(/round 1: Cruiser, hit on 7\+ \(Minister of War \+1\)$/),
      expect.stringMatching(/round 1: the Admiral's extra die for its Cruiser, hit on 7\+$/),
      expect.stringMatching(/round 1: Carrier, hit on 9\+$/),
    ]);
    expect(ofType(log, 'hits-scored')).toContainEqual(expect.objectContaining({ by: 0, hits: 1 }));
  });
});
