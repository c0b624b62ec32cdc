import { RACE_IDS, raceName, type RaceId } from '@outer-rim/map';
import type { Owner } from '@outer-rim/rules';

const isRaceId = (value: string): value is RaceId =>
  (RACE_IDS as readonly string[]).includes(value);

/**
 * Seat colours of the printed game's plastic, chosen to stay apart for the
 * common colour-vision deficiencies when paired with the seat's name.
 */
export const SEAT_COLOURS = [
  '#d64541', // red
  '#2f7fd8', // blue
  '#3aa655', // green
  '#e8b923', // yellow
  '#8e5cc4', // purple
  '#ec7f2c', // orange
  '#e36fb1', // pink
  '#8c8c8c', // grey
] as const;

const MINOR_COLOUR = '#b0a58a';

export function ownerColour(owner: Owner | null): string {
  if (owner === null) return 'transparent';
  if (typeof owner === 'string') return MINOR_COLOUR;
  return SEAT_COLOURS[owner % SEAT_COLOURS.length] ?? MINOR_COLOUR;
}

export function ownerName(owner: Owner | null, names: readonly string[]): string {
  if (owner === null) return 'nobody';
  if (typeof owner === 'string') {
    const race = owner.slice('minor:'.length);
    return `the ${isRaceId(race) ? raceName(race) : 'minor race'} (minor race)`;
  }
  return names[owner] ?? `Seat ${owner + 1}`;
}
