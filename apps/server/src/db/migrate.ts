import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';

/** Any constant will do; it only has to be the same in every server process. */
const MIGRATION_LOCK_KEY = 7_482_919_001;

/**
 * The migrations folder sits at the repository root. The server runs both from `src/` (tests,
 * tsx) and from `dist/src/` (npm start, Docker), at different depths, so look upwards for it.
 */
export function findMigrationsFolder(start = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const candidate = join(dir, 'migrations');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no migrations folder above ${start}`);
    dir = parent;
  }
}

export async function applyMigrations(
  target:
    | { kind: 'postgres'; pool: pg.Pool }
    | { kind: 'pglite'; db: PgliteDatabase<Record<string, unknown>> },
): Promise<void> {
  const migrationsFolder = findMigrationsFolder();
  if (target.kind === 'pglite') {
    // PGlite is one process by construction: nobody to race with.
    await migratePglite(target.db, { migrationsFolder });
    return;
  }
  // Two processes starting at once would both see an unapplied migration and both run it; a
  // session-level advisory lock on one connection makes the second wait and then find nothing
  // left to do.
  const client = await target.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
