import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../events.js';
import type { GameState } from '../state/types.js';
import { cleared, home, ofType, turnOf, withArrivals, withUnits } from '../testing/battle.js';
import { step } from '../testing/apply.js';
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

  it('OR-6.2: PDS fire where no space battle takes place (no enemy ships) is any other occurrence: killed, no roll', () => {
    const log: GameEvent[] = [];
    const s = step(arrival(false), 0, { type: 'end-segment' }, [10], log);
    expect(leaderOf(s, 0, 'admiral').status).toBe('killed');
    expect(ofType(log, 'dice-rolled').map((e) => e.purpose)).toEqual([
      'PDS fire from Arc Prime: PDS, hit on 7+',
    ]);
  });
});
