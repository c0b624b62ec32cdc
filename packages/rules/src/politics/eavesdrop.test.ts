import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { legalActions } from '../legal-actions.js';
import type { GameState } from '../state/types.js';
import { withPlayer } from '../testing/fixtures.js';
import { ABSTAIN, councilTable, openCouncil, phaseActions } from '../testing/politics.js';
import { describeEvent } from '../views/describe.js';
import { eventsFor } from '../views/events-for.js';
import { view } from '../views/view.js';

/** The council with the Yssaril in seat 0 and Bo (seat 1, the Letnev, first to vote) holding two cards. */
function council(): GameState {
  let s = withPlayer(councilTable(), 0, { race: 'yssaril' });
  s = withPlayer(s, 1, { hand: ['sabotage#1', 'disclosure#1'] });
  return openCouncil(s, ['free-trade#1']).state;
}

function must(s: GameState, seat: number, a: unknown) {
  const r = apply(s, seat, a);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r;
}

describe('BG-1 Yssaril: Eavesdrop', () => {
  it('in the Political phase the Yssaril may look at one other player’s action cards, beside its vote', () => {
    let s = must(council(), 1, ABSTAIN).state;
    // The Yssaril (seat 0) votes now: the looks come beside the vote, one per other player.
    expect(phaseActions(s, 0)).toEqual(
      expect.arrayContaining([
        { type: 'eavesdrop', seat: 1 },
        { type: 'eavesdrop', seat: 2 },
      ]),
    );
    expect(phaseActions(s, 0)).not.toContainEqual({ type: 'eavesdrop', seat: 0 });
    expect(legalActions(view(s, 0), 0)).toEqual(legalActions(s, 0));
    const r = must(s, 0, { type: 'eavesdrop', seat: 1 });
    expect(r.events).toEqual([
      { type: 'hand-revealed', seat: 0, of: 1, cards: ['sabotage#1', 'disclosure#1'] },
    ]);
    const [seen] = r.events;
    expect(seen && describeEvent(seen, ['Ann', 'Bo', 'Cy'])).toBe(
      "Ann looks at Bo's action cards: Sabotage, Disclosure.",
    );
    s = r.state;
    // One look per Political phase; the vote is still the Yssaril's to cast.
    expect(phaseActions(s, 0).some((a) => a.type === 'eavesdrop')).toBe(false);
    const again = apply(s, 0, { type: 'eavesdrop', seat: 2 });
    expect(!again.ok && again.error.code).toBe('ILLEGAL_ACTION');
    expect(phaseActions(s, 0)).toContainEqual(ABSTAIN);
  });

  it('shows the cards only to the Yssaril: the other seats and spectators see that it looked', () => {
    const s = must(council(), 1, ABSTAIN).state;
    const r = must(s, 0, { type: 'eavesdrop', seat: 1 });
    expect(JSON.stringify(eventsFor(r.events, 0))).toContain('sabotage#1');
    for (const viewer of [1, 2, 'spectator'] as const) {
      const seen = eventsFor(r.events, viewer);
      expect(seen).toEqual([{ type: 'hand-revealed', seat: 0, of: 1 }]);
      // The looked-at seat knows its own hand; the view of nobody else holds it.
      if (viewer !== 1) expect(JSON.stringify(view(r.state, viewer))).not.toContain('sabotage#1');
    }
  });

  it('no other race may eavesdrop, nor the Yssaril outside the Political phase', () => {
    const s = council();
    expect(phaseActions(s, 1).some((a) => a.type === 'eavesdrop')).toBe(false);
    const r = apply(s, 1, { type: 'eavesdrop', seat: 0 });
    expect(!r.ok && r.error.code).toBe('NOT_YOUR_DECISION');
    const outside = apply(withPlayer(councilTable(), 0, { race: 'yssaril' }), 0, {
      type: 'eavesdrop',
      seat: 1,
    });
    expect(!outside.ok && outside.error.code).toBe('NOT_YOUR_DECISION');
  });
});
