// A quick load for profiling the server: M games x (8 seats + 2 spectators), each seat
// played by the random bot from its own view as soon as an update asks it, the server as its own
// process on PostgreSQL (or PGlite), for a fixed time. The full benchmark is `npm run bench:load`.
//   PROFILE_GAMES=50 PROFILE_SECONDS=20 [PROFILE_DB=pglite] [PROFILE_CPU=dir] \
//     npx tsx apps/server/bench/profile-load.ts
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { decisions, randomBot } from '@outer-rim/rules';
import type { GameView } from '@outer-rim/rules';
import { prepareBackend } from '../test/support/backends.js';
import { fullLobby, startGame } from '../test/support/play.js';
import { Client } from '../test/support/server.js';

const GAMES = Number(process.env.PROFILE_GAMES ?? 10);
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 15);
const kind = process.env.PROFILE_DB === 'pglite' ? 'pglite' : 'postgres';
const backend = await prepareBackend(kind, 'profile');
const config = backend.config();
const port = 4100 + Math.floor(Math.random() * 800);
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  HTTP_RATE_LIMIT: '1000000',
  ACTION_BURST: '100000',
  ACTION_RATE: '100000',
  HANDSHAKE_BURST: '100000',
  HANDSHAKE_PER_MINUTE: '100000',
  NODE_ENV: 'production',
};
if (config.DATABASE_URL !== undefined) env.DATABASE_URL = config.DATABASE_URL;
else env.DATA_DIR = config.DATA_DIR;
const cpuDir = process.env.PROFILE_CPU;
const server = spawn(
  process.execPath,
  [...(cpuDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuDir}`] : []), 'apps/server/dist/src/main.js'],
  { env, stdio: ['ignore', 'inherit', 'inherit'] },
);
const url = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${url}/healthz`)).ok) break;
  } catch {
    // not up yet
  }
  if (i > 600) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

const cpuTicks = () => {
  const fields =
    readFileSync(`/proc/${String(server.pid)}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
};
const rss = () => {
  const line = readFileSync(`/proc/${String(server.pid)}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return Number(line?.[1] ?? 0) * 1024;
};

const rtt: number[] = [];
let actions = 0;
let refused = 0;
const codes = new Map<string, number>();
let running = true;
const updateBytes: number[] = [];
const fullBytes: number[] = [];
const everyone: Client[] = [];
let n = 0;
for (let g = 0; g < GAMES; g++) {
  const game = await fullLobby(url, 8);
  await startGame(url, game);
  const seats = await Promise.all(
    game.tokens.map((token) => Client.connect(url, { gameId: game.gameId, token })),
  );
  const watchers = await Promise.all(
    [0, 1].map(() => Client.connect(url, { gameId: game.gameId })),
  );
  everyone.push(...seats, ...watchers);
  seats.forEach((client, seat) => {
    const bot = randomBot(g * 16 + seat, { endBias: 0.7 });
    let busy = false;
    let waitSeq = 0;
    const act = () => {
      const latest = client.latest;
      if (!running || busy || !latest || latest.seq < waitSeq) return;
      const asked = decisions(latest.view as GameView).some((d) => d.seat === seat);
      if (!asked) return;
      const action = bot.choose(latest.view as GameView, seat);
      if (!action) return;
      busy = true;
      const t0 = performance.now();
      client.send('action', { id: `p${String(n++)}`, action, seq: latest.seq }).then(
        (ack) => {
          busy = false;
          if (ack.ok) waitSeq = ack.seq;
          if (ack.ok && running) {
            actions++;
            rtt.push(performance.now() - t0);
          } else if (!ack.ok) {
            refused++;
            codes.set(ack.error.code, (codes.get(ack.error.code) ?? 0) + 1);
          }
          act();
        },
        () => {
          busy = false;
        },
      );
    };
    client.socket.onAny((event: string) => {
      if (event === 'update' || event === 'state') queueMicrotask(act);
    });
    act();
  });
}
await new Promise((r) => setTimeout(r, 1000));
for (const c of everyone) c.raw.length = 0;
const ticks0 = cpuTicks();
const actions0 = actions;
rtt.length = 0;
const t0 = performance.now();
await new Promise((r) => setTimeout(r, SECONDS * 1000));
const seconds = (performance.now() - t0) / 1000;
const done = actions - actions0;
const cpuSeconds = (cpuTicks() - ticks0) / 100;
running = false;
for (const c of everyone) {
  for (const text of c.raw) updateBytes.push(Buffer.byteLength(text));
  const last = c.latest;
  if (last) fullBytes.push(Buffer.byteLength(JSON.stringify(last.view)));
}
const pct = (xs: number[], p: number) =>
  [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;
process.stdout.write(
  `M=${String(GAMES)} ${kind}: ${(done / seconds).toFixed(0)} actions/s, rtt p50 ${pct(rtt, 50).toFixed(1)} ms p99 ${pct(rtt, 99).toFixed(1)} ms, ` +
    `server CPU ${((cpuSeconds * 1e6) / Math.max(1, done)).toFixed(0)} us/action, ` +
    `median message ${String(pct(updateBytes, 50))} B, full view ${String(pct(fullBytes, 50))} B, ` +
    `rss ${(rss() / 1e6).toFixed(0)} MB, refused ${String(refused)} ${JSON.stringify([...codes])}\n`,
);
const metrics = await (await fetch(`${url}/metrics`)).text();
const metric = (name: string) =>
  metrics
    .split('\n')
    .filter((line) => line.startsWith(name))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
process.stdout.write(
  `server-side action time: mean ${(
    (1000 * metric('outer_rim_action_duration_seconds_sum')) /
    metric('outer_rim_action_duration_seconds_count')
  ).toFixed(1)} ms over the whole run\n`,
);
for (const c of everyone) c.close();
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await backend.dispose();
