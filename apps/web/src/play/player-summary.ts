import { raceName } from '@outer-rim/map';
import {
  cardName,
  influenceOf,
  LEADERS,
  leaderName,
  resourcesOf,
  techName,
  type GameView,
} from '@outer-rim/rules';

/** BG-10 progression chart, bracket 0 first. */
export const BRACKET_NAMES = ['Warlord', 'Foundation', 'Consortium', 'Dominion', 'Imperium Rex'];

export interface PlayerSummary {
  readonly seat: number;
  readonly name: string;
  readonly race: string;
  readonly credits: number;
  readonly planets: number;
  readonly resources: number;
  /** As the rules count it: planets' influence plus captives (OR-6.2). */
  readonly influence: number;
  readonly bracket: string;
  readonly technologies: readonly string[];
  /** The same technologies as ids, for the technology cards (BG-9). */
  readonly technologyIds: readonly string[];
  readonly leaders: readonly string[];
  readonly captives: readonly string[];
  readonly handCount: number;
  /** Only in the viewer's own entry. */
  readonly hand?: readonly string[];
}

/** The side panel's figures for each player, from the public part of the view. */
export function playerSummaries(view: GameView): PlayerSummary[] {
  const names = view.players.map((p) => p.name);
  return view.players.map((player, seat): PlayerSummary => {
    const planets = Object.values(view.planets).filter((planet) => planet.owner === seat).length;
    return {
      seat,
      name: player.name,
      race: raceName(player.race),
      credits: player.credits,
      planets,
      resources: resourcesOf(view, seat),
      influence: influenceOf(view, seat),
      bracket: BRACKET_NAMES[player.bracket] ?? `Bracket ${player.bracket}`,
      technologies: player.technologies.map(techName),
      technologyIds: player.technologies,
      // OR-6.2: each leader by name, and where it is (a planet, a ship type, or held by whom).
      leaders: player.leaders.map((l) => `${LEADERS[l.type].name}${leaderWhere(l, names)}`),
      captives: player.captives.map(
        (c) =>
          `${names[c.owner] ?? `Seat ${c.owner + 1}`}'s ${leaderName(c.leaderId).replace(/^the /, '')}`,
      ),
      handCount: player.handCount,
      ...(player.hand === undefined ? {} : { hand: player.hand.map(cardName) }),
    };
  });
}

/** "hylar-v-assault-laser" -> "Hylar V Assault Laser": ids read as the names printed on the cards. */
export function words(id: string): string {
  return id
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}

function leaderWhere(
  l: GameView['players'][number]['leaders'][number],
  names: readonly string[],
): string {
  if (l.status === 'killed') return ' (killed)';
  if (l.status === 'captured')
    return ` (captured${l.captor === undefined ? '' : ` by ${names[l.captor] ?? `Seat ${l.captor + 1}`}`})`;
  // OR-6.2: off the board while its owner chooses where it escapes to.
  if (l.escapingFrom !== undefined) return ` (escaping from ${l.escapingFrom})`;
  if (l.planet !== undefined) return ` (on ${l.planet})`;
  if (l.ship !== undefined) return ` (aboard a ${words(l.ship)})`;
  return '';
}
