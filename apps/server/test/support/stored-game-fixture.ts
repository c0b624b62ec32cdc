import { readFile } from 'node:fs/promises';
import { actions, games, seats, snapshots } from '../../src/db/schema.js';
import type { Db } from '../../src/db/database.js';

/**
 * A game as a release of the server stored it: its rows in `games`, `seats`, `actions` and
 * `snapshots` (as drizzle reads them, timestamps as ISO strings), the head it had then and each
 * viewer's view hash at that head. Made by `make-stored-game-fixture.ts` run on that release.
 */
export interface StoredGameFixture {
  madeBy: string;
  gameId: string;
  tokens: string[];
  head: { seq: number; state: unknown; viewHashes: Record<string, number> };
  rows: {
    games: Record<string, unknown>[];
    seats: Record<string, unknown>[];
    actions: Record<string, unknown>[];
    snapshots: Record<string, unknown>[];
  };
}

export async function readStoredGameFixture(path: URL): Promise<StoredGameFixture> {
  return JSON.parse(await readFile(path, 'utf8')) as StoredGameFixture;
}

const TIMESTAMPS = ['createdAt', 'startedAt', 'endedAt', 'claimedAt'];

/** ISO strings back to dates, for drizzle's timestamp columns. */
function revive(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const key of TIMESTAMPS) {
    if (typeof out[key] === 'string') out[key] = new Date(out[key]);
  }
  return out;
}

/** Writes the fixture's rows into a database migrated by this release, as an upgrade finds them. */
export async function storeFixture(db: Db, fixture: StoredGameFixture): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(games).values(fixture.rows.games.map(revive) as never);
    await tx.insert(seats).values(fixture.rows.seats.map(revive) as never);
    await tx.insert(snapshots).values(fixture.rows.snapshots.map(revive) as never);
    if (fixture.rows.actions.length > 0) {
      await tx.insert(actions).values(fixture.rows.actions.map(revive) as never);
    }
  });
}
