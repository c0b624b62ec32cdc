import { RACE_IDS, raceName, type RaceId } from '@outer-rim/map';

export function isRaceId(value: string): value is RaceId {
  return (RACE_IDS as readonly string[]).includes(value);
}

/** A seat's race as the lobby record spells it; anything unknown counts as not chosen. */
export function raceChoice(value: string): RaceId | 'random' {
  return isRaceId(value) ? value : 'random';
}

export function raceLabel(race: string): string {
  return isRaceId(race) ? raceName(race) : race;
}
