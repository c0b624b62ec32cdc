// `npm run bench:soak` (not in CI): bot games for a long while against the production server in
// its own process, games ending and new ones starting all along; prints the server's memory
// every minute, says at the end whether it stayed flat, and prints a JSON line (also written to
// bench-results/soak-<time>.json, or SOAK_OUT) comparing the heap right after a forced full
// collection at the end with the same at SOAK_BASELINE_MINUTE (with and without the compiler's
// code and shapes), and the heap per game playing; and, each minute and in the JSON, the actions
// played and the server's and (on PostgreSQL) the database's CPU per action, which stay level on a
// server whose work per action does not grow with the games it has stored.
// The environment sets it:
//   SOAK_MINUTES=30       how long
//   SOAK_BASELINE_MINUTE=5  when the heap is first collected and read (at most half the soak)
//   SOAK_GAMES=10         games at once (8 seats + 2 spectators each)
//   SOAK_DB=postgres      postgres | pglite
//   SOAK_ROUND_LIMIT=3    short games, so many start and end during the soak
//   SOAK_BOT=random       random | heuristic | mixed
//   SOAK_VACUUM=on        on PostgreSQL, `VACUUM (ANALYZE)` the database once a minute (off: never)
//   BENCH_SERVER_NODE=image  the server on the Node.js line its image runs, as bench:load's
//                         --server-node (or on the node binary at a path)
// The project's machines run PostgreSQL with autovacuum off (their CI configuration), a host's
// runs it on (PostgreSQL's default, the compose file's image): without it the rows a commit updates
// (a game's `seq`) and a start updates (its seats) leave dead versions that no one clears, the
// planner never learns how many games are stored, and the database's CPU per action grows against
// the server's (0.42 to 0.65 of it in eight minutes, back to 0.48 after one VACUUM). Once a minute,
// as autovacuum's default nap, the soak does what it would do.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import type { BotKind } from '../test/support/bot-table.js';
import { nodeVersion, serverNode } from '../test/support/image-node.js';
import { fitLine } from '../test/support/load-probe.js';
import { freePort } from '../test/support/ports.js';
import {
  REPO_ROOT,
  bundleForRun,
  cpuMicrosSince,
  namedProcessesCpuMicros,
} from '../test/support/server-process.js';
import {
  Fleet,
  collectedHeap,
  disposeTemplates,
  freshDatabase,
  onInterrupt,
  serverHeap,
  sleep,
  startServerProcess,
  type DatabaseKind,
} from './load-run.js';

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const games = Number(process.env.SOAK_GAMES ?? 10);
const database = (process.env.SOAK_DB ?? 'postgres') as DatabaseKind;
const roundLimit = Number(process.env.SOAK_ROUND_LIMIT ?? 3);
const bot = (process.env.SOAK_BOT ?? 'random') as BotKind;
const vacuum = database === 'postgres' && process.env.SOAK_VACUUM !== 'off';
const baselineMinute = Math.max(
  1,
  Math.min(Number(process.env.SOAK_BASELINE_MINUTE ?? 5), Math.floor(minutes / 2)),
);
const node = serverNode(process.env.BENCH_SERVER_NODE ?? '');
/** the release `node` is, as the banner and the JSON say it */
const serverRelease = nodeVersion(node);
const startedAt = new Date();
const out =
  process.env.SOAK_OUT ??
  join(REPO_ROOT, 'bench-results', `soak-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
/** Memory is sampled this often; a line is printed and a point fitted once a minute. */
const SAMPLE_MS = 2_000;
/** Flat: the fitted growth over the whole soak stays under this share of the average. */
const FLAT_SHARE = 0.1;
/** The heap live per game playing that the soak checks, from the performance targets. */
const HEAP_PER_GAME_TARGET = 0.5 * 1024 * 1024;

const say = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * One minute of samples. The heap used is a saw (it climbs until a collection): its lowest value
 * in the minute, what survived the collections, is what a leak would lift; RSS is averaged.
 */
interface Minute {
  minute: number;
  rss: number;
  heapFloor: number;
}

/** One minute's work: the actions accepted, and the CPU each cost the server and the database. */
interface Work {
  minute: number;
  actions: number;
  serverCpuMicrosPerAction: number;
  /** NaN on PGlite, which runs inside the server's process */
  databaseCpuMicrosPerAction: number;
  /**
   * the database's CPU over the server's: the machine's speed, which moves both by up to twice
   * from minute to minute on a shared host, cancels out of it, so work that grows with what is
   * stored shows in it (as the server over generator ratio does for `bench:load`)
   */
  databaseOverServerCpu: number;
  /** actions refused in the minute (mostly the random bots' races), whose CPU the others carry */
  refused: number;
}

/**
 * Whether a series stayed flat, and its fitted slope in MB per minute. It grows when the fitted
 * growth over the soak is above FLAT_SHARE of its average and the slope is clearly above the
 * scatter (more than two standard errors); a short soak's scatter leaves it undecided.
 */
function verdict(minutes: readonly Minute[], pick: (m: Minute) => number) {
  const points = minutes.map((m) => ({ x: m.minute, y: pick(m) }));
  const { slope, standardError } = fitLine(points);
  const mean = points.reduce((sum, p) => sum + p.y, 0) / Math.max(1, points.length);
  const span = (points.at(-1)?.x ?? 0) - (points[0]?.x ?? 0);
  const growth = slope * span;
  const large = growth > FLAT_SHARE * mean;
  const clear = slope > 2 * standardError;
  return {
    perMinuteMb: slope / 1024 / 1024,
    errorMb: standardError / 1024 / 1024,
    growthMb: growth / 1024 / 1024,
    word: !large ? 'flat' : clear ? 'growing' : 'undecided (scatter)',
  };
}

/** What autovacuum would have done by now: dead row versions cleared, the planner's counts new. */
async function vacuumDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
}

say(
  `bench:soak: ${minutes} min of ${games} bot games (8 seats + 2 spectators, ${bot} bots, round ` +
    `limit ${roundLimit}) on ${database}${vacuum ? ', vacuumed once a minute' : ''}, the server on ` +
    `Node.js ${serverRelease}; load avg ${loadavg()[0]?.toFixed(2) ?? '?'}`,
);
const bundle = await bundleForRun('bench-soak');
const db = await freshDatabase(database);
const inspectorPort = await freePort();
const server = await startServerProcess(bundle.path, db.env, {
  nodeArgs: [`--inspect=127.0.0.1:${String(inspectorPort)}`],
  node,
});
const cleanUp = onInterrupt(async () => {
  server.child.kill('SIGKILL');
  await server.exited;
  await db.dispose();
  await bundle.dispose();
  await disposeTemplates();
  cleanUp.done();
});
const fleet = new Fleet(server, { games, bot, roundLimit, seats: 8, spectators: 2 });
const rows: Minute[] = [];
const work: Work[] = [];
const databaseCpu = () =>
  database === 'postgres' ? namedProcessesCpuMicros('postgres') : new Map<number, number>();
/**
 * The heap used right after a forced full collection: idle, at the baseline minute, at the end;
 * each also how much of it is compiled code and object shapes (a heap snapshot).
 */
const collected = {
  idle: Number.NaN,
  idleCompiled: Number.NaN,
  baseline: Number.NaN,
  baselineCompiled: Number.NaN,
  end: Number.NaN,
  endCompiled: Number.NaN,
  endPlaying: 0,
};
try {
  await sleep(500);
  ({ used: collected.idle, compiled: collected.idleCompiled } = await collectedHeap(inspectorPort));
  await fleet.start();
  const t0 = performance.now();
  let actionsBefore = 0;
  let serverCpuBefore = server.cpuMicros();
  let databaseCpuBefore = databaseCpu();
  let refusedBefore = 0;
  for (let minute = 1; minute <= minutes; minute++) {
    const rss: number[] = [];
    let heapFloor = Number.POSITIVE_INFINITY;
    let last = { used: Number.NaN, total: Number.NaN };
    while (performance.now() - t0 < minute * 60_000) {
      await sleep(SAMPLE_MS);
      last = await serverHeap(server.url);
      heapFloor = Math.min(heapFloor, last.used);
      rss.push(server.rssBytes());
    }
    const row = { minute, rss: rss.reduce((a, b) => a + b, 0) / rss.length, heapFloor };
    rows.push(row);
    const actions = fleet.probe.acceptedTotal;
    const played = actions - actionsBefore;
    const refusedTotal = [...fleet.probe.refused.values()].reduce((a, b) => a + b, 0);
    const serverCpu = server.cpuMicros();
    const databaseCpuNow = databaseCpu();
    const perAction = (micros: number) => (played === 0 ? Number.NaN : Math.round(micros / played));
    const databaseMicros =
      database === 'postgres' ? cpuMicrosSince(databaseCpuBefore, databaseCpuNow) : Number.NaN;
    const minuteWork: Work = {
      minute,
      actions: played,
      serverCpuMicrosPerAction: perAction(serverCpu - serverCpuBefore),
      databaseCpuMicrosPerAction: perAction(databaseMicros),
      databaseOverServerCpu:
        Math.round((databaseMicros / Math.max(1, serverCpu - serverCpuBefore)) * 1000) / 1000,
      refused: refusedTotal - refusedBefore,
    };
    work.push(minuteWork);
    serverCpuBefore = serverCpu;
    databaseCpuBefore = databaseCpuNow;
    refusedBefore = refusedTotal;
    say(
      `[${String(minute).padStart(3)} min] RSS ${mb(row.rss)} MB, heap ${mb(heapFloor)} MB after ` +
        `collections (${mb(last.used)} / ${mb(last.total)} MB now); ${played} actions in the ` +
        `minute (CPU per action: server ${String(minuteWork.serverCpuMicrosPerAction)} µs` +
        (database === 'postgres'
          ? `, PostgreSQL ${String(minuteWork.databaseCpuMicrosPerAction)} µs, ` +
            `${String(minuteWork.databaseOverServerCpu)} of the server's`
          : '') +
        `), ${String(minuteWork.refused)} refused, ${fleet.probe.gamesFinished} games finished, ${fleet.tables.size} playing; load avg ` +
        (loadavg()[0]?.toFixed(2) ?? '?'),
    );
    actionsBefore = actions;
    if (vacuum) await vacuumDatabase(db.env.DATABASE_URL ?? '');
    if (minute === baselineMinute) {
      ({ used: collected.baseline, compiled: collected.baselineCompiled } =
        await collectedHeap(inspectorPort));
    }
  }
  // With the games still playing, as at the baseline: what a leak would have added since.
  collected.endPlaying = fleet.tables.size;
  ({ used: collected.end, compiled: collected.endCompiled } = await collectedHeap(inspectorPort));
} finally {
  await fleet.stop();
  await server.stop();
  await db.dispose();
  await bundle.dispose();
  await disposeTemplates();
  cleanUp.done();
}
// The first minute is the warm-up (code compiled, caches filled): the fit starts after it.
const fitted = rows.length >= 3 ? rows.slice(1) : rows;
// The heap snapshot at the baseline minute takes memory the process keeps from then on: RSS is
// fitted from the minute after it.
const afterSnapshot = rows.slice(baselineMinute);
const rss = verdict(afterSnapshot.length >= 3 ? afterSnapshot : fitted, (m) => m.rss);
const heapUsed = verdict(fitted, (m) => m.heapFloor);
const refused = [...fleet.probe.refused].map(([code, n]) => `${code} ${n}`).join(', ');
say(
  `actions ${fleet.probe.acceptedTotal}, games started ${fleet.probe.gamesStarted}, finished ` +
    `${fleet.probe.gamesFinished}${refused === '' ? '' : `; refused: ${refused}`}` +
    (fleet.errors.length > 0 ? `; errors: ${fleet.errors.slice(0, 3).join(' | ')}` : ''),
);
const mbPerMinute = (v: ReturnType<typeof verdict>) =>
  `${v.perMinuteMb.toFixed(2)} ± ${v.errorMb.toFixed(2)} MB/min (${v.growthMb.toFixed(1)} MB over the fit): ${v.word}`;
say(`heap after collections: ${mbPerMinute(heapUsed)}; RSS: ${mbPerMinute(rss)}`);
say(
  heapUsed.word === 'flat' && rss.word === 'flat'
    ? `verdict: FLAT (fitted growth under ${FLAT_SHARE * 100}% of the average, heap and RSS)`
    : heapUsed.word === 'growing' || rss.word === 'growing'
      ? `verdict: GROWING (by more than ${FLAT_SHARE * 100}% of the average, beyond the scatter)`
      : 'verdict: UNDECIDED (the growth is within the scatter; soak longer)',
);

const change = (collected.end - collected.baseline) / collected.baseline;
// The same without the compiler's code and shapes, which grow as new game situations are met and
// V8 keeps or flushes bytecode by its own clock (the old generation's first limit moves it), not
// with what finished games leave behind.
const baselineData = collected.baseline - collected.baselineCompiled;
const changeWithoutCode = (collected.end - collected.endCompiled - baselineData) / baselineData;
const playing = Math.max(1, collected.endPlaying);
const perGame = (collected.end - collected.idle) / playing;
// What the games hold: the compiler's code and shapes grow with the warm-up, not with the games.
const perGameWithoutCode =
  (collected.end - collected.endCompiled - (collected.idle - collected.idleCompiled)) / playing;
const round = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;
// The work per action at the baseline minute and the last: what stored games cost each commit
// shows as the database's CPU per action climbing while the actions per minute fall.
const workAt = (minute: number) => work.find((w) => w.minute === minute);
const ratio = (pick: (w: Work) => number) => {
  const [from, to] = [workAt(baselineMinute), work.at(-1)];
  return from === undefined || to === undefined
    ? Number.NaN
    : Math.round((pick(to) / pick(from)) * 1000) / 1000;
};
const report = {
  startedAt: startedAt.toISOString(),
  node: process.version,
  serverNode: serverRelease,
  cores: cpus().length,
  loadAverage: loadavg()[0],
  settings: { minutes, baselineMinute, games, database, roundLimit, bot, vacuum },
  actions: fleet.probe.acceptedTotal,
  gamesStarted: fleet.probe.gamesStarted,
  gamesFinished: fleet.probe.gamesFinished,
  heapAfterCollectionMb: {
    idle: round(collected.idle),
    [`minute${String(baselineMinute)}`]: round(collected.baseline),
    end: round(collected.end),
    compiledCodeIdle: round(collected.idleCompiled),
    [`compiledCodeMinute${String(baselineMinute)}`]: round(collected.baselineCompiled),
    compiledCodeEnd: round(collected.endCompiled),
  },
  heapChangeSinceBaseline: Math.round(change * 1000) / 1000,
  heapChangeWithoutCodeSinceBaseline: Math.round(changeWithoutCode * 1000) / 1000,
  heapFlat: Math.abs(change) <= FLAT_SHARE,
  heapPerGamePlayingMb: round(perGame),
  heapPerGamePlayingWithoutCodeMb: round(perGameWithoutCode),
  gamesPlayingAtEnd: collected.endPlaying,
  heapPerGameMet: perGameWithoutCode <= HEAP_PER_GAME_TARGET,
  fit: { heapFloor: heapUsed, rss },
  work: {
    perMinute: work,
    endOverBaseline: {
      actions: ratio((w) => w.actions),
      serverCpuPerAction: ratio((w) => w.serverCpuMicrosPerAction),
      databaseCpuPerAction: ratio((w) => w.databaseCpuMicrosPerAction),
      databaseOverServerCpu: ratio((w) => w.databaseOverServerCpu),
    },
  },
  errors: fleet.errors.slice(0, 3),
};
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
say(JSON.stringify(report));
say(`written to ${out}`);
