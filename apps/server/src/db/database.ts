import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { schema } from './schema.js';
import { applyMigrations } from './migrate.js';
import { loadTemplate, seedDataDir } from './pglite-template.js';

/** The query surface every module above the driver uses: identical for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** only with PostgreSQL: the socket.io adapter needs a pg pool of its own */
  readonly pool: pg.Pool | undefined;
  /** only with PGlite, when this opening made the database: how, and why not from the template */
  readonly created?: { readonly from: 'template' | 'initdb'; readonly reason?: string };
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined: in memory (tests) */
  | { kind: 'pglite'; dataDir?: string | undefined };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = resilientPool(options.url, options.poolSize ?? 10);
    const db = releasingTransactions(drizzleNodePg({ client: pool, schema }), pool);
    try {
      await applyMigrations({ kind: 'postgres', pool });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      kind: 'postgres',
      db,
      pool,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  const { client, created } = await openPglite(options.dataDir);
  const db = drizzlePglite({ client, schema });
  try {
    await applyMigrations({ kind: 'pglite', db });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    pool: undefined,
    ...(created === undefined ? {} : { created }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

/**
 * PGlite on a folder (or in memory), made from the template when it holds no
 * database yet (PGlite's own test), by PGlite's initdb when the template
 * cannot be used.
 */
async function openPglite(
  dataDir: string | undefined,
): Promise<{ client: PGlite; created: Database['created'] }> {
  if (dataDir === undefined) {
    const template = await loadTemplate();
    const client = await PGlite.create(
      'memory://',
      template.ok ? { loadDataDir: template.tarball } : {},
    );
    return { client, created: createdBy(template) };
  }
  if (existsSync(join(dataDir, 'PG_VERSION'))) {
    return { client: await PGlite.create(dataDir), created: undefined };
  }
  const seeded = await seedDataDir(dataDir);
  await mkdir(dataDir, { recursive: true });
  return { client: await PGlite.create(dataDir), created: createdBy(seeded) };
}

function createdBy(template: { ok: true } | { ok: false; reason: string }): Database['created'] {
  return template.ok ? { from: 'template' } : { from: 'initdb', reason: template.reason };
}

/**
 * A pg pool that survives PostgreSQL going away (a restart, a failover): a client losing its
 * connection emits `error`, on the pool when idle and on itself when checked out (the socket.io
 * adapter keeps one checked out for LISTEN); unheard, either would crash the process. The failed
 * query still fails, /healthz reports 503, and the next query gets a fresh connection.
 */
export function resilientPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

/**
 * drizzle-orm 0.45 (node-postgres) sends BEGIN before the try/finally that gives its pooled client
 * back: a BEGIN on a connection PostgreSQL just dropped (a restart, a crash) keeps that client
 * checked out for ever, and closing the pool then waits for it without end (drizzle-orm issues
 * #6023, #6341, open). So transactions run on a client checked out here and always given back;
 * one whose connection failed is destroyed rather than handed out again.
 */
function releasingTransactions(db: Db, pool: pg.Pool): Db {
  const transaction = async (...[run, config]: Parameters<Db['transaction']>) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const own = drizzleNodePg({ client, schema }) as unknown as Db;
      return await own.transaction(run, config);
    } catch (error) {
      if (isUnavailable(error)) broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(broken);
    }
  };
  return Object.assign(db, { transaction: transaction as Db['transaction'] });
}

/** A statement whose text never changes, by name, with its parameters. */
export interface RawQuery {
  /** the rows the statement returns, as the driver gives them (column names as in the SQL) */
  (
    statement: { name: string; text: string },
    values: unknown[],
  ): Promise<Record<string, unknown>[]>;
  /**
   * Statements worth having in flight at once: what arrives while they are written waits, and
   * goes in the next one. Two on a pool of connections: one being flushed while the next is sent
   * (with four, a statement held 4.5 actions at fifty busy tables, with two about 9, and
   * PostgreSQL's CPU and the driver's per action fell with it; with one, 17, but the longest
   * round trips grew, likely as each commit's answers went out in a larger burst). One on
   * PGlite, which runs one statement at a time.
   */
  readonly parallel: number;
  /**
   * Whether a write should first let the event loop run what it read in the same turn, so the
   * writes that came in together go in one statement: on PGlite a statement costs about a
   * millisecond of this process's CPU whatever it holds (eight rows in one cost a fifth of that
   * each); PostgreSQL's cost is its own, and there waiting measured slower.
   */
  readonly gather: boolean;
}

/**
 * The hot path's own way past the query builder: the statement goes to the driver as it is,
 * prepared once per connection by name on PostgreSQL (PGlite parses it each time; it has no
 * network round trip to save). Errors are the driver's own, which `isUniqueViolation` and
 * `isUnavailable` read.
 */
export function rawQuery(db: Db): RawQuery {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof PGlite) {
    return Object.assign(
      async ({ text }: { text: string }, values: unknown[]) =>
        (await client.query<Record<string, unknown>>(text, values)).rows,
      { parallel: 1, gather: true },
    );
  }
  return Object.assign(
    async ({ name, text }: { name: string; text: string }, values: unknown[]) =>
      (await client.query<Record<string, unknown>>({ name, text, values })).rows,
    { parallel: 2, gather: false },
  );
}

/** PostgreSQL's unique_violation, however the driver and drizzle wrap it. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if ('code' in current && current.code === '23505') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/** Node's socket errors: the database host is unreachable or dropped the connection. */
const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * The database cannot be reached or is refusing work for now (down, restarting, not accepting
 * connections, out of connections), as opposed to a query that is wrong: the client is told
 * UNAVAILABLE and may try again, however the driver and drizzle wrap the error.
 */
export function isUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = 'code' in current ? current.code : undefined;
    if (typeof code === 'string') {
      // 08: connection exception; 57P0x: shutting down or starting; 53300: too many connections;
      // 55000 at connect: the database does not accept connections now.
      if (code.startsWith('08') || /^57P0[1-4]$/.test(code) || code === '53300') return true;
      if (code === '55000' || NETWORK_ERRORS.has(code)) return true;
    }
    const message = 'message' in current ? current.message : undefined;
    if (
      typeof message === 'string' &&
      /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed/i.test(
        message,
      )
    ) {
      return true;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
