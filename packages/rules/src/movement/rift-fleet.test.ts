import type { HexKey, Side } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { decisions } from '../decisions.js';
import { legalActions } from '../legal-actions.js';
import { spaceUnits } from '../combat/forces.js';
import { cardIn, withHand } from '../cards/testing.js';
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
import { sideTarget } from './rules.js';

const RACES = { players: [{ race: 'sol' as const }, { race: 'xxcha' as const }] };
const READABLE: Readable = { names: ['Ann', 'Bob'], unreadable: /undefined|NaN/ };
const SIDES: readonly Side[] = [1, 2, 3, 4, 5, 6];

function step(s: GameState, seat: Seat, action: unknown, rolls: number[] = []) {
  return applied(s, seat, action, rolls, READABLE);
}

/** A battle board with a Gravity Rift at `x`; `y` next to it, across side `side`; `wrong` is another side. */
function riftBoard(): { s: GameState; x: HexKey; y: HexKey; side: Side; wrong: Side } {
  let s = turnOf(0, 'movement', RACES);
  s = withPlayer(withPlayer(s, 0, { technologies: [] }), 1, { technologies: [] });
  const [x, y] = quietPair(s);
  s = withTile(s, x, 'gravity-rift');
  const side = SIDES.find((k) => sideTarget(x, k) === y) as Side;
  return { s, x, y, side, wrong: ((side % 6) + 1) as Side };
}

describe('OR-4.2: every way out of a Gravity Rift rolls', () => {
  it('OR-4.2: a withdrawal after a battle round rolls for every ship; unless every roll allows it, no ship leaves and the battle goes on', () => {
    const { s: base, x, y, side, wrong } = riftBoard();
    let s = withUnits(base, x, 0, { cruiser: 2 });
    s = withUnits(s, x, 1, { carrier: 1 });
    s = deepFreeze(withArrivals(s, [x], { [x]: [y] }));
    // Round 1: nobody hits; the attacker is offered the withdrawal.
    const r1 = step(s, 0, { type: 'end-segment' }, [1, 1, 1]);
    expect(decisions(r1.state).map((d) => [d.seat, d.kind])).toEqual([[0, 'retreat']]);
    // One Cruiser rolls the side that leads to y, the other a side that does not: nobody leaves.
    const held = step(r1.state, 0, { type: 'withdraw', to: y }, [side, wrong, 1, 1, 1]);
    expect(dice(held.events).slice(0, 2)).toEqual([
      { purpose: 'gravity rift exit: Cruiser', rolls: [side] },
      { purpose: 'gravity rift exit: Cruiser', rolls: [wrong] },
    ]);
    expect(ofType(held.events, 'ship-stayed')).toHaveLength(1);
    expect(ofType(held.events, 'fleet-withdrew')).toEqual([]);
    expect(spaceUnits(held.state, x, 0)).toEqual({ cruiser: 2 });
    expect(ofType(held.events, 'battle-round')).toHaveLength(1);
    expect(decisions(held.state).map((d) => [d.seat, d.kind])).toEqual([[0, 'retreat']]);
    // 7-10 lets a ship out through any side: both go.
    const out = step(held.state, 0, { type: 'withdraw', to: y }, [8, side]);
    expect(spaceUnits(out.state, y, 0)).toEqual({ cruiser: 2 });
    expect(ofType(out.events, 'battle-ended')[0]?.reason).toBe('the attacker withdraws');
  });

  it('OR-4.2: Skilled Retreat out of a rift rolls for every ship; a roll that does not lead there keeps the fleet in the battle and spends the card', () => {
    const { s: base, x, y, side, wrong } = riftBoard();
    let s = withUnits(base, x, 0, { dreadnought: 1 });
    s = withUnits(s, x, 1, { cruiser: 1, carrier: 1, fighter: 2 });
    s = withArrivals(s, [x], { [x]: [y] });
    s = deepFreeze(withHand(s, 1, ['skilled-retreat']));
    const opened = step(s, 0, { type: 'end-segment' });
    expect(opened.state.window?.trigger.kind).toBe('battle-round');
    const card = cardIn(opened.state, 1, 'skilled-retreat');
    // The card resolves at once: the Carrier rolls 9 (any side), the Cruiser a side that does not lead to y.
    const r = step(opened.state, 1, { type: 'play-card', card, target: { toHex: y } }, [
      9,
      wrong,
      1,
      1,
      1,
      1,
      1,
    ]);
    const events = r.events;
    expect(dice(events).filter((e) => e.purpose.startsWith('gravity rift'))).toHaveLength(2);
    expect(ofType(events, 'fleet-withdrew')).toEqual([]);
    expect(spaceUnits(r.state, x, 1)).toEqual({ cruiser: 1, carrier: 1, fighter: 2 });
    expect(r.state.players[1]?.hand).toEqual([]);
    expect(ofType(events, 'battle-round')).toHaveLength(1);
    // With every roll allowing it, the same retreat goes.
    const again = deepFreeze(withHand(opened.state, 1, ['skilled-retreat']));
    const card2 = cardIn(again, 1, 'skilled-retreat');
    const ok = step(again, 1, { type: 'play-card', card: card2, target: { toHex: y } }, [side, 10]);
    expect(spaceUnits(ok.state, y, 1)).toEqual({ cruiser: 1, carrier: 1, fighter: 2 });
  });

  it('OR-4.2: Cruisers moving on by Strategic Mathematics roll to leave the rift; one whose roll does not lead along the path stays', () => {
    const { s: base, x, y, side, wrong } = riftBoard();
    let s = withPlayer(base, 0, { technologies: ['strategic-mathematics'] });
    s = withUnits(s, x, 0, { cruiser: 4 });
    s = withUnits(s, x, 1, { fighter: 1 });
    s = deepFreeze(withArrivals(s, [x], { [x]: [y] }));
    const won = step(s, 0, { type: 'end-segment' }, [9, 1, 1, 1, 1]);
    expect(ofType(won.events, 'battle-ended')[0]?.winner).toBe(0);
    const r = step(
      won.state,
      0,
      { type: 'use-technology', technology: 'strategic-mathematics', hex: x, path: [y], count: 2 },
      [wrong, side],
    );
    expect(dice(r.events)).toEqual([
      { purpose: 'gravity rift exit: Cruiser', rolls: [wrong] },
      { purpose: 'gravity rift exit: Cruiser', rolls: [side] },
    ]);
    expect(ofType(r.events, 'ship-stayed')).toEqual([
      {
        type: 'ship-stayed',
        seat: 0,
        hex: x,
        unit: 'cruiser',
        reason: 'its roll does not lead along the chosen path',
      },
    ]);
    expect(spaceUnits(r.state, y, 0)).toEqual({ cruiser: 1 });
    expect(spaceUnits(r.state, x, 0)).toEqual({ cruiser: 3 });
    // Both tried: no Cruiser of that battle may move on again.
    expect(legalActions(r.state, 0).some((a) => a.type === 'use-technology')).toBe(false);
  });
});
