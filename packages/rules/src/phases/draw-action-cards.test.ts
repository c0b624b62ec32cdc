import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import { legalActions } from '../legal-actions.js';
import { Draft } from '../state/draft.js';
import { createGame } from '../setup/create-game.js';
import { advanceTo, mustApply, newGame, withPlayer } from '../testing/fixtures.js';
import { enterDrawActionCards } from './draw-action-cards.js';

describe('BG-2 Draw Action Cards', () => {
  it('deals one card to each player from the top of the deck', () => {
    const s = createGame(
      { players: [{ race: 'sol' }, { race: 'hacan' }, { race: 'letnev' }] },
      'draw',
    );
    const d = new Draft(s);
    const top = s.actionDeck.slice(0, 3);
    enterDrawActionCards(d);
    const after = d.finish();
    expect(after.players.map((p, i) => p.hand.length - (s.players[i]?.hand.length ?? 0))).toEqual([
      1, 1, 1,
    ]);
    expect(after.players.map((p) => p.hand.at(-1))).toEqual(top);
    expect(after.actionDeck).toEqual(s.actionDeck.slice(3));
    expect(d.events.filter((e) => e.type === 'cards-drawn')).toHaveLength(3);
  });

  it('gives the Yssaril two cards', () => {
    const s = createGame({ players: [{ race: 'yssaril' }, { race: 'sol' }] }, 'yssaril');
    const d = new Draft({ ...s, players: s.players.map((p) => ({ ...p, hand: [] })) });
    enterDrawActionCards(d);
    const after = d.finish();
    expect(after.players[0]?.hand).toHaveLength(2);
    expect(after.players[1]?.hand).toHaveLength(1);
  });

  it('reshuffles the discards into a new deck when the deck runs out', () => {
    const s = newGame(2, {}, 'reshuffle');
    const d = new Draft({ ...s, actionDeck: [], actionDiscard: ['x#1', 'x#2', 'x#3'] });
    enterDrawActionCards(d);
    const after = d.finish();
    expect(d.events).toContainEqual({ type: 'deck-reshuffled', cards: 3 });
    expect(after.actionDiscard).toEqual([]);
    expect(after.actionDeck.length + after.players.reduce((n, p) => n + p.hand.length, 0)).toBe(
      3 + s.players.reduce((n, p) => n + p.hand.length, 0),
    );
  });

  it('reshuffles only when the deck runs out part-way, after its last card is drawn', () => {
    const s = newGame(2, {}, 'reshuffle-mid');
    const d = new Draft({
      ...s,
      players: s.players.map((p) => ({ ...p, hand: [] })),
      actionDeck: ['last#1'],
      actionDiscard: ['x#1', 'x#2'],
    });
    enterDrawActionCards(d);
    const after = d.finish();
    expect(after.players[0]?.hand).toEqual(['last#1']);
    expect(d.events.map((e) => e.type)).toEqual(['cards-drawn', 'deck-reshuffled', 'cards-drawn']);
    expect(d.events).toContainEqual({ type: 'deck-reshuffled', cards: 2 });
    const second = after.players[1]?.hand ?? [];
    expect(second).toHaveLength(1);
    expect([...second, ...after.actionDeck].sort()).toEqual(['x#1', 'x#2']);
  });

  it('draws nothing, and waits for nobody, when deck and discards are both empty', () => {
    const s = newGame(2, {}, 'reshuffle-empty');
    const d = new Draft({ ...s, actionDeck: [], actionDiscard: [] });
    expect(enterDrawActionCards(d)).toBe(false);
    expect(d.finish().players.map((p) => p.hand)).toEqual(s.players.map((p) => p.hand));
    expect(d.events).toEqual([]);
  });

  it('makes a player above the hand limit of 7 discard down to it', () => {
    const base = advanceTo(newGame(2, {}, 'limit'), 'market');
    const full = ['c#1', 'c#2', 'c#3', 'c#4', 'c#5', 'c#6', 'c#7'];
    let s = withPlayer(base, 0, { hand: full, credits: 0 });
    s = withPlayer(s, 1, { credits: 0 });
    s = mustApply(s, 0, { type: 'end-market' });
    s = mustApply(s, 1, { type: 'end-market' });
    expect(s.phase.name).toBe('draw-action-cards');
    expect(decisions(s).map(({ seat, kind }) => ({ seat, kind }))).toEqual([
      { seat: 0, kind: 'discard' },
    ]);
    expect(legalActions(s, 1)).toEqual([]);
    const wrong = apply(s, 0, { type: 'discard', card: 'nope#1' });
    expect(!wrong.ok && wrong.error.code).toBe('ILLEGAL_ACTION');
    const r = apply(s, 0, { type: 'discard', card: 'c#1' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.players[0]?.hand).toHaveLength(7);
    expect(r.state.actionDiscard).toContain('c#1');
    expect(r.state.phase.name).not.toBe('draw-action-cards');
  });
});
