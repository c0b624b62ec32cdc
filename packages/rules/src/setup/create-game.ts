import {
  EMPTY_SYSTEM_IDS,
  RACE_IDS,
  buildingStock,
  dealHands,
  fromMapString,
  hexKey,
  initialGalaxy,
  isBuilt,
  layout,
  snakeOrder,
  tileById,
} from '@outer-rim/map';
import type { Galaxy, RaceId } from '@outer-rim/map';
import { actionDeck } from '../content/action-cards.js';
import { cardIdOf } from '../content/deck.js';
import { RACES } from '../content/races.js';
import { leadersOf } from '../content/leaders.js';
import { GameSetupError } from '../errors.js';
import { GameOptionsSchema, type GameOptions, type GameOptionsInput } from '../options.js';
import { seedPrng } from '../prng/prng.js';
import { Draft } from '../state/draft.js';
import {
  SCHEMA_VERSION,
  type GameState,
  type PlanetState,
  type PlayerState,
} from '../state/types.js';
import { startFirstRound } from '../phases/machine.js';
import { autoBuild, buildingFinished, skipStuckSeats } from './galaxy-building.js';
import { fillMinorRaces, garrisonMinorRaces } from './minor-races.js';

function parseOptions(input: GameOptionsInput): GameOptions {
  const parsed = GameOptionsSchema.safeParse(input);
  if (!parsed.success) {
    throw new GameSetupError('Invalid game options.', parsed.error.issues);
  }
  return parsed.data;
}

/** Every planet on the board by name; home planets belong to their seat. */
function indexPlanets(
  galaxy: Galaxy,
  previous: Readonly<Record<string, PlanetState>>,
): Record<string, PlanetState> {
  const out: Record<string, PlanetState> = {};
  for (const [key, placed] of Object.entries(galaxy.tiles)) {
    const tile = tileById(placed.tileId);
    if (tile === undefined) continue;
    for (const planet of tile.planets) {
      out[planet.name] = {
        hex: key as keyof Galaxy['tiles'],
        owner: previous[planet.name]?.owner ?? null,
      };
    }
  }
  return out;
}

/**
 * OR-2.2 and the start of play: minor races fill the gaps, every planet on
 * the board is indexed, the minor races' garrisons stand, round 1 begins.
 */
export function finishGalaxy(d: Draft, mode: 'build' | 'auto' | 'map-string'): void {
  if (mode !== 'map-string' || d.s.galaxy.minorRaces.length === 0) fillMinorRaces(d);
  d.s.planets = indexPlanets(d.s.galaxy, d.s.planets);
  garrisonMinorRaces(d);
  d.emit({ type: 'galaxy-built', mode });
  startFirstRound(d);
}

/** Seat races: chosen ones kept, 'random' drawn from the races nobody chose. */
function assignRaces(
  d: Draft,
  options: GameOptions,
  fixed: readonly (RaceId | undefined)[],
): RaceId[] {
  const chosen = options.players.map(
    (p, i) => fixed[i] ?? (p.race === 'random' ? undefined : p.race),
  );
  const free = RACE_IDS.filter((r) => !chosen.includes(r));
  return chosen.map((race) => {
    if (race !== undefined) return race;
    const [pick = 1] = d.roll('random race', free.length, 1);
    const [taken] = free.splice(pick - 1, 1);
    if (taken === undefined) throw new GameSetupError('No race left to assign.');
    return taken;
  });
}

function newPlayer(
  options: GameOptions,
  seat: number,
  race: RaceId,
  compensation: number,
): PlayerState {
  const def = RACES[race];
  const name = options.players[seat]?.name ?? def.name;
  return {
    name,
    race,
    credits: def.start.credits + compensation,
    technologies: [...def.start.technologies],
    leaders: options.leaders
      ? leadersOf(
          race,
          options.yssarilThirdLeader === undefined
            ? {}
            : { yssarilThirdLeader: options.yssarilThirdLeader },
        ).map((type, i) => ({
          id: `${race}-${type}-${i + 1}`,
          type,
          status: 'active' as const,
        }))
      : [],
    captives: [],
    bracket: 0,
    purchases: {},
    spacedockOrders: [],
    compensation,
    hand: [],
    dealtTiles: [],
  };
}

/** Starting units, planets and leaders of every seat in its home system (BG-1, OR-6.2). */
function placeStartingForces(d: Draft): void {
  d.s.planets = indexPlanets(d.s.galaxy, {});
  d.s.players.forEach((p, seat) => {
    const home = d.s.galaxy.homes[seat];
    if (home === undefined) return;
    const key = hexKey(home);
    const def = RACES[p.race];
    for (const planet of def.homePlanets) {
      if (d.s.planets[planet] !== undefined) d.setPlanetOwner(planet, seat);
    }
    for (const stack of def.start.units) {
      const planet = stack.at === 'space' ? null : stack.at.planet;
      d.addUnits(key, planet, seat, stack.unit, stack.count);
    }
    // OR-6.2: all three leaders start on the home planet with the starting Spacedock.
    if (p.leaders.length > 0) {
      d.player(seat).leaders = p.leaders.map((l) => ({ ...l, hex: key, planet: def.capital }));
    }
  });
}

/** BG-4 dealing: shuffled stock, dealt so each seat holds exactly the tiles it will lay. */
function dealTiles(d: Draft): void {
  const n = d.s.players.length;
  const [first = 1] = d.roll('first player', n, 1);
  d.s.firstSeat = first - 1;
  d.emit({ type: 'first-player-chosen', seat: d.s.firstSeat });
  let aside: string[] = [];
  let stock: string[];
  if (n === 8) {
    // OR-2.1: with 8 players one empty system is removed before dealing.
    const [pick = 1] = d.roll('empty system set aside', EMPTY_SYSTEM_IDS.length, 1);
    stock = buildingStock(n, pick - 1);
    aside = EMPTY_SYSTEM_IDS.filter((id) => !stock.includes(id));
  } else {
    stock = buildingStock(n);
  }
  const shuffled = d.rng().shuffle(stock);
  const order = snakeOrder(n, d.s.firstSeat, shuffled.length);
  const hands = dealHands(shuffled, order, n);
  d.s.tileStock = aside;
  hands.forEach((hand, seat) => {
    d.player(seat).dealtTiles = hand;
    d.emit({ type: 'tiles-dealt', seat, count: hand.length, tiles: hand });
  });
  d.s.phase = { name: 'galaxy-building', order, step: 0, planetlessSeats: [] };
  skipStuckSeats(d);
}

/**
 * A new game from options and a seed. Throws GameSetupError (code
 * BAD_REQUEST) on invalid options: the server validates them first with
 * `GameOptionsSchema`, so a throw here is a caller's bug.
 */
export function createGame(input: GameOptionsInput, seed: string): GameState {
  const options = parseOptions(input);
  const n = options.players.length;
  let fixedRaces: (RaceId | undefined)[] = [];
  let imported: Galaxy | null = null;
  if (options.galaxy.mode === 'map-string') {
    const parsed = fromMapString(options.galaxy.mapString);
    if (!parsed.ok) throw new GameSetupError(parsed.error.message, parsed.error);
    if (parsed.galaxy.players !== n || parsed.galaxy.variant !== options.variant) {
      throw new GameSetupError(
        `The map string is for ${parsed.galaxy.players} players (${parsed.galaxy.variant}), not ${n} (${options.variant}).`,
      );
    }
    if (!isBuilt(parsed.galaxy)) {
      throw new GameSetupError('The map string describes a galaxy whose tiles are not all placed.');
    }
    imported = parsed.galaxy;
    fixedRaces = parsed.galaxy.homes.map(
      (h) => tileById(parsed.galaxy.tiles[hexKey(h)]?.tileId ?? '')?.race,
    );
    const clash = options.players.findIndex(
      (p, i) => p.race !== 'random' && fixedRaces[i] !== undefined && fixedRaces[i] !== p.race,
    );
    if (clash !== -1) {
      throw new GameSetupError(
        `Seat ${clash + 1}'s race differs from the home system in the map string.`,
      );
    }
  }
  const base: GameState = {
    schemaVersion: SCHEMA_VERSION,
    options,
    prng: seedPrng(seed),
    round: 0,
    phase: { name: 'galaxy-building', order: [], step: 0, planetlessSeats: [] },
    galaxy: { players: n, variant: options.variant, tiles: {}, homes: [], minorRaces: [] },
    firstSeat: 0,
    units: {},
    planets: {},
    players: [],
    minorRaces: [],
    actionDeck: [],
    actionDiscard: [],
    tileStock: [],
    turnOrder: [],
    winner: null,
    setupEvents: [],
    neverAsk: [],
    cardEffects: [],
    tradeAgreements: [],
  };
  const d = new Draft(base);
  const races = assignRaces(d, options, fixedRaces);
  const { compensation, seatNames } = layout(n, options.variant);
  d.s.players = races.map((race, seat) => newPlayer(options, seat, race, compensation[seat] ?? 0));
  d.emit({ type: 'game-created', players: n, races });
  compensation.forEach((credits, seat) => {
    if (credits > 0) {
      d.emit({ type: 'compensation', seat, credits, reason: seatNames[seat] ?? 'seat position' });
    }
  });
  d.s.galaxy = imported ?? initialGalaxy(n, options.variant, races);
  placeStartingForces(d);
  d.s.actionDeck = d.rng().shuffle(actionDeck());
  giveHacanTradeAgreements(d);
  if (options.galaxy.mode === 'map-string') {
    finishGalaxy(d, 'map-string');
  } else {
    dealTiles(d);
    if (options.galaxy.mode === 'auto') {
      autoBuild(d);
      finishGalaxy(d, 'auto');
    } else if (d.s.phase.name === 'galaxy-building' && buildingFinished(d.s.phase)) {
      finishGalaxy(d, 'build');
    }
  }
  const state = d.finish();
  return { ...state, setupEvents: d.events };
}

/**
 * BG-11: the Hacan start with two Trade Agreement cards in hand (their "2
 * trade agreements"), taken from the shuffled deck, to be played like any other.
 */
function giveHacanTradeAgreements(d: Draft): void {
  d.s.players.forEach((p, seat) => {
    if (p.race !== 'hacan') return;
    const cards = d.s.actionDeck.filter((c) => cardIdOf(c) === 'trade-agreement').slice(0, 2);
    d.s.actionDeck = d.s.actionDeck.filter((c) => !cards.includes(c));
    d.player(seat).hand = [...p.hand, ...cards];
    // Which cards they are is public (the race's rule); their ids stay out of the lasting setup log.
    d.emit({ type: 'cards-drawn', seat, count: cards.length });
  });
}
