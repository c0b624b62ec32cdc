import type { HexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import type { TechId } from '../content/technologies.js';
import { planetUnits, spaceUnits } from '../combat/forces.js';
import { legalActions } from '../legal-actions.js';
import { movableCount } from '../movement/rules.js';
import type { GameState, Seat } from '../state/types.js';
import {
  cleared,
  dice,
  home,
  ofType,
  quietPair,
  setOwner,
  turnOf,
  withArrivals,
  withUnits,
} from '../testing/battle.js';
import { applied, type Readable } from '../testing/apply.js';
import { withPlayer } from '../testing/fixtures.js';
import { leaderOf, withLeader } from '../testing/leaders.js';

const PLAIN = { players: [{ race: 'sol' as const }, { race: 'xxcha' as const }] };

function withTech(s: GameState, seat: Seat, ...technologies: TechId[]): GameState {
  return withPlayer(s, seat, { technologies });
}

const READABLE: Readable = { names: ['Ann', 'Bob'], unreadable: /undefined|NaN|\d,-?\d/ };

function step(s: GameState, seat: number, action: unknown, rolls: number[] = []) {
  return applied(s, seat, action, rolls, READABLE);
}

function techActions(s: GameState, seat: Seat, tech: string) {
  return legalActions(s, seat).filter((a) => a.type === 'use-technology' && a.technology === tech);
}

function phaseOf(s: GameState) {
  if (s.phase.name !== 'individual-turns') throw new Error('not in a turn');
  return s.phase;
}

describe('BG-9 Spatial Jump (technology): a fleet jumps before the Movement segment', () => {
  it('sends one fleet anywhere, each ship lost on 8-10, once per turn and only before the first move', () => {
    const base = withTech(turnOf(0, 'movement', PLAIN), 0, 'spatial-jump');
    const [x, y] = quietPair(base);
    const s = withUnits(base, x, 0, { cruiser: 2, carrier: 1, 'ground-force': 2 });
    const far = home(s, 1);
    const offered = techActions(s, 0, 'spatial-jump');
    expect(offered).toContainEqual({
      type: 'use-technology',
      technology: 'spatial-jump',
      hex: x,
      toHex: far,
    });
    // Without the technology nothing is offered and the jump is refused.
    const without = withTech(s, 0);
    expect(techActions(without, 0, 'spatial-jump')).toEqual([]);
    const refused = apply(without, 0, {
      type: 'use-technology',
      technology: 'spatial-jump',
      hex: x,
      toHex: far,
    });
    expect(refused.ok || refused.error.code).toBe('ILLEGAL_ACTION');

    // The Carrier rolls 3 (kept), the Cruisers 9 (lost) and 2.
    const r = step(
      s,
      0,
      { type: 'use-technology', technology: 'spatial-jump', hex: x, toHex: far },
      [3, 9, 2],
    );
    expect(ofType(r.events, 'technology-used')).toEqual([
      { type: 'technology-used', seat: 0, technology: 'spatial-jump' },
    ]);
    expect(dice(r.events).map((d) => d.rolls)).toEqual([[3], [9, 2]]);
    expect(spaceUnits(r.state, x, 0)).toEqual({});
    expect(spaceUnits(r.state, far, 0)).toEqual({ cruiser: 1, carrier: 1, 'ground-force': 2 });
    expect(movableCount(r.state, phaseOf(r.state), 0, far, 'cruiser')).toBe(0);
    // Once per turn.
    expect(techActions(r.state, 0, 'spatial-jump')).toEqual([]);

    // After an ordinary move the jump is no longer "before the Movement segment".
    const moved = step(withUnits(s, y, 0, { cruiser: 1 }), 0, {
      type: 'move',
      from: y,
      path: [x],
      ships: { cruiser: 1 },
    }).state;
    expect(techActions(moved, 0, 'spatial-jump')).toEqual([]);
  });
});

describe('OR-6.2 Spatial Jump (technology): the leaders’ Fighter among the Fighters that jump', () => {
  it('OR-6.2: a leader aboard a Fighter jumps with the Fighters when its owner names its ship; unnamed, it stays with the Fighters left behind', () => {
    const base = withTech(turnOf(0, 'movement', { ...PLAIN, leaders: true }), 0, 'spatial-jump');
    const h = home(base, 0);
    // The Spacedock holds 2 Fighters; the Carrier takes 5 of the 6 along, one stays.
    let s = withUnits(cleared(base, h), h, 0, { spacedock: 1, 'ground-force': 1 }, 'Jord');
    s = withUnits(s, h, 0, { carrier: 1, fighter: 6 });
    s = withLeader(s, 0, 'admiral', { hex: h, ship: 'fighter' });
    const far = home(s, 1);
    const jump = {
      type: 'use-technology',
      technology: 'spatial-jump',
      hex: h,
      toHex: far,
    } as const;
    expect(techActions(s, 0, 'spatial-jump')).toContainEqual(jump);
    expect(techActions(s, 0, 'spatial-jump')).toContainEqual({ ...jump, leaderShips: ['fighter'] });
    // No ship is lost in the jump (every die 1).
    const rolls = [1, 1, 1, 1, 1, 1, 1];
    const named = step(s, 0, { ...jump, leaderShips: ['fighter'] }, rolls);
    expect(spaceUnits(named.state, far, 0)).toEqual({ carrier: 1, fighter: 5 });
    expect(leaderOf(named.state, 0, 'admiral')).toMatchObject({ hex: far, ship: 'fighter' });
    const unnamed = step(s, 0, jump, rolls);
    expect(leaderOf(unnamed.state, 0, 'admiral')).toMatchObject({ hex: h, ship: 'fighter' });
    const r = apply(s, 0, { ...jump, leaderShips: ['carrier'] });
    expect(r.ok ? 'accepted' : `${r.error.code}: ${r.error.message}`).toBe(
      'ILLEGAL_ACTION: No leader of yours is aboard a Carrier there (OR-6.2).',
    );
  });
});

describe('BG-9 Transit Diodes (technology): Ground Forces shift before the Movement segment', () => {
  it('moves up to 3 Ground Forces in all between the owner’s planets, anywhere', () => {
    const base = withTech(turnOf(0, 'movement', PLAIN), 0, 'transit-diodes');
    const h = home(base, 0);
    const other = Object.entries(base.planets).find(([, p]) => p.hex === home(base, 1))?.[0] ?? '';
    let s = withUnits(base, h, 0, { 'ground-force': 5 }, 'Jord');
    s = setOwner(s, other, 0);
    const offered = techActions(s, 0, 'transit-diodes');
    expect(offered).toContainEqual({
      type: 'use-technology',
      technology: 'transit-diodes',
      planet: 'Jord',
      to: other,
      count: 3,
    });
    expect(offered.some((a) => a.type === 'use-technology' && (a.count ?? 0) > 3)).toBe(false);
    const r = step(s, 0, {
      type: 'use-technology',
      technology: 'transit-diodes',
      planet: 'Jord',
      to: other,
      count: 2,
    });
    expect(planetUnits(r.state, h, 'Jord', 0)['ground-force']).toBe(3);
    expect(planetUnits(r.state, home(s, 1), other, 0)['ground-force']).toBe(2);
    expect(ofType(r.events, 'ground-forces-shifted')).toHaveLength(1);
    // One more may go this turn, not two.
    const two = apply(r.state, 0, {
      type: 'use-technology',
      technology: 'transit-diodes',
      planet: 'Jord',
      to: other,
      count: 2,
    });
    expect(two.ok).toBe(false);
    step(r.state, 0, {
      type: 'use-technology',
      technology: 'transit-diodes',
      planet: 'Jord',
      to: other,
      count: 1,
    });
    // Only to a planet the player controls.
    const enemy = apply(withTech(base, 0, 'transit-diodes'), 0, {
      type: 'use-technology',
      technology: 'transit-diodes',
      planet: 'Jord',
      to: other,
      count: 1,
    });
    expect(enemy.ok).toBe(false);
  });
  it('never takes the last Ground Force from under a leader of the mover (OR-6.2)', () => {
    const base = withTech(turnOf(0, 'movement', { ...PLAIN, leaders: true }), 0, 'transit-diodes');
    const h = home(base, 0);
    expect(base.players[0]?.leaders.some((l) => l.planet === 'Jord')).toBe(true);
    const other = Object.entries(base.planets).find(([, p]) => p.hex === home(base, 1))?.[0] ?? '';
    const s = setOwner(
      withUnits(base, h, 0, { 'ground-force': 2, spacedock: 1 }, 'Jord'),
      other,
      0,
    );
    const counts = techActions(s, 0, 'transit-diodes').flatMap((a) =>
      a.type === 'use-technology' && a.planet === 'Jord' ? [a.count] : [],
    );
    expect(counts).toEqual([1]);
    const all = apply(s, 0, {
      type: 'use-technology',
      technology: 'transit-diodes',
      planet: 'Jord',
      to: other,
      count: 2,
    });
    expect(all.ok).toBe(false);
  });
});

describe('BG-9 Shuttle Logistics (technology): Ground Forces between nearby planets', () => {
  it('moves Ground Forces to an own planet in the same or an adjacent system, not farther, and not twice', () => {
    const base = withTech(turnOf(0, 'movement', PLAIN), 0, 'shuttle-logistics');
    const h = home(base, 0);
    const far = Object.entries(base.planets).find(([, p]) => p.hex === home(base, 1))?.[0] ?? '';
    // A neutral planet next to Jord's system, made seat 0's.
    const near = Object.entries(base.planets).find(
      ([, p]) => p.owner === null && phaseAdjacent(p.hex, h),
    )?.[0];
    if (near === undefined) throw new Error('no planet next to the home system');
    let s = withUnits(base, h, 0, { 'ground-force': 3 }, 'Jord');
    s = setOwner(setOwner(s, near, 0), far, 0);
    const offered = techActions(s, 0, 'shuttle-logistics');
    expect(offered).toContainEqual({
      type: 'use-technology',
      technology: 'shuttle-logistics',
      planet: 'Jord',
      to: near,
      count: 3,
    });
    expect(offered.some((a) => a.type === 'use-technology' && a.to === far)).toBe(false);
    const tooFar = apply(s, 0, {
      type: 'use-technology',
      technology: 'shuttle-logistics',
      planet: 'Jord',
      to: far,
      count: 1,
    });
    expect(tooFar.ok).toBe(false);
    const r = step(s, 0, {
      type: 'use-technology',
      technology: 'shuttle-logistics',
      planet: 'Jord',
      to: near,
      count: 2,
    });
    const nearHex = s.planets[near]?.hex ?? h;
    expect(planetUnits(r.state, nearHex, near, 0)['ground-force']).toBe(2);
    // The two that arrived may not go on this turn (back to Jord).
    const back = apply(r.state, 0, {
      type: 'use-technology',
      technology: 'shuttle-logistics',
      planet: near,
      to: 'Jord',
      count: 1,
    });
    expect(back.ok).toBe(false);
  });
});

function phaseAdjacent(a: HexKey, b: HexKey): boolean {
  const [aq = 0, ar = 0] = a.split(',').map(Number);
  const [bq = 0, br = 0] = b.split(',').map(Number);
  const dq = aq - bq;
  const dr = ar - br;
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr)) === 1;
}

describe('BG-9 Stasis Capsules (technology): Cruisers and Dreadnoughts carry a Ground Force', () => {
  it('a Cruiser takes one Ground Force along, never a Fighter, and only with the technology', () => {
    const base = turnOf(0, 'movement', PLAIN);
    const [x, y] = quietPair(base);
    const s0 = withUnits(base, x, 0, { cruiser: 1, 'ground-force': 1, fighter: 1 });
    const s = withTech(s0, 0, 'enviro-compensator', 'stasis-capsules');
    const move = (load: unknown[]) => ({
      type: 'move',
      from: x,
      path: [y],
      ships: { cruiser: 1 },
      load,
    });
    const one = [{ hex: x, unit: 'ground-force', count: 1 }];
    const r = step(s, 0, move(one));
    expect(spaceUnits(r.state, y, 0)).toEqual({ cruiser: 1, 'ground-force': 1 });
    expect(apply(withTech(s0, 0), 0, move(one)).ok).toBe(false);
    expect(apply(s, 0, move([{ hex: x, unit: 'fighter', count: 1 }])).ok).toBe(false);
    const two = withUnits(s, x, 0, { cruiser: 1, 'ground-force': 2 });
    expect(apply(two, 0, move([{ hex: x, unit: 'ground-force', count: 2 }])).ok).toBe(false);
    // The Ground Force aboard the Cruiser may not be left behind in space.
    expect(apply(s, 0, move([])).ok).toBe(false);
  });

  it('OR-6.1: Shock Forces travel only aboard Carriers: no Cruiser or Dreadnought takes one', () => {
    const base = turnOf(0, 'movement', PLAIN);
    const [x, y] = quietPair(base);
    const s0 = withUnits(base, x, 0, { cruiser: 1, 'shock-force': 1 });
    const s = withTech(s0, 0, 'stasis-capsules');
    const r = apply(s, 0, {
      type: 'move',
      from: x,
      path: [y],
      ships: { cruiser: 1 },
      load: [{ hex: x, unit: 'shock-force', count: 1 }],
    });
    expect(r.ok ? 'accepted' : r.error.message).toBe(
      'Shock Forces travel only aboard Carriers (OR-6.1).',
    );
    expect(
      legalActions(s, 0).some((a) =>
        (a.type === 'move' ? (a.load ?? []) : []).some((l) => l.unit === 'shock-force'),
      ),
    ).toBe(false);
    // With a Carrier the Shock Force goes aboard it.
    const carrier = withUnits(s, x, 0, { cruiser: 1, carrier: 1, 'shock-force': 1 });
    const c = step(carrier, 0, {
      type: 'move',
      from: x,
      path: [y],
      ships: { carrier: 1 },
      load: [{ hex: x, unit: 'shock-force', count: 1 }],
    });
    expect(spaceUnits(c.state, y, 0)).toEqual({ carrier: 1, 'shock-force': 1 });
  });

  it('a Cruiser lost in battle takes its Ground Force with it', () => {
    const base = withTech(turnOf(0, 'movement', PLAIN), 0, 'stasis-capsules');
    const [x, y] = quietPair(base);
    let s = withUnits(base, x, 0, { cruiser: 1, 'ground-force': 1 });
    s = withUnits(s, x, 1, { cruiser: 1 });
    s = withArrivals(s, [x], { [x]: [y] });
    // Round 1: seat 0 misses, seat 1 hits: the Cruiser and its Ground Force are lost at once.
    const r = step(s, 0, { type: 'end-segment' }, [1, 9]);
    expect(spaceUnits(r.state, x, 0)).toEqual({});
  });
});
