import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './server-process.js';

/**
 * The Node.js release line the server's image runs: the major of apps/server/Dockerfile's `FROM
 * node:<major>-slim` (docker.test.ts holds both stages to one supported LTS line).
 */
export function imageNodeMajor(dockerfile = join(REPO_ROOT, 'apps/server/Dockerfile')): number {
  const majors = new Set(
    [...readFileSync(dockerfile, 'utf8').matchAll(/^FROM node:(\d+)-slim\b/gm)].map((m) =>
      Number(m[1]),
    ),
  );
  const [major] = [...majors];
  if (majors.size !== 1 || major === undefined) {
    throw new Error(
      `${dockerfile}: expected one node:<major>-slim base, found ${[...majors].join(', ') || 'none'}`,
    );
  }
  return major;
}

/** Where fetched Node.js binaries are kept between benchmarks. */
const CACHE = join(REPO_ROOT, 'node_modules/.cache/outer-rim-node');

/**
 * A `node` binary of the image's release line for this machine, fetched once from the npm
 * registry (the `node-linux-<arch>` packages, which hold nodejs.org's release binaries; `npm
 * pack` downloads a package without installing it or running any of its scripts) and kept in
 * node_modules/.cache. The machines this project is developed on run an older Node than the image
 * does, so a benchmark of the server as it is shipped runs its server on this one.
 */
export function imageNode(): string {
  if (process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch)) {
    throw new Error(
      `no Node.js package on the npm registry for ${process.platform}-${process.arch}`,
    );
  }
  const major = imageNodeMajor();
  const dir = join(CACHE, `${String(major)}-${process.arch}`);
  const binary = join(dir, 'bin/node');
  if (!existsSync(binary)) {
    const work = join(CACHE, `fetching-${String(process.pid)}`);
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    execFileSync(
      'npm',
      ['pack', `node-linux-${process.arch}@${String(major)}`, '--pack-destination', work],
      { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    if (tarball === undefined) throw new Error(`npm pack left no tarball in ${work}`);
    execFileSync('tar', ['xzf', tarball], { cwd: work });
    rmSync(dir, { recursive: true, force: true });
    renameSync(join(work, 'package'), dir);
    rmSync(work, { recursive: true, force: true });
  }
  const version = nodeVersion(binary);
  if (!version.startsWith(`v${String(major)}.`)) {
    throw new Error(`${binary} is ${version}, not Node.js ${String(major)}`);
  }
  return binary;
}

/** What `node --version` prints for `binary`. */
export function nodeVersion(binary: string): string {
  return binary === process.execPath
    ? process.version
    : execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
}

/**
 * The node binary a benchmark's server runs on, from its `--server-node` flag: this process's
 * own (empty), the image's release line (`image`, `imageNode`), or a path.
 */
export function serverNode(flag: string): string {
  if (flag === '') return process.execPath;
  if (flag === 'image') return imageNode();
  if (!existsSync(flag)) throw new Error(`--server-node: no file at ${flag}`);
  return flag;
}
