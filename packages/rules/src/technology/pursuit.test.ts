import { hexKey, neighbours, type HexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { spaceUnits } from '../combat/forces.js';
import { decisions } from '../decisions.js';
import { legalActions } from '../legal-actions.js';
import type { GameState, Seat } from '../state/types.js';
import {
  dice,
  ofType,
  quietPair,
  turnOf,
  withArrivals,
  withTile,
  withUnits,
} from '../testing/battle.js';
import { applied, type Readable } from '../testing/apply.js';
import { deepFreeze, withPlayer } from '../testing/fixtures.js';

const RACES = { players: [{ race: 'sol' as const }, { race: 'xxcha' as const }] };
const READABLE: Readable = { names: ['Ann', 'Bob'], unreadable: /undefined|NaN/ };

function step(s: GameState, seat: Seat, action: unknown, rolls: number[] = []) {
  return applied(s, seat, action, rolls, READABLE);
}

function refusal(s: GameState, seat: Seat, action: unknown): string {
  const r = apply(deepFreeze(s), seat, action);
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(action)}`);
  return r.error.message;
}

/**
 * Seat 0 (Strategic Mathematics) has won a battle at `x` with four Cruisers;
 * `rift`, next to it, is a Gravity Rift with nobody in it.
 */
function wonBeside(): { won: GameState; x: HexKey; rift: HexKey } {
  let s = turnOf(0, 'movement', RACES);
  s = withPlayer(s, 0, { technologies: ['strategic-mathematics'] });
  s = withPlayer(s, 1, { technologies: [] });
  const [x, rift] = quietPair(s);
  s = withTile(s, rift, 'gravity-rift');
  s = withUnits(s, x, 0, { cruiser: 4 });
  s = withUnits(s, x, 1, { fighter: 1 });
  s = deepFreeze(withArrivals(s, [x], { [x]: [rift] }));
  // Round 1: a Cruiser hits (9), the Fighter misses.
  const won = step(s, 0, { type: 'end-segment' }, [9, 1, 1, 1, 1]);
  expect(ofType(won.events, 'battle-ended')[0]?.winner).toBe(0);
  return { won: won.state, x, rift };
}

const pursue = (hex: HexKey, path: HexKey[], count: number) => ({
  type: 'use-technology',
  technology: 'strategic-mathematics',
  hex,
  path,
  count,
});

describe('OR-4.2: a Strategic Mathematics pursuit passes through a Gravity Rift', () => {
  it('OR-4.2: Cruisers a pursuit moves into a rift roll at once and, once out, go on with the movement they have left; one that stays ends its move there', () => {
    const { won, x, rift } = wonBeside();
    // Two Cruisers (move 2) enter the rift on their first step: the first rolls at once (8: any side).
    const entered = step(won, 0, pursue(x, [rift], 2), [8]);
    expect(dice(entered.events)).toEqual([{ purpose: 'gravity rift exit: Cruiser', rolls: [8] }]);
    expect(spaceUnits(entered.state, rift, 0)).toEqual({ cruiser: 2 });
    expect(decisions(entered.state).map((d) => [d.seat, d.kind])).toEqual([[0, 'rift']]);
    // Nothing else goes on while the ship waits: no further pursuit, no end of the segment.
    expect(legalActions(entered.state, 0).every((a) => a.type.startsWith('rift-'))).toBe(true);
    expect(refusal(entered.state, 0, { type: 'end-segment' })).toMatch(/not waiting for you/);
    expect(refusal(entered.state, 0, pursue(x, [rift], 1))).toMatch(/not waiting for you|rift/);
    // Out through any side (free), then on with the 1 movement it has left, not 2.
    const exits = legalActions(entered.state, 0).flatMap((a) =>
      a.type === 'rift-exit' ? [a.path] : [],
    );
    expect(exits.length).toBeGreaterThan(0);
    expect(exits.some((p) => p.length === 2)).toBe(true);
    expect(exits.every((p) => p.length <= 2)).toBe(true);
    const far = exits.find((p) => p.length === 2) as HexKey[];
    const end = far[1] as HexKey;
    const beyond = neighbours({
      q: Number(end.split(',')[0]),
      r: Number(end.split(',')[1]),
    })
      .map(hexKey)
      .find((k) => won.galaxy.tiles[k] !== undefined && !far.includes(k) && k !== rift);
    if (beyond !== undefined)
      expect(refusal(entered.state, 0, { type: 'rift-exit', path: [...far, beyond] })).toMatch(
        /these ships have 1/,
      );
    // It leaves; the second Cruiser then rolls for itself (the roll that follows: 1, side 1).
    const out = step(entered.state, 0, { type: 'rift-exit', path: far }, [1]);
    expect(spaceUnits(out.state, end, 0)).toEqual({ cruiser: 1 });
    expect(out.events).toContainEqual(
      expect.objectContaining({ type: 'rift-rolled', unit: 'cruiser', roll: 1 }),
    );
    // Whatever side 1 allows, it may stay: its move ends in the rift, and the segment goes on.
    const stayed =
      decisions(out.state)[0]?.kind === 'rift'
        ? step(out.state, 0, { type: 'rift-stay' }).state
        : out.state;
    expect(spaceUnits(stayed, rift, 0)).toEqual({ cruiser: 1 });
    expect(decisions(stayed)[0]?.kind).toBe('turn');
    expect(legalActions(stayed, 0).some((a) => a.type.startsWith('rift-'))).toBe(false);
    // The other two stay at x: half of four have moved on, so no Cruiser there may follow.
    expect(spaceUnits(stayed, x, 0)).toEqual({ cruiser: 2 });
    expect(legalActions(stayed, 0).some((a) => a.type === 'use-technology')).toBe(false);
  });

  it('OR-4.2: a pursuing Cruiser whipped out of the rift into enemy ships fights them there', () => {
    const { won, x, rift } = wonBeside();
    const entered = step(won, 0, pursue(x, [rift], 1), [8]);
    const exit = legalActions(entered.state, 0).find(
      (a) => a.type === 'rift-exit' && a.path.length === 1,
    );
    if (exit?.type !== 'rift-exit') throw new Error('no way out offered');
    const there = exit.path[0] as HexKey;
    const guarded = withUnits(entered.state, there, 1, { carrier: 1 });
    const r = step(guarded, 0, exit, [1, 1]);
    expect(ofType(r.events, 'battle-started')).toEqual([
      { type: 'battle-started', hex: there, attacker: 0, defender: 1 },
    ]);
  });
});
