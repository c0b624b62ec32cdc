import { hexKey, type HexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { planetUnits, spaceUnits } from '../combat/forces.js';
import { landingOptions } from '../combat/landing.js';
import type { TechId } from '../content/technologies.js';
import { legalActions } from '../legal-actions.js';
import type { GameState, UnitCounts } from '../state/types.js';
import { cleared, dice, landing, ofType, turnOf, withUnits } from '../testing/battle.js';
import { withHand } from '../cards/testing.js';
import { applied, type Readable } from '../testing/apply.js';
import { withPlayer } from '../testing/fixtures.js';

// Sol invades the Xxcha home system; neither starts with a combat technology or ability.
const PLAIN = { players: [{ race: 'sol' as const }, { race: 'xxcha' as const }] };

function over(
  mine: UnitCounts,
  theirs: UnitCounts,
  ...technologies: TechId[]
): { s: GameState; h: HexKey; planet: string } {
  let s = turnOf(0, 'invasion-combat', PLAIN);
  s = withPlayer(withPlayer(s, 0, { technologies }), 1, { technologies: [] });
  const h = hexKey(s.galaxy.homes[1] ?? { q: 0, r: 0 });
  const planet = Object.entries(s.planets).find(([, p]) => p.hex === h)?.[0] ?? '';
  s = cleared(s, h);
  s = withUnits(s, h, 0, mine);
  s = withUnits(s, h, 1, theirs, planet);
  return { s, h, planet };
}

const READABLE: Readable = { names: ['Ann', 'Bob'], unreadable: /undefined|NaN/ };

function step(s: GameState, seat: number, action: unknown, rolls: number[] = []) {
  return applied(s, seat, action, rolls, READABLE);
}

describe('BG-9 Graviton Negator (technology): bombard PDS planets, Fighters invade', () => {
  it('Dreadnoughts bombard a planet with PDS only with it', () => {
    const mine = { dreadnought: 1, carrier: 1, 'ground-force': 1 };
    const theirs = { 'ground-force': 1, pds: 1 };
    const without = over(mine, theirs);
    expect(apply(without.s, 0, landing(without.h, without.planet, { bombard: 1 })).ok).toBe(false);
    expect(landingOptions(without.s, 0)[0]?.bombardable).toBe(false);
    const { s, h, planet } = over(mine, theirs, 'graviton-negator');
    expect(landingOptions(s, 0)[0]?.bombardable).toBe(true);
    const r = step(s, 0, landing(h, planet, { bombard: 1 }), [4]);
    expect(dice(r.events)[0]?.purpose).toBe(`bombardment of ${planet}: Dreadnought, hit on 4+`);
    expect(planetUnits(r.state, h, planet, 1)).toEqual({ pds: 1 });
  });

  it('Fighters land with the Ground Forces, roll in the ground rounds and go back to space', () => {
    const mine = { carrier: 1, 'ground-force': 1, fighter: 2 };
    const { s, h, planet } = over(mine, { 'ground-force': 1 }, 'graviton-negator');
    expect(landingOptions(s, 0)[0]?.fighters).toBe(2);
    expect(legalActions(s, 0).some((a) => a.type === 'land' && (a.fighters ?? 0) === 2)).toBe(true);
    // Round 1: the Ground Force misses (1), the Fighters roll 9 (hit) and 1; the defender misses.
    const r = step(s, 0, landing(h, planet, { groundForces: 1, fighters: 2 }), [1, 9, 1, 1]);
    expect(dice(r.events).map((d) => d.purpose)).toEqual([
      `ground combat on ${planet}, round 1: Ground Force, hit on 8+`,
      `ground combat on ${planet}, round 1: Fighters, hit on 9+`,
      `ground combat on ${planet}, round 1: Ground Force, hit on 8+`,
    ]);
    expect(r.state.planets[planet]?.owner).toBe(0);
    expect(planetUnits(r.state, h, planet, 0)).toEqual({ 'ground-force': 1 });
    expect(spaceUnits(r.state, h, 0)).toEqual({ carrier: 1, fighter: 2 });
    expect(ofType(r.events, 'fighters-returned')).toHaveLength(1);
    // Without the technology Fighters stay in space.
    const plain = over(mine, { 'ground-force': 1 });
    const refused = apply(
      plain.s,
      0,
      landing(plain.h, plain.planet, { groundForces: 1, fighters: 1 }),
    );
    expect(refused.ok).toBe(false);
  });
});

describe('BG-9 X-89 Bacterial Weapon (technology)', () => {
  it('a Dreadnought kills every Ground Force on the planet instead of bombarding; the hand is discarded', () => {
    const mine = { dreadnought: 1, carrier: 1, 'ground-force': 1 };
    const { s: s0, h, planet } = over(mine, { 'ground-force': 3 }, 'x-89-bacterial-weapon');
    const s = withHand(s0, 0, ['sabotage', 'flank-speed']);
    expect(landingOptions(s, 0)[0]?.bacterial).toBe(true);
    const action = landing(h, planet, { groundForces: 1, bombard: 1, bacterial: true });
    const r = step(s, 0, action, []);
    expect(dice(r.events)).toEqual([]);
    expect(ofType(r.events, 'technology-used').map((e) => e.technology)).toEqual([
      'x-89-bacterial-weapon',
    ]);
    expect(r.state.planets[planet]?.owner).toBe(0);
    expect(r.state.players[0]?.hand).toEqual([]);
    expect(ofType(r.events, 'hand-discarded')[0]?.count).toBe(2);
    // Without the technology, the same landing is refused.
    const plain = over(mine, { 'ground-force': 3 });
    expect(apply(plain.s, 0, landing(plain.h, plain.planet, action)).ok).toBe(false);
  });
});

describe('BG-9 Dacxive Animators (technology)', () => {
  it('after a won invasion each Ground Force that died rolls; 9-10 comes back on the planet', () => {
    const { s, h, planet } = over(
      { carrier: 1, 'ground-force': 3 },
      { 'ground-force': 1 },
      'dacxive-animators',
    );
    // Round 1: invaders miss (1, 1, 1), the defender hits (9). Round 2: 9 kills the defender, it misses.
    // Then one die for the fallen Ground Force: 9, it comes back.
    const r = step(s, 0, landing(h, planet, { groundForces: 3 }), [1, 1, 1, 9, 9, 1, 1, 9]);
    expect(dice(r.events).at(-1)).toEqual({
      purpose: `Dacxive Animators on ${planet}: a new Ground Force on 9+`,
      rolls: [9],
    });
    expect(planetUnits(r.state, h, planet, 0)).toEqual({ 'ground-force': 3 });
    // Without the technology no die is rolled and the fallen stay dead.
    const plain = over({ carrier: 1, 'ground-force': 3 }, { 'ground-force': 1 });
    const p = step(
      plain.s,
      0,
      landing(plain.h, plain.planet, { groundForces: 3 }),
      [1, 1, 1, 9, 9, 1, 1],
    );
    expect(planetUnits(p.state, plain.h, plain.planet, 0)).toEqual({ 'ground-force': 2 });
  });
});
