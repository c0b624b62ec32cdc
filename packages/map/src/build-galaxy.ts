/**
 * Automatic galaxy building (BG-4 game option): the same steps and
 * placement rules as interactive building, every choice drawn from a
 * seeded generator, then the minor races (OR-2.2).
 */
import { EMPTY_SYSTEM_IDS, tileById } from './catalogue.js';
import { MapError } from './errors.js';
import { buildingStock, gaps, initialGalaxy } from './galaxy.js';
import { layout, MAX_PLAYERS } from './layouts.js';
import { placeMinorRace, resolveMinorRoll, unusedRaces } from './minor-races.js';
import { legalPlacements, placeTile, playableTiles } from './placement.js';
import { seededDice } from './random.js';
import type { Dice } from './random.js';
import { dealHands, snakeOrder } from './snake.js';
import { RACE_IDS } from './types.js';
import type { Galaxy, Hex, RaceId, Variant } from './types.js';

export interface BuildOptions {
  readonly players: number;
  readonly variant?: Variant;
  readonly seed: number;
  /** Race of each seat; drawn at random when absent. */
  readonly races?: readonly RaceId[];
}

/** Rerolls allowed per gap before giving up; a real board needs a handful at most. */
const MAX_ROLLS_PER_GAP = 1000;

export interface Placement {
  readonly seat: number;
  readonly tileId: string;
  readonly hex: Hex;
}

function placeStock(galaxy: Galaxy, dice: Dice, log: Placement[]): Galaxy {
  const players = galaxy.players;
  const setAside = players === MAX_PLAYERS ? dice.int(0, EMPTY_SYSTEM_IDS.length - 1) : 0;
  const stock = dice.shuffle(buildingStock(players, setAside));
  const order = snakeOrder(players, dice.int(0, players - 1), stock.length);
  const hands = dealHands(stock, order, players);
  const lastPlanetless = hands.map(() => false);
  let g = galaxy;
  for (const seat of order) {
    const hand = hands[seat] ?? [];
    const playable = playableTiles(g, hand, lastPlanetless[seat] ?? false);
    if (playable.length === 0)
      throw new MapError('BUILD_STUCK', `seat ${seat} has nothing to place`);
    const tileId = dice.pick(playable);
    const hex = dice.pick(legalPlacements(g, tileId));
    g = placeTile(g, tileId, hex);
    log.push({ seat, tileId, hex });
    hand.splice(hand.indexOf(tileId), 1);
    lastPlanetless[seat] = (tileById(tileId)?.planets.length ?? 0) === 0;
  }
  return g;
}

function placeMinorRaces(galaxy: Galaxy, dice: Dice): Galaxy {
  let g = galaxy;
  for (const gap of dice.shuffle(gaps(galaxy))) {
    let placed = false;
    for (let attempt = 0; attempt < MAX_ROLLS_PER_GAP && !placed; attempt++) {
      const resolution = resolveMinorRoll(g, dice.int(1, 100));
      if (resolution.kind === 'reroll') continue;
      const system =
        resolution.kind === 'system' ? resolution.hex : dice.pick(resolution.candidates);
      g = placeMinorRace(g, gap, system, dice.pick(unusedRaces(g)));
      placed = true;
    }
    if (!placed) throw new MapError('BUILD_STUCK', 'no system could be rolled for a minor race');
  }
  return g;
}

export interface BuildTrace {
  readonly galaxy: Galaxy;
  /** The galaxy right after the last tile of the stock, before the minor races. */
  readonly built: Galaxy;
  readonly races: readonly RaceId[];
  /** Every tile laid while building, in order. */
  readonly placements: readonly Placement[];
}

/** `buildGalaxy` with its working shown (used by tests and tools that replay a build). */
export function buildGalaxyTrace(options: BuildOptions): BuildTrace {
  const { players, seed } = options;
  const variant = options.variant ?? 'standard';
  layout(players, variant);
  const dice = seededDice(seed);
  const races = options.races ?? dice.shuffle(RACE_IDS).slice(0, players);
  const placements: Placement[] = [];
  const built = placeStock(initialGalaxy(players, variant, races), dice, placements);
  return { galaxy: placeMinorRaces(built, dice), built, races, placements };
}

/** A whole galaxy, built and with its minor races; the same seed always gives the same galaxy. */
export function buildGalaxy(options: BuildOptions): Galaxy {
  return buildGalaxyTrace(options).galaxy;
}
