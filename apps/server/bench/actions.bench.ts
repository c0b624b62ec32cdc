// Action round-trip through the real server: socket `action` -> validated, applied, committed ->
// ack, and -> `update` at a spectator. `npm run bench -w @outer-rim/server` runs both databases, or:
//   npx tsx apps/server/bench/actions.bench.ts             (embedded PGlite in a temp folder)
//   BENCH_DB=postgres npx tsx apps/server/bench/actions.bench.ts
// (PostgreSQL: a fresh database made through postgresql://postgres@127.0.0.1:5432/test, dropped after.)
import type { GameView } from '@outer-rim/rules';
import { prepareBackend } from '../test/support/backends.js';
import { fullLobby, nextMove, startGame } from '../test/support/play.js';
import { Client, startServer } from '../test/support/server.js';

const MOVES = Number(process.env.BENCH_MOVES ?? 300);
const kind = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const backend = await prepareBackend(kind, 'bench');
const server = await startServer(backend.config({ ACTION_BURST: '100000' }));
const game = await fullLobby(server.url, 3);
await startGame(server.url, game);
const seats = await Promise.all(
  game.tokens.map((token) => Client.connect(server.url, { gameId: game.gameId, token })),
);
const spectator = await Client.connect(server.url, { gameId: game.gameId });
for (const c of [...seats, spectator]) await c.waitFor(() => c.states.length > 0);

const ackMs: number[] = [];
const updateMs: number[] = [];
const started = performance.now();
for (let i = 0; i < MOVES; i++) {
  const move = nextMove(seats.map((c) => c.latest?.view as GameView));
  if (!move) break;
  const t0 = performance.now();
  const ack = await (seats[move.seat] as Client).send('action', {
    id: `b${i}`,
    action: move.action,
  });
  ackMs.push(performance.now() - t0);
  if (!ack.ok) throw new Error(JSON.stringify(ack.error));
  await Promise.all(
    [...seats, spectator].map((c) => c.waitFor(() => (c.latest?.seq ?? 0) >= ack.seq)),
  );
  updateMs.push(performance.now() - t0);
}
const seconds = (performance.now() - started) / 1000;
const pct = (xs: number[], p: number) =>
  [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;
const line = (name: string, xs: number[]) =>
  `${name}: p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
process.stdout.write(
  [
    `database: ${kind}; ${ackMs.length} actions in ${seconds.toFixed(1)} s (${(ackMs.length / seconds).toFixed(0)} actions/s, one at a time)`,
    line('ack', ackMs),
    line('update at all 4 viewers', updateMs),
    '',
  ].join('\n'),
);
for (const c of [...seats, spectator]) c.close();
await server.close();
await backend.dispose();
