import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import {
  TEMPLATE_ARCHIVE,
  TEMPLATE_RECORD,
  findTemplateFolder,
  installedPgliteVersion,
  loadTemplate,
  seedDataDir,
  type TemplateRecord,
} from './pglite-template.js';

const scratch: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outer-rim-template-'));
  scratch.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const assets = findTemplateFolder();

/** A copy of the template's folder, to spoil. */
function copyOfTemplate(): string {
  const copy = folder();
  for (const file of [TEMPLATE_ARCHIVE, TEMPLATE_RECORD]) {
    copyFileSync(join(assets ?? '', file), join(copy, file));
  }
  return copy;
}

describe('the embedded database template', () => {
  it('is in the repository, made by the PGlite installed here, and whole', async () => {
    expect(assets).toBeDefined();
    const record = JSON.parse(
      await readFile(join(assets ?? '', TEMPLATE_RECORD), 'utf8'),
    ) as TemplateRecord;
    // Fails after an upgrade of @electric-sql/pglite until `npm run db:template` is run.
    expect(record.pglite).toBe(installedPgliteVersion());
    const loaded = await loadTemplate();
    expect(loaded.ok).toBe(true);
    // initdb's three databases and the write-ahead log, about 40 MB, in an archive of about 1 MB.
    if (loaded.ok) expect(loaded.tarball.size).toBe(record.tar.bytes);
  });

  it('unpacks into a new folder that PGlite opens as its own database, leaving nothing beside it', async () => {
    const parent = folder();
    const dataDir = join(parent, 'data', 'pglite');
    const seeded = await seedDataDir(dataDir);
    expect(seeded.ok).toBe(true);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(join(parent, 'data'))).toEqual(['pglite']);

    const pg = await PGlite.create(dataDir);
    try {
      const version = await pg.query<{ version: string }>('select version()');
      expect(seeded.ok && version.rows[0]?.version).toBe(seeded.ok && seeded.record.postgres);
      const databases = await pg.query<{ datname: string }>(
        'select datname from pg_database order by 1',
      );
      expect(databases.rows.map((r) => r.datname)).toEqual(['postgres', 'template0', 'template1']);
      await pg.exec('create table kept (n int); insert into kept values (7);');
    } finally {
      await pg.close();
    }
    const again = await PGlite.create(dataDir);
    try {
      expect((await again.query<{ n: number }>('select n from kept')).rows).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
  }, 60_000);

  it("makes a database in memory through PGlite's loadDataDir, migrated like any other", async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      expect(database.created).toEqual({ from: 'template' });
      const tables: unknown = await database.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      );
      expect((tables as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThanOrEqual(7);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('fills an empty folder, and leaves one that holds files alone', async () => {
    const empty = join(folder(), 'pglite');
    mkdirSync(empty);
    expect((await seedDataDir(empty)).ok).toBe(true);
    expect(existsSync(join(empty, 'PG_VERSION'))).toBe(true);

    const used = join(folder(), 'pglite');
    mkdirSync(used);
    await writeFile(join(used, 'notes.txt'), 'mine');
    const refused = await seedDataDir(used);
    expect(refused).toEqual({ ok: false, reason: `${used} holds files but no database` });
    expect(readdirSync(used)).toEqual(['notes.txt']);
  });

  it('is not used by another PGlite release, and writes nothing then', async () => {
    const dataDir = join(folder(), 'pglite');
    const seeded = await seedDataDir(dataDir, assets, '0.0.1');
    expect(seeded.ok).toBe(false);
    if (!seeded.ok) expect(seeded.reason).toContain(`this is 0.0.1`);
    expect(existsSync(dataDir)).toBe(false);
    expect((await loadTemplate(assets, '0.0.1')).ok).toBe(false);
  });

  it('is not used when the archive is cut short or is another than its record says', async () => {
    const cut = copyOfTemplate();
    await truncate(join(cut, TEMPLATE_ARCHIVE), 300_000);
    const parent = folder();
    const seeded = await seedDataDir(join(parent, 'pglite'), cut);
    expect(seeded.ok).toBe(false);
    expect(readdirSync(parent)).toEqual([]);
    expect((await loadTemplate(cut)).ok).toBe(false);

    const other = copyOfTemplate();
    const record = JSON.parse(
      await readFile(join(other, TEMPLATE_RECORD), 'utf8'),
    ) as TemplateRecord;
    await writeFile(
      join(other, TEMPLATE_RECORD),
      JSON.stringify({ ...record, tar: { ...record.tar, sha256: '0'.repeat(64) } }),
    );
    const mismatched = await seedDataDir(join(parent, 'pglite'), other);
    expect(mismatched).toEqual({
      ok: false,
      reason: `${TEMPLATE_ARCHIVE} is not the one ${TEMPLATE_RECORD} describes`,
    });
    expect(readdirSync(parent)).toEqual([]);
    expect((await seedDataDir(join(parent, 'pglite'), folder())).ok).toBe(false);
  });
});
