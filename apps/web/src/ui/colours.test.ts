import { describe, expect, it } from 'vitest';
import { perceivedDistance, type Vision } from './colour-vision';
import { MINOR_COLOUR, NEUTRAL_COLOUR, SEAT_COLOURS } from './colours';

const VISIONS: readonly Vision[] = ['normal', 'protanopia', 'deuteranopia', 'tritanopia'];
/** The board's ordinary system fill and the page behind it. */
const BACKGROUNDS = ['#1a2540', '#05070d'];
/** ΔE (CIE76) that every pair must keep: well past "noticeable at a glance" (~10). */
const APART = 15;

describe('seat colours: told apart, also with colour-vision deficiencies', () => {
  it('a simulated dichromat still sees a known confusion pair as close, so the check can fail', () => {
    // Red and green of the same lightness: the classic deuteranopia confusion.
    expect(perceivedDistance('#c05050', '#6a8a30', 'normal')).toBeGreaterThan(40);
    expect(perceivedDistance('#c05050', '#6a8a30', 'deuteranopia')).toBeLessThan(APART);
  });

  for (const vision of VISIONS) {
    it(`eight seats, the minor races and neutral planets stay apart with ${vision} vision`, () => {
      const colours = [...SEAT_COLOURS, MINOR_COLOUR, NEUTRAL_COLOUR];
      expect(new Set(colours).size).toBe(10);
      for (let i = 0; i < colours.length; i++) {
        for (let j = i + 1; j < colours.length; j++) {
          const [a, b] = [colours[i] ?? '', colours[j] ?? ''];
          expect(perceivedDistance(a, b, vision), `${a} vs ${b}`).toBeGreaterThanOrEqual(APART);
        }
      }
    });

    it(`every seat colour shows on the board's background with ${vision} vision`, () => {
      for (const colour of SEAT_COLOURS) {
        for (const background of BACKGROUNDS) {
          expect(perceivedDistance(colour, background, vision)).toBeGreaterThanOrEqual(2 * APART);
        }
      }
    });
  }
});
