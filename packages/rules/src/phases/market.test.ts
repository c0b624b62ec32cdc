import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import { legalActions } from '../legal-actions.js';
import { advanceTo, mustApply, newGame, withPlayer } from '../testing/fixtures.js';
import type { GameState } from '../state/types.js';

function market(players = 3, seed = 'market'): GameState {
  return advanceTo(newGame(players, {}, seed), 'market');
}

function offers(s: GameState) {
  if (s.phase.name !== 'market') throw new Error('not in the market');
  return s.phase.offers;
}

describe('BG-2 Market: gifts by offer and accept', () => {
  it('asks every seat at once', () => {
    const s = market();
    expect(decisions(s).map((d) => d.seat)).toEqual([0, 1, 2]);
    expect(decisions(s).every((d) => d.kind === 'market')).toBe(true);
  });

  it('holds offered credits in escrow and hands them over on accept', () => {
    const s0 = market();
    const c0 = s0.players[0]?.credits ?? 0;
    const c1 = s0.players[1]?.credits ?? 0;
    const s1 = mustApply(s0, 0, { type: 'make-offer', to: 1, credits: 5, cards: [] });
    expect(s1.players[0]?.credits).toBe(c0 - 5);
    const id = offers(s1)[0]?.id ?? -1;
    const s2 = mustApply(s1, 1, { type: 'accept-offer', offerId: id });
    expect(s2.players[0]?.credits).toBe(c0 - 5);
    expect(s2.players[1]?.credits).toBe(c1 + 5);
    expect(offers(s2)).toEqual([]);
  });

  it('returns the escrow on decline and on withdraw', () => {
    const s0 = market();
    const c0 = s0.players[0]?.credits ?? 0;
    const s1 = mustApply(s0, 0, { type: 'make-offer', to: 1, credits: 7, cards: [] });
    const id = offers(s1)[0]?.id ?? -1;
    expect(mustApply(s1, 1, { type: 'decline-offer', offerId: id }).players[0]?.credits).toBe(c0);
    expect(mustApply(s1, 0, { type: 'withdraw-offer', offerId: id }).players[0]?.credits).toBe(c0);
  });

  it('gives action cards from the hand only, and only to a receiver within the hand limit', () => {
    let s = market();
    s = withPlayer(s, 0, { hand: ['sabotage#1', 'sabotage#2'] });
    s = withPlayer(s, 1, { hand: ['a#1', 'a#2', 'a#3', 'a#4', 'a#5', 'a#6', 'a#7'] });
    const bad = apply(s, 0, { type: 'make-offer', to: 1, credits: 0, cards: ['not-mine#1'] });
    expect(!bad.ok && bad.error.code).toBe('ILLEGAL_ACTION');
    const s1 = mustApply(s, 0, { type: 'make-offer', to: 1, credits: 0, cards: ['sabotage#1'] });
    expect(s1.players[0]?.hand).toEqual(['sabotage#2']);
    const id = offers(s1)[0]?.id ?? -1;
    const full = apply(s1, 1, { type: 'accept-offer', offerId: id });
    expect(!full.ok && full.error.code).toBe('ILLEGAL_ACTION');
    expect(legalActions(s1, 1)).not.toContainEqual({ type: 'accept-offer', offerId: id });
    const s2 = withPlayer(s1, 1, { hand: [] });
    expect(mustApply(s2, 1, { type: 'accept-offer', offerId: id }).players[1]?.hand).toEqual([
      'sabotage#1',
    ]);
  });

  it('refuses more credits than owned, an empty offer and an offer to oneself', () => {
    const s = market();
    const have = s.players[0]?.credits ?? 0;
    for (const action of [
      { type: 'make-offer', to: 1, credits: have + 1, cards: [] },
      { type: 'make-offer', to: 1, credits: 0, cards: [] },
      { type: 'make-offer', to: 0, credits: 1, cards: [] },
    ]) {
      const r = apply(s, 0, action);
      expect(!r.ok && r.error.code).toBe('ILLEGAL_ACTION');
    }
  });

  it('closes the offers of a leaving seat and moves on when everyone has left', () => {
    const s0 = market(2);
    const c0 = s0.players[0]?.credits ?? 0;
    const s1 = mustApply(s0, 0, { type: 'make-offer', to: 1, credits: 3, cards: [] });
    const s2 = mustApply(s1, 1, { type: 'end-market' });
    expect(s2.players[0]?.credits).toBe(c0);
    expect(offers(s2)).toEqual([]);
    const late = apply(s2, 0, { type: 'make-offer', to: 1, credits: 1, cards: [] });
    expect(!late.ok && late.error.code).toBe('ILLEGAL_ACTION');
    const s3 = mustApply(s2, 0, { type: 'end-market' });
    expect(s3.phase.name).not.toBe('market');
  });
});
