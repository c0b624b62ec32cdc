/**
 * The corpus of recorded whole games: what the engine did, kept so that a change meant to keep
 * behaviour (a reshaping of the engine, a faster data layout) can show it kept it. Each game is
 * its options, seed and accepted actions, and what replaying them gave: the final state, the
 * events of every step and a digest of every viewer's events (what `eventsFor` lets each seat
 * and a spectator see). A rules fix that changes a game re-records it (`npm run corpus:record -w
 * @outer-rim/rules`) in the same commit, and the commit says why.
 */
import type { Action } from '../actions/schema.js';
import { apply } from '../apply.js';
import { heuristicBot } from '../bots/heuristic-bot.js';
import type { BotPolicy } from '../bots/policy.js';
import { randomBot } from '../bots/random-bot.js';
import type { GameEvent } from '../events.js';
import type { GameOptionsInput } from '../options.js';
import { createGame } from '../setup/create-game.js';
import type { GameState, Seat, Viewer } from '../state/types.js';
import { eventsFor } from '../views/events-for.js';
import { playBots } from './bot-play.js';
import { options } from './fixtures.js';
import { randomPlay } from './random-play.js';

/** How a corpus game's actions were chosen. */
export type CorpusDriver = 'heuristic' | 'random-bots' | 'mixed' | 'random-play';

export interface CorpusSpec {
  readonly id: string;
  readonly players: number;
  readonly driver: CorpusDriver;
  readonly options: GameOptionsInput;
  readonly seed: string;
  /** seeds the bots' or the random play's own choices (never the engine's dice) */
  readonly playSeed: number;
}

export interface CorpusGame {
  readonly spec: CorpusSpec;
  readonly actions: readonly { seat: Seat; action: Action }[];
  /** the events each accepted action produced, unfiltered, one list per action */
  readonly events: readonly (readonly GameEvent[])[];
  readonly finalState: GameState;
}

/** What a replay of a corpus game is compared on. */
export interface CorpusDigest {
  /** SHA-256 of the final state's canonical JSON */
  readonly finalState: string;
  /** per viewer (seats, then "spectator"): SHA-256 over every step's events as it sees them */
  readonly viewers: Readonly<Record<string, string>>;
}

const SEATS = [3, 5, 6, 8] as const;
const DRIVERS: readonly CorpusDriver[] = ['heuristic', 'random-bots', 'mixed', 'random-play'];

/**
 * Sixty games: for each seat count, fifteen, cycling through the drivers and the options
 * (leaders and Shock Forces on or off, the long-parsecs variant, the built or the automatic
 * galaxy), each with a round limit so that every game ends.
 */
export function corpusSpecs(): CorpusSpec[] {
  const specs: CorpusSpec[] = [];
  for (const players of SEATS) {
    for (let n = 0; n < 15; n++) {
      const driver = DRIVERS[n % DRIVERS.length] ?? 'heuristic';
      const leaders = n % 3 !== 2;
      const shockForces = n % 5 !== 4;
      const variant = n % 7 === 6 ? 'long-parsecs' : 'standard';
      const galaxy = n % 2 === 0 ? { mode: 'build' as const } : { mode: 'auto' as const };
      // Random play wanders: fewer rounds keep its games (and the corpus) small.
      const roundLimit = driver === 'random-play' ? 3 + (n % 2) : 5 + (n % 4);
      const id = `p${players}-${String(n).padStart(2, '0')}-${driver}`;
      specs.push({
        id,
        players,
        driver,
        options: options(players, { leaders, shockForces, variant, galaxy, roundLimit }),
        seed: `corpus-${id}`,
        playSeed: players * 1000 + n,
      });
    }
  }
  return specs;
}

function policies(spec: CorpusSpec): BotPolicy[] {
  return Array.from({ length: spec.players }, (_, seat) => {
    const seed = spec.playSeed * 16 + seat;
    const heuristic = spec.driver === 'heuristic' || (spec.driver === 'mixed' && seat % 2 === 0);
    return heuristic ? heuristicBot(seed) : randomBot(seed, { endBias: 0.5 });
  });
}

/** Plays a corpus game from its spec, recording every step's events. */
export function playCorpusGame(spec: CorpusSpec): CorpusGame {
  const start = createGame(spec.options, spec.seed);
  let actions: readonly { seat: Seat; action: Action }[];
  let problem: string | undefined;
  if (spec.driver === 'random-play') {
    const r = randomPlay(start, 40_000, spec.playSeed);
    actions = r.played;
    problem = r.problem;
  } else {
    const r = playBots(start, policies(spec), 60_000);
    actions = r.actions;
    problem = r.refused[0];
  }
  if (problem !== undefined) throw new Error(`corpus game ${spec.id}: ${problem}`);
  // The events of each step, from a replay (the drivers keep them flattened or not at all).
  const { events, finalState } = replayWithEvents(spec, actions);
  return { spec, actions, events, finalState };
}

/** Replays a game's actions, keeping each step's events; throws on a refused action. */
export function replayWithEvents(
  spec: CorpusSpec,
  actions: readonly { seat: Seat; action: Action }[],
): { events: GameEvent[][]; finalState: GameState } {
  let state = createGame(spec.options, spec.seed);
  const events: GameEvent[][] = [];
  actions.forEach(({ seat, action }, index) => {
    const r = apply(state, seat, action);
    if (!r.ok) {
      throw new Error(`${spec.id}: action ${index} refused: ${r.error.code} ${r.error.message}`);
    }
    events.push(r.events);
    state = r.state;
  });
  return { events, finalState: state };
}

/** JSON with every object's keys sorted: the same value gives the same text, whatever built it. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
    return sorted;
  });
}

/** Every viewer of a game: its seats, then a spectator. */
export function viewersOf(players: number): Viewer[] {
  return [...Array.from({ length: players }, (_, s) => s), 'spectator'];
}

/**
 * The digest of a replay, given a SHA-256 of text (passed in: the engine's package does no I/O
 * and takes no crypto of its own).
 */
export function digestOf(
  players: number,
  events: readonly (readonly GameEvent[])[],
  finalState: GameState,
  sha256: (text: string) => string,
): CorpusDigest {
  const viewers: Record<string, string> = {};
  for (const viewer of viewersOf(players)) {
    const stream = events.map((step) => canonicalJson(eventsFor(step, viewer))).join('\n');
    viewers[String(viewer)] = sha256(stream);
  }
  return { finalState: sha256(canonicalJson(finalState)), viewers };
}
