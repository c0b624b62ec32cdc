/**
 * `npm run bench:games -w @outer-rim/rules`: the engine over whole games, as
 * a table plays them. Heuristic bots play seeded 3-, 6- and 8-seat games with
 * every option on (leaders, Shock Forces, a round limit) from their own views;
 * their action logs are then timed alone: the mean µs of one `apply` along the
 * game, the ms to `replay` the whole game, and the mean µs of `legalActions`
 * for the seat that owes the step's decision. Prints one JSON line per game
 * and a summary line. GAMES (2 per size) and ROUND_LIMIT (8) set the corpus.
 */
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

/** Mean µs of one `apply`, and of `legalActions` for the deciding seat, along the game. */
function timeSteps(game: Recorded): { applyMicros: number; legalMicros: number } {
  let state: GameState = createGame(game.options, game.seed);
  let applyTotal = 0;
  const legal: number[] = [];
  for (const { seat, action } of game.played) {
    const d = decisions(state)[0];
    if (d !== undefined) {
      const t = performance.now();
      legalActions(state, d.seat);
      legal.push((performance.now() - t) * 1000);
    }
    const t0 = performance.now();
    const r = apply(state, seat, action);
    applyTotal += (performance.now() - t0) * 1000;
    if (!r.ok) throw new Error(`${game.seed}: ${r.error.message}`);
    state = r.state;
  }
  return { applyMicros: applyTotal / game.played.length, legalMicros: mean(legal) };
}

const corpus: Recorded[] = [];
for (const players of [3, 6, 8]) for (let n = 1; n <= GAMES; n++) corpus.push(record(players, n));

// Warm up the compiler on every game before anything is timed.
for (const game of corpus) replay(game.options, game.seed, game.played);

const rows = corpus.map((game) => {
  const steps = timeSteps(game);
  const replays: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    replay(game.options, game.seed, game.played);
    replays.push(performance.now() - t0);
  }
  const row = {
    game: game.seed,
    players: game.players,
    actions: game.played.length,
    end: game.end,
    applyMeanMicros: Number(steps.applyMicros.toFixed(1)),
    replayMs: Number(median(replays).toFixed(1)),
    legalActionsMeanMicros: Number(steps.legalMicros.toFixed(1)),
  };
  console.log(JSON.stringify(row));
  return row;
});

const eightSeat = rows.filter((r) => r.players === 8);
console.log(
  JSON.stringify({
    summary: 'whole games',
    games: rows.length,
    applyMeanMicros: Number(mean(rows.map((r) => r.applyMeanMicros)).toFixed(1)),
    replay8SeatMs: Number(Math.max(...eightSeat.map((r) => r.replayMs)).toFixed(1)),
    legalActionsMeanMicros: Number(mean(rows.map((r) => r.legalActionsMeanMicros)).toFixed(1)),
    targets: { applyMeanMicros: 20, replay8SeatMs: 40, legalActionsMeanMicros: 50 },
  }),
);
