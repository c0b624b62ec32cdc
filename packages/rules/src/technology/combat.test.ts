import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import type { GameState } from '../state/types.js';
import { dice, ofType, quietPair, turnOf, withArrivals, withUnits } from '../testing/battle.js';
import { withDice } from '../testing/dice.js';
import { withPlayer } from '../testing/fixtures.js';
import { systemName } from '../views/names.js';
import { combatModifier, magenGroundBonus } from './combat.js';

// Sol and the Xxcha start with no combat technology and no combat ability, so what they roll is what
// the technology under test adds.
const PLAIN = { players: [{ race: 'sol' as const }, { race: 'xxcha' as const }] };

function plain(): GameState {
  const s = turnOf(0, 'movement', PLAIN);
  return withPlayer(withPlayer(s, 0, { technologies: [] }), 1, { technologies: [] });
}

describe('BG-9 Hylar V Assault Laser (technology)', () => {
  it('gives Cruisers +1 in space battles and nothing to other ships', () => {
    const s = withPlayer(plain(), 0, { technologies: ['hylar-v-assault-laser'] });
    expect(combatModifier(s, 0, 'cruiser', 'space-battle')).toBe(1);
    expect(combatModifier(s, 0, 'dreadnought', 'space-battle')).toBe(0);
    expect(combatModifier(s, 1, 'cruiser', 'space-battle')).toBe(0);
  });

  it('a Cruiser with it hits on 7+ in a battle, and a 7 is a hit', () => {
    const s0 = withPlayer(plain(), 0, { technologies: ['hylar-v-assault-laser'] });
    const [x, y] = quietPair(s0);
    let s = withUnits(s0, x, 0, { cruiser: 1 });
    s = withUnits(s, x, 1, { cruiser: 1 });
    s = withArrivals(s, [x], { [x]: [y] });
    const r = withDice([7, 7], () => apply(s, 0, { type: 'end-segment' }));
    if (!r.ok) throw new Error(r.error.message);
    const place = systemName(x, s.galaxy);
    expect(dice(r.events).map((d) => d.purpose)).toEqual([
      `space battle in ${place}, round 1: Cruiser, hit on 7+`,
      `space battle in ${place}, round 1: Cruiser, hit on 8+`,
    ]);
    // Seat 0's 7 hit: seat 1 owes a casualty; seat 1's 7 missed: seat 0 owes none.
    expect(ofType(r.events, 'hits-scored').map((e) => [e.by, e.hits])).toEqual([[0, 1]]);
  });
});

describe('BG-9 Cybernetics (technology)', () => {
  it('gives Fighters +1 in every combat', () => {
    const s = withPlayer(plain(), 1, { technologies: ['cybernetics'] });
    expect(combatModifier(s, 1, 'fighter', 'space-battle')).toBe(1);
    expect(combatModifier(s, 1, 'fighter', 'invasion-combat')).toBe(1);
    expect(combatModifier(s, 1, 'carrier', 'space-battle')).toBe(0);
  });
});

describe('BG-9 Magen Defense Grid (technology)', () => {
  it('gives PDS +1, and defending Ground Forces +1 only on a planet with its owner\u2019s PDS', () => {
    const s = withPlayer(plain(), 1, { technologies: ['magen-defense-grid'] });
    expect(combatModifier(s, 1, 'pds', 'space-battle')).toBe(1);
    expect(combatModifier(s, 1, 'pds', 'invasion-combat')).toBe(1);
    expect(magenGroundBonus(s, 1, [{ owner: 1, units: { 'ground-force': 2, pds: 1 } }])).toBe(1);
    expect(magenGroundBonus(s, 1, [{ owner: 1, units: { 'ground-force': 2 } }])).toBe(0);
    // Without the technology, PDS on the planet add nothing.
    expect(magenGroundBonus(plain(), 1, [{ owner: 1, units: { pds: 1 } }])).toBe(0);
  });
});

describe('BG-9 racial combat abilities read from the same effects', () => {
  it("the Sardakk N'orr get +1 on every roll, the Letnev Ground Forces +2 in invasions only", () => {
    const s = turnOf(0, 'movement', { players: [{ race: 'sardakk-norr' }, { race: 'letnev' }] });
    expect(combatModifier(s, 0, 'carrier', 'space-battle')).toBe(1);
    expect(combatModifier(s, 0, 'ground-force', 'invasion-combat')).toBe(1);
    expect(combatModifier(s, 1, 'ground-force', 'invasion-combat')).toBe(2);
    expect(combatModifier(s, 1, 'ground-force', 'space-battle')).toBe(0);
  });

  it('a minor race owns no technology and gets nothing', () => {
    expect(combatModifier(plain(), 'minor:hacan', 'cruiser', 'space-battle')).toBe(0);
  });
});
