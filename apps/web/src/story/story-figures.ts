import { influenceOf, resourcesOf, SHIP_TYPES, UNITS, type GameView } from '@outer-rim/rules';

/**
 * The story of the game: for every player, a few public figures at the end of each round. Every
 * figure is read from a spectator's view (the public part of the state), never from a hand or
 * anything else a seat keeps to itself, so every viewer may be shown all of them.
 */
export interface Figures {
  readonly planets: number;
  readonly resources: number;
  readonly influence: number;
  readonly credits: number;
  /** What the player's ships on the board cost, in resources. */
  readonly fleet: number;
  /** BG-10 progression: 0 (none yet) to 4 (Imperium Rex). */
  readonly bracket: number;
}

export type Measure = keyof Figures;

/** The charts, in the order shown, each with its title. */
export const MEASURES: readonly { readonly key: Measure; readonly title: string }[] = [
  { key: 'planets', title: 'Planets' },
  { key: 'resources', title: 'Resources' },
  { key: 'influence', title: 'Influence' },
  { key: 'credits', title: 'Credits' },
  { key: 'fleet', title: 'Fleet strength (ships’ cost)' },
  { key: 'bracket', title: 'Progression bracket' },
];

/** Each player's figures in `view`, by seat. */
export function figuresOf(view: GameView): Figures[] {
  return view.players.map((player, seat) => {
    let fleet = 0;
    for (const system of Object.values(view.units)) {
      for (const group of system.space) {
        if (group.owner !== seat) continue;
        for (const type of SHIP_TYPES) fleet += (group.units[type] ?? 0) * (UNITS[type].cost ?? 0);
      }
    }
    return {
      planets: Object.values(view.planets).filter((p) => p.owner === seat).length,
      resources: resourcesOf(view, seat),
      influence: influenceOf(view, seat),
      credits: player.credits,
      fleet,
      bracket: player.bracket,
    };
  });
}

/**
 * Where each round ended in the public log: round r ends with the step that starts round r + 1.
 * The round still being played (or the last one, once the game is over) ends at the log's end.
 */
export function roundEnds(
  entries: readonly { readonly seq: number; readonly events: readonly unknown[] }[],
): { round: number; seq: number }[] {
  const ends: { round: number; seq: number }[] = [];
  for (const entry of entries) {
    for (const event of entry.events) {
      const e = event as { type?: unknown; round?: unknown };
      if (e.type === 'round-started' && typeof e.round === 'number' && e.round > 1) {
        ends.push({ round: e.round - 1, seq: entry.seq });
      }
    }
  }
  return ends;
}

export interface StoryPoint {
  readonly round: number;
  readonly figures: readonly Figures[];
}

export interface Story {
  readonly names: readonly string[];
  readonly points: readonly StoryPoint[];
}

/**
 * The story from the views at each round's end, and the view now (the round being played, or the
 * final board), which counts as its round's end.
 */
export function storyOf(
  ends: readonly { readonly round: number; readonly view: GameView }[],
  now: GameView,
): Story {
  const points: StoryPoint[] = ends
    .filter((e) => e.round < now.round)
    .map((e) => ({ round: e.round, figures: figuresOf(e.view) }));
  if (now.round > 0) points.push({ round: now.round, figures: figuresOf(now) });
  return { names: now.players.map((p) => p.name), points };
}
