import { describe, expect, it } from 'vitest';
import { ACTION_CARDS, actionCardById, actionDeck } from './action-cards.js';
import { cardIdOf } from './deck.js';
import { ROUND_PHASES, TURN_SEGMENTS } from './timing.js';

describe('BG-9 action cards', () => {
  describe('action cards', () => {
    it('holds the TI2 composition: 78 cards, 13 of them Trade Agreements', () => {
      expect(ACTION_CARDS.reduce((n, c) => n + c.count, 0)).toBe(78);
      expect(actionCardById('trade-agreement')?.count).toBe(13);
    });

    it('includes Sabotage, Skilled Retreat and Voluntary Annexation', () => {
      expect(actionCardById('sabotage')?.count).toBe(4);
      expect(actionCardById('skilled-retreat')?.count).toBe(3);
      expect(actionCardById('voluntary-annexation')?.count).toBe(2);
    });

    it('plays Sabotage in response to a card and Skilled Retreat before a battle round', () => {
      expect(actionCardById('sabotage')?.timing).toEqual({ kind: 'response', to: 'action-card' });
      expect(actionCardById('skilled-retreat')?.timing).toEqual({
        kind: 'response',
        to: 'space-battle-round',
      });
    });

    it('has unique ids, positive counts, text, and every text flagged provisional', () => {
      expect(new Set(ACTION_CARDS.map((c) => c.id)).size).toBe(ACTION_CARDS.length);
      for (const c of ACTION_CARDS) {
        expect(Number.isInteger(c.count) && c.count > 0).toBe(true);
        expect(c.text).not.toBe('');
        expect(c.provisional).toBe(true);
        expect(c.source).not.toBe('');
      }
    });

    it('times every card in a real phase and segment', () => {
      for (const c of ACTION_CARDS) {
        if (c.timing.kind !== 'phase') continue;
        expect(ROUND_PHASES).toContain(c.timing.phase);
        if (c.timing.segment !== undefined) {
          expect(c.timing.phase).toBe('individual-turns');
          expect(TURN_SEGMENTS).toContain(c.timing.segment);
        }
      }
    });

    it('rejects an unknown card id', () => {
      expect(actionCardById('war-sun')).toBeUndefined();
    });
  });

  describe('action deck', () => {
    it('lists one unique instance id per card copy, in a fixed order', () => {
      const deck = actionDeck();
      expect(deck).toHaveLength(78);
      expect(new Set(deck).size).toBe(78);
      expect(actionDeck()).toEqual(deck);
      expect(deck.filter((id) => cardIdOf(id) === 'sabotage')).toEqual([
        'sabotage#1',
        'sabotage#2',
        'sabotage#3',
        'sabotage#4',
      ]);
    });

    it('maps every instance back to a card of the deck', () => {
      for (const id of actionDeck()) expect(actionCardById(cardIdOf(id))).toBeDefined();
    });

    it('returns a fresh array the caller may shuffle', () => {
      const deck = actionDeck();
      deck.reverse();
      expect(actionDeck()[0]).toBe('chemical-warfare#1');
    });
  });
});

describe('OR-2.2 minor races and annexation', () => {
  it('keeps Voluntary Annexation off minor-race planets', () => {
    expect(actionCardById('voluntary-annexation')?.text).toMatch(/never a minor race/i);
  });
});
