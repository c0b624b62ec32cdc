import { describe, expect, it } from 'vitest';
import { cardIdOf } from './deck.js';
import { POLITICAL_CARDS, politicalCardById, politicalDeck } from './political-cards.js';

/** The 14 first-edition cards the research found by name; Revote is in the deck twice. */
const KNOWN = [
  'arms-reduction',
  'conventions-of-nxill',
  'council-empowered',
  'crown-of-thalnos',
  'expansion-suppression',
  'free-trade',
  'holder-of-mecatol-rex',
  'holy-planet-of-ixth',
  'humane-labor',
  'limits-to-individual-power',
  'long-term-truce',
  'public-execution',
  'revote',
  'revote',
  'short-term-truce',
];

describe('BG-8 political deck', () => {
  it('has 20 cards: the 14 known ones (15 with both Revotes) and 5 provisional fillers', () => {
    const deck = politicalDeck();
    expect(deck).toHaveLength(20);
    expect(new Set(deck).size).toBe(20);
    const known = deck.map(cardIdOf).filter((id) => KNOWN.includes(id));
    expect(known.sort()).toEqual([...KNOWN].sort());
    expect(new Set(known).size).toBe(14);
    const fillers = POLITICAL_CARDS.filter((c) => !KNOWN.includes(c.id));
    expect(fillers.reduce((n, c) => n + c.count, 0)).toBe(5);
    for (const c of fillers) expect(c.provisional).toBe(true);
  });

  it('has unique ids, text and a source for every card', () => {
    expect(new Set(POLITICAL_CARDS.map((c) => c.id)).size).toBe(POLITICAL_CARDS.length);
    for (const c of POLITICAL_CARDS) {
      expect(c.text).not.toBe('');
      expect(c.source).not.toBe('');
    }
  });

  it('says what an election elects, and only elections do', () => {
    for (const c of POLITICAL_CARDS) {
      expect(c.elects !== undefined).toBe(c.kind === 'election');
    }
    expect(politicalCardById('holy-planet-of-ixth')?.elects).toBe('planet');
    expect(politicalCardById('revote')?.elects).toBe('law');
  });

  it('keeps laws in force and lets one-shots go', () => {
    for (const c of POLITICAL_CARDS) {
      if (c.kind === 'law') expect(c.lasting).toBe(true);
      if (c.kind === 'one-shot') expect(c.lasting).toBe(false);
    }
  });

  it('limits the truces to their rounds', () => {
    expect(politicalCardById('short-term-truce')?.durationRounds).toBe(2);
    expect(politicalCardById('long-term-truce')?.durationRounds).toBe(3);
  });

  it('rejects an unknown card id', () => {
    expect(politicalCardById('mutiny')).toBeUndefined();
  });
});
