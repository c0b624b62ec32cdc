import { describe, expect, it } from 'vitest';
import { cardIdOf, deckInstances } from './deck.js';

describe('BG-8 / BG-9 card instances', () => {
  it('numbers the copies of each card from 1, in list order', () => {
    expect(
      deckInstances([
        { id: 'veto', count: 2 },
        { id: 'thugs', count: 1 },
      ]),
    ).toEqual(['veto#1', 'veto#2', 'thugs#1']);
  });

  it('gives no instance to a card with no copies', () => {
    expect(deckInstances([{ id: 'veto', count: 0 }])).toEqual([]);
  });

  it('reads the card id back from an instance id', () => {
    expect(cardIdOf('skilled-retreat#3')).toBe('skilled-retreat');
    expect(cardIdOf('skilled-retreat')).toBe('skilled-retreat');
  });
});
