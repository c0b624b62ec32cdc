import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { advanceTo, newGame, withPlayer } from '../testing/fixtures.js';
import { RULE_LINES, ruleIdOf, whyNot } from './why-not.js';

describe('"Why not?": a refusal names its rule, and the rule has one line a player reads', () => {
  it('reads the rule id at the end of a refusal', () => {
    expect(ruleIdOf('That costs 46 credits; you have 41. Nothing was bought (BG-2)')).toBe('BG-2');
    expect(ruleIdOf('A ship that enters a Nebula stops there (OR-4.1).')).toBe('OR-4.1');
    expect(ruleIdOf('No rule named here.')).toBeUndefined();
  });

  it('BG-2: a refused purchase says which rule stopped it, in one line', () => {
    const s = withPlayer(advanceTo(newGame(2, {}, 'why-not'), 'purchase-units'), 0, {
      credits: 5,
    });
    const r = apply(s, 0, { type: 'purchase', units: { dreadnought: 1 } });
    if (r.ok) throw new Error('a Dreadnought for 5 credits was bought');
    expect(whyNot(r.error.message)).toEqual({ rule: 'BG-2', line: RULE_LINES['BG-2'] });
  });

  it('every line is one sentence, at most 160 characters', () => {
    for (const line of Object.values(RULE_LINES)) {
      expect(line.length).toBeLessThanOrEqual(160);
      expect(line).toMatch(/^[A-Z].*\.$/);
    }
  });
});
