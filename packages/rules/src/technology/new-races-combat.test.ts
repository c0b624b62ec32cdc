import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { dice, quietPair, turnOf, withArrivals, withUnits } from '../testing/battle.js';
import { withDice } from '../testing/dice.js';
import { systemName } from '../views/names.js';
import { combatModifier } from './combat.js';

const NEW_RACES = { players: [{ race: 'l1z1x' as const }, { race: 'naalu' as const }] };

describe('OR-5 L1Z1X Harrow and Naalu Fighters (combat modifiers)', () => {
  it('L1Z1X Dreadnoughts get +1 in space battles only; Naalu Fighters +1 in space battles only', () => {
    const s = turnOf(0, 'movement', NEW_RACES, 2);
    expect(combatModifier(s, 0, 'dreadnought', 'space-battle')).toBe(1);
    expect(combatModifier(s, 0, 'dreadnought', 'invasion-combat')).toBe(0);
    expect(combatModifier(s, 0, 'carrier', 'space-battle')).toBe(0);
    expect(combatModifier(s, 1, 'fighter', 'space-battle')).toBe(1);
    expect(combatModifier(s, 1, 'fighter', 'invasion-combat')).toBe(0);
    expect(combatModifier(s, 1, 'dreadnought', 'space-battle')).toBe(0);
  });

  it('a battle rolls with them: the Dreadnought hits on 3+ (printed 4), the Fighters on 8+ (printed 9)', () => {
    const s0 = turnOf(0, 'movement', NEW_RACES, 2);
    const [x, y] = quietPair(s0);
    let s = withUnits(s0, x, 0, { dreadnought: 1 });
    s = withUnits(s, x, 1, { carrier: 1, fighter: 2 });
    s = withArrivals(s, [x], { [x]: [y] });
    const r = withDice([1, 1, 1, 1], () => apply(s, 0, { type: 'end-segment' }));
    if (!r.ok) throw new Error(r.error.message);
    const label = `space battle in ${systemName(x, s.galaxy)}, round 1`;
    expect(dice(r.events).map((d) => d.purpose)).toEqual([
      `${label}: Dreadnought, hit on 3+`,
      `${label}: Carrier, hit on 9+`,
      `${label}: Fighters, hit on 8+`,
    ]);
  });
});
