import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants } from 'node:zlib';

/**
 * A new embedded database is made from a template instead of by initdb.
 *
 * PGlite's initdb runs in WebAssembly inside a second PGlite and copies its
 * heap, which takes about 900 MB for a few seconds and most of a first start.
 * The template is that initdb's result, dumped by PGlite itself
 * (`dumpDataDir`) from a cluster it had just created and shut down cleanly;
 * PGlite's `loadDataDir` writes it into the data folder file by file, the very
 * way PGlite's own first start copies initdb's output there. The schema is not
 * in it: the migrations run on it as on any new database.
 *
 * It is only used with the PGlite release that made it (a newer one may not
 * read an older catalog), and only when it is intact; otherwise initdb runs,
 * as before. `npm run db:template` makes it again.
 */

/** The template's files, in apps/server/assets/. */
export const TEMPLATE_ARCHIVE = 'pglite-cluster.tar.br';
export const TEMPLATE_RECORD = 'pglite-cluster.json';

/** What the template was made from, kept beside it. */
export interface TemplateRecord {
  /** the PGlite release that made it */
  readonly pglite: string;
  /** `select version()` on it */
  readonly postgres: string;
  /** the uncompressed tarball, to check it arrived whole */
  readonly tar: { readonly bytes: number; readonly sha256: string };
}

export type TemplateLoad =
  | { readonly ok: true; readonly tarball: Blob; readonly record: TemplateRecord }
  | { readonly ok: false; readonly reason: string };

/**
 * The server runs from `src/` (tests, tsx), `dist/src/` (Docker) and
 * `dist/bundle/` (npm start), at different depths: look upwards for assets/.
 */
export function findTemplateFolder(
  start = dirname(fileURLToPath(import.meta.url)),
): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, 'assets');
    if (existsSync(join(candidate, TEMPLATE_RECORD))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The PGlite release installed beside the server (its package does not export package.json). */
export function installedPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  for (let dir = dirname(entry); dirname(dir) !== dir; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as {
      name?: string;
      version?: string;
    };
    if (parsed.name === '@electric-sql/pglite' && typeof parsed.version === 'string') {
      return parsed.version;
    }
  }
  throw new Error(`no package.json for @electric-sql/pglite above ${entry}`);
}

// The three databases initdb makes (template0, template1, postgres) are nearly
// the same 8 MB: a window larger than the 40 MB tarball finds each again, and
// the archive is about 1 MB where gzip leaves 4.5 MB.
const BROTLI_WINDOW = {
  [constants.BROTLI_PARAM_LARGE_WINDOW]: 1,
  [constants.BROTLI_PARAM_LGWIN]: 26,
};

export async function compressTemplate(tar: Uint8Array): Promise<Buffer> {
  return promisify(brotliCompress)(tar, {
    params: {
      ...BROTLI_WINDOW,
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_SIZE_HINT]: tar.byteLength,
    },
  });
}

function parseRecord(text: string): TemplateRecord | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { pglite, postgres, tar } = parsed as Record<string, unknown>;
  if (typeof pglite !== 'string' || typeof postgres !== 'string') return undefined;
  if (typeof tar !== 'object' || tar === null) return undefined;
  const { bytes, sha256 } = tar as Record<string, unknown>;
  if (typeof bytes !== 'number' || typeof sha256 !== 'string') return undefined;
  return { pglite, postgres, tar: { bytes, sha256 } };
}

/**
 * The template as a tarball for PGlite's `loadDataDir`, or why it cannot be
 * used here: missing, made by another PGlite release, or not intact (a Git
 * LFS pointer, a truncated copy).
 */
export async function loadTemplate(
  folder: string | undefined = findTemplateFolder(),
  pglite: string = installedPgliteVersion(),
): Promise<TemplateLoad> {
  if (folder === undefined || !existsSync(join(folder, TEMPLATE_RECORD))) {
    return { ok: false, reason: 'no template found' };
  }
  const record = parseRecord(await readFile(join(folder, TEMPLATE_RECORD), 'utf8'));
  if (record === undefined) return { ok: false, reason: `${TEMPLATE_RECORD} is not readable` };
  if (record.pglite !== pglite) {
    return {
      ok: false,
      reason: `the template was made by PGlite ${record.pglite}, this is ${pglite} (npm run db:template makes a new one)`,
    };
  }
  let tar: Buffer;
  try {
    tar = await promisify(brotliDecompress)(await readFile(join(folder, TEMPLATE_ARCHIVE)), {
      params: { [constants.BROTLI_DECODER_PARAM_LARGE_WINDOW]: 1 },
    });
  } catch (error) {
    return {
      ok: false,
      reason: `${TEMPLATE_ARCHIVE} cannot be read (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const sha256 = createHash('sha256').update(tar).digest('hex');
  if (tar.byteLength !== record.tar.bytes || sha256 !== record.tar.sha256) {
    return { ok: false, reason: `${TEMPLATE_ARCHIVE} is not the one ${TEMPLATE_RECORD} describes` };
  }
  return { ok: true, tarball: new Blob([tar], { type: 'application/x-tar' }), record };
}
