// The machinery the load benchmark and the soak share: a fresh database, the production server
// as its own process on it, and a fleet of bot tables kept at M games (a game that ends is
// replaced by a new one), all on loopback.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { WebSocket } from 'ws';
import { BotTable } from '../test/support/bot-table.js';
import type { BotKind } from '../test/support/bot-table.js';
import { profileShares } from '../test/support/cpu-profile-shares.js';
import type { CpuProfile, ProfileShares } from '../test/support/cpu-profile-shares.js';
import { LoadProbe, histogramBuckets } from '../test/support/load-probe.js';
import type { Pacer } from '../test/support/pacer.js';
import { onCpu, parsePerfScript } from '../test/support/on-cpu.js';
import type { OnCpu } from '../test/support/on-cpu.js';
import { createScratchDatabase } from '../test/support/postgres-database.js';
import { seedDataDir } from '../src/db/pglite-template.js';
import { startServerProcess } from '../test/support/server-process.js';
import type { ServerProcess } from '../test/support/server-process.js';

export type DatabaseKind = 'postgres' | 'pglite';

export const POSTGRES_ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

export interface Database {
  kind: DatabaseKind;
  /** the server's environment for this database */
  env: Record<string, string>;
  dispose(): Promise<void>;
}

let pgliteTemplate: Promise<string> | undefined;

/**
 * One new PGlite database per run of the tool, copied for each fresh database: unpacked from the
 * repository's template as `npm start` does (the server itself runs initdb if the template does
 * not fit the installed PGlite).
 */
function pgliteTemplateDir(): Promise<string> {
  pgliteTemplate ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'or-bench-template-'));
    const seeded = await seedDataDir(join(dir, 'pglite'));
    if (!seeded.ok) process.stderr.write(`bench: no PGlite template (${seeded.reason})\n`);
    return dir;
  })();
  return pgliteTemplate;
}

export async function disposeTemplates(): Promise<void> {
  if (pgliteTemplate === undefined) return;
  await rm(await pgliteTemplate, { recursive: true, force: true });
  pgliteTemplate = undefined;
}

/** A database nobody has used: a new PostgreSQL database, or a new PGlite folder. */
export async function freshDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'or-bench-'));
    await cp(await pgliteTemplateDir(), dir, { recursive: true });
    return {
      kind,
      env: { DATA_DIR: dir },
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const name = `or_bench_${randomBytes(4).toString('hex')}`;
  const db = await createScratchDatabase(POSTGRES_ADMIN_URL, name);
  return { kind, env: { DATABASE_URL: db.url }, dispose: db.drop };
}

export interface FleetOptions {
  games: number;
  bot: BotKind;
  roundLimit: number | undefined;
  seats: number;
  spectators: number;
  /** open loop: the seats send when this pacer offers (`bench:load --rate`) */
  pacer?: Pacer;
}

/** M bot tables on one server, each game replaced by a fresh one when it ends. */
export class Fleet {
  readonly probe = new LoadProbe();
  readonly tables = new Set<BotTable>();
  #seed = 1;
  #stopping = false;
  readonly #opening = new Set<Promise<unknown>>();
  /** told how many tables are open so far while `start` opens them */
  onOpened: ((count: number) => void) | undefined;
  /** a table that could not be opened (the server refused or failed), kept for the report */
  errors: string[] = [];

  constructor(
    readonly server: ServerProcess,
    readonly options: FleetOptions,
  ) {}

  /** Tables being opened now: at the start, or in place of a game that just ended. */
  get opening(): number {
    return this.#opening.size;
  }

  /**
   * Opens every table (a few at a time, as people arrive), then lets them all play: the lobby's
   * requests do not queue behind games already playing, which on PGlite's one connection would
   * stretch the setup of fifty tables to minutes.
   */
  async start(): Promise<void> {
    const queue = Array.from({ length: this.options.games }, (_, i) => i);
    const opened: BotTable[] = [];
    const workers = Array.from({ length: Math.min(10, queue.length) }, async () => {
      while (queue.shift() !== undefined) {
        try {
          const table = await this.#openOne(false);
          if (table) opened.push(table);
        } catch (error) {
          // Said in the run's line; the run goes on with the tables that did open.
          this.errors.push(error instanceof Error ? error.message : String(error));
        }
        this.onOpened?.(opened.length);
      }
    });
    await Promise.all(workers);
    for (const table of opened) table.play();
  }

  get stopping(): boolean {
    return this.#stopping;
  }

  #openOne(play = true): Promise<BotTable | undefined> {
    const opening = (async () => {
      if (this.#stopping) return undefined;
      const table = await BotTable.open(this.server.url, {
        seats: this.options.seats,
        spectators: this.options.spectators,
        bot: this.options.bot,
        seed: this.#seed++,
        probe: this.probe,
        ...(this.options.pacer === undefined ? {} : { pacer: this.options.pacer }),
        ...(this.options.roundLimit === undefined ? {} : { roundLimit: this.options.roundLimit }),
      });
      // The fleet may have been stopped while this table was being opened.
      if (this.stopping) {
        table.close();
        return undefined;
      }
      this.tables.add(table);
      table.onOver(() => {
        // Let the last update reach everyone, then make room for the next game.
        setTimeout(() => {
          table.close();
          this.tables.delete(table);
          this.#openOne().catch((error: unknown) => {
            this.errors.push(String(error));
          });
        }, 50);
      });
      if (play) table.play();
      return table;
    })();
    this.#opening.add(opening);
    void opening.finally(() => this.#opening.delete(opening)).catch(() => undefined);
    return opening;
  }

  /** Tables whose game has not moved for `ms`: stuck, which a run should say. */
  stuck(ms: number): number {
    const now = performance.now();
    return [...this.tables].filter((t) => !t.over && now - t.lastProgress > ms).length;
  }

  /** Stops acting, waits for the answers in flight, and closes every connection. */
  async stop(): Promise<void> {
    this.#stopping = true;
    for (const table of this.tables) table.stop();
    await Promise.allSettled([...this.#opening]);
    await Promise.all([...this.tables].map((t) => t.settled(5_000)));
    for (const table of this.tables) table.close();
    this.tables.clear();
  }
}

export { startServerProcess };

/**
 * Plays one 8-seat game with bots until `steps` actions are stored or it ends, and leaves it there
 * (still running if it did not end): the long game that `bench:join` joins and `bench:seek`
 * replays.
 */
export async function playLongGame(
  server: ServerProcess,
  { steps, bot, say }: { steps: number; bot: BotKind; say: (line: string) => void },
): Promise<{ gameId: string; seq: number; over: boolean }> {
  const table = await BotTable.open(server.url, {
    seats: 8,
    spectators: 0,
    bot,
    seed: 1,
    probe: new LoadProbe(),
    roundLimit: 50,
  });
  table.play();
  const seqOf = () => Math.max(...table.clients.map((c) => c.seq));
  const t0 = performance.now();
  while (seqOf() < steps && !table.over) {
    await sleep(200);
    if (performance.now() - table.lastProgress > 60_000) throw new Error('the game got stuck');
  }
  table.stop();
  await table.settled(10_000);
  const seq = seqOf();
  const over = table.over;
  table.close();
  say(`played ${String(seq)} steps in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { gameId: table.gameId, seq, over };
}

/** The server's Prometheus metrics as its /metrics serves them. */
async function metricsText(url: string): Promise<string> {
  return (await fetch(`${url}/metrics`)).text();
}

/** The server's Prometheus metrics: one unlabelled value by name. */
async function serverMetrics(url: string): Promise<(name: string) => number> {
  const text = await metricsText(url);
  return (name) =>
    Number(new RegExp(`^outer_rim_${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
}

/** A histogram's cumulative buckets (upper bounds in seconds), as read from /metrics. */
type Buckets = ReturnType<typeof histogramBuckets>;

/**
 * Two of the server's histograms so far, read together: accepted actions' time from arrival to
 * acknowledgement, and the group commits' time from sending the statement to its answer.
 */
export async function serverLatencyBuckets(
  url: string,
): Promise<{ acks: Buckets; commits: Buckets }> {
  const text = await metricsText(url);
  return {
    acks: histogramBuckets(text, 'outer_rim_action_duration_seconds', { outcome: 'accepted' }),
    commits: histogramBuckets(text, 'outer_rim_append_duration_seconds'),
  };
}

/** The server's garbage collections so far: how many, and their pauses in seconds, by kind. */
export interface ServerCollections {
  minor: { count: number; seconds: number };
  major: { count: number; seconds: number };
}

export async function serverCollections(url: string): Promise<ServerCollections> {
  const read = await serverMetrics(url);
  const kind = (name: 'minor' | 'major') => ({
    count: read(`nodejs_gc_duration_seconds_count\\{kind="${name}"\\}`),
    seconds: read(`nodejs_gc_duration_seconds_sum\\{kind="${name}"\\}`),
  });
  return { minor: kind('minor'), major: kind('major') };
}

/** The server's own heap figures, from its Prometheus metrics. */
export async function serverHeap(url: string): Promise<{ used: number; total: number }> {
  const read = await serverMetrics(url);
  return { used: read('nodejs_heap_size_used_bytes'), total: read('nodejs_heap_size_total_bytes') };
}

/** How many actions the server appended to the log, and in how many statements. */
export async function serverAppends(
  url: string,
): Promise<{ appended: number; statements: number }> {
  const read = await serverMetrics(url);
  return { appended: read('appended_actions_total'), statements: read('append_statements_total') };
}

/**
 * The lowest heap used over `ms`, asked every `everyMs`: the heap is a saw that climbs until a
 * collection, and its floor is what survived them.
 */
export async function heapFloor(url: string, ms: number, everyMs = 1000): Promise<number> {
  let floor = Number.POSITIVE_INFINITY;
  const until = performance.now() + ms;
  while (performance.now() < until) {
    floor = Math.min(floor, (await serverHeap(url)).used);
    await sleep(Math.min(everyMs, Math.max(0, until - performance.now())));
  }
  return floor;
}

/**
 * The server's heap used right after a full collection, asked through its inspector (the process
 * runs with `--inspect=127.0.0.1:<port>`): what is live then, without the garbage that the floor
 * of /metrics still holds between major collections; and, from a heap snapshot taken then, how
 * much of it is compiled code and object shapes (V8's `code` and `object shape` nodes: bytecode,
 * machine code, feedback, hidden classes). Those grow as the load warms the compiler up, not in
 * proportion to the games: at fifty tables they were about two fifths of what the heap had grown
 * by. The collection and the snapshot pause the server once.
 */
export async function collectedHeap(
  inspectorPort: number,
): Promise<{ used: number; compiled: number }> {
  const chunks: string[] = [];
  const inspector = await inspectorSession(inspectorPort, (method, params) => {
    const chunk = params?.chunk;
    if (method === 'HeapProfiler.addHeapSnapshotChunk' && typeof chunk === 'string')
      chunks.push(chunk);
  });
  try {
    await inspector.call('HeapProfiler.collectGarbage');
    const usage = await inspector.call('Runtime.getHeapUsage');
    await inspector.call('HeapProfiler.takeHeapSnapshot');
    return { used: Number(usage.usedSize), compiled: compiledBytes(chunks.join('')) };
  } finally {
    inspector.close();
  }
}

/**
 * V8's sampling heap profiler on the server, from now until `stop`, counting the objects
 * collected meanwhile too: what the server allocates, not what it keeps. `stop` gives the bytes
 * sampled and the profile (Chrome's `.heapprofile` format). Sampling costs the server some CPU,
 * so a run that samples is not one to quote for CPU.
 */
export async function sampleAllocations(
  inspectorPort: number,
): Promise<{ stop(): Promise<{ bytes: number; profile: unknown }> }> {
  const inspector = await inspectorSession(inspectorPort);
  await inspector.call('HeapProfiler.startSampling', {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return {
    async stop() {
      try {
        const { profile } = (await inspector.call('HeapProfiler.stopSampling')) as {
          profile: AllocationNode & { head: AllocationNode };
        };
        return { bytes: sampledBytes(profile.head), profile };
      } finally {
        inspector.close();
      }
    },
  };
}

interface AllocationNode {
  selfSize?: number;
  children?: AllocationNode[];
}

const sampledBytes = (node: AllocationNode): number =>
  (node.selfSize ?? 0) + (node.children ?? []).reduce((sum, child) => sum + sampledBytes(child), 0);

/** A DevTools protocol session with the server's inspector; `onEvent` hears its notifications. */
async function inspectorSession(
  inspectorPort: number,
  onEvent?: (method: string, params: Record<string, unknown> | undefined) => void,
): Promise<{
  call(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): void;
}> {
  const targets = (await (
    await fetch(`http://127.0.0.1:${String(inspectorPort)}/json/list`)
  ).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (url === undefined) throw new Error('the server has no inspector target');
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let next = 0;
  const session = {
    call: (method: string, params: Record<string, unknown> = {}) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const id = ++next;
        const onMessage = (data: Buffer) => {
          const reply = JSON.parse(data.toString()) as {
            id?: number;
            result?: Record<string, unknown>;
            error?: { message: string };
          };
          if (reply.id !== id) return;
          socket.off('message', onMessage);
          if (reply.error !== undefined) reject(new Error(`${method}: ${reply.error.message}`));
          else resolve(reply.result ?? {});
        };
        socket.on('message', onMessage);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => {
      socket.close();
    },
  };
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as {
      method?: string;
      params?: Record<string, unknown>;
    };
    if (message.method !== undefined) onEvent?.(message.method, message.params);
  });
  return session;
}

/** The self sizes of a heap snapshot's compiled code and object shapes. */
function compiledBytes(snapshotText: string): number {
  const snapshot = JSON.parse(snapshotText) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
    nodes: number[];
  };
  const { node_fields: fields, node_types: types } = snapshot.snapshot.meta;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  const compiled = new Set(['code', 'object shape'].map((name) => types[0].indexOf(name)));
  let bytes = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    if (compiled.has(snapshot.nodes[i + typeAt] as number))
      bytes += snapshot.nodes[i + sizeAt] as number;
  }
  return bytes;
}

export const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

const cleanups = new Set<() => Promise<void>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // Stopped early: no server process, database or folder of this run is left behind.
    void Promise.allSettled([...cleanups].map((cleanup) => cleanup())).then(() => {
      process.exit(130);
    });
  });
}

/** Runs `cleanup` if the tool is interrupted before `done` is called. */
export function onInterrupt(cleanup: () => Promise<void>): { done(): void } {
  cleanups.add(cleanup);
  return {
    done: () => {
      cleanups.delete(cleanup);
    },
  };
}

/**
 * V8's CPU profiler on this process, the load generator, from now until `stop`: the profile
 * (`.cpuprofile`) and its shares by `GENERATOR_SHARES`. It samples every millisecond (V8's
 * default): a 20 s window gives some 15,000 busy samples. Sampling every 250 µs cost the generator
 * about a quarter more CPU per action; so quote no generator CPU from a run that profiles it.
 */
export async function profileGenerator(): Promise<{
  stop(): Promise<{ profile: CpuProfile; shares: ProfileShares }>;
}> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 1000 });
  await session.post('Profiler.start');
  return {
    async stop() {
      try {
        const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
        return { profile, shares: profileShares(profile) };
      } finally {
        session.disconnect();
      }
    },
  };
}

/**
 * How to start a server that `recordOnCpu` samples, with its files in `dir` (`startServerProcess`'s
 * options): in `dir` as its working directory and with `--perf-prof`, V8 writes each piece of code
 * it compiles, with its name, address and time, to `jit-<pid>.dump` there, and `recordOnCpu`
 * names each sample after the code that stood at its address when it was taken.
 * (`--perf-basic-prof`'s map file has one line per piece of code ever compiled and no times: V8
 * moves and frees code, the addresses come back for other functions, and perf named a sample
 * after whichever owner it found, so that the rules' share read from 0.1 % to 14 % of the same
 * load.) The flag also starts V8's log, sent to `log` in `dir`.
 */
export function perfServerOptions(dir: string, log: string): { nodeArgs: string[]; cwd: string } {
  return {
    nodeArgs: ['--perf-prof', '--no-logfile-per-isolate', `--logfile=${join(dir, log)}`],
    cwd: dir,
  };
}

/**
 * `perf record` of a process's every thread, on CPU time only, from now until `stop`, on the
 * monotonic clock V8's dump keeps its times in. `stop` gives each compiled function its own image
 * (`perf inject --jit`, beside the dump), writes the samples so named to `file` (`perf report -i
 * file` reads them there later), and reads them back as the shares of `onCpu`. The process must
 * be started with `perfServerOptions`.
 */
export function recordOnCpu(pid: number, file: string): { stop(): Promise<OnCpu> } {
  const raw = `${file}.raw`;
  const recorder = spawn(
    'perf',
    [...'record -k mono -e cpu-clock -F 999 -g -q'.split(' '), '-p', String(pid), '-o', raw],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve, reject) => {
      recorder.once('error', (error: Error) => {
        reject(error);
      });
      recorder.once('exit', (code, signal) => {
        resolve({ code, signal });
      });
    },
  );
  return {
    async stop() {
      recorder.kill('SIGINT');
      // perf writes its samples out on SIGINT, then ends by the signal it was sent.
      const { code, signal } = await exited;
      if (code !== 0 && signal !== 'SIGINT') {
        throw new Error(`perf record ended with ${String(code ?? signal)}`);
      }
      await run('perf', ['inject', '--jit', '-i', raw, '-o', file]);
      await rm(raw, { force: true });
      const script = await run('perf', ['script', '-i', file, '-F', 'tid,ip,sym,dso']);
      return onCpu(parsePerfScript(script), pid);
    },
  };
}

/** Whether `perf` is on this machine and may sample on CPU time (a container may forbid it). */
export async function perfWorks(): Promise<boolean> {
  try {
    await run('perf', ['record', '-e', 'cpu-clock', '-q', '-o', '/dev/null', '--', 'true']);
    return true;
  } catch {
    return false;
  }
}

async function run(command: string, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(command, args, { maxBuffer: 1 << 30 });
  return stdout;
}
