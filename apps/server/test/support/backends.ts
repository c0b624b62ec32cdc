import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../src/config/config.js';
import { openDatabase } from '../../src/db/database.js';
import type { Config } from '../../src/config/config.js';
import { createScratchDatabase } from './postgres-database.js';

/** The PostgreSQL every test file makes its own database in. */
export const POSTGRES_ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

export type BackendKind = 'pglite' | 'postgres';
export const BACKENDS: BackendKind[] = ['pglite', 'postgres'];

export interface Backend {
  kind: BackendKind;
  /** a server configuration on this backend's database, with test-friendly limits */
  config(overrides?: Record<string, string>): Config;
  /** PostgreSQL only: the test database's URL */
  url: string | undefined;
  dispose(): Promise<void>;
}

/**
 * A fresh database for one test file: a temporary PGlite folder, or a new PostgreSQL database
 * created through the `test` database and dropped afterwards, so files run in parallel.
 */
export async function prepareBackend(kind: BackendKind, tag: string): Promise<Backend> {
  const base = {
    LOG_LEVEL: 'silent',
    HTTP_RATE_LIMIT: '100000',
    ACTION_BURST: '1000',
    HANDSHAKE_BURST: '1000',
  };
  if (kind === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), `or-${tag}-`));
    // The cluster is unpacked from the template (src/db/pglite-template.ts) and migrated here,
    // in the setup hook, so a test's time limit covers only what it does itself.
    const warm = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'pglite') });
    await warm.close();
    return {
      kind,
      url: undefined,
      config: (overrides = {}) => parseConfig({ ...base, DATA_DIR: dir, ...overrides }),
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const name = `or_${tag.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const db = await createScratchDatabase(POSTGRES_ADMIN_URL, name);
  return {
    kind,
    url: db.url,
    config: (overrides = {}) =>
      parseConfig({ ...base, DATABASE_URL: db.url, DB_POOL_SIZE: '5', ...overrides }),
    dispose: db.drop,
  };
}

/**
 * Integration tests start servers and play whole games over real sockets; on a small, busy
 * machine that can outlast the default 30 s without anything being wrong.
 */
export const HEAVY_TEST_TIMEOUT = 120_000;
