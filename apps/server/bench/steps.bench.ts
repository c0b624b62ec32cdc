// CPU per step of the work the server does for every accepted action, in one process and without
// sockets or a database: `apply`, the step's `update` texts for eight seats and the spectators
// (`stepMessages`: views cut, diffed, hashed and serialised), and `decisions`. Games of eight
// random bots (the rules package's, as `bench:load` plays them) are played first, then replayed
// and timed. Being in-process, it varies less from run to run than `bench:load` does on a shared
// machine: compare a change here first (alternate runs of the old and the new code).
//   node --conditions outer-rim-source --import tsx apps/server/bench/steps.bench.ts
//   (BENCH_GAMES 4, BENCH_STEPS 3000, BENCH_REPS 3: the first pass is a warm-up)
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
function botGame(seed: number): { start: GameState; played: { seat: number; action: unknown }[] } {
  const options = {
    players: Array.from({ length: SEATS }, () => ({ race: 'random' as const })),
    galaxy: { mode: 'build' as const },
    leaders: true,
  };
  const start = createGame(options, `steps-${String(seed)}`);
  const bots = Array.from({ length: SEATS }, (_, seat) => randomBot(seed * 10 + seat));
  const played: { seat: number; action: unknown }[] = [];
  let state = start;
  while (played.length < STEPS) {
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
