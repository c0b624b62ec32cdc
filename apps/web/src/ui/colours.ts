import type { Owner } from '@outer-rim/rules';

/**
 * Seat colours: the Okabe–Ito palette, designed to stay apart for the common
 * colour-vision deficiencies, with its black swapped for white so that it
 * shows on the dark board. `colours.test.ts` checks every pair under
 * simulated protanopia, deuteranopia and tritanopia; units also differ by
 * shape, and a hovered hex names every owner.
 */
export const SEAT_COLOURS = [
  '#d55e00', // vermillion
  '#56b4e9', // sky blue
  '#009e73', // bluish green
  '#f0e442', // yellow
  '#cc79a7', // reddish purple
  '#e69f00', // orange
  '#0072b2', // blue
  '#f0f0f0', // white
] as const;

/** Minor races own units and planets without a seat: a grey that no seat colour is close to. */
export const MINOR_COLOUR = '#545860';
/** Their units and planets also wear a dashed light outline, so "owned but not a player" reads without colour. */
export const MINOR_OUTLINE = '#e8e0c8';
/** Neutral planets are drawn hollow, in this light grey. */
export const NEUTRAL_COLOUR = '#c2c0ba';

export function ownerColour(owner: Owner | null): string {
  if (owner === null) return 'transparent';
  if (typeof owner === 'string') return MINOR_COLOUR;
  return SEAT_COLOURS[owner % SEAT_COLOURS.length] ?? MINOR_COLOUR;
}

export function ownerName(owner: Owner | null, names: readonly string[]): string {
  if (owner === null) return 'nobody';
  if (typeof owner === 'string') return `minor race (${owner.slice('minor:'.length)})`;
  return names[owner] ?? `Seat ${owner + 1}`;
}
