import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { isUniqueViolation, openDatabase } from '../src/db/database.js';
import type { DatabaseOptions } from '../src/db/database.js';
import { games } from '../src/db/schema.js';
import { BACKENDS, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';

describe.each(BACKENDS)('database and migrations on %s', (kind) => {
  let backend: Backend;
  let options: DatabaseOptions;

  beforeAll(async () => {
    backend = await prepareBackend(kind, 'db');
    const config = backend.config();
    options =
      kind === 'postgres'
        ? { kind, url: config.DATABASE_URL ?? '' }
        : { kind, dataDir: join(config.DATA_DIR, 'pglite') };
  });
  afterAll(async () => {
    await backend.dispose();
  });

  it('creates every table at start, and starting again changes nothing', async () => {
    const first = await openDatabase(options);
    const result: unknown = await first.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    const tables = result as { rows: { table_name: string }[] };
    expect(tables.rows.map((r) => r.table_name)).toEqual([
      'actions',
      'bot_drivers',
      'chat_messages',
      'game_pauses',
      'games',
      'notice_timers',
      'notification_targets',
      'owed_notices',
      'seats',
      'snapshots',
      'socket_io_attachments',
      'spectator_messages',
      'turn_clocks',
      'undo_requests',
      'undone_actions',
    ]);
    await first.db
      .insert(games)
      .values({ id: 'kept-game-1', options: {}, seed: 's', seedCommitment: 'c' });
    await first.close();
    const second = await openDatabase(options);
    const rows = await second.db.select().from(games);
    expect(rows.map((r) => r.id)).toEqual(['kept-game-1']);
    await second.ping();
    await second.close();
  });

  it('reports a duplicate key as a unique violation, whatever the driver', async () => {
    const database = await openDatabase(options);
    try {
      let caught: unknown;
      try {
        await database.db
          .insert(games)
          .values({ id: 'kept-game-1', options: {}, seed: 's', seedCommitment: 'c' });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeDefined();
      expect(isUniqueViolation(caught)).toBe(true);
      expect(isUniqueViolation(new Error('other'))).toBe(false);
    } finally {
      await database.close();
    }
  });
});

describe('migrations with two processes on one PostgreSQL', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await prepareBackend('postgres', 'db_race');
  });
  afterAll(async () => {
    await backend.dispose();
  });

  it('both start when they migrate at the same moment (advisory lock)', async () => {
    const url = backend.url ?? '';
    const started = await Promise.all([
      openDatabase({ kind: 'postgres', url }),
      openDatabase({ kind: 'postgres', url }),
    ]);
    for (const database of started) {
      await database.ping();
      await database.close();
    }
  });
});
