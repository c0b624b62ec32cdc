/**
 * `npm run bench -w @outer-rim/rules`: median µs per `apply` over random
 * legal play (and over its fleet moves and rift actions alone), ms to
 * `replay` a 10,000-action game, µs per `view` and per `legalActions`,
 * µs per `legalActions` / `movementOptions` in the Movement segment of a
 * crowded 8-player board, µs per `apply` of one space battle round (BG-6)
 * and of one whole invasion, landing to the last ground round (BG-7).
 * PLAYERS (6) and LEADERS (1) set the game.
 */
import { performance } from 'node:perf_hooks';
import { apply } from '../src/apply.js';
import { decisions } from '../src/decisions.js';
import { quietPair, turnOf, withArrivals, withUnits } from '../src/testing/battle.js';
import { tileById, type HexKey } from '@outer-rim/map';
import { legalActions } from '../src/legal-actions.js';
import { movementOptions } from '../src/movement/options.js';
import { advanceTo } from '../src/testing/fixtures.js';
import type { GameState, SystemUnits } from '../src/state/types.js';
import { replay } from '../src/replay.js';
import { createGame } from '../src/setup/create-game.js';
import { randomPlay } from '../src/testing/random-play.js';
import { view } from '../src/views/view.js';
import type { GameOptionsInput } from '../src/options.js';

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

const players = Number(process.env.PLAYERS ?? 6);
const options: GameOptionsInput = {
  players: Array.from({ length: players }, () => ({ race: 'random' as const })),
  galaxy: { mode: 'build' },
  // OR-6.2 leaders, as the lobby's default game has them (LEADERS=0 leaves them out).
  leaders: process.env.LEADERS !== '0',
};
const seed = 'bench';
const start = createGame(options, seed);
const game = randomPlay(start, 10_000, 7);
if (game.problem !== undefined) throw new Error(game.problem);

// Warm up, then time each apply alone along the same game.
for (let round = 0; round < 3; round++) replay(options, seed, game.played);
const times: number[] = [];
const moveTimes: number[] = [];
let state = start;
for (const { seat, action } of game.played) {
  const t0 = performance.now();
  const r = apply(state, seat, action);
  const micros = (performance.now() - t0) * 1000;
  times.push(micros);
  if (action.type === 'move' || action.type.startsWith('rift-')) moveTimes.push(micros);
  if (!r.ok) throw new Error(r.error.message);
  state = r.state;
}

const replays: number[] = [];
for (let i = 0; i < 9; i++) {
  const t0 = performance.now();
  replay(options, seed, game.played);
  replays.push(performance.now() - t0);
}

const views: number[] = [];
for (let i = 0; i < 2000; i++) {
  const t0 = performance.now();
  view(state, i % players);
  views.push((performance.now() - t0) * 1000);
}

const legal: number[] = [];
let probe = start;
for (const { seat, action } of game.played.slice(0, 3000)) {
  const t0 = performance.now();
  legalActions(probe, seat);
  legal.push((performance.now() - t0) * 1000);
  const r = apply(probe, seat, action);
  if (!r.ok) throw new Error(r.error.message);
  probe = r.state;
}

// A space battle round (BG-6): from the retreat offer, `fight-on` rolls both fleets, takes
// the (forced) casualties and offers the retreat again: one apply is one whole round.
let battle = turnOf(0, 'movement', {}, 2);
const [bx, by] = quietPair(battle);
battle = withUnits(battle, bx, 0, { dreadnought: 20, cruiser: 10 });
battle = withUnits(battle, bx, 1, { dreadnought: 20, cruiser: 10 });
battle = withArrivals(battle, [bx], { [bx]: [by] });
const opened = apply(battle, 0, { type: 'end-segment' });
if (!opened.ok) throw new Error(opened.error.message);
let atRetreat = opened.state;
for (let i = 0; i < 10 && decisions(atRetreat)[0]?.kind === 'casualties'; i++) {
  const d = decisions(atRetreat)[0];
  const a = d === undefined ? undefined : legalActions(atRetreat, d.seat)[0];
  if (d === undefined || a === undefined) break;
  const r = apply(atRetreat, d.seat, a);
  if (!r.ok) throw new Error(r.error.message);
  atRetreat = r.state;
}
if (decisions(atRetreat)[0]?.kind !== 'retreat')
  throw new Error('bench battle is not at its retreat offer');
const rounds: number[] = [];
for (let i = 0; i < 3000; i++) {
  const t0 = performance.now();
  const r = apply(atRetreat, 0, { type: 'fight-on' });
  rounds.push((performance.now() - t0) * 1000);
  if (!r.ok) throw new Error(r.error.message);
}

/**
 * A crowded 8-player board in the first Movement segment: every other
 * system holds a fleet (Dreadnought, 2 Carriers, 2 Cruisers, 4 Fighters,
 * 3 Ground Forces aboard) of one of the eight seats, round-robin.
 */
function crowded(): GameState {
  const eight = createGame(
    { players: Array.from({ length: 8 }, () => ({ race: 'random' as const })), leaders: false },
    'crowded',
  );
  const s = advanceTo(eight, 'individual-turns');
  const units: Record<HexKey, SystemUnits> = { ...s.units };
  let i = 0;
  let n = 0;
  for (const [key, placed] of Object.entries(s.galaxy.tiles) as [HexKey, { tileId: string }][]) {
    const anomaly = tileById(placed.tileId)?.anomaly;
    if (anomaly === 'supernova' || anomaly === 'asteroid-field' || i++ % 2 === 1) continue;
    const owner = n++ % 8;
    const sys = units[key] ?? { space: [], planets: {} };
    units[key] = {
      ...sys,
      space: [
        ...sys.space.filter((g) => g.owner !== owner),
        {
          owner,
          units: { dreadnought: 1, carrier: 2, cruiser: 2, fighter: 4, 'ground-force': 3 },
        },
      ],
    };
  }
  return { ...s, units };
}
const board = crowded();
if (board.phase.name !== 'individual-turns') throw new Error('not in turns');
const mover = board.phase.active;
const fleets = Object.values(board.units).filter((x) => x.space.some((g) => g.owner === mover));
const crowdedLegal: number[] = [];
const crowdedOptions: number[] = [];
let crowdedMoves = 0;
for (let i = 0; i < 300; i++) {
  const t0 = performance.now();
  crowdedMoves = legalActions(board, mover).length;
  crowdedLegal.push((performance.now() - t0) * 1000);
  const t1 = performance.now();
  movementOptions(board, mover);
  crowdedOptions.push((performance.now() - t1) * 1000);
}
// Every one of those moves applied once, alone.
const crowdedApply: number[] = [];
for (const action of legalActions(board, mover)) {
  const t0 = performance.now();
  const r = apply(board, mover, action);
  crowdedApply.push((performance.now() - t0) * 1000);
  if (!r.ok) throw new Error(r.error.message);
}

// A whole invasion (BG-7): 10 Ground Forces land on a planet held by 10; one apply runs
// every ground round to the end.
let invading = turnOf(0, 'invasion-combat', {}, 2);
const homeOf1 = invading.galaxy.homes[1] ?? { q: 0, r: 0 };
const ih: HexKey = `${homeOf1.q},${homeOf1.r}`;
const target = Object.entries(invading.planets).find(([, p]) => p.hex === ih)?.[0] ?? '';
invading = withUnits(invading, ih, 1, {});
invading = withUnits(invading, ih, 0, { carrier: 2, 'ground-force': 10 });
invading = withUnits(invading, ih, 1, { 'ground-force': 10 }, target);
const invasions: number[] = [];
for (let i = 0; i < 2000; i++) {
  const t0 = performance.now();
  const r = apply(invading, 0, {
    type: 'land',
    hex: ih,
    planet: target,
    groundForces: 10,
    shockForces: 0,
    pds: 0,
    bombard: 0,
  });
  invasions.push((performance.now() - t0) * 1000);
  if (!r.ok) throw new Error(r.error.message);
}

const out = {
  players,
  actions: game.played.length,
  rounds: state.round,
  medianApplyMicros: Number(median(times).toFixed(1)),
  p99ApplyMicros: Number(
    (times.slice().sort((a, b) => a - b)[Math.floor(times.length * 0.99)] ?? 0).toFixed(1),
  ),
  replayMs: Number(median(replays).toFixed(1)),
  medianViewMicros: Number(median(views).toFixed(1)),
  medianLegalActionsMicros: Number(median(legal).toFixed(1)),
  medianBattleRoundApplyMicros: Number(median(rounds).toFixed(1)),
  medianInvasionApplyMicros: Number(median(invasions).toFixed(1)),
  moves: moveTimes.length,
  medianMoveApplyMicros: Number(median(moveTimes).toFixed(1)),
  crowded8: {
    systemsWithMoversFleets: fleets.length,
    legalMoves: crowdedMoves,
    medianLegalActionsMicros: Number(median(crowdedLegal).toFixed(1)),
    medianMovementOptionsMicros: Number(median(crowdedOptions).toFixed(1)),
    medianMoveApplyMicros: Number(median(crowdedApply).toFixed(1)),
  },
};
process.stdout.write(`${JSON.stringify(out)}\n`);
