import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/database.js';
import { snapshots } from '../../src/db/schema.js';

/**
 * Test-only: replaces a game's stored state at `seq` in a test database (a
 * prepared board for an end-to-end test). No route of the server does this.
 */
export async function overwriteSnapshot(
  db: Db,
  gameId: string,
  seq: number,
  state: unknown,
): Promise<void> {
  await db
    .update(snapshots)
    .set({ state })
    .where(and(eq(snapshots.gameId, gameId), eq(snapshots.seq, seq)));
}
