import { hexKey, type HexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import { legalActions } from '../legal-actions.js';
import type { GameState, Owner } from '../state/types.js';
import {
  cleared,
  dice,
  ofType,
  openNeighbour,
  quietPair,
  turnOf,
  withArrivals,
  withTile,
  withUnits,
} from '../testing/battle.js';
import { applied as step } from '../testing/apply.js';
import { deepFreeze } from '../testing/fixtures.js';
import { describeEvent } from '../views/describe.js';
import { systemName } from '../views/names.js';
import { view } from '../views/view.js';
import { spaceUnits } from './forces.js';

const RACES = { players: [{ race: 'sol' as const }, { race: 'letnev' as const }] };

function board(): { s: GameState; x: HexKey; y: HexKey } {
  const s = turnOf(0, 'movement', RACES);
  const [x, y] = quietPair(s);
  return { s, x, y };
}

describe('BG-6 Space Battle', () => {
  function opening(): { s: GameState; x: HexKey; y: HexKey } {
    const { s: s0, x, y } = board();
    let s = withUnits(s0, x, 0, { dreadnought: 1, cruiser: 2 });
    s = withUnits(s, x, 1, { cruiser: 1, carrier: 1 });
    s = withArrivals(s, [x], { [x]: [y] });
    return { s: deepFreeze(s), x, y };
  }

  it('both sides roll one die per ship, hits land together, and both owners choose casualties at once', () => {
    const { s, x } = opening();
    // Attacker: Dreadnought 4 (hit), Cruisers 1, 1; defender: Carrier 9 (hit), Cruiser 1.
    const r = step(s, 0, { type: 'end-segment' }, [4, 1, 1, 9, 1]);
    expect(ofType(r.events, 'battle-started')).toEqual([
      { type: 'battle-started', hex: x, attacker: 0, defender: 1 },
    ]);
    const rolled = dice(r.events);
    expect(rolled.map((d) => d.purpose)).toEqual([
      `space battle in ${systemName(x, s.galaxy)}, round 1: Dreadnought, hit on 4+`,
      `space battle in ${systemName(x, s.galaxy)}, round 1: Cruisers, hit on 8+`,
      `space battle in ${systemName(x, s.galaxy)}, round 1: Carrier, hit on 9+`,
      // Seat 1 starts with the Hylar V Assault Laser: its Cruisers get +1 (BG-9).
      `space battle in ${systemName(x, s.galaxy)}, round 1: Cruiser, hit on 7+`,
    ]);
    expect(ofType(r.events, 'dice-rolled').map((e) => e.seat)).toEqual([0, 0, 1, 1]);
    expect(decisions(r.state).map((d) => [d.seat, d.kind])).toEqual([
      [0, 'casualties'],
      [1, 'casualties'],
    ]);
    expect(legalActions(r.state, 1)).toEqual([
      { type: 'choose-casualties', losses: { cruiser: 1 } },
      { type: 'choose-casualties', losses: { carrier: 1 } },
    ]);
    // Nobody may end the segment while a battle waits, nor do anything but choose.
    expect(apply(r.state, 0, { type: 'end-segment' }).ok).toBe(false);
    expect(apply(r.state, 1, { type: 'end-turn' }).ok).toBe(false);
    expect(apply(r.state, 0, { type: 'fight-on' }).ok).toBe(false);
    const a = step(r.state, 1, { type: 'choose-casualties', losses: { carrier: 1 } });
    expect(spaceUnits(a.state, x, 1)).toEqual({ cruiser: 1 });
    expect(decisions(a.state).map((d) => [d.seat, d.kind])).toEqual([[0, 'casualties']]);
    const b = step(a.state, 0, { type: 'choose-casualties', losses: { cruiser: 1 } });
    expect(spaceUnits(b.state, x, 0)).toEqual({ dreadnought: 1, cruiser: 1 });
    expect(decisions(b.state).map((d) => [d.seat, d.kind])).toEqual([[0, 'retreat']]);
    for (const e of [...r.events, ...a.events, ...b.events])
      expect(describeEvent(e)).not.toMatch(/undefined/);
  });

  it("gives the same decisions and legal actions on a seat's view as on the state", () => {
    const { s } = opening();
    const r = step(s, 0, { type: 'end-segment' }, [4, 1, 1, 9, 1]);
    for (const seat of [0, 1]) {
      expect(legalActions(view(r.state, seat), seat)).toEqual(legalActions(r.state, seat));
      expect(decisions(view(r.state, 'spectator'))).toEqual(decisions(r.state));
    }
  });

  it('refuses casualties that do not match the hits, changing nothing', () => {
    const { s } = opening();
    const r = step(s, 0, { type: 'end-segment' }, [4, 1, 1, 9, 1]);
    const bad = apply(r.state, 0, {
      type: 'choose-casualties',
      losses: { dreadnought: 1, cruiser: 1 },
    });
    expect(bad.ok || bad.error.code).toBe('ILLEGAL_ACTION');
    const none = apply(r.state, 0, { type: 'choose-casualties', losses: {} });
    expect(none.ok || none.error.code).toBe('ILLEGAL_ACTION');
  });

  it('after a round the attacker withdraws all its ships to a system they came from', () => {
    const { s, x, y } = opening();
    let t = step(s, 0, { type: 'end-segment' }, [4, 1, 1, 9, 1]).state;
    t = step(t, 1, { type: 'choose-casualties', losses: { cruiser: 1 } }).state;
    t = step(t, 0, { type: 'choose-casualties', losses: { cruiser: 1 } }).state;
    expect(legalActions(t, 0)).toEqual([{ type: 'fight-on' }, { type: 'withdraw', to: y }]);
    const elsewhere = apply(t, 0, { type: 'withdraw', to: '0,0' });
    expect(elsewhere.ok || elsewhere.error.code).toBe('ILLEGAL_ACTION');
    const w = step(t, 0, { type: 'withdraw', to: y });
    expect(spaceUnits(w.state, x, 0)).toEqual({});
    expect(spaceUnits(w.state, y, 0)).toEqual({ dreadnought: 1, cruiser: 1 });
    expect(ofType(w.events, 'battle-ended')).toEqual([
      { type: 'battle-ended', hex: x, winner: 1, reason: 'the attacker withdraws' },
    ]);
    expect(decisions(w.state).map((d) => d.kind)).toEqual(['turn']);
  });

  it('fighting on rolls the next round only then, until one side is gone', () => {
    const { s, x } = opening();
    let t = step(s, 0, { type: 'end-segment' }, [4, 1, 1, 9, 1]).state;
    t = step(t, 1, { type: 'choose-casualties', losses: { carrier: 1 } }).state;
    t = step(t, 0, { type: 'choose-casualties', losses: { cruiser: 1 } }).state;
    // Round 2: Dreadnought 1, Cruiser 10 (hit); the lone defending Cruiser 3.
    const r = step(t, 0, { type: 'fight-on' }, [1, 10, 3]);
    expect(ofType(r.events, 'battle-round')).toEqual([{ type: 'battle-round', hex: x, round: 2 }]);
    expect(spaceUnits(r.state, x, 1)).toEqual({});
    expect(ofType(r.events, 'battle-ended')).toEqual([
      { type: 'battle-ended', hex: x, winner: 0, reason: 'the defending fleet is destroyed' },
    ]);
    expect(decisions(r.state).map((d) => [d.seat, d.kind])).toEqual([[0, 'turn']]);
  });

  it('cargo beyond the Carriers left dies with them, the owner choosing which', () => {
    const { s: s0, x, y } = board();
    let s = withUnits(s0, x, 0, { carrier: 2, cruiser: 1, 'ground-force': 8 });
    s = withUnits(s, x, 1, { cruiser: 2 });
    s = withArrivals(s, [x], { [x]: [y] });
    // Attacker: Carriers 1, 1, Cruiser 1; defender: Cruisers 8 (hit), 1.
    const r = step(s, 0, { type: 'end-segment' }, [1, 1, 1, 8, 1]);
    const legal = legalActions(r.state, 0);
    expect(legal).toContainEqual({ type: 'choose-casualties', losses: { cruiser: 1 } });
    expect(legal).toContainEqual({
      type: 'choose-casualties',
      losses: { carrier: 1, 'ground-force': 3 },
    });
    const short = apply(r.state, 0, { type: 'choose-casualties', losses: { carrier: 1 } });
    expect(short.ok || short.error.code).toBe('ILLEGAL_ACTION');
    const ok = step(r.state, 0, {
      type: 'choose-casualties',
      losses: { carrier: 1, 'ground-force': 3 },
    });
    expect(spaceUnits(ok.state, x, 0)).toEqual({ carrier: 1, cruiser: 1, 'ground-force': 5 });
  });

  it('the fights of a turn resolve one after another in the fixed order of their hex keys', () => {
    const { s: s0, x, y } = board();
    let s = s0;
    for (const h of [x, y]) {
      s = withUnits(s, h, 0, { dreadnought: 1, cruiser: 1 });
      s = withUnits(s, h, 1, { cruiser: 1, carrier: 1 });
    }
    s = withArrivals(s, [y, x]);
    const [first, second] = [x, y].sort();
    // First system, round 1: Dreadnought 4 (hit), Cruiser 1; Carrier 1, Cruiser 1.
    const r = step(s, 0, { type: 'end-segment' }, [4, 1, 1, 1]);
    const c = r.state.phase.name === 'individual-turns' ? r.state.phase.combat : undefined;
    expect(c?.battle?.hex).toBe(first);
    expect(c?.queue).toEqual([second]);
    expect(decisions(r.state).map((d) => [d.seat, d.kind])).toEqual([[1, 'casualties']]);
  });

  it('no battle where the active player meets nobody', () => {
    const { s: s0, x } = board();
    const s = withArrivals(withUnits(s0, x, 0, { cruiser: 2 }), [x]);
    const r = step(s, 0, { type: 'end-segment' });
    expect(ofType(r.events, 'battle-started')).toEqual([]);
    expect(decisions(r.state).map((d) => d.kind)).toEqual(['turn']);
  });
});

describe('BG-3 PDS fire', () => {
  function home(): { s: GameState; h: HexKey } {
    const s0 = turnOf(0, 'movement', RACES);
    const h = hexKey(s0.galaxy.homes[1] ?? { q: 0, r: 0 });
    let s = cleared(s0, h);
    s = withUnits(s, h, 1, { pds: 2, 'ground-force': 1 }, 'Arc Prime');
    s = withUnits(s, h, 0, { cruiser: 2 });
    return { s, h };
  }

  it('defending PDS fire at ships that ended their move in their system, with no return fire', () => {
    const { s: s0, h } = home();
    const s = withArrivals(s0, [h]);
    const r = step(s, 0, { type: 'end-segment' }, [7, 3]);
    expect(dice(r.events)).toEqual([
      { purpose: 'PDS fire from Arc Prime: PDS, hit on 7+', rolls: [7, 3] },
    ]);
    expect(ofType(r.events, 'battle-started')).toEqual([
      { type: 'battle-started', hex: h, attacker: 0, defender: null },
    ]);
    // One hit on two Cruisers leaves nothing to choose.
    expect(spaceUnits(r.state, h, 0)).toEqual({ cruiser: 1 });
    expect(ofType(r.events, 'units-destroyed')[0]?.reason).toBe('PDS fire');
    expect(decisions(r.state).map((d) => d.kind)).toEqual(['turn']);
  });

  it('PDS do not fire at ships that were already there', () => {
    const { s } = home();
    const r = step(s, 0, { type: 'end-segment' });
    expect(dice(r.events)).toEqual([]);
  });

  it('in a battle the PDS of both sides fire first', () => {
    const { s: s0, h } = home();
    let s = withUnits(s0, h, 1, { cruiser: 2 });
    s = withUnits(s, h, 1, { pds: 1 }, 'Arc Prime');
    s = withUnits(s, h, 0, { pds: 1, 'ground-force': 1 }, 'Wren Terra');
    s = { ...s, planets: { ...s.planets, 'Wren Terra': { hex: h, owner: 0 } } };
    s = withArrivals(s, [h]);
    // PDS: both hit; round 1: everything misses. No retreat is offered (no record of
    // where the attacker came from), so round 2 follows with more misses, then round 3 ends it.
    const r = step(s, 0, { type: 'end-segment' }, [10, 10, 1, 1, 1, 1, 10, 10]);
    const pdsHits = ofType(r.events, 'hits-scored').filter((e) => e.reason === 'PDS fire');
    expect(pdsHits.map((e) => [e.by, e.against, e.hits]).sort()).toEqual([
      [0, 1, 1],
      [1, 0, 1],
    ]);
    const rounds = ofType(r.events, 'battle-round').map((e) => e.round);
    expect(rounds).toEqual([1, 2, 3]);
    expect(ofType(r.events, 'battle-ended')[0]?.reason).toBe('both fleets are destroyed');
  });
});

describe('OR-4.1 Nebula: fighters in a space battle', () => {
  it('Fighters roll nothing in a Nebula but may be chosen as casualties', () => {
    const { s: s0, x, y } = board();
    let s = withTile(s0, x, 'nebula-1');
    s = withUnits(s, x, 0, { carrier: 1, fighter: 3 });
    s = withUnits(s, x, 1, { cruiser: 1, carrier: 1, fighter: 2 });
    s = withArrivals(s, [x], { [x]: [y] });
    const r = step(s, 0, { type: 'end-segment' }, [9, 1, 8]);
    expect(dice(r.events).map((d) => d.purpose)).toEqual([
      `space battle in ${systemName(x, s.galaxy)}, round 1: Carrier, hit on 9+`,
      `space battle in ${systemName(x, s.galaxy)}, round 1: Carrier, hit on 9+`,
      // Seat 1 starts with the Hylar V Assault Laser: its Cruisers get +1 (BG-9).
      `space battle in ${systemName(x, s.galaxy)}, round 1: Cruiser, hit on 7+`,
    ]);
    expect(legalActions(r.state, 1)).toContainEqual({
      type: 'choose-casualties',
      losses: { fighter: 1 },
    });
    const t = step(r.state, 1, { type: 'choose-casualties', losses: { fighter: 1 } }).state;
    expect(spaceUnits(t, x, 1)).toEqual({ cruiser: 1, carrier: 1, fighter: 1 });
  });

  it('outside a Nebula the same Fighters roll', () => {
    const { s: s0, x, y } = board();
    let s = withUnits(s0, x, 0, { carrier: 1, fighter: 3 });
    s = withUnits(s, x, 1, { cruiser: 1, carrier: 1, fighter: 2 });
    s = withArrivals(s, [x], { [x]: [y] });
    const r = step(s, 0, { type: 'end-segment' }, [1, 1, 1, 1, 1, 1, 1, 1]);
    expect(dice(r.events).flatMap((d) => d.rolls)).toHaveLength(8);
  });
});

describe('OR-2.2 Minor races in a space battle', () => {
  function minorHome(s: GameState): { hex: HexKey; owner: Owner } {
    const m = s.minorRaces[0];
    if (m === undefined) throw new Error('no minor race');
    return { hex: m.hex, owner: `minor:${m.race}` };
  }

  it('the server rolls for the minor race and its casualties go Fighters, Cruisers, Carriers, Dreadnoughts', () => {
    const { s: s0 } = board();
    const { hex, owner } = minorHome(s0);
    const y = openNeighbour(s0, hex);
    expect(spaceUnits(s0, hex, owner)).toEqual({
      cruiser: 2,
      dreadnought: 2,
      carrier: 1,
      fighter: 2,
    });
    let s = withUnits(s0, hex, 0, { dreadnought: 5 });
    s = withArrivals(s, [hex], { [hex]: [y] });
    // Attacker: five hits. Minor race: Dreadnoughts 1 1, Carrier 1, Cruisers 1 1, Fighters 1 1.
    const r = step(s, 0, { type: 'end-segment' }, [10, 10, 10, 10, 10, 1, 1, 1, 1, 1, 1, 1]);
    const minorDice = ofType(r.events, 'dice-rolled').filter((e) => e.seat === undefined);
    expect(minorDice).toHaveLength(4);
    for (const d of minorDice) expect(d.purpose).toMatch(/\(minor race\)/);
    expect(spaceUnits(r.state, hex, owner)).toEqual({ dreadnought: 2 });
    expect(ofType(r.events, 'units-destroyed')).toEqual([
      {
        type: 'units-destroyed',
        hex,
        owner,
        units: { fighter: 2, cruiser: 2, carrier: 1 },
        reason: 'space battle round 1',
      },
    ]);
    // The minor race never decides; the attacker is offered the withdrawal.
    expect(decisions(r.state).map((d) => [d.seat, d.kind])).toEqual([[0, 'retreat']]);
  });
});
