/**
 * `npm run db:template`: makes apps/server/assets/pglite-cluster.tar.br, the
 * template every new embedded database is made from (src/db/pglite-template.ts),
 * with the installed PGlite. Run it after upgrading @electric-sql/pglite.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import {
  TEMPLATE_ARCHIVE,
  TEMPLATE_RECORD,
  compressTemplate,
  findTemplateFolder,
  installedPgliteVersion,
  type TemplateRecord,
} from '../src/db/pglite-template.js';

const assets = findTemplateFolder() ?? fileURLToPath(new URL('../assets/', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'outer-rim-template-'));
try {
  const dataDir = join(scratch, 'pglite');
  // initdb, a first start, and a clean shut-down: what PGlite leaves after any first start.
  const made = await PGlite.create(dataDir);
  const version = await made.query<{ version: string }>('select version()');
  await made.close();
  // Reading the folder back without starting PostgreSQL keeps it as it was shut down.
  const reader = await PGlite.create({ dataDir, noInitDb: true });
  const tar = new Uint8Array(await (await reader.dumpDataDir('none')).arrayBuffer());
  await reader.close();
  const record: TemplateRecord = {
    pglite: installedPgliteVersion(),
    postgres: version.rows[0]?.version ?? 'unknown',
    tar: { bytes: tar.byteLength, sha256: createHash('sha256').update(tar).digest('hex') },
  };
  const archive = await compressTemplate(tar);
  mkdirSync(assets, { recursive: true });
  writeFileSync(join(assets, TEMPLATE_ARCHIVE), archive);
  writeFileSync(join(assets, TEMPLATE_RECORD), `${JSON.stringify(record, null, 2)}\n`);
  process.stdout.write(
    `${join(assets, TEMPLATE_ARCHIVE)}: ${(archive.byteLength / 1e6).toFixed(2)} MB ` +
      `(a ${(tar.byteLength / 1e6).toFixed(1)} MB tarball) from PGlite ${record.pglite}\n`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
