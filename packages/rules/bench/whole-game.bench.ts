/**
 * `npm run bench:games -w @outer-rim/rules`: the engine over whole games, as
 * a table plays them. Heuristic bots play seeded 3-, 6- and 8-seat games with
 * every option on (leaders, Shock Forces, a round limit) from their own views;
 * their action logs are then timed alone: the mean µs of one `apply` along the
 * game (each action on the state it was played on), the ms to `replay` the
 * whole game, and the mean µs of `legalActions` for the seat that owes each
 * state's first decision. Each figure is the median of ROUNDS (5) passes, on
 * the wall clock and in CPU time (user + system, which a machine busy with
 * other work inflates far less: the targets are judged on it). Prints one
 * JSON line per game, a summary line with the load average, and one line per
 * target. GAMES (2 per size) and ROUND_LIMIT (8) set the corpus; WARMUP (12) passes of the timed
 * work come first, so that what is timed is the optimised engine, not V8 still compiling it.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Action } from '../src/actions/schema.js';
import { apply } from '../src/apply.js';
import { heuristicBot } from '../src/bots/heuristic-bot.js';
import { decisions } from '../src/decisions.js';
import { legalActions } from '../src/legal-actions.js';
import type { GameOptionsInput } from '../src/options.js';
import { replay } from '../src/replay.js';
import { createGame } from '../src/setup/create-game.js';
import type { GameState, Seat } from '../src/state/types.js';
import { playBots } from '../src/testing/bot-play.js';
import { options } from '../src/testing/fixtures.js';

const GAMES = Number(process.env.GAMES ?? 2);
const ROUND_LIMIT = Number(process.env.ROUND_LIMIT ?? 8);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const WARMUP = Number(process.env.WARMUP ?? 12);

interface Recorded {
  players: number;
  options: GameOptionsInput;
  seed: string;
  played: { seat: Seat; action: Action }[];
  end: string;
}

function record(players: number, n: number): Recorded {
  const opts = options(players, { leaders: true, shockForces: true, roundLimit: ROUND_LIMIT });
  const seed = `bench-game-${players}-${n}`;
  const bots = Array.from({ length: players }, (_, s) => heuristicBot(n * 97 + s));
  const r = playBots(createGame(opts, seed), bots, 60_000);
  if (r.refused.length > 0) throw new Error(`${seed}: ${r.refused.join('; ')}`);
  const end = r.state.phase.name === 'game-over' ? r.state.phase.reason : `round ${r.state.round}`;
  return { players, options: opts, seed, played: r.actions, end };
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
}

function median(xs: readonly number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** Wall-clock and CPU (user + system) time of `f`, in µs. */
function timed(f: () => void): { wall: number; cpu: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  f();
  const wall = (performance.now() - t0) * 1000;
  const c = process.cpuUsage(c0);
  return { wall, cpu: c.user + c.system };
}

interface Figure {
  /** Median over ROUNDS of the wall-clock figure. */
  wall: number;
  /** Median over ROUNDS of the CPU-time figure (what a busy machine's waits do not inflate). */
  cpu: number;
}

/** Runs `f` ROUNDS times; the median of each clock, divided by `per`. */
function measure(f: () => void, per: number): Figure {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = timed(f);
    walls.push(t.wall / per);
    cpus.push(t.cpu / per);
  }
  return { wall: median(walls), cpu: median(cpus) };
}

/** The game's states before each action, and the seat owing each state's first decision. */
function statesOf(game: Recorded): { state: GameState; owes: Seat | undefined }[] {
  let state: GameState = createGame(game.options, game.seed);
  return game.played.map(({ seat, action }) => {
    const before = { state, owes: decisions(state)[0]?.seat };
    const r = apply(state, seat, action);
    if (!r.ok) throw new Error(`${game.seed}: ${r.error.message}`);
    state = r.state;
    return before;
  });
}

const corpus: Recorded[] = [];
for (const players of [3, 6, 8]) for (let n = 1; n <= GAMES; n++) corpus.push(record(players, n));

// Warm up the compiler on every game, for all three figures, before anything is timed: WARMUP
// passes of exactly the work timed below. V8 optimises in background threads and goes on doing so
// for about ten passes (the engine's less used functions get hot late); timed sooner, a figure
// counts that compiling (CPU time above the wall clock) and the slower code it replaces, most of
// all in the first games timed.
const statesByGame = corpus.map(statesOf);
for (let i = 0; i < WARMUP; i++) {
  corpus.forEach((game, g) => {
    const states = statesByGame[g] ?? [];
    game.played.forEach(({ seat, action }, k) =>
      apply(states[k]?.state as GameState, seat, action),
    );
    replay(game.options, game.seed, game.played);
    for (const s of states) if (s.owes !== undefined) legalActions(s.state, s.owes);
  });
}

const round1 = (x: number): number => Number(x.toFixed(1));

const rows = corpus.map((game, g) => {
  const states = statesByGame[g] ?? [];
  const asked = states.filter((s) => s.owes !== undefined);
  // Each action applied to the state it was played on, as a table applies it (`apply` on a
  // state `apply` made, so what that state awaits is known already).
  const applied = measure(() => {
    game.played.forEach(({ seat, action }, i) =>
      apply(states[i]?.state as GameState, seat, action),
    );
  }, game.played.length);
  const replayed = measure(() => replay(game.options, game.seed, game.played), 1000);
  const legal = measure(() => {
    for (const s of asked) legalActions(s.state, s.owes as Seat);
  }, asked.length);
  const row = {
    game: game.seed,
    players: game.players,
    actions: game.played.length,
    end: game.end,
    applyMeanMicros: round1(applied.wall),
    applyMeanCpuMicros: round1(applied.cpu),
    replayMs: round1(replayed.wall),
    replayCpuMs: round1(replayed.cpu),
    legalActionsMeanMicros: round1(legal.wall),
    legalActionsMeanCpuMicros: round1(legal.cpu),
  };
  console.log(JSON.stringify(row));
  return row;
});

const eightSeat = rows.filter((r) => r.players === 8);
const figures = {
  applyMeanMicros: round1(mean(rows.map((r) => r.applyMeanMicros))),
  replay8SeatMs: round1(Math.max(...eightSeat.map((r) => r.replayMs))),
  legalActionsMeanMicros: round1(mean(rows.map((r) => r.legalActionsMeanMicros))),
};
const cpuFigures = {
  applyMeanMicros: round1(mean(rows.map((r) => r.applyMeanCpuMicros))),
  replay8SeatMs: round1(Math.max(...eightSeat.map((r) => r.replayCpuMs))),
  legalActionsMeanMicros: round1(mean(rows.map((r) => r.legalActionsMeanCpuMicros))),
};
const targets = { applyMeanMicros: 20, replay8SeatMs: 40, legalActionsMeanMicros: 50 };
const met = Object.fromEntries(
  Object.entries(targets).map(([k, v]) => [k, cpuFigures[k as keyof typeof targets] <= v]),
);
console.log(
  JSON.stringify({
    summary: 'whole games',
    games: rows.length,
    ...figures,
    cpu: cpuFigures,
    targets,
    metOnCpuTime: met,
    loadAverage: os.loadavg().map(round1),
    cores: os.availableParallelism(),
  }),
);
for (const [k, v] of Object.entries(targets)) {
  const key = k as keyof typeof targets;
  console.log(
    `${k.padEnd(24)} ${String(figures[key]).padStart(7)} wall ${String(cpuFigures[key]).padStart(7)} cpu   target ≤ ${v}   ${met[key] === true ? 'met' : 'NOT met'}`,
  );
}
