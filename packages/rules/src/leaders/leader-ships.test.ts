import type { HexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import type { GameEvent } from '../events.js';
import { legalActions } from '../legal-actions.js';
import type { GameState } from '../state/types.js';
import {
  cleared,
  home,
  ofType,
  quietPair,
  turnOf,
  withArrivals,
  withTile,
  withUnits,
} from '../testing/battle.js';
import { step } from '../testing/apply.js';
import { withPlayer } from '../testing/fixtures.js';
import { leaderOf, SOL_LETNEV, withLeader } from '../testing/leaders.js';

/**
 * OR-6.2 leaders aboard ships: which ship carries a leader, and what
 * becomes of it when that ship is lost.
 */

describe('OR-6.2 / BG-6: ships lost before the first round are lost during Space Combat', () => {
  /** Sol's Admiral aboard its only Cruiser arrives at Letnev's home (PDS on Arc Prime). */
  function arrival(letnevShips: boolean): GameState {
    const s0 = turnOf(0, 'movement', SOL_LETNEV);
    const h = home(s0, 1);
    let s = cleared(s0, h);
    s = withUnits(s, h, 1, { pds: 1, 'ground-force': 1 }, 'Arc Prime');
    if (letnevShips) s = withUnits(s, h, 1, { dreadnought: 1 });
    s = withUnits(s, h, 0, { cruiser: 1 });
    s = withLeader(s, 0, 'admiral', { hex: h, ship: 'cruiser' });
    return withArrivals(s, [h]);
  }

  it('OR-6.2: a ship shot down by PDS fire before round 1 of a space battle: the leader rolls, even captured', () => {
    const log: GameEvent[] = [];
    // The PDS hits (10): the Cruiser is lost; the leader's die: 4, captured by Letnev.
    const s = step(arrival(true), 0, { type: 'end-segment' }, [10, 4], log);
    expect(leaderOf(s, 0, 'admiral')).toMatchObject({ status: 'captured', captor: 1 });
    expect(log.some((e) => e.type === 'dice-rolled' && e.purpose.startsWith('leader fate:'))).toBe(
      true,
    );
  });

  it('OR-6.2: … odd: killed', () => {
    const s = step(arrival(true), 0, { type: 'end-segment' }, [10, 7]);
    expect(leaderOf(s, 0, 'admiral').status).toBe('killed');
  });

  it('OR-6.2: a ship lost to Assault Cannon before round 1: the leader rolls, even captured', () => {
    const s0 = turnOf(0, 'movement', SOL_LETNEV);
    const [x, y] = quietPair(s0);
    let s = withPlayer(withPlayer(s0, 0, { technologies: [] }), 1, {
      technologies: ['assault-cannon'],
    });
    s = withUnits(s, x, 0, { cruiser: 1 });
    s = withUnits(s, x, 1, { dreadnought: 1 });
    s = withLeader(s, 0, 'admiral', { hex: x, ship: 'cruiser' });
    s = withArrivals(s, [x], { [x]: [y] });
    // Letnev's Assault Cannon hits (10): the Cruiser is lost; the leader's die: 2, captured.
    const after = step(s, 0, { type: 'end-segment' }, [10, 2]);
    expect(leaderOf(after, 0, 'admiral')).toMatchObject({ status: 'captured', captor: 1 });
  });

  it('OR-6.2: PDS fire where no space battle takes place (no enemy ships) is any other occurrence: killed, no roll', () => {
    const log: GameEvent[] = [];
    const s = step(arrival(false), 0, { type: 'end-segment' }, [10], log);
    expect(leaderOf(s, 0, 'admiral').status).toBe('killed');
    expect(ofType(log, 'dice-rolled').map((e) => e.purpose)).toEqual([
      'PDS fire from Arc Prime: PDS, hit on 7+',
    ]);
  });
});

describe('OR-6.2 "Any ship can hold and transport Leaders": Fighters included', () => {
  it('OR-6.2: a leader boards a Fighter, goes with it when a Carrier takes that Fighter along', () => {
    const s0 = turnOf(0, 'leaders-board', SOL_LETNEV);
    const h = home(s0, 0);
    let s = withUnits(s0, h, 0, { carrier: 1, fighter: 2 });
    const agent = leaderOf(s, 0, 'agent').id;
    expect(legalActions(s, 0)).toContainEqual({
      type: 'board-leader',
      leader: agent,
      ship: 'fighter',
    });
    s = step(s, 0, { type: 'board-leader', leader: agent, ship: 'fighter' });
    expect(leaderOf(s, 0, 'agent')).toMatchObject({ hex: h, ship: 'fighter' });
    s = step(s, 0, { type: 'end-segment' });
    const [x] = quietPair(s);
    const dest = legalActions(s, 0).find(
      (a) => a.type === 'move' && a.from === h && a.ships.carrier === 1,
    );
    if (dest?.type !== 'move') throw new Error('the Carrier cannot leave home');
    const to = dest.path.at(-1);
    // One of the two Fighters goes: the one with the Agent, as its owner says.
    const moved = step(s, 0, {
      type: 'move',
      from: h,
      path: dest.path,
      ships: { carrier: 1 },
      load: [{ hex: h, unit: 'fighter', count: 1 }],
      leaderShips: ['fighter'],
    });
    expect(leaderOf(moved, 0, 'agent')).toMatchObject({ hex: to, ship: 'fighter' });
    expect(x).toBeDefined();
  });

  it('OR-6.2: a leader aboard a Fighter is lost with it only when every Fighter there is lost or its owner chooses that Fighter', () => {
    const battleWith = (fighters: number) => {
      const s0 = turnOf(0, 'movement', SOL_LETNEV);
      const [x, y] = quietPair(s0);
      let s = withUnits(s0, x, 0, { carrier: 1, fighter: fighters });
      s = withUnits(s, x, 1, { dreadnought: 1 });
      s = withArrivals(s, [x], { [x]: [y] });
      return withLeader(s, 0, 'agent', { hex: x, ship: 'fighter' });
    };
    // Round 1: the Carrier and Fighters miss, the Dreadnought hits; Sol chooses a Fighter.
    const s = battleWith(2);
    const a = step(s, 0, { type: 'end-segment' }, [1, 1, 1, 10]);
    const spared = step(a, 0, { type: 'choose-casualties', losses: { fighter: 1 } });
    expect(leaderOf(spared, 0, 'agent')).toMatchObject({ status: 'active', ship: 'fighter' });
    const chosen = step(
      a,
      0,
      { type: 'choose-casualties', losses: { fighter: 1 }, leaderShips: ['fighter'] },
      [3],
    );
    expect(leaderOf(chosen, 0, 'agent').status).toBe('killed');
  });
});

describe('OR-6.2 a leader is aboard one specific ship: its owner says whether it is among the ships named', () => {
  function twoCruisers(): { s: GameState; x: `${number},${number}`; y: `${number},${number}` } {
    const s0 = turnOf(0, 'movement', SOL_LETNEV);
    const [x, y] = quietPair(s0);
    let s = withUnits(s0, x, 0, { cruiser: 2 });
    s = withLeader(s, 0, 'admiral', { hex: x, ship: 'cruiser' });
    return { s, x, y };
  }

  it('OR-6.2: one Cruiser of two moves with the Admiral aboard when its owner names the Admiral’s ship', () => {
    const { s, x, y } = twoCruisers();
    const moved = step(s, 0, {
      type: 'move',
      from: x,
      path: [y],
      ships: { cruiser: 1 },
      leaderShips: ['cruiser'],
    });
    expect(leaderOf(moved, 0, 'admiral')).toMatchObject({ hex: y, ship: 'cruiser' });
    // Not named: the other Cruiser goes and the Admiral's ship stays.
    const stayed = step(s, 0, { type: 'move', from: x, path: [y], ships: { cruiser: 1 } });
    expect(leaderOf(stayed, 0, 'admiral')).toMatchObject({ hex: x, ship: 'cruiser' });
  });

  it('OR-6.2: the moves offered include one Cruiser with the Admiral’s ship named, and one without', () => {
    const { s, x, y } = twoCruisers();
    const offered = legalActions(s, 0).filter(
      (a) => a.type === 'move' && a.from === x && a.path.at(-1) === y,
    );
    expect(offered).toContainEqual({ type: 'move', from: x, path: [y], ships: { cruiser: 1 } });
    expect(offered).toContainEqual({
      type: 'move',
      from: x,
      path: [y],
      ships: { cruiser: 1 },
      leaderShips: ['cruiser'],
    });
  });

  it('OR-6.2: naming a leader’s ship where no leader is aboard that kind is refused, nothing changes', () => {
    const { s: s0, x, y } = twoCruisers();
    const s = withLeader(s0, 0, 'admiral', { status: 'killed' });
    const r = apply(s, 0, {
      type: 'move',
      from: x,
      path: [y],
      ships: { cruiser: 1 },
      leaderShips: ['cruiser'],
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('ILLEGAL_ACTION');
      expect(r.error.message).toMatch(/no leader .*aboard a Cruiser/i);
    }
  });

  it('OR-6.2: of two Cruisers hit once, the Admiral’s ship is lost only when its owner chooses it (then the fate die)', () => {
    const { s: s0, x, y } = twoCruisers();
    let s = withUnits(s0, x, 0, { cruiser: 2, carrier: 1 });
    s = withUnits(s, x, 1, { dreadnought: 1 });
    s = withArrivals(s, [x], { [x]: [y] });
    // Round 1: the Carrier, both Cruisers and the Admiral's die miss, the Dreadnought hits.
    const a = step(s, 0, { type: 'end-segment' }, [1, 1, 1, 1, 10]);
    expect(legalActions(a, 0)).toContainEqual({
      type: 'choose-casualties',
      losses: { cruiser: 1 },
      leaderShips: ['cruiser'],
    });
    const log: GameEvent[] = [];
    const spared = step(a, 0, { type: 'choose-casualties', losses: { cruiser: 1 } }, [], log);
    expect(leaderOf(spared, 0, 'admiral')).toMatchObject({ status: 'active', hex: x });
    expect(ofType(log, 'leader-fate')).toEqual([]);
    const lost = step(
      a,
      0,
      { type: 'choose-casualties', losses: { cruiser: 1 }, leaderShips: ['cruiser'] },
      [4],
    );
    expect(leaderOf(lost, 0, 'admiral')).toMatchObject({ status: 'captured', captor: 1 });
  });
});

describe('OR-6.2: the leaders’ ship in every move — out of a rift, a pursuit', () => {
  /** Sol's Admiral aboard one of two Cruisers that begin the turn in a Gravity Rift at `x`. */
  function inRift(): { s: GameState; x: HexKey } {
    const s0 = turnOf(0, 'movement', SOL_LETNEV);
    const [x] = quietPair(s0);
    let s = withTile(s0, x, 'gravity-rift');
    s = withUnits(s, x, 0, { cruiser: 2 });
    s = withLeader(s, 0, 'admiral', { hex: x, ship: 'cruiser' });
    return { s, x };
  }

  it('OR-6.2: a Cruiser whipped out of a rift takes the Admiral along when its owner names the Admiral’s ship, and only then', () => {
    const { s, x } = inRift();
    // 8: any side.
    const rolled = step(s, 0, { type: 'rift-roll', hex: x, unit: 'cruiser' }, [8]);
    const exits = legalActions(rolled, 0).filter((a) => a.type === 'rift-exit');
    const exit = exits.find((a) => a.path.length === 1 && a.leaderShips === undefined);
    if (exit === undefined) throw new Error('no way out offered');
    const to = exit.path[0] as HexKey;
    expect(exits).toContainEqual({ ...exit, leaderShips: ['cruiser'] });
    const named = step(rolled, 0, { ...exit, leaderShips: ['cruiser'] });
    expect(leaderOf(named, 0, 'admiral')).toMatchObject({ hex: to, ship: 'cruiser' });
    const unnamed = step(rolled, 0, exit);
    expect(leaderOf(unnamed, 0, 'admiral')).toMatchObject({ hex: x, ship: 'cruiser' });
    // Naming a kind with no leader aboard is refused with the reason; nothing changes.
    const r = apply(rolled, 0, { ...exit, leaderShips: ['carrier'] });
    expect(r.ok ? 'accepted' : `${r.error.code}: ${r.error.message}`).toMatch(
      /^ILLEGAL_ACTION: No Carrier is among the ships named.*\(OR-6\.2\)/,
    );
  });

  it('OR-6.2: a Strategic Mathematics pursuit takes the Admiral’s Cruiser along when its owner names it, and only then', () => {
    const s0 = turnOf(0, 'movement', SOL_LETNEV);
    const [x, y] = quietPair(s0);
    let s = withPlayer(s0, 0, { technologies: ['strategic-mathematics'] });
    s = withPlayer(s, 1, { technologies: [] });
    s = withUnits(s, x, 0, { cruiser: 4 });
    s = withUnits(s, x, 1, { fighter: 1 });
    s = withLeader(s, 0, 'admiral', { hex: x, ship: 'cruiser' });
    s = withArrivals(s, [x], { [x]: [y] });
    // Round 1: a Cruiser hits, the rest and the Admiral's die miss, the Fighter misses.
    const won = step(s, 0, { type: 'end-segment' }, [9, 1, 1, 1, 1, 1]);
    const pursue = {
      type: 'use-technology' as const,
      technology: 'strategic-mathematics',
      hex: x,
      path: [y],
      count: 1,
    };
    expect(legalActions(won, 0)).toContainEqual(pursue);
    expect(legalActions(won, 0)).toContainEqual({ ...pursue, leaderShips: ['cruiser'] });
    const named = step(won, 0, { ...pursue, leaderShips: ['cruiser'] });
    expect(leaderOf(named, 0, 'admiral')).toMatchObject({ hex: y, ship: 'cruiser' });
    const unnamed = step(won, 0, pursue);
    expect(leaderOf(unnamed, 0, 'admiral')).toMatchObject({ hex: x, ship: 'cruiser' });
    const r = apply(withLeader(won, 0, 'admiral', { status: 'killed' }), 0, {
      ...pursue,
      leaderShips: ['cruiser'],
    });
    expect(r.ok ? 'accepted' : `${r.error.code}: ${r.error.message}`).toMatch(
      /^ILLEGAL_ACTION: No leader of yours is aboard a Cruiser there \(OR-6\.2\)/,
    );
  });
});
