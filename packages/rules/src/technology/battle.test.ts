import { hexKey, neighbours, type HexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { spaceUnits } from '../combat/forces.js';
import type { TechId } from '../content/technologies.js';
import { legalActions } from '../legal-actions.js';
import type { GameState, Seat } from '../state/types.js';
import {
  cleared,
  dice,
  ofType,
  quietPair,
  turnOf,
  withArrivals,
  withTile,
  withUnits,
} from '../testing/battle.js';
import { applied, type Readable } from '../testing/apply.js';
import { withPlayer } from '../testing/fixtures.js';
import { systemName } from '../views/names.js';

// Sol and the Xxcha start with no combat technology: what they roll is what the technology adds.
const PLAIN = { players: [{ race: 'sol' as const }, { race: 'xxcha' as const }] };

function plain(): GameState {
  const s = turnOf(0, 'movement', PLAIN);
  return withPlayer(withPlayer(s, 0, { technologies: [] }), 1, { technologies: [] });
}

function withTech(s: GameState, seat: Seat, ...technologies: TechId[]): GameState {
  return withPlayer(s, seat, { technologies });
}

const READABLE: Readable = { names: ['Ann', 'Bob'], unreadable: /undefined|NaN/ };

function step(s: GameState, seat: number, action: unknown, rolls: number[] = []) {
  return applied(s, seat, action, rolls, READABLE);
}

describe('BG-9 Assault Cannon (technology): Dreadnoughts fire before the battle', () => {
  it('each Dreadnought rolls once before round 1, its hits taken before any return fire', () => {
    const [x, y] = quietPair(plain());
    let s = withTech(plain(), 0, 'assault-cannon');
    s = withUnits(s, x, 0, { dreadnought: 2 });
    s = withUnits(s, x, 1, { cruiser: 1, fighter: 1 });
    s = withArrivals(s, [x], { [x]: [y] });
    // Assault Cannon: 5 (hit), 1; losses: one hit on a Cruiser and a Fighter is seat 1's choice.
    const r = step(s, 0, { type: 'end-segment' }, [5, 1]);
    const place = systemName(x, s.galaxy);
    expect(dice(r.events)).toEqual([
      {
        purpose: `Assault Cannon before the battle in ${place}: Dreadnoughts, hit on 4+`,
        rolls: [5, 1],
      },
    ]);
    expect(ofType(r.events, 'hits-scored')).toEqual([
      { type: 'hits-scored', hex: x, by: 0, against: 1, hits: 1, reason: 'Assault Cannon' },
    ]);
    // Seat 1 chooses which ship the shot kills; no round has been rolled.
    expect(ofType(r.events, 'battle-round')).toEqual([]);
    const after = step(
      r.state,
      1,
      { type: 'choose-casualties', losses: { fighter: 1 } },
      [1, 1, 1],
    );
    expect(ofType(after.events, 'units-destroyed')[0]?.reason).toBe('PDS and Assault Cannon fire');
    // Without the technology the battle opens with round 1.
    const without = step(withTech(s, 0), 0, { type: 'end-segment' }, [1, 1, 1, 1]);
    expect(dice(without.events)[0]?.purpose).toMatch(/round 1/);
  });
});

describe('BG-9 Deep Space Cannon (technology): PDS fire into adjacent systems', () => {
  it('a PDS next door fires at ships that ended their move there; without it, it stays silent', () => {
    const base = plain();
    const h = hexKey(base.galaxy.homes[1] ?? { q: 0, r: 0 });
    const home = Object.entries(base.planets).find(([, p]) => p.hex === h)?.[0] ?? '';
    const next = neighbours(base.galaxy.homes[1] ?? { q: 0, r: 0 })
      .map(hexKey)
      .find((k) => base.galaxy.tiles[k] !== undefined && base.units[k] === undefined) as HexKey;
    let s = withTech(cleared(base, h), 1, 'deep-space-cannon');
    s = withUnits(s, h, 1, { pds: 1, 'ground-force': 1 }, home);
    s = withUnits(s, next, 0, { cruiser: 2 });
    s = withArrivals(s, [next]);
    const r = step(s, 0, { type: 'end-segment' }, [7]);
    expect(dice(r.events)).toEqual([
      { purpose: `PDS fire from ${home} (Deep Space Cannon): PDS, hit on 7+`, rolls: [7] },
    ]);
    expect(spaceUnits(r.state, next, 0)).toEqual({ cruiser: 1 });
    const silent = step(withTech(s, 1), 0, { type: 'end-segment' }, []);
    expect(dice(silent.events)).toEqual([]);
  });

  it("the attacker's PDS next door fire at the defending fleet before round 1", () => {
    const base = plain();
    const h = hexKey(base.galaxy.homes[0] ?? { q: 0, r: 0 });
    const next = neighbours(base.galaxy.homes[0] ?? { q: 0, r: 0 })
      .map(hexKey)
      .find((k) => base.galaxy.tiles[k] !== undefined && base.units[k] === undefined) as HexKey;
    let s = withTech(base, 0, 'deep-space-cannon');
    s = withUnits(s, h, 0, { pds: 1, 'ground-force': 1 }, 'Jord');
    s = withUnits(s, next, 0, { cruiser: 1 });
    s = withUnits(s, next, 1, { cruiser: 1 });
    s = withArrivals(s, [next]);
    // The PDS on Jord hits (7): the defending Cruiser dies before any round.
    const r = step(s, 0, { type: 'end-segment' }, [7]);
    expect(dice(r.events)).toEqual([
      { purpose: 'PDS fire from Jord (Deep Space Cannon): PDS, hit on 7+', rolls: [7] },
    ]);
    expect(spaceUnits(r.state, next, 1)).toEqual({});
    expect(ofType(r.events, 'battle-ended')[0]?.winner).toBe(0);
  });
});

describe('BG-9 Strategic Mathematics (technology): Cruisers move on after a won battle', () => {
  it('half the Cruisers of the winner may move on, and fight where they stop', () => {
    const [x, y] = quietPair(plain());
    let s = withTech(plain(), 0, 'strategic-mathematics');
    s = withUnits(s, x, 0, { cruiser: 4 });
    s = withUnits(s, x, 1, { fighter: 1 });
    s = withArrivals(s, [x], { [x]: [y] });
    // Round 1: seat 0 hits with a 9 (Cruisers hit on 7+), the Fighter misses.
    const won = step(s, 0, { type: 'end-segment' }, [9, 1, 1, 1, 1]);
    expect(ofType(won.events, 'battle-ended')[0]?.winner).toBe(0);
    const offered = legalActions(won.state, 0).filter((a) => a.type === 'use-technology');
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((a) => (a.count ?? 0) <= 2)).toBe(true);
    // Two of four move on to y, where seat 1 waits with a Cruiser: a new battle there.
    const withEnemy = withUnits(won.state, y, 1, { cruiser: 1 });
    const r = step(
      withEnemy,
      0,
      { type: 'use-technology', technology: 'strategic-mathematics', hex: x, path: [y], count: 2 },
      [9, 9, 1],
    );
    expect(ofType(r.events, 'technology-used')).toHaveLength(1);
    expect(ofType(r.events, 'battle-started')).toEqual([
      { type: 'battle-started', hex: y, attacker: 0, defender: 1 },
    ]);
    expect(spaceUnits(r.state, x, 0)).toEqual({ cruiser: 2 });
    // Three is more than half.
    const three = apply(won.state, 0, {
      type: 'use-technology',
      technology: 'strategic-mathematics',
      hex: x,
      path: [y],
      count: 3,
    });
    expect(three.ok).toBe(false);
    // Into an empty system: no fight; the one Cruiser still allowed may go on later.
    const calm = step(
      won.state,
      0,
      { type: 'use-technology', technology: 'strategic-mathematics', hex: x, path: [y], count: 1 },
      [],
    );
    expect(ofType(calm.events, 'battle-started')).toEqual([]);
    expect(spaceUnits(calm.state, y, 0)).toEqual({ cruiser: 1 });
    const again = legalActions(calm.state, 0).filter((a) => a.type === 'use-technology');
    expect(again.length).toBeGreaterThan(0);
    expect(again.every((a) => (a.count ?? 0) === 1)).toBe(true);
    // Without the technology nothing is offered.
    const plainWin = step(withTech(s, 0), 0, { type: 'end-segment' }, [9, 1, 1, 1, 1]);
    expect(legalActions(plainWin.state, 0).some((a) => a.type === 'use-technology')).toBe(false);
  });
});

describe('OR-4.1 Nebula: no technology averts the stop', () => {
  it('OR-4.1: no technology moves a ship on from a Nebula it entered this turn (Strategic Mathematics)', () => {
    const [x, y] = quietPair(plain());
    let s = withTile(withTech(plain(), 0, 'strategic-mathematics'), x, 'nebula-1');
    s = withUnits(s, y, 0, { cruiser: 4 });
    s = withUnits(s, x, 1, { carrier: 1 });
    // The four Cruisers enter the Nebula and stop there; they win the battle.
    const moved = step(s, 0, { type: 'move', from: y, path: [x], ships: { cruiser: 4 } });
    const won = step(moved.state, 0, { type: 'end-segment' }, [9, 1, 1, 1, 1]);
    expect(ofType(won.events, 'battle-ended')[0]?.winner).toBe(0);
    expect(legalActions(won.state, 0).some((a) => a.type === 'use-technology')).toBe(false);
    const r = apply(won.state, 0, {
      type: 'use-technology',
      technology: 'strategic-mathematics',
      hex: x,
      path: [y],
      count: 1,
    });
    expect(r.ok ? 'accepted' : r.error.message).toBe(
      'A ship that entered a Nebula this turn stops there: no technology moves it on (OR-4.1).',
    );
    // Cruisers that were already in the Nebula when the turn began may move on.
    const waiting = withUnits(moved.state, x, 0, { cruiser: 6 });
    const won2 = step(waiting, 0, { type: 'end-segment' }, [9, 1, 1, 1, 1, 1, 1]);
    const offered = legalActions(won2.state, 0).filter((a) => a.type === 'use-technology');
    expect(offered.length).toBeGreaterThan(0);
    expect(Math.max(...offered.map((a) => a.count ?? 0))).toBe(2);
  });
});
