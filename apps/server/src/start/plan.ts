import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Config } from '../config/config.js';
import { describePostgres } from '../config/startup.js';

/**
 * What `npm start` must do before the server can serve, decided from what is
 * on disk: build the web client and bundle the server only when their inputs
 * changed since the last build, and create the embedded database only when
 * it does not exist yet.
 */

/** Everything the Vite build of the web client reads (it bundles the packages from source). */
export const WEB_INPUTS: readonly string[] = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/public',
  'packages/map/src',
  'packages/rules/src',
  'packages/protocol/src',
  'package-lock.json',
];

/** Where the hash of the inputs of the last good build is kept (outside dist/, which is served). */
export const WEB_STAMP = 'node_modules/.cache/outer-rim/web-build.json';

/** Everything the server bundle is made of: its sources and the workspace packages'. */
export const SERVER_INPUTS: readonly string[] = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/map/src',
  'packages/map/package.json',
  'packages/rules/src',
  'packages/rules/package.json',
  'packages/protocol/src',
  'packages/protocol/package.json',
  'package-lock.json',
];

/** The server bundle `npm start` runs, inside dist/ so it resolves node_modules as the build does. */
export const SERVER_BUNDLE = 'apps/server/dist/bundle/main.mjs';
export const SERVER_STAMP = 'node_modules/.cache/outer-rim/server-bundle.json';

function filesUnder(root: string, path: string): string[] {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [path];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) =>
    filesUnder(root, join(path, entry.name)),
  );
}

/**
 * One hash of the names and contents of the build's inputs. Test files are
 * left out: they are not in the bundle, so changing one needs no rebuild.
 */
export function inputsHash(root: string, inputs: readonly string[] = WEB_INPUTS): string {
  const hash = createHash('sha256');
  const files = inputs
    .flatMap((path) => filesUnder(root, path))
    .filter((path) => !/\.test\.tsx?$/.test(path))
    .map((path) => relative(root, join(root, path)).split('\\').join('/'))
    .sort();
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

export interface BuildDecision {
  readonly build: boolean;
  readonly reason: string;
}

/** What a good build was made from (`hash`), and what it wrote (`output`, the hash of its main file). */
export interface BuildStamp {
  readonly hash: string;
  readonly output: string;
}

/** The SHA-256 of a file, or undefined when it does not exist. */
export function fileHash(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/**
 * Build when there is no build, no record of what it was built from, the
 * inputs changed, or the build on disk is not the one recorded (another
 * command rebuilt it from other sources since).
 */
export function buildDecision(
  stamp: BuildStamp | undefined,
  hash: string,
  output: string | undefined,
): BuildDecision {
  if (output === undefined) return { build: true, reason: 'not built yet' };
  if (stamp === undefined) return { build: true, reason: 'no record of what the last build used' };
  if (stamp.hash !== hash) return { build: true, reason: 'its sources changed' };
  if (stamp.output !== output)
    return { build: true, reason: 'the build on disk was made elsewhere' };
  return { build: false, reason: 'up to date' };
}

/** The record of the last good build, if any. */
export function readStamp(root: string, stamp: string): BuildStamp | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(root, stamp), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    if (!('hash' in parsed) || !('output' in parsed)) return undefined;
    const { hash, output } = parsed;
    return typeof hash === 'string' && typeof output === 'string' ? { hash, output } : undefined;
  } catch {
    return undefined;
  }
}

export type DatabasePlan =
  | { readonly kind: 'postgres'; readonly label: string }
  | { readonly kind: 'pglite'; readonly dir: string; readonly exists: boolean };

/** PostgreSQL when DATABASE_URL is set; otherwise PGlite in DATA_DIR/pglite, new or existing. */
export function databasePlan(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  cwd: string,
): DatabasePlan {
  if (config.DATABASE_URL !== undefined) {
    return { kind: 'postgres', label: describePostgres(config.DATABASE_URL) };
  }
  const dir = resolve(cwd, config.DATA_DIR, 'pglite');
  return { kind: 'pglite', dir, exists: existsSync(join(dir, 'PG_VERSION')) };
}
