// `npm run bench:join` (not in CI): how fast a long game opens, against the production server in
// its own process on a fresh PostgreSQL database (or PGlite). Bots play one 8-seat game through
// the lobby API and real sockets to STEPS actions; then
//   1. JOINS spectators join it one after another, each timed from the engine.io handshake (the
//      server's first frame) to its first `state`, and from opening the WebSocket;
//   2. the server is killed (SIGKILL: the log's tail after the newest snapshot is left to replay),
//      the game is copied in SQL until GAMES unfinished games are stored (each copy holds what
//      loading reads: its rows in `games` and `seats`, the first and the newest snapshot, and
//      the actions after that snapshot), a new server starts on the same database and is timed
//      to its first `/healthz` 200, and JOINS games, each a different one that no process has
//      loaded, are joined once each: the first join of any of them.
// It prints a JSON line (also written to bench-results/join-<time>.json, or --out). Flags:
//   --steps 1500      how far the bots play the game (fewer if it ends first)
//   --joins 50        joins per measurement
//   --warm-joins 10   joins of the long game before its measured ones (the server's code warms up)
//   --games 1000      unfinished games stored for the restart
//   --db postgres     postgres | pglite (PGlite: the restart's copies are made on its one connection)
//   --bot random      random | heuristic | mixed
//   --perf dir        `perf record` of the server over each phase of joins (warm.perf.data,
//                     first.perf.data there; `perf report -i` them), as bench:load --perf
//   --server-node image  the server on the Node.js line its image runs, as bench:load's
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { BotKind } from '../test/support/bot-table.js';
import { nodeVersion, serverNode } from '../test/support/image-node.js';
import { percentile } from '../test/support/load-probe.js';
import { REPO_ROOT, bundleForRun } from '../test/support/server-process.js';
import { WireClient } from '../test/support/wire-client.js';
import {
  disposeTemplates,
  freshDatabase,
  onInterrupt,
  perfServerOptions,
  playLongGame,
  recordOnCpu,
  sleep,
  startServerProcess,
  type DatabaseKind,
} from './load-run.js';

const { values } = parseArgs({
  options: {
    steps: { type: 'string', default: '1500' },
    joins: { type: 'string', default: '50' },
    'warm-joins': { type: 'string', default: '10' },
    games: { type: 'string', default: '1000' },
    db: { type: 'string', default: 'postgres' },
    bot: { type: 'string', default: 'random' },
    perf: { type: 'string' },
    out: { type: 'string' },
    'server-node': { type: 'string', default: process.env.BENCH_SERVER_NODE ?? '' },
  },
});
const steps = Number(values.steps);
const joins = Number(values.joins);
const warmJoins = Number(values['warm-joins']);
const storedGames = Number(values.games);
const database = values.db as DatabaseKind;
const bot = values.bot as BotKind;
const perfDir = values.perf === undefined ? undefined : resolve(values.perf);
// The server runs in the profile's folder, where V8 writes the code it compiles.
if (perfDir !== undefined) mkdirSync(perfDir, { recursive: true });
const node = serverNode(values['server-node']);
const serverOptions = {
  node,
  ...(perfDir === undefined ? {} : perfServerOptions(perfDir, 'v8.log')),
};
const startedAt = new Date();
const out =
  values.out ??
  join(REPO_ROOT, 'bench-results', `join-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
/** The targets the figures are read against (docs/benchmarking.md). */
const TARGETS = { joinP99Ms: 50, healthzMs: 5_000, firstJoinMs: 200 };

const say = (line: string) => process.stdout.write(`${line}\n`);
const round = (ms: number) => Math.round(ms * 10) / 10;

interface JoinTime {
  /** from the server's handshake frame to the first `state` */
  fromHandshake: number;
  /** from opening the WebSocket to the first `state` */
  fromOpen: number;
  seq: number;
  bytes: number;
}

/** One spectator's join of a game: timed to its first `state`, then closed. */
function timeJoin(url: string, gameId: string): Promise<JoinTime> {
  return new Promise((resolve, reject) => {
    const opened = performance.now();
    let handshake = Number.NaN;
    const client: WireClient = new WireClient(url, {
      auth: { gameId },
      onHandshake: () => {
        handshake = performance.now();
      },
      onFrame: (text) => {
        // A `state` event's frame, timed as it arrives (before it is parsed).
        if (!text.startsWith('2["state"')) return;
        const at = performance.now();
        clearTimeout(timer);
        client.close();
        resolve({
          fromHandshake: at - handshake,
          fromOpen: at - opened,
          seq: Number(/"seq":(\d+)/.exec(text)?.[1] ?? Number.NaN),
          bytes: Buffer.byteLength(text),
        });
      },
    });
    const timer = setTimeout(() => {
      client.close();
      reject(new Error(`no state within 30 s for ${gameId}`));
    }, 30_000);
    client.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

function summary(times: readonly JoinTime[]) {
  const pick = (key: 'fromHandshake' | 'fromOpen') => {
    const sorted = times.map((t) => t[key]).sort((a, b) => a - b);
    return {
      p50: round(percentile(sorted, 50)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1) ?? Number.NaN),
    };
  };
  return {
    joins: times.length,
    fromHandshakeMs: pick('fromHandshake'),
    fromOpenMs: pick('fromOpen'),
    first: { fromHandshakeMs: round(times[0]?.fromHandshake ?? Number.NaN) },
    seq: times[0]?.seq,
    stateBytes: times[0]?.bytes,
  };
}

/**
 * Copies a stored game until `count` games are stored: what loading reads (the games and seats
 * rows, the first and newest snapshots and the actions after the newest), under new ids.
 */
async function storeCopies(url: string, gameId: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `create temporary table copies on commit drop as
         select i, $1 || '-copy-' || i as id from generate_series(1, $2::int) as i`,
      [gameId, count - 1],
    );
    await client.query(
      `insert into games (id, title, status, options, seed, seed_commitment, creator_seat, seq,
         winner, created_at, started_at, ended_at)
       select c.id, g.title, g.status, g.options, g.seed, g.seed_commitment, g.creator_seat, g.seq,
         g.winner, g.created_at, g.started_at, g.ended_at
       from games g, copies c where g.id = $1`,
      [gameId],
    );
    await client.query(
      `insert into seats (game_id, seat, name, race, ready, token_hash, claimed_at, bot,
         handed_over, entropy_commitment, entropy)
       select c.id, s.seat, s.name, s.race, s.ready, s.token_hash || '-' || c.i, s.claimed_at,
         s.bot, s.handed_over, s.entropy_commitment, s.entropy
       from seats s, copies c where s.game_id = $1`,
      [gameId],
    );
    const newest = await client.query<{ seq: number }>(
      'select max(seq) as seq from snapshots where game_id = $1',
      [gameId],
    );
    const head = newest.rows[0]?.seq ?? 0;
    await client.query(
      `insert into snapshots (game_id, seq, state, rules_version)
       select c.id, s.seq, s.state, s.rules_version
       from snapshots s, copies c where s.game_id = $1 and (s.seq = 0 or s.seq = $2)`,
      [gameId, head],
    );
    await client.query(
      `insert into actions (game_id, seq, seat, client_id, type, action, events)
       select c.id, a.seq, a.seat, a.client_id, a.type, a.action, a.events
       from actions a, copies c where a.game_id = $1 and a.seq > $2`,
      [gameId, head],
    );
    const ids = await client.query<{ id: string }>('select id from copies order by i');
    await client.query('commit');
    return [gameId, ...ids.rows.map((r) => r.id)];
  } finally {
    await client.end();
  }
}

/** The newest snapshot's seq and the stored head of a game: what a load replays. */
async function tailOf(url: string, gameId: string): Promise<{ snapshot: number; head: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ snapshot: number; head: number }>(
      `select (select max(seq) from snapshots where game_id = $1) as snapshot,
         (select seq from games where id = $1) as head`,
      [gameId],
    );
    return rows[0] ?? { snapshot: Number.NaN, head: Number.NaN };
  } finally {
    await client.end();
  }
}

say(
  `bench:join: an 8-seat game to ${steps} steps (${bot} bots), ${joins} joins, then a restart ` +
    `with ${storedGames} stored games on ${database}; load avg ${loadavg()[0]?.toFixed(2) ?? '?'}`,
);
if (database !== 'postgres')
  throw new Error('bench:join copies games in PostgreSQL: --db postgres');
const bundle = await bundleForRun('bench-join');
const db = await freshDatabase(database);
const emptySpawned = performance.now();
let server = await startServerProcess(bundle.path, db.env, serverOptions);
/** the first start, on an empty database: what the stored games add to the restart's */
const emptyStart = { readyMs: performance.now() - emptySpawned, cpuMs: server.cpuMicros() / 1000 };
const cleanUp = onInterrupt(async () => {
  server.child.kill('SIGKILL');
  await server.exited;
  await db.dispose();
  await bundle.dispose();
  await disposeTemplates();
  cleanUp.done();
});
let report: Record<string, unknown>;
try {
  const { gameId, seq } = await playLongGame(server, { steps, bot, say });
  const warm: JoinTime[] = [];
  for (let i = 0; i < warmJoins; i++) await timeJoin(server.url, gameId);
  const warmCpu = server.cpuMicros();
  const warmPerf = perfDir && recordOnCpu(server.pid, join(perfDir, 'warm.perf.data'));
  for (let i = 0; i < joins; i++) warm.push(await timeJoin(server.url, gameId));
  if (warmPerf) await warmPerf.stop();
  const warmCpuPerJoin = (server.cpuMicros() - warmCpu) / joins;
  // Killed, not stopped: a graceful stop would store the head as a snapshot, leaving no tail.
  server.child.kill('SIGKILL');
  await server.exited;
  const databaseUrl = db.env.DATABASE_URL as string;
  const tail = await tailOf(databaseUrl, gameId);
  const copyStarted = performance.now();
  const ids = await storeCopies(databaseUrl, gameId, storedGames);
  say(`stored ${ids.length} games in ${((performance.now() - copyStarted) / 1000).toFixed(1)} s`);
  const spawned = performance.now();
  server = await startServerProcess(bundle.path, db.env, serverOptions);
  let healthz = Number.NaN;
  for (;;) {
    const response = await fetch(`${server.url}/healthz`).catch(() => undefined);
    if (response?.status === 200) {
      healthz = performance.now() - spawned;
      break;
    }
    await sleep(20);
  }
  const startCpuMs = server.cpuMicros() / 1000;
  const firstCpu = server.cpuMicros();
  const firstPerf = perfDir && recordOnCpu(server.pid, join(perfDir, 'first.perf.data'));
  // Different games each time, none loaded by this process yet: every join is a first one.
  const firstJoins: JoinTime[] = [];
  const step = Math.max(1, Math.floor(ids.length / joins));
  for (let i = 0; i < joins && i * step < ids.length; i++) {
    firstJoins.push(await timeJoin(server.url, ids[(i * step + 7) % ids.length] as string));
  }
  if (firstPerf) await firstPerf.stop();
  const firstCpuPerJoin = (server.cpuMicros() - firstCpu) / Math.max(1, firstJoins.length);
  const warmSummary = summary(warm);
  const firstSummary = summary(firstJoins);
  report = {
    startedAt: startedAt.toISOString(),
    node: process.version,
    serverNode: nodeVersion(node),
    cores: cpus().length,
    loadAverage: loadavg()[0],
    settings: { steps, joins, warmJoins, games: ids.length, database, bot },
    game: { seq, newestSnapshot: tail.snapshot, replayedOnLoad: tail.head - tail.snapshot },
    joinLongGame: {
      ...warmSummary,
      serverCpuPerJoinMs: round(warmCpuPerJoin / 1000),
      met: warmSummary.fromHandshakeMs.p99 <= TARGETS.joinP99Ms,
    },
    emptyStart: { readyMs: round(emptyStart.readyMs), serverCpuMs: round(emptyStart.cpuMs) },
    restart: {
      healthzMs: round(healthz),
      serverCpuMs: round(startCpuMs),
      healthzMet: healthz <= TARGETS.healthzMs,
      firstJoin: {
        ...firstSummary,
        serverCpuPerJoinMs: round(firstCpuPerJoin / 1000),
        met: firstSummary.fromHandshakeMs.max <= TARGETS.firstJoinMs,
      },
    },
    targets: TARGETS,
  };
} finally {
  server.child.kill('SIGKILL');
  await server.exited;
  await db.dispose();
  await bundle.dispose();
  await disposeTemplates();
  cleanUp.done();
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
say(JSON.stringify(report));
say(`written to ${out}`);
