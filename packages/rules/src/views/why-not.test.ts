import { describe, expect, it } from 'vitest';
import { ACTION_RULE } from '../actions/action-rules.js';
import { apply } from '../apply.js';
import { legalActions } from '../legal-actions.js';
import { createGame } from '../setup/create-game.js';
import { options } from '../testing/fixtures.js';
import { randomPlay } from '../testing/random-play.js';
import { advanceTo, newGame, withPlayer } from '../testing/fixtures.js';
import { RULE_LINES, ruleIdOf, whyNot } from './why-not.js';

describe('"Why not?": a refusal names its rule, and the rule has one line a player reads', () => {
  it('reads the rule id at the end of a refusal', () => {
    expect(ruleIdOf('That costs 46 credits; you have 41. Nothing was bought (BG-2)')).toBe('BG-2');
    expect(ruleIdOf('A ship that enters a Nebula stops there (OR-4.1).')).toBe('OR-4.1');
    expect(ruleIdOf('No rule named here.')).toBeUndefined();
    expect(ruleIdOf('An Agent cannot exist there (OR-6.2): leave a Ground Force first.')).toBe(
      'OR-6.2',
    );
  });

  it('BG-2 / BG-5 / OR-6.2: every refusal by the rules carries a rule id that has its one line', () => {
    for (const rule of Object.values(ACTION_RULE)) expect(RULE_LINES[rule]).toBeDefined();
    const start = createGame(options(3), 'why-not-every-refusal');
    const problems: string[] = [];
    const rules = new Set<string>();
    let refused = 0;
    randomPlay(start, 600, 31, (_before, after, seat) => {
      // Another seat's choices, and this seat's choices after they were made: refused here.
      const others = (seat + 1) % after.players.length;
      for (const action of legalActions(after, seat).slice(0, 4)) {
        const r = apply(after, others, action);
        if (r.ok) continue;
        refused++;
        const rule = r.error.rule;
        if (rule === undefined || RULE_LINES[rule] === undefined)
          problems.push(`${JSON.stringify(action)} -> ${r.error.code} ${r.error.message}`);
        else rules.add(rule);
      }
    });
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(100);
    expect(rules.size).toBeGreaterThan(1);
  }, 120_000);

  it('BG-5: a refused move names its rule even when its words do not', () => {
    const s = advanceTo(newGame(2, {}, 'why-not-move'), 'individual-turns');
    const r = apply(s, s.phase.name === 'individual-turns' ? s.phase.active : 0, {
      type: 'move',
      from: '0,0',
      ships: { cruiser: 1 },
      path: ['1,0'],
    });
    if (r.ok) throw new Error('a move from Mecatol Rex without ships was accepted');
    expect(r.error.code).toBe('ILLEGAL_ACTION');
    expect(r.error.rule).toBe('BG-5');
    expect(whyNot(r.error)).toEqual({ rule: 'BG-5', line: RULE_LINES['BG-5'] });
  });

  it('a malformed action is no rule’s refusal: it carries no rule', () => {
    const r = apply(newGame(2, {}, 'why-not-bad'), 0, { type: 'no-such-action' });
    if (r.ok) throw new Error('a malformed action was accepted');
    expect(r.error.code).toBe('BAD_REQUEST');
    expect(r.error.rule).toBeUndefined();
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
