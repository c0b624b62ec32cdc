import { describe, expect, it } from 'vitest';
import { legalActions } from '../legal-actions.js';
import type { GameState } from '../state/types.js';
import { dice, landing, setOwner, withUnits } from '../testing/battle.js';
import { ARC, captured, invasionOver, invasionStep, refusedWith } from '../testing/invasion.js';
import { view } from '../views/view.js';
import { planetUnits, spaceUnits } from './forces.js';
import { landingOptions } from './landing.js';

describe('BG-7 landing', () => {
  it('landing on a neutral planet without defenders simply takes it', () => {
    const { s: s0, h } = invasionOver({ carrier: 1, 'ground-force': 2 }, {});
    const s = setOwner(s0, ARC, null);
    const r = invasionStep(s, 0, landing(h, ARC, { groundForces: 2 }));
    expect(dice(r.events)).toEqual([]);
    expect(captured(r.events)).toEqual([[ARC, null, 0]]);
    expect(r.state.planets[ARC]?.owner).toBe(0);
    expect(planetUnits(r.state, h, ARC, 0)).toEqual({ 'ground-force': 2 });
    expect(spaceUnits(r.state, h, 0)).toEqual({ carrier: 1 });
  });

  it('landing on an own planet only puts the units down', () => {
    const { s: s0, h } = invasionOver({ carrier: 1, 'ground-force': 2, pds: 1 }, {});
    const s = setOwner(s0, ARC, 0);
    const r = invasionStep(s, 0, landing(h, ARC, { groundForces: 1, pds: 1 }));
    expect(r.events.map((e) => e.type)).toEqual(['units-landed']);
    expect(planetUnits(r.state, h, ARC, 0)).toEqual({ 'ground-force': 1, pds: 1 });
  });

  it('landingOptions tells a client what may land or bombard where, the same on a view as on the state', () => {
    const { s, h } = invasionOver(
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
    const after = invasionStep(
      s,
      0,
      landing(h, ARC, { groundForces: 3, bombard: 2 }),
      [1, 1, 8, 8, 8, 1, 1],
    );
    expect(landingOptions(after.state, 0).map((o) => o.planet)).not.toContain(ARC);
  });

  it('nobody lands where enemy ships remain, nor outside the Invasion Combat segment', () => {
    const { s: s0, h } = invasionOver({ carrier: 1, 'ground-force': 2 }, { 'ground-force': 1 });
    const s = withUnits(s0, h, 1, { cruiser: 1 });
    expect(refusedWith(s, 0, landing(h, ARC, { groundForces: 2 }))).toBe('ILLEGAL_ACTION');
    expect(legalActions(s, 0).filter((a) => a.type === 'land')).toEqual([]);
    const moving = { ...s0, phase: { ...s0.phase, segment: 'movement' } } as GameState;
    expect(refusedWith(moving, 0, landing(h, ARC, { groundForces: 2 }))).toBe('ILLEGAL_ACTION');
    expect(refusedWith(s0, 0, landing(h, ARC, { groundForces: 3 }))).toBe('ILLEGAL_ACTION');
    expect(refusedWith(s0, 1, landing(h, ARC, { groundForces: 2 }))).toBe('NOT_YOUR_DECISION');
  });
});
