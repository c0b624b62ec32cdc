// `npm run bench:load`: M concurrent bot games of 8 seats + 2 spectators against the production
// server in its own process, on a fresh PostgreSQL database and on a fresh PGlite folder, each
// client a real socket and each seat acting the moment its own view asks it. One line per M and
// database, and the same as JSON. Flags (or the environment variable in brackets):
//   --m 1,10,50            games at once (BENCH_M)
//   --db postgres,pglite   databases (BENCH_DB)
//   --seconds 20           measured window per run, after the warm-up (BENCH_SECONDS)
//   --warmup 30            seconds played before measuring (BENCH_WARMUP)
//   --bot random           random | heuristic | mixed (BENCH_BOT)
//   --round-limit 50       the lobby's round limit; a game that ends is replaced (BENCH_ROUND_LIMIT)
//   --rate 400             open loop: R actions a second offered across all tables at fixed
//                          times, whatever earlier answers (BENCH_RATE); each offer goes to the
//                          seat asked longest, round trips are timed from the offer's due time,
//                          and the JSON says the offered and achieved rates (support/pacer.ts).
//                          Without it, closed loop: each seat acts the moment it is asked.
//                          The warm-up is played closed loop but for its last PACED_SETTLE_S
//                          seconds at the rate: a server that has run for hours at 400/s has
//                          long finished compiling, and 30 s at 400/s (12,000 actions) leaves
//                          V8 further from that than 30 s as fast as the tables go
//   --warmup-at-rate       the whole warm-up at the offered rate (BENCH_WARMUP_AT_RATE=1)
//   --out path.json        where the JSON goes (default bench-results/load-<time>.json)
//   --cpu-prof dir         the server writes a V8 CPU profile of each run there (node --cpu-prof)
//   --perf dir             `perf record` of the server's threads over each measured window goes
//                          there, and each line says where its CPU time went (on CPU only)
//   --alloc dir            V8's sampling heap profiler over each measured window, collected
//                          objects included: a .heapprofile there, and each line says how many
//                          bytes the server allocated per action (it costs CPU: quote no CPU then)
//   --gen-prof dir         V8's CPU profile of this process, the load generator, over each
//                          measured window: a .cpuprofile there, and a line of where its CPU went
//   --node-args="..."      flags for the server's node, to compare settings (BENCH_NODE_ARGS)
//   --server-env="K=V ..." settings for the server, over the benchmark's own (BENCH_SERVER_ENV):
//                          IDLE_UPDATE_MS=0 sends every update at once, to compare
//   --server-node image    the server on the Node.js release line its image runs
//                          (apps/server/Dockerfile), fetched once from the npm registry
//                          (support/image-node.ts); or on the node binary at a path
//                          (BENCH_SERVER_NODE). Without it, on the node that runs the benchmark
// The generator's own node runs with `--initial-old-space-size=256` (the npm script): its 500
// clients' views and patches share one heap, and with V8's small first limit it marked and
// compacted that heap every 6 s or so at 400/s, a 20 to 34 ms pause of every client at once that
// put the actions in flight then at the round trip's p99. Browsers on players' machines do not
// pause together; the line and the JSON give the generator's collections over the window.
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { BotKind } from '../test/support/bot-table.js';
import type { ProfileShares } from '../test/support/cpu-profile-shares.js';
import { nodeVersion, serverNode } from '../test/support/image-node.js';
import { bucketBound, percentile } from '../test/support/load-probe.js';
import { Pacer } from '../test/support/pacer.js';
import type { OnCpu } from '../test/support/on-cpu.js';
import { watchOwnCollections } from '../test/support/own-collections.js';
import type { Collections, Pauses } from '../test/support/own-collections.js';
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
  heapFloor,
  onInterrupt,
  perfWorks,
  perfServerOptions,
  profileGenerator,
  recordOnCpu,
  sampleAllocations,
  serverAppends,
  serverCollections,
  serverLatencyBuckets,
  serverHeap,
  sleep,
  startServerProcess,
  type DatabaseKind,
} from './load-run.js';

const { values } = parseArgs({
  options: {
    m: { type: 'string', default: process.env.BENCH_M ?? '1,10,50' },
    db: { type: 'string', default: process.env.BENCH_DB ?? 'postgres,pglite' },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '20' },
    warmup: { type: 'string', default: process.env.BENCH_WARMUP ?? '30' },
    bot: { type: 'string', default: process.env.BENCH_BOT ?? 'random' },
    'round-limit': { type: 'string', default: process.env.BENCH_ROUND_LIMIT ?? '50' },
    rate: { type: 'string', default: process.env.BENCH_RATE ?? '' },
    'warmup-at-rate': { type: 'boolean', default: process.env.BENCH_WARMUP_AT_RATE === '1' },
    out: { type: 'string' },
    'cpu-prof': { type: 'string' },
    perf: { type: 'string' },
    alloc: { type: 'string' },
    'gen-prof': { type: 'string' },
    'node-args': { type: 'string', default: process.env.BENCH_NODE_ARGS ?? '' },
    'server-env': { type: 'string', default: process.env.BENCH_SERVER_ENV ?? '' },
    'server-node': { type: 'string', default: process.env.BENCH_SERVER_NODE ?? '' },
  },
});

const counts = values.m.split(',').map(Number);
const databaseNames = values.db.split(',');
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const bot = values.bot as BotKind;
const roundLimit = Number(values['round-limit']);
/** open loop at this many actions a second; undefined: closed loop */
const rate = values.rate === '' ? undefined : Number(values.rate);
const warmupAtRate = values['warmup-at-rate'];
/**
 * The open loop's last seconds of warm-up at the offered rate, after the closed loop: the
 * seats' queues and the server's settle at the rate before anything is measured.
 */
const PACED_SETTLE_S = 5;
/** whether the open loop's warm-up is played in closed loop before its last seconds at the rate */
const closedLoopWarmup = rate !== undefined && !warmupAtRate && warmup > PACED_SETTLE_S;
if (
  (rate !== undefined && !(rate > 0)) ||
  counts.some((m) => !Number.isInteger(m) || m < 1) ||
  databaseNames.some((d) => d !== 'postgres' && d !== 'pglite') ||
  !(seconds > 0) ||
  !(warmup >= 0) ||
  !['random', 'heuristic', 'mixed'].includes(bot) ||
  !Number.isInteger(roundLimit)
) {
  process.stderr.write('usage: see the head of apps/server/bench/load.ts\n');
  process.exit(2);
}
/** V8 or Node flags for the server process, to compare settings (`--node-args="--flag=1 ..."`) */
const nodeArgs = values['node-args'].split(/\s+/).filter((arg) => arg !== '');
/** the server's settings over the benchmark's own (`--server-env="IDLE_UPDATE_MS=0 ..."`) */
const serverEnv = Object.fromEntries(
  values['server-env']
    .split(/\s+/)
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at <= 0) throw new Error(`bench:load: --server-env takes KEY=VALUE pairs, not ${pair}`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
);
/** the server's node binary and the release it is */
const serverNodePath = serverNode(values['server-node']);
const serverNodeVersion = nodeVersion(serverNodePath);
const perfDir = values.perf === undefined ? undefined : resolve(values.perf);
if (perfDir !== undefined) {
  if (!(await perfWorks())) {
    process.stderr.write(
      'bench:load: --perf needs `perf` (Debian: linux-perf) allowed to sample\n',
    );
    process.exit(2);
  }
  mkdirSync(perfDir, { recursive: true });
}
const allocDir = values.alloc === undefined ? undefined : resolve(values.alloc);
if (allocDir !== undefined) mkdirSync(allocDir, { recursive: true });
const genProfDir = values['gen-prof'] === undefined ? undefined : resolve(values['gen-prof']);
if (genProfDir !== undefined) mkdirSync(genProfDir, { recursive: true });

const databases = databaseNames as DatabaseKind[];
const SEATS = 8;
const SPECTATORS = 2;
/** Above this share of one core the generator, not the server, may be what is measured. */
const SATURATED_CPU = 0.9;

interface RunResult {
  database: DatabaseKind;
  games: number;
  seconds: number;
  actions: number;
  actionsPerSecond: number;
  /**
   * open loop (`--rate`): the actions a second offered, and those a seat sent; an offer made when
   * no seat of any table was asked to decide is missed
   */
  openLoop?: { offeredPerSecond: number; achievedPerSecond: number; missedOffers: number };
  /**
   * the mean number of actions sent and not yet answered over the window: the round trips of
   * the actions answered in it, summed, over its length (Little's law). The bots act the moment
   * they are asked, so this is how many seats are asked at once, and the mean round trip is it
   * over the actions per second
   */
  actionsInFlight: number;
  roundTripMs: { p50: number; p95: number; p99: number };
  /** the round trip by the phase the action was decided in, most actions first */
  roundTripByPhase: Record<string, { actions: number; p50: number; p99: number }>;
  fanOutMs: { p50: number; p99: number };
  serverCpuMicrosPerAction: number;
  serverCpuPercent: number;
  /** the kernel's share of the server's CPU time (socket writes and reads on loopback) */
  serverSystemCpuPercent: number;
  updateBytesMedian: number;
  viewBytesMedian: number;
  serverRssIdleBytes: number;
  serverRssBytes: number;
  serverMemoryPerGameBytes: number;
  /** the heap used when idle, and its lowest value over the window (what survived collections) */
  serverHeapIdleBytes: number;
  serverHeapFloorBytes: number;
  serverHeapPerGameBytes: number;
  /** the heap used right after a full collection, idle and at the end of the window */
  serverLiveIdleBytes: number;
  serverLiveBytes: number;
  serverLivePerGameBytes: number;
  /** compiled code and object shapes in the live heap, idle and at the end */
  serverCompiledIdleBytes: number;
  serverCompiledBytes: number;
  /** the live heap per game without what compiling grew by */
  serverDataPerGameBytes: number;
  generatorCpuPercent: number;
  generatorCpuMicrosPerAction: number;
  /**
   * the server's CPU per action over the generator's: on a machine whose speed drifts between
   * runs (a shared host), this ratio holds where each figure alone does not, so A/B runs of a
   * change to one side compare it
   */
  serverToGeneratorCpu: number;
  /** PostgreSQL's processes, all of them (NaN on PGlite, which runs inside the server) */
  postgresCpuPercent: number;
  /** actions appended per statement over the window: how well commits were grouped */
  appendsPerStatement: number;
  /**
   * the server's garbage collections over the window, from its /metrics: scavenges (minor) and
   * mark-compacts (major), how many and their pauses of the main thread, in all and each
   */
  serverCollections: Collections;
  /**
   * the server's own part of the round trip, from an action's arrival to its acknowledgement, for
   * the actions accepted over the window: the bound of its histogram's bucket (1, 2.5, 5, 10, 25,
   * 50, 100 ms...) that holds half of them and 99 %; what the round trip adds to it is the
   * generator's and the sockets'
   */
  serverAckMsAtMost: { p50: number; p99: number };
  /**
   * the group commits over the window, from sending the statement to the database's answer (its
   * round trip and its flush to disk), by the buckets of the server's histogram as above: the
   * part of the server's time that is the database's
   */
  commitMsAtMost: { p50: number; p99: number };
  generatorLoopDelayP99Ms: number;
  /** the generator's own garbage collections over the window, as the server's (the header says why) */
  generatorCollections: Collections;
  generatorSaturated: boolean;
  /** with --perf: the shares of the server's CPU time over the window, from perf's samples */
  serverOnCpu?: OnCpu;
  /** with --alloc: the bytes the server allocated per action over the window (sampled) */
  serverAllocatedBytesPerAction?: number;
  /** with --gen-prof: the shares of the generator's busy samples over the window */
  generatorShares?: ProfileShares;
  loadAverage: { before: number[]; after: number[] };
  refusals: Record<string, number>;
  refusalSamples: { code: string; message: string; action: unknown }[];
  resyncs: number;
  gamesStarted: number;
  gamesFinished: number;
  stuckTables: number;
  /** tables playing at the end of the window, and being opened in place of a finished game */
  tablesPlaying: number;
  tablesOpening: number;
  errors: string[];
}

async function runOnce(bundle: string, database: DatabaseKind, games: number): Promise<RunResult> {
  const before = loadavg();
  const db = await freshDatabase(database);
  const dropDatabase = onInterrupt(() => db.dispose());
  const cpuProf = values['cpu-prof'];
  /** the names of this run's --perf files, without their ending */
  const perfName = `${database}-M${String(games)}`;
  const perfStem = perfDir && join(perfDir, perfName);
  const perf = perfDir === undefined ? undefined : perfServerOptions(perfDir, `${perfName}.v8.log`);
  const inspectorPort = await freePort();
  const server = await startServerProcess(
    bundle,
    { ...db.env, ...serverEnv },
    {
      nodeArgs: [
        `--inspect=127.0.0.1:${String(inspectorPort)}`,
        ...(cpuProf === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${resolve(cpuProf)}`]),
        ...nodeArgs,
        ...(perf?.nodeArgs ?? []),
      ],
      ...(perf === undefined ? {} : { cwd: perf.cwd }),
      node: serverNodePath,
    },
  );
  const killServer = onInterrupt(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
  });
  let fleet: Fleet | undefined;
  const pacer = rate === undefined ? undefined : new Pacer(rate);
  try {
    await sleep(500);
    const serverHeapIdleBytes = (await serverHeap(server.url)).used;
    const { used: serverLiveIdleBytes, compiled: serverCompiledIdleBytes } =
      await collectedHeap(inspectorPort);
    // After the snapshot, which leaves the process about 100 MB larger: the end's RSS, read
    // before its own snapshot, holds that too.
    const serverRssIdleBytes = server.rssBytes();
    fleet = new Fleet(server, {
      games,
      bot,
      roundLimit,
      seats: SEATS,
      spectators: SPECTATORS,
      ...(pacer === undefined ? {} : { pacer }),
    });
    const opening = performance.now();
    fleet.onOpened = (count) => {
      if (count % 10 === 0 || count === games) {
        process.stderr.write(
          `  ${database} M=${games}: ${count} tables open after ${((performance.now() - opening) / 1000).toFixed(1)} s\n`,
        );
      }
    };
    await fleet.start();
    pacer?.start();
    if (pacer !== undefined && closedLoopWarmup) {
      pacer.unpace();
      await sleep((warmup - PACED_SETTLE_S) * 1000);
      pacer.pace();
      await sleep(PACED_SETTLE_S * 1000);
    } else {
      await sleep(warmup * 1000);
    }

    const { probe } = fleet;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    const serverCpu0 = server.cpuMicros();
    const serverSystem0 = server.systemCpuMicros();
    const postgresCpu0 = database === 'postgres' ? namedProcessesCpuMicros('postgres') : undefined;
    const appends0 = await serverAppends(server.url);
    const collections0 = await serverCollections(server.url);
    const latency0 = await serverLatencyBuckets(server.url);
    const ownCpu0 = process.cpuUsage();
    const t0 = performance.now();
    const recorder =
      perfStem === undefined || server.child.pid === undefined
        ? undefined
        : recordOnCpu(server.child.pid, `${perfStem}.perf.data`);
    const sampler = allocDir === undefined ? undefined : await sampleAllocations(inspectorPort);
    const generatorProfiler = genProfDir === undefined ? undefined : await profileGenerator();
    const ownCollections = watchOwnCollections();
    loop.enable();
    probe.recording = true;
    if (pacer) pacer.recording = true;
    const serverHeapFloorBytes = await heapFloor(server.url, seconds * 1000);
    probe.recording = false;
    if (pacer) pacer.recording = false;
    loop.disable();
    const elapsed = (performance.now() - t0) / 1000;
    const generatorCollections = await ownCollections.stop();
    const ownCpu = process.cpuUsage(ownCpu0);
    const serverCpu = server.cpuMicros() - serverCpu0;
    const serverSystem = server.systemCpuMicros() - serverSystem0;
    const postgresCpu =
      postgresCpu0 === undefined
        ? NaN
        : cpuMicrosSince(postgresCpu0, namedProcessesCpuMicros('postgres'));
    const appends = await serverAppends(server.url);
    const collections = await serverCollections(server.url);
    const latency = await serverLatencyBuckets(server.url);
    const pauses = (kind: 'minor' | 'major') => {
      const count = collections[kind].count - collections0[kind].count;
      const ms = (collections[kind].seconds - collections0[kind].seconds) * 1000;
      return { count, ms: round(ms), meanMs: round(count === 0 ? 0 : ms / count) };
    };
    const serverRssBytes = server.rssBytes();
    const stuckTables = fleet.stuck(10_000);
    // Read back after the window's figures are taken: perf script takes a core for seconds.
    const serverOnCpu = await recorder?.stop();
    const allocations = await sampler?.stop();
    const generatorProfile = await generatorProfiler?.stop();
    if (generatorProfile !== undefined && genProfDir !== undefined) {
      writeFileSync(
        join(genProfDir, `${database}-M${String(games)}.generator.cpuprofile`),
        JSON.stringify(generatorProfile.profile),
      );
    }
    if (allocations !== undefined && allocDir !== undefined) {
      writeFileSync(
        join(allocDir, `${database}-M${String(games)}.heapprofile`),
        JSON.stringify(allocations.profile),
      );
    }
    // After the window: the collection's pause is not in the figures above.
    const { used: serverLiveBytes, compiled: serverCompiledBytes } =
      await collectedHeap(inspectorPort);

    const generatorCpu = ownCpu.user + ownCpu.system;
    const generatorCpuPercent = (generatorCpu / 1e6 / elapsed) * 100;
    const round = (x: number, digits = 1) => Number(x.toFixed(digits));
    return {
      database,
      games,
      seconds: round(elapsed, 2),
      actions: probe.accepted,
      actionsPerSecond: round(probe.accepted / elapsed),
      ...(pacer === undefined
        ? {}
        : {
            openLoop: {
              offeredPerSecond: round(pacer.offered / elapsed),
              achievedPerSecond: round(pacer.used / elapsed),
              missedOffers: pacer.missed,
            },
          }),
      actionsInFlight: round(probe.inFlightMs / 1000 / elapsed),
      roundTripMs: {
        p50: round(percentile(probe.roundTrip, 50), 2),
        p95: round(percentile(probe.roundTrip, 95), 2),
        p99: round(percentile(probe.roundTrip, 99), 2),
      },
      roundTripByPhase: Object.fromEntries(
        [...probe.roundTripByPhase]
          .sort((a, b) => b[1].length - a[1].length)
          .map(([phase, ms]) => [
            phase,
            {
              actions: ms.length,
              p50: round(percentile(ms, 50), 2),
              p99: round(percentile(ms, 99), 2),
            },
          ]),
      ),
      fanOutMs: {
        p50: round(percentile(probe.fanOut, 50), 2),
        p99: round(percentile(probe.fanOut, 99), 2),
      },
      serverCpuMicrosPerAction: round(probe.accepted === 0 ? NaN : serverCpu / probe.accepted, 0),
      serverCpuPercent: round((serverCpu / 1e6 / elapsed) * 100),
      serverSystemCpuPercent: round(serverCpu === 0 ? NaN : (serverSystem / serverCpu) * 100),
      updateBytesMedian: percentile(probe.updateBytes, 50),
      viewBytesMedian: percentile(probe.stateBytes, 50),
      serverRssIdleBytes,
      serverRssBytes,
      serverMemoryPerGameBytes: Math.round((serverRssBytes - serverRssIdleBytes) / games),
      serverHeapIdleBytes,
      serverHeapFloorBytes,
      serverHeapPerGameBytes: Math.round((serverHeapFloorBytes - serverHeapIdleBytes) / games),
      serverLiveIdleBytes,
      serverLiveBytes,
      serverLivePerGameBytes: Math.round((serverLiveBytes - serverLiveIdleBytes) / games),
      serverCompiledIdleBytes,
      serverCompiledBytes,
      serverDataPerGameBytes: Math.round(
        (serverLiveBytes - serverCompiledBytes - (serverLiveIdleBytes - serverCompiledIdleBytes)) /
          games,
      ),
      generatorCpuPercent: round(generatorCpuPercent),
      generatorCpuMicrosPerAction: round(
        probe.accepted === 0 ? NaN : generatorCpu / probe.accepted,
        0,
      ),
      serverToGeneratorCpu: round(generatorCpu === 0 ? NaN : serverCpu / generatorCpu, 3),
      postgresCpuPercent: round((postgresCpu / 1e6 / elapsed) * 100),
      appendsPerStatement: round(
        (appends.appended - appends0.appended) / (appends.statements - appends0.statements),
        2,
      ),
      serverCollections: { minor: pauses('minor'), major: pauses('major') },
      serverAckMsAtMost: {
        p50: bucketBound(latency0.acks, latency.acks, 0.5) * 1000,
        p99: bucketBound(latency0.acks, latency.acks, 0.99) * 1000,
      },
      commitMsAtMost: {
        p50: bucketBound(latency0.commits, latency.commits, 0.5) * 1000,
        p99: bucketBound(latency0.commits, latency.commits, 0.99) * 1000,
      },
      generatorLoopDelayP99Ms: round(loop.percentile(99) / 1e6, 1),
      generatorCollections,
      generatorSaturated: generatorCpuPercent >= SATURATED_CPU * 100,
      ...(serverOnCpu === undefined ? {} : { serverOnCpu }),
      ...(generatorProfile === undefined ? {} : { generatorShares: generatorProfile.shares }),
      ...(allocations === undefined
        ? {}
        : { serverAllocatedBytesPerAction: Math.round(allocations.bytes / probe.accepted) }),
      loadAverage: {
        before: before.map((x) => round(x, 2)),
        after: loadavg().map((x) => round(x, 2)),
      },
      refusals: Object.fromEntries(probe.refused),
      refusalSamples: probe.refusalSamples,
      resyncs: probe.resyncs,
      gamesStarted: probe.gamesStarted,
      gamesFinished: probe.gamesFinished,
      stuckTables,
      tablesPlaying: fleet.tables.size,
      tablesOpening: fleet.opening,
      errors: fleet.errors.slice(0, 5),
    };
  } finally {
    pacer?.stop();
    await fleet?.stop();
    await server.stop();
    killServer.done();
    await db.dispose();
    dropDatabase.done();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

function line(r: RunResult): string {
  const refused = Object.entries(r.refusals)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  return [
    `${r.database.padEnd(8)} M=${String(r.games).padStart(2)}:`,
    r.openLoop === undefined
      ? ''
      : `open loop: ${r.openLoop.offeredPerSecond} offered/s, ${r.openLoop.achievedPerSecond} sent/s (${r.openLoop.missedOffers} offers missed);`,
    `${r.actionsPerSecond.toFixed(0)} actions/s (${r.actionsInFlight} in flight on average);`,
    `round trip p50 ${r.roundTripMs.p50} / p95 ${r.roundTripMs.p95} / p99 ${r.roundTripMs.p99} ms;`,
    `in the server (arrival to ack, by its histogram's buckets) p50 ≤ ${String(r.serverAckMsAtMost.p50)} / p99 ≤ ${String(r.serverAckMsAtMost.p99)} ms; group commits p50 ≤ ${String(r.commitMsAtMost.p50)} / p99 ≤ ${String(r.commitMsAtMost.p99)} ms;`,
    `fan-out p50 ${r.fanOutMs.p50} / p99 ${r.fanOutMs.p99} ms;`,
    `server ${r.serverCpuMicrosPerAction} µs CPU/action (${r.serverCpuPercent}% of a core, ${r.serverSystemCpuPercent}% of it in the kernel);`,
    `${r.appendsPerStatement} actions per commit;`,
    `collections ${collectionsLine(r.serverCollections)};`,
    r.serverAllocatedBytesPerAction === undefined
      ? ''
      : `server allocated ${kb(r.serverAllocatedBytesPerAction)}/action (sampled);`,
    `update ${kb(r.updateBytesMedian)}, view ${kb(r.viewBytesMedian)} (medians);`,
    `server memory ${mb(r.serverMemoryPerGameBytes)}/game (RSS ${mb(r.serverRssBytes)}), heap ${mb(r.serverHeapPerGameBytes)}/game after collections, ${mb(r.serverLivePerGameBytes)}/game live after a full one (${mb(r.serverDataPerGameBytes)} without compiled code);`,
    `generator CPU ${r.generatorCpuPercent}%${r.generatorSaturated ? ' (SATURATED: a core is busy generating, figures are a floor)' : ''} (${r.generatorCpuMicrosPerAction} µs/action; server/generator ${r.serverToGeneratorCpu}; its event loop's delay p99 ${String(r.generatorLoopDelayP99Ms)} ms; its collections ${collectionsLine(r.generatorCollections)});`,
    Number.isNaN(r.postgresCpuPercent) ? '' : `PostgreSQL CPU ${r.postgresCpuPercent}%;`,
    `load avg ${r.loadAverage.before[0]} -> ${r.loadAverage.after[0]}`,
    refused === '' ? '' : `; refused: ${refused}`,
    r.stuckTables > 0 ? `; ${r.stuckTables} tables stuck` : '',
    // A table being opened in place of a game that just ended is not missing (M = 1 meets it).
    r.tablesPlaying + r.tablesOpening < r.games ? `; only ${r.tablesPlaying} tables playing` : '',
    r.errors.length > 0 ? `; errors: ${r.errors.join(' | ')}` : '',
  ]
    .join(' ')
    .concat(r.serverOnCpu === undefined ? '' : `\n  on CPU: ${onCpuLine(r.serverOnCpu)}`)
    .concat(
      r.generatorShares === undefined
        ? ''
        : `\n  generator: ${generatorLine(r.generatorShares, r.generatorCpuMicrosPerAction)}`,
    );
}

/** The generator's shares, each also as µs of its CPU per action. */
function generatorLine({ busySamples, shares }: ProfileShares, microsPerAction: number): string {
  const parts = Object.entries(shares).map(
    ([name, percent]) =>
      `${name} ${String(percent)}% (${((percent / 100) * microsPerAction).toFixed(0)} µs)`,
  );
  return `${parts.join(', ')} (of ${String(busySamples)} busy samples, V8's profiler)`;
}

function collectionsLine({ minor, major }: Collections): string {
  const one = (name: string, k: Pauses) =>
    `${String(k.count)} ${name} (${String(k.ms)} ms paused, ${String(k.meanMs)} each)`;
  return `${one('scavenges', minor)}, ${one('mark-compacts', major)}`;
}

function onCpuLine({ samples, shares, kernel, helperThreads }: OnCpu): string {
  const parts = Object.entries(shares).map(([name, percent]) => `${name} ${String(percent)}%`);
  return `${parts.join(', ')} (of ${String(samples)} samples; innermost frame in the kernel ${String(kernel)}%, off the main thread ${String(helperThreads)}%)`;
}

const startedAt = new Date();
const out = resolve(
  values.out ??
    join(REPO_ROOT, 'bench-results', `load-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`),
);
process.stdout.write(
  `bench:load: M ∈ {${counts.join(', ')}} × (${SEATS} seats + ${SPECTATORS} spectators), ${bot} bots, ` +
    `round limit ${roundLimit}; ${warmup} s warm-up${closedLoopWarmup ? ` (closed loop, then ${String(PACED_SETTLE_S)} s at the rate)` : ''} + ${seconds} s measured per run; ` +
    `the server on Node.js ${serverNodeVersion}, the generator on ${process.version}; ` +
    `${cpus().length} cores, load avg ${loadavg()[0]?.toFixed(2) ?? '?'}\n`,
);
const bundle = await bundleForRun('bench-load');
const removeBundle = onInterrupt(async () => {
  await bundle.dispose();
  await disposeTemplates();
});
const results: RunResult[] = [];
/** Written after every run, so an interrupted benchmark keeps what it measured. */
function save(): void {
  mkdirSync(dirname(out), { recursive: true });
  const settings = {
    counts,
    databases,
    seconds,
    warmup,
    ...(rate === undefined ? {} : { warmupAtRate }),
    bot,
    roundLimit,
    rate: rate ?? null,
    nodeArgs,
    serverEnv,
  };
  const report = {
    startedAt: startedAt.toISOString(),
    node: process.version,
    serverNode: serverNodeVersion,
    cores: cpus().length,
    settings: { ...settings, seats: SEATS, spectators: SPECTATORS },
    runs: results,
  };
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
}
try {
  for (const database of databases) {
    for (const games of counts) {
      const result = await runOnce(bundle.path, database, games);
      results.push(result);
      process.stdout.write(`${line(result)}\n`);
      save();
    }
  }
} finally {
  // A profile names lines of the bundle: it stays beside the profiles.
  const cpuProf = values['cpu-prof'];
  if (cpuProf !== undefined && existsSync(bundle.path)) {
    copyFileSync(bundle.path, join(resolve(cpuProf), 'main.mjs'));
  }
  await bundle.dispose();
  await disposeTemplates();
  removeBundle.done();
}
process.stdout.write(`written to ${out}\n`);
