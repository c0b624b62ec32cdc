/**
 * `npm start`: get a fresh clone or a stopped server serving, saying what it
 * does at each step and ending with the address to open.
 *
 * At the same time, each only when needed:
 * - the web client: built by Vite only when its inputs changed since the
 *   last good build (a hash of them is kept in node_modules/.cache);
 * - the server: bundled by esbuild from its TypeScript source and the
 *   workspace packages' (found through the `outer-rim-source` export
 *   condition), again only when they changed; a bundle takes well under a
 *   second where a full `tsc -b` takes half a minute on a small machine, and
 *   type-checking is the tests' job. Docker runs the `tsc -b` build instead;
 * - the embedded database, on a first start only: unpacked from its template
 *   (src/db/pglite-template.ts), which takes under 100 MB and a second or two
 *   where PGlite's initdb took 900 MB and ten.
 * Then the server starts, and once it listens this says where to go.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, parseConfig, type Config } from '../config/config.js';
import { seedDataDir } from '../db/pglite-template.js';
import { bundleServer } from './bundle.js';
import { SERVER_NODE_FLAGS } from './node-flags.js';
import {
  SERVER_BUNDLE,
  SERVER_INPUTS,
  SERVER_STAMP,
  WEB_INPUTS,
  WEB_STAMP,
  buildDecision,
  databasePlan,
  fileHash,
  inputsHash,
  readStamp,
  type BuildStamp,
  type DatabasePlan,
} from './plan.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = findRoot(here);
const started = performance.now();
const children = new Set<ChildProcess>();

function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package-lock.json')) && existsSync(join(dir, 'apps'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no repository root above ${start}`);
  }
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/** Runs node with `args`; resolves with its exit code and what it printed. */
function run(args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolvePromise({ code: code ?? (signal === null ? 1 : 128), output });
    });
  });
}

function recordBuild(stamp: string, hash: string, output: string): void {
  const record: BuildStamp = { hash, output: fileHash(join(root, output)) ?? '' };
  mkdirSync(dirname(join(root, stamp)), { recursive: true });
  writeFileSync(join(root, stamp), JSON.stringify(record));
}

const WEB_OUTPUT = 'apps/web/dist/index.html';

async function buildWebClient(): Promise<void> {
  const t = performance.now();
  const hash = inputsHash(root, WEB_INPUTS);
  const output = fileHash(join(root, WEB_OUTPUT));
  const decision = buildDecision(readStamp(root, WEB_STAMP), hash, output);
  if (!decision.build) {
    say(`[web client] ${decision.reason}: not rebuilt`);
    return;
  }
  say(`[web client] building with Vite (${decision.reason})…`);
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const { code, output: printed } = await run([vite, 'build'], join(root, 'apps/web'));
  if (code !== 0) {
    process.stderr.write(printed);
    throw new Error(`the web client did not build (vite exited with ${code})`);
  }
  recordBuild(WEB_STAMP, hash, WEB_OUTPUT);
  say(`[web client] built in ${seconds(t)}`);
}

async function bundleServerIfChanged(): Promise<void> {
  const t = performance.now();
  const hash = inputsHash(root, SERVER_INPUTS);
  const output = fileHash(join(root, SERVER_BUNDLE));
  const decision = buildDecision(readStamp(root, SERVER_STAMP), hash, output);
  if (!decision.build) {
    say(`[server] ${decision.reason}: not rebuilt`);
    return;
  }
  say(`[server] bundling with esbuild (${decision.reason})…`);
  await bundleServer(root, join(root, SERVER_BUNDLE));
  recordBuild(SERVER_STAMP, hash, SERVER_BUNDLE);
  say(`[server] bundled in ${seconds(t)}`);
}

async function prepareDatabase(plan: DatabasePlan | undefined): Promise<void> {
  if (plan === undefined) return;
  if (plan.kind === 'postgres') {
    say(`[database] ${plan.label}; the server applies its migrations`);
    return;
  }
  if (plan.exists) {
    say(`[database] embedded PGlite in ${plan.dir}`);
    return;
  }
  const t = performance.now();
  say(`[database] creating the embedded PGlite database in ${plan.dir} (first start only)…`);
  const seeded = await seedDataDir(plan.dir);
  if (seeded.ok) {
    say(`[database] created from its template in ${seconds(t)}`);
  } else {
    say(
      `[database] not from its template (${seeded.reason}): the server runs initdb, which is slower`,
    );
  }
}

function startServer(): void {
  say('[server] starting…');
  const server = spawn(
    process.execPath,
    ['--enable-source-maps', ...SERVER_NODE_FLAGS, join(root, SERVER_BUNDLE)],
    {
      cwd: root,
      env: { ...process.env, OUTER_RIM_LAUNCHER: '1' },
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    },
  );
  children.add(server);
  server.on('message', (message: unknown) => {
    if (
      typeof message === 'object' &&
      message !== null &&
      'type' in message &&
      message.type === 'outer-rim:ready' &&
      'url' in message
    ) {
      // The server's own last lines may still be on their way through its logger's worker.
      const url = String(message.url);
      const ready = seconds(started);
      setTimeout(() => {
        say(`Ready in ${ready}. Open ${url} in a browser.`);
      }, 150);
    }
  });
  server.on('exit', (code, signal) => {
    children.delete(server);
    process.exit(code ?? (signal === null ? 1 : 0));
  });
}

// Ctrl-C reaches every process of the terminal's group; a `kill` reaches only
// this one. Either way each child is told once, and this process leaves
// when the server has stopped (its exit handler above).
const serving = { started: false };
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    if (!serving.started) process.exit(130);
  });
}

say(`Outer Rim online: starting with Node.js ${process.version} in ${root}`);
let config: Config | undefined;
try {
  config = parseConfig(process.env);
} catch (error) {
  // The server explains a bad configuration itself, naming each variable.
  if (!(error instanceof ConfigError)) throw error;
}
try {
  await Promise.all([
    buildWebClient(),
    bundleServerIfChanged(),
    prepareDatabase(config === undefined ? undefined : databasePlan(config, root)),
  ]);
} catch (error) {
  process.stderr.write(
    `npm start stopped: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  for (const child of children) child.kill('SIGTERM');
  process.exit(1);
}
serving.started = true;
startServer();
