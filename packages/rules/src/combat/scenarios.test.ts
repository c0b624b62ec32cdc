import { hexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { decisions } from '../decisions.js';
import type { GameEvent } from '../events.js';
import type { MinorOwner } from '../state/types.js';
import { step } from '../testing/apply.js';
import { cleared, landing, ofType, openNeighbour, turnOf, withUnits } from '../testing/battle.js';
import { describeEvent } from '../views/describe.js';
import { planetUnits, spaceUnits } from './forces.js';

/** Whole turns played through `apply`, from the Movement segment to the end of the turn. */

describe('BG-7 / OR-6.1 scenario: an invasion promotes a Shock Force and captures a Spacedock', () => {
  it('moves in, meets no fleet, lands, promotes, takes the planet and its Spacedock, ends the turn', () => {
    const s0 = turnOf(0, 'movement', {
      players: [{ race: 'sol' }, { race: 'letnev' }],
    });
    const target = hexKey(s0.galaxy.homes[1] ?? { q: 0, r: 0 });
    const start = openNeighbour(s0, target);
    let s = cleared(s0, target);
    s = withUnits(s, target, 1, { 'ground-force': 2, spacedock: 1 }, 'Arc Prime');
    s = withUnits(s, start, 0, { carrier: 1, dreadnought: 1, 'ground-force': 3 });
    const log: GameEvent[] = [];

    s = step(
      s,
      0,
      {
        type: 'move',
        from: start,
        path: [target],
        ships: { carrier: 1, dreadnought: 1 },
        load: [{ hex: start, unit: 'ground-force', count: 3 }],
      },
      [],
      log,
    );
    expect(spaceUnits(s, target, 0)).toEqual({ carrier: 1, dreadnought: 1, 'ground-force': 3 });
    // Space Battle segment: nobody's ships and no PDS there, so nothing to fight.
    s = step(s, 0, { type: 'end-segment' }, [], log);
    expect(ofType(log, 'battle-started')).toEqual([]);
    s = step(s, 0, { type: 'end-segment' }, [], log);
    expect(s.phase.name === 'individual-turns' && s.phase.segment).toBe('invasion-combat');
    // Bombardment 1 (miss); round 1: 10 (hit), 1, 1 against 1, 1; promotion die 10.
    // Round 2: the Shock Force 5 (hit), the Ground Forces 1, 1 against 1.
    s = step(
      s,
      0,
      landing(target, 'Arc Prime', { groundForces: 3, bombard: 1 }),
      [1, 10, 1, 1, 1, 1, 10, 5, 1, 1, 1],
      log,
    );
    expect(ofType(log, 'shock-force-promoted')).toHaveLength(1);
    expect(decisions(s)).toEqual([
      {
        seat: 0,
        kind: 'invasion',
        prompt: 'Arc Prime is yours: your Shock Forces may take the enemy installations there.',
      },
    ]);
    s = step(s, 0, { type: 'capture-installations', capture: true }, [], log);
    expect(s.planets['Arc Prime']?.owner).toBe(0);
    expect(planetUnits(s, target, 'Arc Prime', 0)).toEqual({
      'ground-force': 2,
      'shock-force': 1,
      spacedock: 1,
    });
    s = step(s, 0, { type: 'end-turn' }, [], log);
    expect(ofType(log, 'turn-ended')).toEqual([{ type: 'turn-ended', seat: 0 }]);
    const lines = log.map((e) => describeEvent(e, ['Sol', 'Letnev'], s.galaxy));
    expect(lines).toContain('Sol takes Arc Prime from Letnev.');
    expect(lines).toContain('Sol: a Ground Force becomes a Shock Force on Arc Prime.');
    expect(lines).toContain("Sol's Shock Forces capture 1 Spacedock on Arc Prime.");
  });
});

describe('OR-2.2 scenario: a fleet destroyed by a minor race', () => {
  it('a Cruiser enters a minor race home system and the minor race destroys it', () => {
    const s0 = turnOf(0, 'movement', { players: [{ race: 'sol' }, { race: 'letnev' }] });
    const m = s0.minorRaces[0];
    if (m === undefined) throw new Error('no minor race');
    const owner: MinorOwner = `minor:${m.race}`;
    const start = openNeighbour(s0, m.hex);
    let s = withUnits(s0, start, 0, { cruiser: 2 });
    const log: GameEvent[] = [];
    s = step(s, 0, { type: 'move', from: start, path: [m.hex], ships: { cruiser: 2 } }, [], log);
    // Round 1: the Cruisers miss (1, 1); the minor race's 2 Dreadnoughts, Carrier, 2 Cruisers
    // and 2 Fighters hit with 4, 9 and nothing else.
    s = step(s, 0, { type: 'end-turn' }, [1, 1, 4, 1, 9, 1, 1, 1, 1], log);
    const minorDice = ofType(log, 'dice-rolled').filter((e) => e.seat === undefined);
    expect(minorDice.length).toBe(4);
    expect(spaceUnits(s, m.hex, 0)).toEqual({});
    expect(spaceUnits(s, m.hex, owner)).toEqual({
      cruiser: 2,
      dreadnought: 2,
      carrier: 1,
      fighter: 2,
    });
    expect(ofType(log, 'battle-ended')).toEqual([
      {
        type: 'battle-ended',
        hex: m.hex,
        winner: owner,
        reason: 'the attacking fleet is destroyed',
      },
    ]);
    // Nothing was left to decide, so the same `end-turn` went on and ended the turn.
    expect(ofType(log, 'turn-ended')).toEqual([{ type: 'turn-ended', seat: 0 }]);
  });
});

describe('BG-6 scenario: an attack, one round, and a withdrawal to where the fleet came from', () => {
  it('moves in, fights a round, withdraws', () => {
    const s0 = turnOf(0, 'movement', { players: [{ race: 'sol' }, { race: 'letnev' }] });
    const target = hexKey(s0.galaxy.homes[1] ?? { q: 0, r: 0 });
    const start = openNeighbour(s0, target);
    let s = withUnits(s0, target, 1, { cruiser: 2 });
    s = withUnits(s, start, 0, { cruiser: 2 });
    const log: GameEvent[] = [];
    s = step(s, 0, { type: 'move', from: start, path: [target], ships: { cruiser: 2 } }, [], log);
    // Round 1: everyone misses.
    s = step(s, 0, { type: 'end-segment' }, [1, 1, 1, 1], log);
    expect(decisions(s).map((d) => [d.seat, d.kind])).toEqual([[0, 'retreat']]);
    s = step(s, 0, { type: 'withdraw', to: start }, [], log);
    expect(spaceUnits(s, start, 0)).toEqual({ cruiser: 2 });
    expect(spaceUnits(s, target, 1)).toEqual({ cruiser: 2 });
    expect(ofType(log, 'fleet-withdrew')).toEqual([
      { type: 'fleet-withdrew', hex: target, seat: 0, to: start, units: { cruiser: 2 } },
    ]);
  });
});
