import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../../src/start/bundle.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ServerBundle {
  path: string;
  dispose(): Promise<void>;
}

/**
 * The server as `npm start` runs it, built for this test file alone (files run in parallel):
 * inside the repository, so node_modules and migrations/ are found above it.
 */
export async function buildServerBundle(): Promise<ServerBundle> {
  const path = join(
    root,
    'apps/server/dist/test-bundles',
    randomBytes(4).toString('hex'),
    'main.mjs',
  );
  await bundleServer(root, path);
  return { path, dispose: () => rm(dirname(path), { recursive: true, force: true }) };
}

export interface ServerProcess {
  url: string;
  /** what its /healthz calls it */
  instance: string;
  child: ChildProcess;
  /** what it wrote, stdout and stderr, for a failing test's message */
  output(): string;
  stop(): Promise<void>;
}

/**
 * One server process in production mode (plain node, NODE_ENV=production), on a free port of
 * 127.0.0.1; resolves once it listens, as `npm start` learns it, through the launcher's message.
 */
export async function startServerProcess(
  bundle: ServerBundle,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', bundle.path], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      NODE_ENV: 'production',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      OUTER_RIM_LAUNCHER: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: { type?: string; url?: string }) => {
      if (message.type === 'outer-rim:ready' && message.url !== undefined) resolve(message.url);
      else reject(new Error(`unexpected message ${JSON.stringify(message)}`));
    });
    child.once('exit', (code) => {
      reject(new Error(`the server exited (${String(code)}) before it was ready:\n${output}`));
    });
  });
  const health = (await (await fetch(`${url}/healthz`)).json()) as { instance: string };
  return {
    url,
    instance: health.instance,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
