import { hexKey, type HexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { decisions } from '../decisions.js';
import { legalActions } from '../legal-actions.js';
import type { GameState, MinorOwner, Owner, UnitCounts } from '../state/types.js';
import { dice, landing, ofType, turnOf, withUnits } from '../testing/battle.js';
import {
  ARC,
  captured,
  INVASION_RACES,
  invasionOver,
  invasionStep,
  refusedWith,
} from '../testing/invasion.js';
import { planetUnits } from './forces.js';

describe('BG-7 Invasion Combat', () => {
  it('Dreadnoughts bombard, ground rounds run until one side is gone, and the winner takes the planet; its Spacedock is destroyed', () => {
    const { s, h } = invasionOver(
      { dreadnought: 2, carrier: 1, 'ground-force': 3 },
      { 'ground-force': 2, spacedock: 1 },
    );
    expect(legalActions(s, 0)).toContainEqual(landing(h, ARC, { groundForces: 3, bombard: 2 }));
    // Bombardment 4 (hit), 1; round 1: invaders 8 (hit), 1, 1, defender 8 (hit).
    const r = invasionStep(
      s,
      0,
      landing(h, ARC, { groundForces: 3, bombard: 2 }),
      [4, 1, 8, 1, 1, 8],
    );
    expect(dice(r.events).map((d) => d.purpose)).toEqual([
      `bombardment of ${ARC}: Dreadnoughts, hit on 4+`,
      `ground combat on ${ARC}, round 1: Ground Forces, hit on 8+`,
      // The Barony of Letnev defends Arc Prime: its Ground Forces get +2 (racial ability).
      `ground combat on ${ARC}, round 1: Ground Force, hit on 6+`,
    ]);
    expect(captured(r.events)).toEqual([[ARC, 1, 0]]);
    expect(planetUnits(r.state, h, ARC, 0)).toEqual({ 'ground-force': 2 });
    expect(planetUnits(r.state, h, ARC, 1)).toEqual({});
    expect(ofType(r.events, 'units-destroyed').map((e) => [e.owner, e.units, e.reason])).toEqual([
      [1, { 'ground-force': 1 }, 'bombardment'],
      [0, { 'ground-force': 1 }, 'ground combat round 1'],
      [1, { 'ground-force': 1 }, 'ground combat round 1'],
      [1, { spacedock: 1 }, 'the planet was captured'],
    ]);
    expect(decisions(r.state).map((d) => [d.seat, d.kind])).toEqual([[0, 'turn']]);
    // Each Dreadnought bombards once per turn; each planet takes one landing per turn.
    expect(refusedWith(r.state, 0, landing(h, 'Wren Terra', { bombard: 1 }))).toBe(
      'ILLEGAL_ACTION',
    );
    expect(refusedWith(r.state, 0, landing(h, ARC, { groundForces: 0, bombard: 0 }))).toBe(
      'ILLEGAL_ACTION',
    );
  });

  it('a planet with PDS is not bombarded; its PDS fire once at the landing forces', () => {
    const { s, h } = invasionOver(
      { dreadnought: 1, carrier: 1, 'ground-force': 2 },
      { 'ground-force': 1, pds: 1 },
    );
    expect(refusedWith(s, 0, landing(h, ARC, { groundForces: 2, bombard: 1 }))).toBe(
      'ILLEGAL_ACTION',
    );
    // PDS 7 (hit): one Ground Force falls before the fight; round 1: invader 1, defender 8.
    const r = invasionStep(s, 0, landing(h, ARC, { groundForces: 2 }), [7, 1, 8]);
    expect(dice(r.events)[0]?.purpose).toBe(
      `PDS fire at the forces landing on ${ARC}: PDS, hit on 7+`,
    );
    expect(ofType(r.events, 'invasion-ended')).toEqual([
      {
        type: 'invasion-ended',
        hex: h,
        planet: ARC,
        winner: 1,
        reason: 'the invaders are wiped out',
      },
    ]);
    expect(r.state.planets[ARC]?.owner).toBe(1);
    expect(planetUnits(r.state, h, ARC, 1)).toEqual({ 'ground-force': 1, pds: 1 });
  });

  it('a planet held by PDS alone: they fire once, then the invaders take it and the PDS are destroyed', () => {
    const { s, h } = invasionOver({ carrier: 1, 'ground-force': 2, pds: 1 }, { pds: 1 });
    const r = invasionStep(s, 0, landing(h, ARC, { groundForces: 2, pds: 1 }), [6]);
    expect(captured(r.events)).toEqual([[ARC, 1, 0]]);
    expect(planetUnits(r.state, h, ARC, 0)).toEqual({ 'ground-force': 2, pds: 1 });
    expect(planetUnits(r.state, h, ARC, 1)).toEqual({});
  });

  it('both sides wiped out: the defender keeps the planet, and landed PDS are lost', () => {
    const { s, h } = invasionOver({ carrier: 1, 'ground-force': 1, pds: 1 }, { 'ground-force': 1 });
    const r = invasionStep(s, 0, landing(h, ARC, { groundForces: 1, pds: 1 }), [8, 8]);
    expect(r.state.planets[ARC]?.owner).toBe(1);
    expect(planetUnits(r.state, h, ARC, 0)).toEqual({});
    expect(planetUnits(r.state, h, ARC, 1)).toEqual({});
    expect(captured(r.events)).toEqual([]);
  });
});

describe('OR-2.2 Minor races defend their planets', () => {
  function minor(s: GameState): { hex: HexKey; owner: MinorOwner; planet: string } {
    const m = s.minorRaces[0];
    if (m === undefined) throw new Error('no minor race');
    const owner: MinorOwner = `minor:${m.race}`;
    const planet = Object.entries(s.planets).find(([, p]) => p.owner === owner)?.[0];
    if (planet === undefined) throw new Error('no minor planet');
    return { hex: m.hex, owner, planet };
  }

  function atMinor(mine: UnitCounts) {
    const s0 = turnOf(0, 'invasion-combat', INVASION_RACES);
    const m = minor(s0);
    let s = withUnits(s0, m.hex, m.owner, {});
    s = withUnits(s, m.hex, 0, mine);
    return { s, ...m };
  }

  it('their Ground Forces fight, the server rolling for them, and a conquered planet is an ordinary one', () => {
    const { s, hex, owner, planet } = atMinor({ carrier: 1, 'ground-force': 3 });
    expect(planetUnits(s, hex, planet, owner)).toEqual({ 'ground-force': 2 });
    const r = invasionStep(s, 0, landing(hex, planet, { groundForces: 3 }), [8, 8, 1, 1, 1]);
    const theirDice = ofType(r.events, 'dice-rolled').filter((e) => e.seat === undefined);
    expect(theirDice).toHaveLength(1);
    expect(theirDice[0]?.purpose).toMatch(/Ground Forces of the .* \(minor race\)/);
    expect(captured(r.events)).toEqual([[planet, owner as Owner, 0]]);
    expect(r.state.planets[planet]?.owner).toBe(0);
  });

  it('bombarded bare, a minor-race planet is still theirs (never neutral)', () => {
    const { s, hex, owner, planet } = atMinor({ dreadnought: 2 });
    const r = invasionStep(s, 0, landing(hex, planet, { bombard: 2 }), [10, 10]);
    expect(planetUnits(r.state, hex, planet, owner)).toEqual({});
    expect(r.state.planets[planet]?.owner).toBe(owner);
    // Bombardment alone is no landing: troops may still land there this turn (and take it).
    const s2 = withUnits(r.state, hex, 0, { dreadnought: 2, carrier: 1, 'ground-force': 1 });
    const l = invasionStep(s2, 0, landing(hex, planet, { groundForces: 1 }));
    expect(l.state.planets[planet]?.owner).toBe(0);
  });
});

describe('OR-6.1 Shock Forces', () => {
  it("a Ground Force's unmodified 10 and a 9 on the second die promote it; its Shock Forces then take the Spacedock", () => {
    const { s, h } = invasionOver(
      { carrier: 1, 'ground-force': 2 },
      { 'ground-force': 2, spacedock: 1 },
    );
    // Round 1: invaders 10 (hit), 1; defenders 1, 1; promotion die 9.
    // Round 2: the Shock Force 5 (hit), the Ground Force 1; the defender left 1.
    const r = invasionStep(s, 0, landing(h, ARC, { groundForces: 2 }), [10, 1, 1, 1, 9, 5, 1, 1]);
    expect(dice(r.events)[2]?.purpose).toBe(`Shock Force promotion on ${ARC}`);
    expect(ofType(r.events, 'shock-force-promoted')).toEqual([
      { type: 'shock-force-promoted', hex: h, planet: ARC, owner: 0, count: 1 },
    ]);
    expect(planetUnits(r.state, h, ARC, 0)).toEqual({ 'ground-force': 1, 'shock-force': 1 });
    expect(decisions(r.state).map((d) => [d.seat, d.kind])).toEqual([[0, 'invasion']]);
    expect(legalActions(r.state, 0)).toEqual([
      { type: 'capture-installations', capture: true },
      { type: 'capture-installations', capture: false },
    ]);
    const c = invasionStep(r.state, 0, { type: 'capture-installations', capture: true });
    expect(planetUnits(c.state, h, ARC, 0)).toEqual({
      'ground-force': 1,
      'shock-force': 1,
      spacedock: 1,
    });
    expect(planetUnits(c.state, h, ARC, 1)).toEqual({});
    expect(ofType(c.events, 'installations-captured')).toHaveLength(1);
    expect(decisions(c.state).map((d) => d.kind)).toEqual(['turn']);
  });

  it('OR-6.1: a Ground Force promoted in the round that wins the invasion is no surviving Shock Force: the Spacedock is destroyed', () => {
    const { s, h } = invasionOver(
      { carrier: 1, 'ground-force': 2 },
      { 'ground-force': 1, spacedock: 1 },
    );
    // Round 1: invaders 10 (hit), 1; defender 1; promotion die 9: the invasion is won this round.
    const r = invasionStep(s, 0, landing(h, ARC, { groundForces: 2 }), [10, 1, 1, 9]);
    expect(ofType(r.events, 'shock-force-promoted')).toHaveLength(1);
    expect(planetUnits(r.state, h, ARC, 0)).toEqual({ 'ground-force': 1, 'shock-force': 1 });
    expect(legalActions(r.state, 0).some((a) => a.type === 'capture-installations')).toBe(false);
    expect(planetUnits(r.state, h, ARC, 1)).toEqual({});
    expect(ofType(r.events, 'installations-captured')).toEqual([]);
    expect(decisions(r.state).map((d) => d.kind)).toEqual(['turn']);
  });

  it('the promotion of a side wiped out in the same round dies unused', () => {
    const { s, h } = invasionOver({ carrier: 1, 'ground-force': 1 }, { 'ground-force': 2 });
    const r = invasionStep(s, 0, landing(h, ARC, { groundForces: 1 }), [10, 8, 8, 10]);
    expect(ofType(r.events, 'shock-force-promoted')).toEqual([]);
    expect(planetUnits(r.state, h, ARC, 0)).toEqual({});
    expect(r.state.planets[ARC]?.owner).toBe(1);
  });

  it('no more than 3 on the board: a promotion beyond that does not happen', () => {
    const { s: s0, h } = invasionOver({ carrier: 1, 'ground-force': 2 }, { 'ground-force': 1 });
    const home = hexKey(s0.galaxy.homes[0] ?? { q: 0, r: 0 });
    const s = withUnits(s0, home, 0, { 'shock-force': 3 }, 'Jord');
    const r = invasionStep(s, 0, landing(h, ARC, { groundForces: 2 }), [10, 1, 1]);
    expect(ofType(r.events, 'shock-force-promoted')).toEqual([]);
    expect(planetUnits(r.state, h, ARC, 0)).toEqual({ 'ground-force': 2 });
  });

  it('without the Shock Forces option a 10 is just a hit', () => {
    const { s, h } = invasionOver(
      { carrier: 1, 'ground-force': 2 },
      { 'ground-force': 1 },
      { shockForces: false },
    );
    const r = invasionStep(s, 0, landing(h, ARC, { groundForces: 2 }), [10, 1, 1]);
    expect(dice(r.events)).toHaveLength(2);
    expect(planetUnits(r.state, h, ARC, 0)).toEqual({ 'ground-force': 2 });
  });

  it('hit on 5+ and are always the first casualties', () => {
    const { s, h } = invasionOver(
      { carrier: 1, 'ground-force': 1, 'shock-force': 1 },
      { 'ground-force': 2 },
    );
    // Round 1: Shock Force 5 (hit), Ground Force 1; defenders 8 (hit), 1. Round 2: 8 (hit); 1.
    const r = invasionStep(
      s,
      0,
      landing(h, ARC, { groundForces: 1, shockForces: 1 }),
      [5, 1, 8, 1, 8, 1],
    );
    const round1 = ofType(r.events, 'units-destroyed').filter((e) => e.owner === 0);
    expect(round1.map((e) => e.units)).toEqual([{ 'shock-force': 1 }]);
    expect(r.state.planets[ARC]?.owner).toBe(0);
  });

  it('are not forced first by the PDS fire before the landing; the invader chooses, then may spare the PDS it took', () => {
    const { s, h } = invasionOver(
      { carrier: 1, 'ground-force': 1, 'shock-force': 1 },
      { 'ground-force': 1, pds: 1 },
    );
    const r = invasionStep(s, 0, landing(h, ARC, { groundForces: 1, shockForces: 1 }), [7]);
    expect(decisions(r.state).map((d) => [d.seat, d.kind])).toEqual([[0, 'casualties']]);
    expect(legalActions(r.state, 0)).toEqual([
      { type: 'choose-casualties', losses: { 'ground-force': 1 } },
      { type: 'choose-casualties', losses: { 'shock-force': 1 } },
    ]);
    expect(refusedWith(r.state, 0, { type: 'choose-casualties', losses: { cruiser: 1 } })).toBe(
      'ILLEGAL_ACTION',
    );
    // Round 1: Shock Force 5 (hit); defender 1.
    const c = invasionStep(
      r.state,
      0,
      { type: 'choose-casualties', losses: { 'ground-force': 1 } },
      [5, 1],
    );
    expect(captured(c.events)).toEqual([[ARC, 1, 0]]);
    expect(decisions(c.state).map((d) => d.kind)).toEqual(['invasion']);
    const d = invasionStep(c.state, 0, { type: 'capture-installations', capture: false });
    expect(planetUnits(d.state, h, ARC, 0)).toEqual({ 'shock-force': 1 });
    expect(planetUnits(d.state, h, ARC, 1)).toEqual({});
  });
});
