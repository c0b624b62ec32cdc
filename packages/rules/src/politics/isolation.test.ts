import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import type { GameState } from '../state/types.js';
import { ABSTAIN, FOR, councilTable, openCouncil, phaseActions } from '../testing/politics.js';

// The council table: the Letnev (seat 1) votes first, in a trade agreement with the Hacan (seat 2).
function council(trading: boolean): GameState {
  const s = councilTable();
  return openCouncil(trading ? s : { ...s, tradeAgreements: [] }, ['free-trade#1']).state;
}

describe('BG-1 Letnev: Isolation', () => {
  it('in no active trade agreement, the Letnev may only abstain, and is told why', () => {
    const s = council(false);
    const [asked] = decisions(s);
    expect(asked?.seat).toBe(1);
    expect(asked?.prompt).toMatch(/^Isolation: .*no active trade agreement.*only abstain/);
    expect(phaseActions(s, 1)).toEqual([ABSTAIN]);
    const refused = apply(s, 1, FOR);
    expect(!refused.ok && refused.error.code).toBe('ILLEGAL_ACTION');
    const r = apply(s, 1, ABSTAIN);
    expect(r.ok && r.events).toContainEqual({
      type: 'vote-cast',
      seat: 1,
      choice: 'abstain',
      votes: 0,
    });
  });

  it('in a trade agreement, the Letnev votes like anybody else', () => {
    const s = council(true);
    expect(decisions(s)[0]?.prompt).toMatch(/^Vote with all your \d+ votes/);
    expect(phaseActions(s, 1)).toContainEqual(FOR);
    const r = apply(s, 1, FOR);
    expect(r.ok && r.state.phase.name === 'political' && r.state.phase.ballots[0]?.votes).toBe(2);
  });

  it('binds only the Letnev: others vote without any agreement', () => {
    const s = council(false);
    const after = apply(s, 1, ABSTAIN);
    if (!after.ok) throw new Error(after.error.message);
    const next = decisions(after.state)[0];
    expect(next?.seat).not.toBe(1);
    expect(phaseActions(after.state, next?.seat ?? 0)).toContainEqual(FOR);
  });
});
