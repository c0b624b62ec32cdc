import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMigrationsFolder } from '../src/db/migrate.js';
import { POSTGRES_ADMIN_URL } from './support/backends.js';
import { createScratchDatabase } from './support/postgres-database.js';
import type { ScratchDatabase } from './support/postgres-database.js';

/** Runs one migration file's statements, as drizzle's migrator splits them. */
async function runMigration(client: pg.Client, file: string): Promise<void> {
  const text = await readFile(join(findMigrationsFolder(), file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim() !== '') await client.query(statement);
  }
}

/**
 * The migration that keys private chat by holder: messages stored before it belong to a seat's
 * present holder only if they were sent after that holder took the seat; older ones to nobody
 * who is at the table now.
 */
describe('private chat rows stored before holdings existed', () => {
  let db: ScratchDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    db = await createScratchDatabase(
      POSTGRES_ADMIN_URL,
      `or_chat_migration_${randomBytes(4).toString('hex')}`,
    );
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  it('go to the holder who was at the seat when they were sent, or to nobody present', async () => {
    const files = (await readdir(findMigrationsFolder())).filter((f) => f.endsWith('.sql')).sort();
    const holdings = files.findIndex((f) => f.startsWith('0003_'));
    expect(holdings).toBe(3);
    for (const file of files.slice(0, holdings)) await runMigration(client, file);

    // Seat 0's holder since 00:00, seat 1's since 00:10 (someone else held it before), seat 2 free.
    await client.query(
      `insert into games (id, options, seed, seed_commitment) values ('game-0001', '{}', 's', 'c')`,
    );
    await client.query(
      `insert into seats (game_id, seat, name, race, token_hash, claimed_at) values
        ('game-0001', 0, 'Host', 'random', 'h0', '2026-01-01T00:00:00Z'),
        ('game-0001', 1, 'Newcomer', 'random', 'h1', '2026-01-01T00:10:00Z'),
        ('game-0001', 2, null, 'random', null, null)`,
    );
    await client.query(
      `insert into chat_messages (game_id, seq, from_seat, to_seat, client_id, text, created_at) values
        ('game-0001', 1, 0, 1, 'a', 'to the departed', '2026-01-01T00:05:00Z'),
        ('game-0001', 2, 1, 0, 'a', 'from the departed', '2026-01-01T00:06:00Z'),
        ('game-0001', 3, 0, 1, 'b', 'to the newcomer', '2026-01-01T00:15:00Z'),
        ('game-0001', 4, 1, null, 'd', 'public, by the newcomer', '2026-01-01T00:16:00Z'),
        ('game-0001', 5, 0, 2, 'c', 'to a free seat', '2026-01-01T00:17:00Z')`,
    );
    await runMigration(client, files[holdings] ?? '');

    const seat = (
      await client.query<{ seat: number; holding: string }>(
        `select seat, holding from seats where game_id = 'game-0001' order by seat`,
      )
    ).rows.map((r) => r.holding);
    const rows = (
      await client.query<{ seq: number; from_holding: string; to_holding: string | null }>(
        `select seq, from_holding, to_holding from chat_messages order by seq`,
      )
    ).rows;
    const [host, newcomer, free] = seat;
    const present = new Set(seat);
    const [toDeparted, fromDeparted, toNewcomer, publicLine, toFree] = rows;
    expect(toDeparted?.from_holding).toBe(host);
    expect(present.has(toDeparted?.to_holding ?? '')).toBe(false);
    expect(present.has(fromDeparted?.from_holding ?? '')).toBe(false);
    expect(fromDeparted?.to_holding).toBe(host);
    expect(toNewcomer).toMatchObject({ from_holding: host, to_holding: newcomer });
    expect(publicLine).toMatchObject({ from_holding: newcomer, to_holding: null });
    expect(toFree?.from_holding).toBe(host);
    expect(toFree?.to_holding).not.toBe(free);
    expect(present.has(toFree?.to_holding ?? '')).toBe(false);

    // The newcomer's own client id `a` is free again: the departed holder's `a` is not theirs.
    await client.query(
      `insert into chat_messages (game_id, seq, from_seat, from_holding, client_id, text)
        values ('game-0001', 6, 1, $1, 'a', 'mine')`,
      [newcomer],
    );
    await expect(
      client.query(
        `insert into chat_messages (game_id, seq, from_seat, from_holding, client_id, text)
          values ('game-0001', 7, 1, $1, 'a', 'again')`,
        [newcomer],
      ),
    ).rejects.toThrow(/chat_client_id_key/);
  });
});
