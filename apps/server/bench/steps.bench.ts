// CPU per step of the work the server does for every accepted action, in one process and without
// sockets or a database: `apply`, the step's `update` texts for eight seats and the spectators
// (`stepMessages`: views cut, diffed, hashed and serialised), and `decisions`. Games of eight
// random bots (the rules package's, as `bench:load` plays them) are played first, then replayed
// and timed. Being in-process, it varies less from run to run than `bench:load` does on a shared
// machine: compare a change here first (alternate runs of the old and the new code).
//   node --conditions outer-rim-source --import tsx apps/server/bench/steps.bench.ts
//   (BENCH_GAMES 4, BENCH_STEPS 3000, BENCH_REPS 3: the first pass is a warm-up)
// Then `apply` as a server meets it: BENCH_TABLES (50) games of BENCH_TABLE_STEPS (1,500) steps,
// played one game after another, then held at once and played a step of each in turn, then so
// with each step's updates made after it, as the server makes them. Only `apply` is timed: what
// it costs more in turn is what the other games' states and the updates' garbage, passing through
// the processor's caches between two steps of one game, make it cost.
import { apply, createGame, decisions, randomBot, view } from '@outer-rim/rules';
import type { GameState, Viewer } from '@outer-rim/rules';
import { stepMessages } from '../src/realtime/step-messages.js';
import type { SentViews } from '../src/realtime/step-messages.js';

const GAMES = Number(process.env.BENCH_GAMES ?? 4);
const STEPS = Number(process.env.BENCH_STEPS ?? 3000);
const REPS = Number(process.env.BENCH_REPS ?? 3);
const SEATS = 8;
const viewers: Viewer[] = [...Array.from({ length: SEATS }, (_, seat) => seat), 'spectator'];

/** A game of random bots, each deciding from its own view, as `bench:load` plays. */
function botGame(
  seed: number,
  steps = STEPS,
): { start: GameState; played: { seat: number; action: unknown }[] } {
  const options = {
    players: Array.from({ length: SEATS }, () => ({ race: 'random' as const })),
    galaxy: { mode: 'build' as const },
    leaders: true,
  };
  const start = createGame(options, `steps-${String(seed)}`);
  const bots = Array.from({ length: SEATS }, (_, seat) => randomBot(seed * 10 + seat));
  const played: { seat: number; action: unknown }[] = [];
  let state = start;
  while (played.length < steps) {
    const asked = decisions(state)[0];
    if (asked === undefined) break;
    const action = bots[asked.seat]?.choose(view(state, asked.seat), asked.seat);
    if (action === undefined) break;
    const result = apply(state, asked.seat, action);
    if (!result.ok) throw new Error(`${action.type}: ${result.error.message}`);
    played.push({ seat: asked.seat, action });
    state = result.state;
  }
  return { start, played };
}

const games = Array.from({ length: GAMES }, (_, i) => botGame(i + 1));
const micros = { apply: 0, messages: 0, decisions: 0 };
let steps = 0;
for (let rep = 0; rep < REPS; rep++) {
  for (const { start, played } of games) {
    let state = start;
    let sent: SentViews | undefined;
    for (const [index, { seat, action }] of played.entries()) {
      const t0 = performance.now();
      const result = apply(state, seat, action);
      const t1 = performance.now();
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
      const out = stepMessages(
        { gameId: 'bench', seq: index + 1, seat, events: result.events, state },
        sent,
        viewers,
      );
      const t2 = performance.now();
      decisions(state);
      const t3 = performance.now();
      sent = out.sent;
      // The first pass warms the compiler up; the later ones are timed.
      if (rep > 0) {
        micros.apply += (t1 - t0) * 1000;
        micros.messages += (t2 - t1) * 1000;
        micros.decisions += (t3 - t2) * 1000;
        steps++;
      }
    }
  }
}
const per = (total: number) => (total / steps).toFixed(1);
console.log(
  `steps: ${String(steps)} steps of ${String(GAMES)} eight-seat games; µs per step: ` +
    `apply ${per(micros.apply)}, updates for 9 viewers ${per(micros.messages)}, ` +
    `decisions ${per(micros.decisions)}, all ${per(micros.apply + micros.messages + micros.decisions)}`,
);

const TABLES = Number(process.env.BENCH_TABLES ?? 50);
const TABLE_STEPS = Number(process.env.BENCH_TABLE_STEPS ?? 1500);
const tables = Array.from({ length: TABLES }, (_, i) => botGame(100 + i, TABLE_STEPS));

/**
 * Mean µs of `apply` over every table's steps: one whole game after another (`inTurn` false), or
 * a step of each table in turn, with each step's updates made after it or not.
 */
function applyMicros(inTurn: boolean, withUpdates: boolean): number {
  const states = tables.map((t) => t.start);
  const sentViews: (SentViews | undefined)[] = tables.map(() => undefined);
  const order: [number, number][] = [];
  for (let a = 0; a < (inTurn ? TABLE_STEPS : TABLES); a++) {
    for (let b = 0; b < (inTurn ? TABLES : TABLE_STEPS); b++) order.push(inTurn ? [b, a] : [a, b]);
  }
  let total = 0;
  let count = 0;
  for (const [table, index] of order) {
    const step = tables[table]?.played[index];
    const state = states[table];
    if (step === undefined || state === undefined) continue;
    const t0 = performance.now();
    const result = apply(state, step.seat, step.action);
    total += (performance.now() - t0) * 1000;
    count++;
    if (!result.ok) throw new Error(result.error.message);
    states[table] = result.state;
    if (withUpdates) {
      const gameId = `table-${String(table)}`;
      const out = stepMessages(
        { gameId, seq: index + 1, seat: step.seat, events: result.events, state: result.state },
        sentViews[table],
        viewers,
      );
      sentViews[table] = out.sent;
    }
  }
  return total / count;
}

const kinds = [
  ['one game after another', false, false],
  ['a step of each in turn', true, false],
  ["a step of each in turn, each step's updates made after it", true, true],
] as const;
// A warm-up pass of each, then the timed ones.
for (const [, inTurn, withUpdates] of kinds) applyMicros(inTurn, withUpdates);
const timed = kinds.map(([name, inTurn, withUpdates]) => {
  return `${applyMicros(inTurn, withUpdates).toFixed(1)} ${name}`;
});
console.log(
  `steps: ${String(TABLES)} eight-seat games of ${String(TABLE_STEPS)} steps; µs per apply: ` +
    timed.join(', '),
);
