import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, createBrotliDecompress } from 'node:zlib';
import { extract } from 'tar';

/**
 * A new embedded database is made from a template instead of by initdb.
 *
 * PGlite's initdb runs in WebAssembly inside a second PGlite and copies its
 * heap, which takes about 900 MB for a few seconds and most of a first start.
 * The template is that initdb's result, dumped by PGlite itself
 * (`dumpDataDir`) from a cluster it had just created and shut down cleanly.
 * A new data folder is that tarball unpacked, which is what PGlite's own first
 * start does with initdb's output (and its `loadDataDir` with a dump); PGlite
 * then opens it as any existing database. The schema is not in it: the
 * migrations run on it as on any new database.
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
// the same 8 MB: brotli's largest standard window (16 MB) finds each again, and
// the archive is 1.4 MB where gzip leaves 4.5 MB. A larger window saves 0.2 MB
// more but costs its size in memory to every first start.
export async function compressTemplate(tar: Uint8Array): Promise<Buffer> {
  return promisify(brotliCompress)(tar, {
    params: {
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
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

type Checked =
  | { readonly ok: true; readonly record: TemplateRecord; readonly archive: string }
  | { readonly ok: false; readonly reason: string };

/** The template's record, when it is there and was made by this PGlite release. */
async function checkTemplate(folder: string | undefined, pglite: string): Promise<Checked> {
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
  return { ok: true, record, archive: join(folder, TEMPLATE_ARCHIVE) };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function notIntact(): { ok: false; reason: string } {
  return { ok: false, reason: `${TEMPLATE_ARCHIVE} is not the one ${TEMPLATE_RECORD} describes` };
}

export type TemplateSeed =
  | { readonly ok: true; readonly record: TemplateRecord }
  | { readonly ok: false; readonly reason: string };

/**
 * Writes the template into `dataDir`, which must not exist yet or be empty:
 * unpacked beside it and moved in whole, so a start stopped half-way leaves no
 * half-made database behind. Streamed from the archive to the files, it holds
 * the decompressor's window (16 MB) but never the 40 MB tarball, and no
 * WebAssembly. When the template cannot be used, nothing is written and the reason
 * is returned (PGlite then runs initdb, as before).
 */
export async function seedDataDir(
  dataDir: string,
  folder: string | undefined = findTemplateFolder(),
  pglite: string = installedPgliteVersion(),
): Promise<TemplateSeed> {
  const checked = await checkTemplate(folder, pglite);
  if (!checked.ok) return checked;
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    return { ok: false, reason: `${dataDir} holds files but no database` };
  }
  await mkdir(dirname(dataDir), { recursive: true });
  const staging = `${dataDir}.new-${String(process.pid)}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { mode: 0o750 });
  try {
    const hash = createHash('sha256');
    let bytes = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.byteLength;
        done(null, chunk);
      },
    });
    // PGlite's dump names its entries from the data folder's root ("/base/1/…"): that leading
    // slash is dropped with a notice; any other complaint is a file not written.
    const problems: string[] = [];
    const unpack = extract({
      cwd: staging,
      preserveOwner: false,
      onwarn: (code, message) => {
        if (code !== 'TAR_ENTRY_INFO') problems.push(`${code}: ${messageOf(message)}`);
      },
    });
    await pipeline(createReadStream(checked.archive), createBrotliDecompress(), measure, unpack);
    if (problems.length > 0) {
      return { ok: false, reason: `${TEMPLATE_ARCHIVE} cannot be unpacked (${problems[0] ?? ''})` };
    }
    if (bytes !== checked.record.tar.bytes || hash.digest('hex') !== checked.record.tar.sha256) {
      return notIntact();
    }
    if (!existsSync(join(staging, 'PG_VERSION'))) return notIntact();
    if (existsSync(dataDir)) await rmdir(dataDir);
    await rename(staging, dataDir);
    return { ok: true, record: checked.record };
  } catch (error) {
    return { ok: false, reason: `${TEMPLATE_ARCHIVE} cannot be unpacked (${messageOf(error)})` };
  } finally {
    // After a failure the unpacker may still be finishing a write: try again for a moment, and
    // leave a stray folder rather than fail a start that can go on without it.
    await rm(staging, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(
      () => undefined,
    );
  }
}

export type TemplateLoad =
  | { readonly ok: true; readonly tarball: Blob; readonly record: TemplateRecord }
  | { readonly ok: false; readonly reason: string };

/**
 * The template as a tarball for PGlite's `loadDataDir`, for a database in
 * memory (no folder to write it into), or why it cannot be used.
 */
export async function loadTemplate(
  folder: string | undefined = findTemplateFolder(),
  pglite: string = installedPgliteVersion(),
): Promise<TemplateLoad> {
  const checked = await checkTemplate(folder, pglite);
  if (!checked.ok) return checked;
  let tar: Buffer;
  try {
    tar = await promisify(brotliDecompress)(await readFile(checked.archive));
  } catch (error) {
    return { ok: false, reason: `${TEMPLATE_ARCHIVE} cannot be read (${messageOf(error)})` };
  }
  const sha256 = createHash('sha256').update(tar).digest('hex');
  if (tar.byteLength !== checked.record.tar.bytes || sha256 !== checked.record.tar.sha256) {
    return notIntact();
  }
  return {
    ok: true,
    tarball: new Blob([tar], { type: 'application/x-tar' }),
    record: checked.record,
  };
}
