import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import type { GameState } from '../state/types.js';
import { withPlayer } from '../testing/fixtures.js';
import { FOR, councilTable, openCouncil, phaseActions } from '../testing/politics.js';
import { describeEvent } from '../views/describe.js';

const VETO = { type: 'veto-agenda', veto: true } as const;
const STAND = { type: 'veto-agenda', veto: false } as const;

/** The council table with the Xxcha in seat 2, holding `credits`, and Free Trade then Humane Labor on top. */
function council(credits: number): GameState {
  const s = withPlayer(councilTable(), 2, { race: 'xxcha', credits });
  return openCouncil(s, ['free-trade#1', 'humane-labor#1', 'minister-of-war#1']).state;
}

function must(s: GameState, seat: number, a: unknown) {
  const r = apply(s, seat, a);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r;
}

function agendaOf(s: GameState): string | undefined {
  return s.phase.name === 'political' ? s.phase.agenda : undefined;
}

describe('BG-1 Xxcha: Veto', () => {
  it('before the vote, the Xxcha with 5 credits is asked first: veto or let it stand; nobody votes yet', () => {
    const s = council(7);
    expect(decisions(s)).toEqual([
      {
        seat: 2,
        kind: 'veto-agenda',
        prompt:
          'Veto: pay 5 credits to discard Free Trade and draw the next political card, or let it stand.',
      },
    ]);
    expect(phaseActions(s, 2)).toEqual([VETO, STAND]);
    expect(phaseActions(s, 1)).toEqual([]);
    const early = apply(s, 1, FOR);
    expect(!early.ok && early.error.code).toBe('NOT_YOUR_DECISION');
  });

  it('a veto costs 5 credits, discards the card and draws the next; one veto per Political phase', () => {
    const r = must(council(7), 2, VETO);
    expect(r.state.players[2]?.credits).toBe(2);
    expect(agendaOf(r.state)).toBe('humane-labor#1');
    expect(r.state.politics?.discard).toContain('free-trade#1');
    const [vetoed] = r.events.filter((e) => e.type === 'agenda-vetoed');
    expect(vetoed && describeEvent(vetoed, ['Ann', 'Bo', 'Cy'])).toBe(
      'Cy pays 5 credits to veto Free Trade (now 2): the next card is drawn.',
    );
    // Even with the credits for another, the Xxcha is not asked again this phase: voting begins.
    const rich = withPlayer(r.state, 2, { credits: 20 });
    expect(decisions(rich).map((d) => d.kind)).toEqual(['vote']);
    const again = apply(rich, 2, VETO);
    expect(!again.ok && again.error.code).toBe('NOT_YOUR_DECISION');
  });

  it('letting it stand costs nothing and opens the vote on that card', () => {
    const r = must(council(7), 2, STAND);
    expect(r.state.players[2]?.credits).toBe(7);
    expect(agendaOf(r.state)).toBe('free-trade#1');
    expect(decisions(r.state).map((d) => [d.seat, d.kind])).toEqual([[1, 'vote']]);
  });

  it('with fewer than 5 credits the Xxcha is not asked', () => {
    const s = council(4);
    expect(decisions(s).map((d) => d.kind)).toEqual(['vote']);
    const r = apply(s, 2, VETO);
    expect(!r.ok && r.error.code).toBe('NOT_YOUR_DECISION');
  });
});
