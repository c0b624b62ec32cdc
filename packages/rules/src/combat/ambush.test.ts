import type { HexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import { legalActions } from '../legal-actions.js';
import type { GameState, Seat } from '../state/types.js';
import { dice, ofType, quietPair, turnOf, withArrivals, withUnits } from '../testing/battle.js';
import { withDice } from '../testing/dice.js';
import { deepFreeze } from '../testing/fixtures.js';
import { describeEvent } from '../views/describe.js';
import { spaceUnits } from './forces.js';

const RACES = { players: [{ race: 'mentak' as const }, { race: 'letnev' as const }] };

/** `active` ended its move in a quiet system where the other seat's ships wait. */
function battle(active: Seat, mentak: Record<string, number>, letnev: Record<string, number>) {
  const s0 = turnOf(active, 'movement', RACES);
  const [x, y] = quietPair(s0);
  let s = withUnits(s0, x, 0, mentak);
  s = withUnits(s, x, 1, letnev);
  s = withArrivals(s, [x], { [x]: [y] });
  return { s: deepFreeze(s), x };
}

function step(s: GameState, seat: number, action: unknown, rolls: number[] = []) {
  const r = withDice(rolls, () => apply(s, seat, action));
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r;
}

function opening(s: GameState, x: HexKey, rolls: number[]) {
  const r = step(
    s,
    s.phase.name === 'individual-turns' ? s.phase.active : 0,
    { type: 'end-segment' },
    rolls,
  );
  return { ...r, x };
}

describe('BG-1 Mentak: Ambush', () => {
  it('attacking, up to 2 of its Cruisers fire once before the battle; the opponent chooses its losses, no return fire', () => {
    const { s, x } = battle(0, { cruiser: 3 }, { cruiser: 1, carrier: 1 });
    // Ambush: two Cruisers roll 9 and 1 (Mentak Cruisers hit on 7+ with the Hylar V Assault Laser).
    const r = opening(s, x, [9, 1]);
    expect(dice(r.events).map((d) => d.purpose)).toEqual(['Ambush: Cruisers, hit on 7+']);
    expect(dice(r.events)[0]?.rolls).toEqual([9, 1]);
    const [hit] = ofType(r.events, 'hits-scored');
    expect(hit).toEqual({
      type: 'hits-scored',
      hex: x,
      by: 0,
      against: 1,
      hits: 1,
      reason: 'Ambush',
    });
    expect(hit && describeEvent(hit, ['Ann', 'Bo'])).toBe('Ann scores 1 hit on Bo (Ambush).');
    expect(decisions(r.state).map((d) => [d.seat, d.kind])).toEqual([[1, 'casualties']]);
    expect(legalActions(r.state, 1)).toEqual([
      { type: 'choose-casualties', losses: { cruiser: 1 } },
      { type: 'choose-casualties', losses: { carrier: 1 } },
    ]);
    const c = step(r.state, 1, { type: 'choose-casualties', losses: { carrier: 1 } }, [1, 1, 1, 1]);
    expect(spaceUnits(c.state, x, 1)).toEqual({ cruiser: 1 });
    expect(ofType(c.events, 'units-destroyed')[0]).toMatchObject({ reason: 'PDS fire and Ambush' });
    // Then the battle's first round: every ship rolls, the Mentak's three Cruisers too.
    expect(ofType(c.events, 'battle-round')).toHaveLength(1);
  });

  it('defending, the Mentak ambushes the attacker too', () => {
    const { s, x } = battle(1, { cruiser: 1, dreadnought: 1 }, { cruiser: 2 });
    const r = opening(s, x, [10]);
    const ambush = dice(r.events).filter((d) => d.purpose.startsWith('Ambush'));
    expect(ambush).toEqual([{ purpose: 'Ambush: Cruiser, hit on 7+', rolls: [10] }]);
    expect(ofType(r.events, 'hits-scored')[0]).toMatchObject({ by: 0, against: 1, hits: 1 });
    // One kind of ship: the loss is forced, and the battle goes on to its first round.
    expect(ofType(r.events, 'units-destroyed')[0]).toMatchObject({
      owner: 1,
      units: { cruiser: 1 },
      reason: 'PDS fire and Ambush',
    });
    expect(ofType(r.events, 'battle-round')).toHaveLength(1);
  });

  it('without Cruisers there is no ambush, and other races never ambush', () => {
    const { s, x } = battle(0, { dreadnought: 1 }, { cruiser: 2 });
    const r = opening(s, x, [1, 1, 1]);
    expect(dice(r.events).some((d) => d.purpose.startsWith('Ambush'))).toBe(false);
    expect(ofType(r.events, 'battle-round')).toHaveLength(1);
  });
});
