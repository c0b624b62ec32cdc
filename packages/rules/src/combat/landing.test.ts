import { hexKey, type HexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import type { GameEvent } from '../events.js';
import { legalActions } from '../legal-actions.js';
import type { GameState, UnitCounts } from '../state/types.js';
import { cleared, dice, landing, ofType, setOwner, turnOf, withUnits } from '../testing/battle.js';
import { applied, type Readable } from '../testing/apply.js';
import { deepFreeze } from '../testing/fixtures.js';
import { view } from '../views/view.js';
import { planetUnits, spaceUnits } from './forces.js';
import { landingOptions } from './landing.js';

const RACES = { players: [{ race: 'sol' as const }, { race: 'letnev' as const }] };
const ARC = 'Arc Prime';

/**
 * Sol (seat 0) in its Invasion Combat segment, over the Letnev home system
 * (Arc Prime, Wren Terra) emptied of everything but what the test puts there.
 */
function over(mine: UnitCounts, theirs: UnitCounts): { s: GameState; h: HexKey } {
  const s0 = turnOf(0, 'invasion-combat', RACES);
  const h = hexKey(s0.galaxy.homes[1] ?? { q: 0, r: 0 });
  let s = cleared(s0, h);
  s = withUnits(s, h, 0, mine);
  s = withUnits(s, h, 1, theirs, ARC);
  return { s: deepFreeze(s), h };
}

const READABLE: Readable = { names: [], unreadable: /undefined|NaN/ };

function step(s: GameState, seat: number, action: unknown, rolls: number[] = []) {
  return applied(s, seat, action, rolls, READABLE);
}

function refused(s: GameState, seat: number, action: unknown): string {
  const r = apply(s, seat, action);
  return r.ok ? 'accepted' : r.error.code;
}

function captured(events: readonly GameEvent[]) {
  return ofType(events, 'planet-captured').map((e) => [e.planet, e.from, e.to]);
}

describe('BG-7 landing', () => {
  it('landing on a neutral planet without defenders simply takes it', () => {
    const { s: s0, h } = over({ carrier: 1, 'ground-force': 2 }, {});
    const s = setOwner(s0, ARC, null);
    const r = step(s, 0, landing(h, ARC, { groundForces: 2 }));
    expect(dice(r.events)).toEqual([]);
    expect(captured(r.events)).toEqual([[ARC, null, 0]]);
    expect(r.state.planets[ARC]?.owner).toBe(0);
    expect(planetUnits(r.state, h, ARC, 0)).toEqual({ 'ground-force': 2 });
    expect(spaceUnits(r.state, h, 0)).toEqual({ carrier: 1 });
  });

  it('landing on an own planet only puts the units down', () => {
    const { s: s0, h } = over({ carrier: 1, 'ground-force': 2, pds: 1 }, {});
    const s = setOwner(s0, ARC, 0);
    const r = step(s, 0, landing(h, ARC, { groundForces: 1, pds: 1 }));
    expect(r.events.map((e) => e.type)).toEqual(['units-landed']);
    expect(planetUnits(r.state, h, ARC, 0)).toEqual({ 'ground-force': 1, pds: 1 });
  });

  it('landingOptions tells a client what may land or bombard where, the same on a view as on the state', () => {
    const { s, h } = over(
      { dreadnought: 2, carrier: 1, 'ground-force': 3, pds: 1 },
      { 'ground-force': 2 },
    );
    const options = landingOptions(s, 0);
    expect(options).toContainEqual({
      hex: h,
      planet: ARC,
      owner: 1,
      groundForces: 3,
      shockForces: 0,
      pds: 1,
      dreadnoughts: 2,
      bombardable: true,
      fighters: 0,
      bacterial: false,
    });
    expect(landingOptions(view(s, 0), 0)).toEqual(options);
    expect(landingOptions(s, 1)).toEqual([]);
    const after = step(
      s,
      0,
      landing(h, ARC, { groundForces: 3, bombard: 2 }),
      [1, 1, 8, 8, 8, 1, 1],
    );
    expect(landingOptions(after.state, 0).map((o) => o.planet)).not.toContain(ARC);
  });

  it('nobody lands where enemy ships remain, nor outside the Invasion Combat segment', () => {
    const { s: s0, h } = over({ carrier: 1, 'ground-force': 2 }, { 'ground-force': 1 });
    const s = withUnits(s0, h, 1, { cruiser: 1 });
    expect(refused(s, 0, landing(h, ARC, { groundForces: 2 }))).toBe('ILLEGAL_ACTION');
    expect(legalActions(s, 0).filter((a) => a.type === 'land')).toEqual([]);
    const moving = { ...s0, phase: { ...s0.phase, segment: 'movement' } } as GameState;
    expect(refused(moving, 0, landing(h, ARC, { groundForces: 2 }))).toBe('ILLEGAL_ACTION');
    expect(refused(s0, 0, landing(h, ARC, { groundForces: 3 }))).toBe('ILLEGAL_ACTION');
    expect(refused(s0, 1, landing(h, ARC, { groundForces: 2 }))).toBe('NOT_YOUR_DECISION');
  });
});
