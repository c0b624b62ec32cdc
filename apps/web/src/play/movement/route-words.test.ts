import { describe, expect, it } from 'vitest';
import { routeWords } from './route-words';

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
