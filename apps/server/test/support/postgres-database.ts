import pg from 'pg';

/** A database of its own on a PostgreSQL server: its URL, and how to drop it afterwards. */
export interface ScratchDatabase {
  url: string;
  drop: () => Promise<void>;
}

async function run(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Creates database `name` through the server at `adminUrl` (its `test` database), so test files
 * and benchmark runs each get a clean one and may run side by side. `name` must be an identifier.
 */
export async function createScratchDatabase(
  adminUrl: string,
  name: string,
): Promise<ScratchDatabase> {
  await run(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => run(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
