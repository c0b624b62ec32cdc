import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../../src/start/bundle.js';
import { SERVER_NODE_FLAGS } from '../../src/start/node-flags.js';

/** The repository root, from this file's place in it. */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Linux's clock tick for /proc/<pid>/stat times (`getconf CLK_TCK`, 100 on every usual kernel). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The server as a host runs it: one esbuild bundle in a folder of its own under
 * apps/server/dist (so its node_modules imports resolve), removed again by `dispose`.
 */
export async function bundleForRun(
  tag: string,
): Promise<{ path: string; dispose(): Promise<void> }> {
  const dir = join(REPO_ROOT, 'apps/server/dist', `${tag}-${randomBytes(4).toString('hex')}`);
  const path = join(dir, 'main.mjs');
  await bundleServer(REPO_ROOT, path);
  return { path, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/** The server as a host runs it: production mode on loopback, any free port, quiet JSON logs. */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'warn',
  LOG_FORMAT: 'json',
};

/**
 * What the load driver and the crash test add to that: no per-socket limits that would throttle
 * bots that act the instant they are asked (the limits guard against people, and are tested
 * elsewhere), and no web client.
 */
export const LOAD_ENV: Readonly<Record<string, string>> = {
  ...PRODUCTION_ENV,
  HTTP_RATE_LIMIT: '10000000',
  ACTION_BURST: '10000000',
  ACTION_RATE: '10000000',
  HANDSHAKE_BURST: '10000000',
  HANDSHAKE_PER_MINUTE: '10000000',
  RESYNC_BURST: '10000000',
  RESYNC_PER_MINUTE: '10000000',
  // No web client to serve: the folder does not exist, so the static plugin stays out.
  WEB_DIST: join(REPO_ROOT, 'apps/server/dist/no-web-client'),
};

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly url: string;
  /** resolves when the process has gone, however it went */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** user + system CPU time the process has used so far, in microseconds */
  cpuMicros(): number;
  /** the system (kernel) part of that time, in microseconds */
  systemCpuMicros(): number;
  /** resident set size now, in bytes */
  rssBytes(): number;
  /** the last lines it printed, for a failure's message */
  output(): string;
  /** SIGTERM (a graceful stop), then SIGKILL if it is not gone after `graceMs` */
  stop(graceMs?: number): Promise<void>;
}

/** CPU time of a process so far, in user space and in the kernel, in microseconds, from /proc. */
export function processCpuSplit(pid: number): { user: number; system: number } {
  return cpuOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** The user and kernel CPU times, in microseconds, of one `/proc/<pid>/stat` line. */
function cpuOfStat(stat: string): { user: number; system: number } {
  // The command name may hold spaces and parentheses: fields are counted after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const micros = (ticks: string | undefined) =>
    (Number(ticks) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
  return { user: micros(fields[11]), system: micros(fields[12]) };
}

/**
 * CPU time so far of every process of this machine named `name` (PostgreSQL's postmaster and its
 * backends: `postgres`), in microseconds, by process id, from /proc.
 */
export function namedProcessesCpuMicros(name: string): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== name) continue;
      const { user, system } = cpuOfStat(stat);
      cpu.set(Number(entry), user + system);
    } catch {
      // gone between the listing and the read
    }
  }
  return cpu;
}

/**
 * The CPU time the processes read at `after` spent since `before`, each against its own earlier
 * reading: one that started in between counts whole. One that ended in between is not counted,
 * so the sum is a floor. (A total over the processes alive at each end would lose an ended
 * process's whole life, not only its time in the window: at M = 1 and 10 it read 1 to 5 % of a
 * core once the previous run's backends had ended.)
 */
export function cpuMicrosSince(
  before: ReadonlyMap<number, number>,
  after: ReadonlyMap<number, number>,
): number {
  let total = 0;
  for (const [pid, micros] of after) {
    const earlier = before.get(pid);
    // A lower reading is a new process that took an ended one's id.
    total += earlier === undefined || earlier > micros ? micros : micros - earlier;
  }
  return total;
}

/** CPU time of a process so far (user + system), in microseconds, from /proc. */
export function processCpuMicros(pid: number): number {
  const { user, system } = processCpuSplit(pid);
  return user + system;
}

/** Resident set size of a process, in bytes, from /proc. */
export function processRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  return kb === undefined ? 0 : Number(kb) * 1024;
}

/**
 * Starts the bundled server as a child process with `base` and then `env` (plus PATH and HOME)
 * and resolves once it listens, with the address it reported. It reports through the same IPC
 * message `npm start`'s launcher waits for, and runs with the same flags (SERVER_NODE_FLAGS);
 * `nodeArgs` come after them, so a flag given there wins. It runs in the repository's root
 * unless `cwd` says otherwise (a profile's folder, where V8 writes its code dump).
 */
export function startServerProcess(
  bundle: string,
  env: Record<string, string>,
  {
    base = LOAD_ENV,
    timeoutMs = 120_000,
    nodeArgs = [],
    cwd = REPO_ROOT,
    node = process.execPath,
  }: {
    base?: Record<string, string>;
    timeoutMs?: number;
    nodeArgs?: string[];
    cwd?: string;
    /** the node binary (another release's, to measure the server on it) */
    node?: string;
  } = {},
): Promise<ServerProcess> {
  const child = spawn(node, ['--enable-source-maps', ...SERVER_NODE_FLAGS, ...nodeArgs, bundle], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      ...base,
      ...env,
      OUTER_RIM_LAUNCHER: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-16_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
    });
  });
  const pid = child.pid;
  return new Promise((resolve, reject) => {
    if (pid === undefined) {
      reject(new Error('the server process did not start'));
      return;
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not listen within ${timeoutMs} ms:\n${printed}`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(
        new Error(`the server exited (${String(code ?? signal)}) before it listened:\n${printed}`),
      );
    });
    child.on('message', (message: unknown) => {
      if (
        typeof message !== 'object' ||
        message === null ||
        !('type' in message) ||
        message.type !== 'outer-rim:ready' ||
        !('url' in message)
      ) {
        return;
      }
      clearTimeout(timer);
      resolve({
        child,
        pid,
        url: String(message.url),
        exited,
        cpuMicros: () => processCpuMicros(pid),
        systemCpuMicros: () => processCpuSplit(pid).system,
        rssBytes: () => processRssBytes(pid),
        output: () => printed,
        stop: async (graceMs = 15_000) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          const late = setTimeout(() => child.kill('SIGKILL'), graceMs);
          await exited;
          clearTimeout(late);
        },
      });
    });
  });
}

/** A TCP port free on loopback now, for a server that must come back on the same address. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}
