import { describe, expect, it } from 'vitest';
import { routeSentence, routeWords } from './route-words';

describe('a fleet’s way in words', () => {
  it('a move of one step names its destination once, never "To X via X"', () => {
    expect(routeWords('Vega Major / Vega Minor', ['Vega Major / Vega Minor'])).toBe(
      'To Vega Major / Vega Minor',
    );
  });

  it('a longer move names the systems it passes before the destination', () => {
    expect(routeWords('Abyz / Fria', ['Mecatol Rex', 'Lodor', 'Abyz / Fria'])).toBe(
      'To Abyz / Fria via Mecatol Rex → Lodor',
    );
  });
});

describe('a fleet’s way as a sentence', () => {
  it('BG-5: says how many steps the way costs, when that is known', () => {
    expect(routeSentence('Abyz / Fria', ['Lodor', 'Abyz / Fria'], 2)).toBe(
      'To Abyz / Fria via Lodor (2 steps).',
    );
    expect(routeSentence('Lodor', ['Lodor'], 1)).toBe('To Lodor (1 step).');
    expect(routeSentence('Lodor', ['Lodor'])).toBe('To Lodor.');
  });
});
