import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';

/** Debian's nginx (apt-get install nginx-light); .ci/run installs it when it is missing. */
export const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/** The configuration the compose profile mounts into its proxy. */
export const NGINX_CONF = fileURLToPath(
  new URL('../../../../deploy/nginx/nginx.conf', import.meta.url),
);

function replaceOnce(
  text: string,
  pattern: RegExp,
  replacement: string | ((match: string, ...groups: string[]) => string),
): string {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`));
  if (matches?.length !== 1) {
    throw new Error(`deploy/nginx/nginx.conf: expected one ${String(pattern)}`);
  }
  return typeof replacement === 'string'
    ? text.replace(pattern, replacement)
    : text.replace(pattern, replacement);
}

/**
 * The repository's nginx.conf, changed only where a machine differs from the compose network: the
 * upstream's servers (Docker's `replica` name) and the listening address, plus a private pid
 * file, temp folders and no access log, so that it runs unprivileged of anything system-wide.
 */
export function nginxConfig(prefix: string, listen: number, upstreams: string[]): string {
  let text = readFileSync(NGINX_CONF, 'utf8');
  text = replaceOnce(text, /^(\s*)server replica:3000([^;]*);$/m, (_, indent, parameters) =>
    upstreams.map((address) => `${indent}server ${address}${parameters};`).join('\n'),
  );
  text = replaceOnce(text, /^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${String(listen)};`);
  text = replaceOnce(
    text,
    /^http \{$/m,
    [
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${join(prefix, `${kind}_temp`)};`,
      ),
    ].join('\n'),
  );
  return `pid ${join(prefix, 'nginx.pid')};\nerror_log stderr warn;\n${text}`;
}

/** Writes the configuration into its own prefix; `nginx -t` answers whether nginx accepts it. */
export async function writeNginxConfig(
  upstreams: string[],
  listen: number,
): Promise<{ prefix: string; conf: string }> {
  const prefix = await mkdtemp(join(tmpdir(), 'or-nginx-'));
  // Running as root, nginx's workers drop to `nobody`, who must reach the temp folders.
  await chmod(prefix, 0o755);
  const conf = join(prefix, 'nginx.conf');
  await writeFile(conf, nginxConfig(prefix, listen, upstreams));
  return { prefix, conf };
}

export function testNginxConfig(prefix: string, conf: string): { ok: boolean; output: string } {
  const result = spawnSync(NGINX, ['-t', '-p', prefix, '-c', conf], { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

export interface RunningNginx {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** nginx in the foreground, on a free port, in front of `upstreams`; stopped (and cleaned) by stop(). */
export async function startNginx(upstreams: string[]): Promise<RunningNginx> {
  const port = await freePort();
  const { prefix, conf } = await writeNginxConfig(upstreams, port);
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', prefix, '-c', conf, '-g', 'daemon off; master_process on;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${String(port)}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${stderr}`);
    const up = await new Promise<boolean>((resolve) => {
      const probe = createConnection(port, '127.0.0.1', () => {
        probe.destroy();
        resolve(true);
      });
      probe.once('error', () => {
        resolve(false);
      });
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    stop: async () => {
      // SIGTERM: nginx's fast shutdown, which does not wait for open WebSockets.
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
