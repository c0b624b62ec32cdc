import type { HexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import type { GameEvent } from '../events.js';
import { legalActions } from '../legal-actions.js';
import { Draft } from '../state/draft.js';
import { influenceOf } from '../state/economy.js';
import type { GameState } from '../state/types.js';
import {
  cleared,
  home,
  landing,
  ofType,
  quietPair,
  setOwner,
  turnOf,
  withArrivals,
  withUnits,
} from '../testing/battle.js';
import { step } from '../testing/apply.js';
import { leaderOf, SOL_LETNEV, withLeader } from '../testing/leaders.js';
import { advanceTo, deepFreeze, newGame } from '../testing/fixtures.js';
import { decisions } from '../decisions.js';
import { describeEvent } from '../views/describe.js';
import { applyCaptive, captiveDecisions, captiveLegal } from './captives.js';
import { leaderName } from './names.js';

describe('OR-6.2 Leaders: setup', () => {
  it('three per race start on the capital with the starting Spacedock; the Yssaril get an Admiral third', () => {
    const s = turnOf(0, 'leaders-board', SOL_LETNEV);
    expect(s.players[0]?.leaders.map((l) => [l.type, l.planet, l.hex])).toEqual([
      ['admiral', 'Jord', home(s, 0)],
      ['agent', 'Jord', home(s, 0)],
      ['diplomat', 'Jord', home(s, 0)],
    ]);
    expect(s.units[home(s, 0)]?.planets.Jord?.[0]?.units.spacedock).toBe(1);
    const y = turnOf(0, 'leaders-board', {
      leaders: true,
      players: [{ race: 'yssaril' }, { race: 'sol' }],
    });
    expect(y.players[0]?.leaders.map((l) => l.type)).toEqual(['agent', 'agent', 'admiral']);
    expect(leaderName(leaderOf(y, 0, 'agent').id)).toBe('the Yssaril Tribes Agent (1)');
  });
});

describe('OR-6.2 Leaders: movement windows', () => {
  it('board a ship only in the leaders-board segment: planet → ship, ship → ship in one system', () => {
    const s0 = deepFreeze(turnOf(0, 'leaders-board', SOL_LETNEV));
    const h = home(s0, 0);
    const admiral = leaderOf(s0, 0, 'admiral').id;
    expect(legalActions(s0, 0)).toContainEqual({
      type: 'board-leader',
      leader: admiral,
      ship: 'carrier',
    });
    const log: GameEvent[] = [];
    let s = step(s0, 0, { type: 'board-leader', leader: admiral, ship: 'carrier' }, [], log);
    expect(leaderOf(s, 0, 'admiral')).toMatchObject({ hex: h, ship: 'carrier' });
    expect(leaderOf(s, 0, 'admiral').planet).toBeUndefined();
    expect(describeEvent(ofType(log, 'leader-moved')[0] as GameEvent, ['Ann', 'Bob'])).toMatch(
      /^Ann moves the Federation of Sol Admiral aboard a Carrier in .+\.$/,
    );
    // No Dreadnought at home: refused with a reason, nothing changes.
    s = withUnits(s, h, 0, { carrier: 2, 'ground-force': 2, fighter: 2 });
    const bad = apply(s, 0, { type: 'board-leader', leader: admiral, ship: 'dreadnought' });
    expect(!bad.ok && bad.error.code).toBe('ILLEGAL_ACTION');
    // The Movement segment is no window for boarding.
    s = step(s, 0, { type: 'end-segment' });
    const late = apply(s, 0, {
      type: 'board-leader',
      leader: leaderOf(s, 0, 'agent').id,
      ship: 'carrier',
    });
    expect(late.ok).toBe(false);
  });

  it('aboard, a leader goes with the last ship of its type; it stays while one of its type stays', () => {
    const s0 = turnOf(0, 'movement', SOL_LETNEV);
    const [x, y] = quietPair(s0);
    let s = withUnits(s0, x, 0, { cruiser: 2 });
    s = withLeader(s, 0, 'admiral', { hex: x, ship: 'cruiser' });
    s = step(s, 0, { type: 'move', from: x, path: [y], ships: { cruiser: 1 } });
    expect(leaderOf(s, 0, 'admiral').hex).toBe(x);
    const s2 = withUnits(turnOf(0, 'movement', SOL_LETNEV), x, 0, { cruiser: 2 });
    const moved = step(withLeader(s2, 0, 'admiral', { hex: x, ship: 'cruiser' }), 0, {
      type: 'move',
      from: x,
      path: [y],
      ships: { cruiser: 2 },
    });
    expect(leaderOf(moved, 0, 'admiral')).toMatchObject({ hex: y, ship: 'cruiser' });
  });

  it('lands on a friendly planet in the Invasion Combat segment, and goes down with an invasion', () => {
    const s0 = turnOf(0, 'invasion-combat', SOL_LETNEV);
    const h = home(s0, 0);
    let s = withLeader(s0, 0, 'agent', { hex: h, ship: 'carrier' });
    const agent = leaderOf(s, 0, 'agent').id;
    expect(legalActions(s, 0)).toContainEqual({
      type: 'land-leader',
      leader: agent,
      planet: 'Jord',
    });
    s = step(s, 0, { type: 'land-leader', leader: agent, planet: 'Jord' });
    expect(leaderOf(s, 0, 'agent')).toMatchObject({ hex: h, planet: 'Jord' });
    expect(leaderOf(s, 0, 'agent').ship).toBeUndefined();
  });
});

describe('OR-6.2 Leaders: fates', () => {
  function battle(attackerRolls: number[], fate: number): { s: GameState; log: GameEvent[] } {
    const s0 = turnOf(0, 'movement', SOL_LETNEV);
    const [x, y] = quietPair(s0);
    let s = withUnits(s0, x, 0, { cruiser: 1 });
    s = withUnits(s, x, 1, { dreadnought: 1 });
    s = withArrivals(s, [x], { [x]: [y] });
    s = withLeader(s, 0, 'admiral', { hex: x, ship: 'cruiser' });
    const log: GameEvent[] = [];
    // Round 1: the Cruiser and the Admiral's extra die miss, the Dreadnought hits: the Cruiser dies.
    s = step(s, 0, { type: 'end-segment' }, [...attackerRolls, 10, fate], log);
    return { s, log };
  }

  it('ship destroyed in a space battle, even roll: captured by the destroyer (+2 influence each)', () => {
    const before = turnOf(0, 'movement', SOL_LETNEV);
    const { s, log } = battle([1, 1], 4);
    expect(leaderOf(s, 0, 'admiral')).toMatchObject({ status: 'captured', captor: 1 });
    expect(leaderOf(s, 0, 'admiral').hex).toBeUndefined();
    expect(s.players[1]?.captives).toEqual([{ owner: 0, leaderId: leaderOf(s, 0, 'admiral').id }]);
    expect(influenceOf(s, 1)).toBe(influenceOf(before, 1) + 2);
    const fate = ofType(log, 'leader-fate')[0];
    expect(fate).toMatchObject({ fate: 'captured', by: 1 });
    expect(log.some((e) => e.type === 'dice-rolled' && e.purpose.startsWith('leader fate:'))).toBe(
      true,
    );
  });

  it('ship destroyed in a space battle, odd roll: killed', () => {
    const { s } = battle([1, 1], 3);
    expect(leaderOf(s, 0, 'admiral').status).toBe('killed');
    expect(s.players[1]?.captives).toEqual([]);
  });

  function invasion(
    fate: number,
    escape: boolean,
  ): { s: GameState; log: GameEvent[]; target: HexKey } {
    const s0 = turnOf(0, 'invasion-combat', SOL_LETNEV);
    const target = home(s0, 1);
    let s = cleared(s0, target);
    s = withUnits(s, target, 1, { 'ground-force': 1 }, 'Arc Prime');
    if (escape) s = withUnits(s, target, 1, { 'ground-force': 1 }, 'Wren Terra');
    else s = setOwner(s, 'Wren Terra', null);
    s = withUnits(s, target, 0, { carrier: 1, 'ground-force': 2 });
    // It delayed an invasion last round, so it may not delay this one (leader-table.test.ts).
    s = withLeader(s, 1, 'diplomat', {
      hex: target,
      planet: 'Arc Prime',
      delayedInRound: s.round - 1,
    });
    s = withLeader(s, 1, 'general', { hex: target, planet: 'Wren Terra' });
    s = withLeader(s, 1, 'admiral', { status: 'killed' });
    if (!escape) s = withLeader(s, 1, 'general', { status: 'killed' });
    const log: GameEvent[] = [];
    // Round 1: both invaders hit (10, 10), the defender misses (1); then the leader's fate die.
    s = step(s, 0, landing(target, 'Arc Prime', { groundForces: 2 }), [10, 10, 1, fate], log);
    return { s, log, target };
  }

  it('planet invaded: 1–5 captured by the invader', () => {
    const { s } = invasion(5, true);
    expect(s.planets['Arc Prime']?.owner).toBe(0);
    expect(leaderOf(s, 1, 'diplomat')).toMatchObject({ status: 'captured', captor: 0 });
  });

  it('planet invaded: 6–9 escapes to another planet of its owner; with none, captured', () => {
    const { s, target } = invasion(6, true);
    expect(leaderOf(s, 1, 'diplomat')).toMatchObject({
      status: 'active',
      hex: target,
      planet: 'Wren Terra',
    });
    // The General on Wren Terra was not invaded: untouched.
    expect(leaderOf(s, 1, 'general')).toMatchObject({ status: 'active', planet: 'Wren Terra' });
    const { s: none } = invasion(9, false);
    expect(leaderOf(none, 1, 'diplomat')).toMatchObject({ status: 'captured', captor: 0 });
  });

  it('planet invaded: 0 killed', () => {
    const { s, log } = invasion(10, true);
    expect(leaderOf(s, 1, 'diplomat').status).toBe('killed');
    expect(describeEvent(ofType(log, 'leader-fate')[0] as GameEvent, ['Ann', 'Bob'])).toMatch(
      /Barony of Letnev .* \(Bob\) is killed \(Arc Prime was invaded \(rolled 0\)\)/,
    );
  });

  it('last Ground Force lost to bombardment: killed', () => {
    const s0 = turnOf(0, 'invasion-combat', SOL_LETNEV);
    const target = home(s0, 1);
    let s = cleared(s0, target);
    s = setOwner(s, 'Wren Terra', null);
    s = withUnits(s, target, 1, { 'ground-force': 1 }, 'Arc Prime');
    s = withUnits(s, target, 0, { dreadnought: 1 });
    s = withLeader(s, 1, 'diplomat', { hex: target, planet: 'Arc Prime' });
    const log: GameEvent[] = [];
    s = step(s, 0, landing(target, 'Arc Prime', { bombard: 1 }), [10], log);
    expect(leaderOf(s, 1, 'diplomat').status).toBe('killed');
    expect(ofType(log, 'leader-fate')[0]?.reason).toMatch(/bombardment/);
    expect(s.planets['Arc Prime']?.owner).toBe(1);
  });

  it('a leader who joins a failed invasion is captured by the defender', () => {
    const s0 = turnOf(0, 'invasion-combat', SOL_LETNEV);
    const target = home(s0, 1);
    let s = cleared(s0, target);
    s = withUnits(s, target, 1, { 'ground-force': 2 }, 'Arc Prime');
    s = withUnits(s, target, 0, { carrier: 1, 'ground-force': 1 });
    s = withLeader(s, 0, 'agent', { hex: target, ship: 'carrier' });
    // The Letnev Diplomat on Arc Prime lets the invasion go on (its delay: leader-table.test.ts).
    s = withLeader(s, 1, 'diplomat', {
      hex: target,
      planet: 'Arc Prime',
      delayedInRound: s.round - 1,
    });
    const agent = leaderOf(s, 0, 'agent').id;
    s = step(
      s,
      0,
      landing(target, 'Arc Prime', { groundForces: 1, leaders: [agent] }),
      // Round 1: the invader misses, both defenders hit.
      [1, 10, 10],
    );
    expect(leaderOf(s, 0, 'agent')).toMatchObject({ status: 'captured', captor: 1 });
  });

  it('a ship lost any other way (a gravity rift, a card): killed', () => {
    const s0 = turnOf(0, 'movement', SOL_LETNEV);
    const [x] = quietPair(s0);
    let s = withLeader(s0, 0, 'admiral', { hex: x, ship: 'cruiser' });
    // Nothing of type Cruiser left at x once any action settles: its ship is gone.
    s = step(s, 0, { type: 'end-segment' });
    expect(leaderOf(s, 0, 'admiral').status).toBe('killed');
  });
});

describe('OR-6.2 Leaders: rescue', () => {
  it('invading a planet of a captor rolls per captive: 0 rescues the invader’s own leader onto it', () => {
    const s0 = turnOf(0, 'invasion-combat', SOL_LETNEV);
    const target = home(s0, 1);
    let s = cleared(s0, target);
    s = withUnits(s, target, 1, { 'ground-force': 1 }, 'Arc Prime');
    s = withUnits(s, target, 1, { 'ground-force': 1 }, 'Wren Terra');
    s = withUnits(s, target, 0, { carrier: 1, 'ground-force': 2 });
    s = withLeader(s, 1, 'diplomat', { hex: home(s0, 1), planet: 'Wren Terra' });
    s = withLeader(s, 1, 'general', { hex: home(s0, 1), planet: 'Wren Terra' });
    s = withLeader(s, 1, 'admiral', { hex: home(s0, 1), planet: 'Wren Terra' });
    const sol = leaderOf(s, 0, 'diplomat').id;
    s = withLeader(s, 0, 'diplomat', { status: 'captured', captor: 1 });
    s = {
      ...s,
      players: s.players.map((p, i) =>
        i === 1 ? { ...p, captives: [{ owner: 0, leaderId: sol }] } : p,
      ),
    };
    const log: GameEvent[] = [];
    s = step(s, 0, landing(target, 'Arc Prime', { groundForces: 2 }), [10, 10, 1, 10], log);
    expect(leaderOf(s, 0, 'diplomat')).toMatchObject({ status: 'active', planet: 'Arc Prime' });
    expect(s.players[1]?.captives).toEqual([]);
    expect(ofType(log, 'leader-fate')).toMatchObject([{ fate: 'rescued', owner: 0 }]);
  });

  it('a miss leaves the captive where it is; the captor’s last planet gives up every captive', () => {
    const s0 = turnOf(0, 'invasion-combat', SOL_LETNEV);
    const target = home(s0, 1);
    let s = cleared(s0, target);
    s = setOwner(s, 'Wren Terra', null);
    s = withUnits(s, target, 1, { 'ground-force': 1 }, 'Arc Prime');
    s = withUnits(s, target, 0, { carrier: 1, 'ground-force': 2 });
    for (const t of ['diplomat', 'general', 'admiral'] as const)
      s = withLeader(s, 1, t, { status: 'killed' });
    const sol = leaderOf(s, 0, 'agent').id;
    s = withLeader(s, 0, 'agent', { status: 'captured', captor: 1 });
    s = {
      ...s,
      players: s.players.map((p, i) =>
        i === 1 ? { ...p, captives: [{ owner: 0, leaderId: sol }] } : p,
      ),
    };
    // Arc Prime is Letnev's last planet: no rescue die, the captive comes back.
    const won = step(s, 0, landing(target, 'Arc Prime', { groundForces: 2 }), [10, 10, 1]);
    expect(leaderOf(won, 0, 'agent')).toMatchObject({ status: 'active', planet: 'Arc Prime' });
  });
});

describe('OR-6.2 Leaders: captives in the Political phase', () => {
  function held(): GameState {
    let s = turnOf(
      0,
      'movement',
      {
        leaders: true,
        players: [{ race: 'sol' }, { race: 'letnev' }, { race: 'hacan' }],
      },
      3,
    );
    const sol = leaderOf(s, 0, 'agent').id;
    s = withLeader(s, 0, 'agent', { status: 'captured', captor: 1 });
    return {
      ...s,
      players: s.players.map((p, i) =>
        i === 1 ? { ...p, captives: [{ owner: 0, leaderId: sol }] } : p,
      ),
    };
  }

  it('the captor is asked; it may hand the captive to anyone, its owner included (released home)', () => {
    const s = held();
    expect(captiveDecisions(s).map((d) => [d.seat, d.kind])).toEqual([[1, 'captive']]);
    const agent = leaderOf(s, 0, 'agent').id;
    expect(captiveLegal(s, 1)).toContainEqual({ type: 'captive', leader: agent, to: 2 });
    expect(captiveLegal(s, 1)).toContainEqual({ type: 'captive', leader: agent, execute: true });
    const d = new Draft(s);
    expect(applyCaptive(d, 1, { type: 'captive', leader: agent, to: 2 })).toBeNull();
    expect(leaderOf(d.s, 0, 'agent')).toMatchObject({ status: 'captured', captor: 2 });
    expect(d.s.players[2]?.captives).toEqual([{ owner: 0, leaderId: agent }]);
    const back = new Draft(s);
    expect(applyCaptive(back, 1, { type: 'captive', leader: agent, to: 0 })).toBeNull();
    expect(leaderOf(back.s, 0, 'agent')).toMatchObject({
      status: 'active',
      planet: 'Jord',
      hex: home(s, 0),
    });
    expect(captiveDecisions(back.s)).toEqual([]);
  });

  it('or execute it, or keep it; only the captor decides', () => {
    const s = held();
    const agent = leaderOf(s, 0, 'agent').id;
    const d = new Draft(s);
    expect(applyCaptive(d, 1, { type: 'captive', leader: agent, execute: true })).toBeNull();
    expect(leaderOf(d.s, 0, 'agent').status).toBe('killed');
    expect(d.events.map((e) => e.type)).toEqual(['leader-fate']);
    const keep = new Draft(s);
    expect(applyCaptive(keep, 1, { type: 'captive', leader: agent })).toBeNull();
    expect(captiveDecisions(keep.s)).toEqual([]);
    expect(keep.s.players[1]?.captives).toHaveLength(1);
    // With no planet of its own holding troops, the owner cannot receive it: not offered, refused.
    const homeless = {
      ...s,
      units: Object.fromEntries(
        Object.entries(s.units).map(([k, sys]) => [
          k,
          {
            ...sys,
            planets: Object.fromEntries(
              Object.entries(sys.planets).map(([n, gs]) => [n, gs.filter((g) => g.owner !== 0)]),
            ),
          },
        ]),
      ),
    };
    expect(captiveLegal(homeless, 1)).not.toContainEqual({ type: 'captive', leader: agent, to: 0 });
    expect(
      applyCaptive(new Draft(homeless), 1, { type: 'captive', leader: agent, to: 0 })?.code,
    ).toBe('ILLEGAL_ACTION');
    const other = new Draft(s);
    expect(applyCaptive(other, 2, { type: 'captive', leader: agent, execute: true })?.code).toBe(
      'NOT_YOUR_DECISION',
    );
  });
});

describe('OR-6.2 Leaders: the captives step of the Political phase', () => {
  it('runs before the agenda: the captor decides first, then the agenda is drawn', () => {
    let s = newGame(3, { leaders: true }, 'captives');
    const id = s.players[0]?.leaders[0]?.id ?? '';
    s = {
      ...s,
      players: s.players.map((p, i) =>
        i === 0
          ? {
              ...p,
              leaders: p.leaders.map((l) =>
                l.id === id ? { id, type: l.type, status: 'captured' as const, captor: 2 } : l,
              ),
            }
          : i === 2
            ? { ...p, captives: [{ owner: 0, leaderId: id }] }
            : p,
      ),
    };
    s = advanceTo(s, 'political');
    expect(decisions(s).map((d) => [d.seat, d.kind])).toEqual([[2, 'captive']]);
    expect(legalActions(s, 2)[0]).toEqual({ type: 'captive', leader: id });
    // Nobody else may act for the captor, and no agenda is out yet.
    expect(apply(s, 1, { type: 'captive', leader: id, execute: true }).ok).toBe(false);
    const log: GameEvent[] = [];
    s = step(s, 2, { type: 'captive', leader: id, to: 0 }, [], log);
    expect(ofType(log, 'leader-fate')).toMatchObject([{ fate: 'rescued', owner: 0 }]);
    expect(s.players[0]?.leaders[0]).toMatchObject({ status: 'active' });
    expect(
      log.some(
        (e) => e.type === 'agenda-revealed' || e.type === 'agenda-picked' || e.type === 'no-vote',
      ),
    ).toBe(true);
  });
});
