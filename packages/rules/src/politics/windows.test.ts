import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import type { Action } from '../actions/schema.js';
import type { GameState, Seat } from '../state/types.js';
import { ofType } from '../testing/battle.js';
import { FOR, AGAINST, councilTable, openCouncil, voteAll } from '../testing/politics.js';

/**
 * BG-9 windows in the Political phase: the table where only seat `holder`
 * holds `cards`, and everyone is asked about cards (no "never ask me").
 */
function holding(holder: Seat, cards: string[]): GameState {
  const s = councilTable();
  return {
    ...s,
    neverAsk: [],
    actionDeck: s.actionDeck.filter((c) => !cards.includes(c)),
    players: s.players.map((p, seat) => ({ ...p, hand: seat === holder ? cards : [] })),
  };
}

function must(s: GameState, seat: Seat, a: Action) {
  const r = apply(s, seat, a);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r;
}

describe('BG-8 Political phase: action-card windows (BG-9)', () => {
  it('Veto answers the revealed card: it is discarded and the next one is voted on', () => {
    const { state } = openCouncil(holding(0, ['veto#1']), ['free-trade#1', 'humane-labor#1']);
    expect(state.window?.trigger).toEqual({ kind: 'political-card', card: 'free-trade#1' });
    expect(decisions(state).map((d) => [d.seat, d.kind])).toEqual([[0, 'card']]);
    const r = must(state, 0, { type: 'play-card', card: 'veto#1' });
    expect(r.state.window).toBeUndefined();
    expect(ofType(r.events, 'agenda-discarded')).toEqual([
      { type: 'agenda-discarded', card: 'free-trade#1', reason: 'Veto' },
    ]);
    expect(r.state.phase).toMatchObject({ step: 'vote', agenda: 'humane-labor#1' });
    expect(r.state.politics?.discard).toEqual(['free-trade#1']);
  });

  it('BG-9 the card a Veto draws is revealed as the Veto resolves, and its own window opens above the Veto’s', () => {
    const table = holding(0, ['veto#1']);
    const s: GameState = {
      ...table,
      actionDeck: table.actionDeck.filter((c) => c !== 'veto#2'),
      players: table.players.map((p, seat) => (seat === 1 ? { ...p, hand: ['veto#2'] } : p)),
    };
    const { state } = openCouncil(s, ['free-trade#1', 'humane-labor#1', 'minister-of-war#1']);
    expect(decisions(state).map((d) => [d.seat, d.kind])).toEqual([
      [0, 'card'],
      [1, 'card'],
    ]);
    const r = must(state, 0, { type: 'play-card', card: 'veto#1' });
    // The moment "the political card just revealed" is reached while the Veto resolves.
    expect(r.state.window?.trigger).toEqual({ kind: 'political-card', card: 'humane-labor#1' });
    expect(r.state.outerWindows?.map((w) => w.trigger)).toEqual([
      { kind: 'political-card', card: 'free-trade#1' },
    ]);
    expect(decisions(r.state).map((d) => [d.seat, d.kind])).toEqual([[1, 'card']]);
    const order = r.events
      .map((e) => e.type)
      .filter((t) => t.startsWith('card-') || t.startsWith('agenda-'));
    expect(order).toEqual([
      'card-played',
      'card-resolved',
      'agenda-discarded',
      'agenda-revealed',
      'card-window-opened',
    ]);
    // A second Veto answers the new card in the inner window; both windows then close, innermost first.
    const v = must(r.state, 1, { type: 'play-card', card: 'veto#2' });
    expect(ofType(v.events, 'card-window-closed').map((e) => e.trigger)).toEqual([
      { kind: 'political-card', card: 'humane-labor#1' },
      { kind: 'political-card', card: 'free-trade#1' },
    ]);
    expect(v.state.window).toBeUndefined();
    expect(v.state.outerWindows).toBeUndefined();
    expect(v.state.phase).toMatchObject({ step: 'vote', agenda: 'minister-of-war#1' });
    expect(v.state.politics?.discard).toEqual(['free-trade#1', 'humane-labor#1']);
  });

  it('passing the window leaves the agenda as it was', () => {
    const { state } = openCouncil(holding(0, ['veto#1']), ['free-trade#1']);
    const r = must(state, 0, { type: 'pass-card' });
    expect(r.state.phase).toMatchObject({ step: 'vote', agenda: 'free-trade#1' });
  });

  it('Council Dissolved, played before the draw: no card is drawn and nobody votes this round', () => {
    const { state } = openCouncil(holding(2, ['council-dissolved#1']), ['free-trade#1']);
    expect(state.window?.trigger).toEqual({ kind: 'political', step: 'before-draw' });
    const r = must(state, 2, { type: 'play-card', card: 'council-dissolved#1' });
    expect(ofType(r.events, 'no-vote')).toEqual([{ type: 'no-vote', reason: 'Council Dissolved' }]);
    expect(ofType(r.events, 'agenda-revealed')).toEqual([]);
    expect(r.state.phase.name).not.toBe('political');
    expect(r.state.politics?.deck[0]).toBe('free-trade#1');
  });

  it('Determine Policy: its player picks the agenda from the top three', () => {
    const { state } = openCouncil(holding(1, ['determine-policy#1']), [
      'free-trade#1',
      'humane-labor#1',
      'minister-of-war#1',
    ]);
    const r = must(state, 1, { type: 'play-card', card: 'determine-policy#1' });
    expect(r.state.phase).toMatchObject({ step: 'pick-agenda', picker: 1 });
    const p = must(r.state, 1, { type: 'pick-agenda', card: 'minister-of-war#1' });
    expect(p.state.phase).toMatchObject({ step: 'vote', agenda: 'minister-of-war#1' });
  });

  it('Fantastic Rhetoric adds 5 votes to its player’s vote; Thugs keep a player from voting', () => {
    const { state } = openCouncil(holding(1, ['fantastic-rhetoric#1', 'thugs#1']), [
      'free-trade#1',
    ]);
    expect(state.window?.trigger).toEqual({ kind: 'political', step: 'before-vote' });
    let r = must(state, 1, { type: 'play-card', card: 'fantastic-rhetoric#1' });
    // The window asks again after a card resolves; Bo plays Thugs on Cy, then passes.
    r = must(r.state, 1, { type: 'play-card', card: 'thugs#1', target: { seat: 2 } });
    const voted = voteAll(r.state, (seat) => (seat === 1 ? FOR : AGAINST));
    expect(ofType(voted.events, 'vote-cast')).toEqual([
      { type: 'vote-cast', seat: 1, choice: 'for', votes: 7 },
      { type: 'vote-cast', seat: 0, choice: 'against', votes: 4 },
      { type: 'vote-cast', seat: 2, choice: 'abstain', votes: 0 },
    ]);
    expect(voted.state.politics?.laws.map((l) => l.card)).toEqual(['free-trade#1']);
  });

  it('Discredit, after the votes: one player’s votes count for nothing', () => {
    const { state } = openCouncil(holding(1, ['discredit#1']), ['free-trade#1']);
    const voted = voteAll(state, (seat) => (seat === 1 ? AGAINST : FOR));
    expect(voted.state.window?.trigger).toEqual({ kind: 'political', step: 'after-votes' });
    const r = must(voted.state, 1, { type: 'play-card', card: 'discredit#1', target: { seat: 2 } });
    // For: Ann 4 (Cy's 4 discredited); against: Bo 2 → it passes 4 to 2.
    expect(ofType(r.events, 'agenda-resolved')[0]).toMatchObject({
      passed: true,
      tally: { for: 4, against: 2 },
    });
  });
});
