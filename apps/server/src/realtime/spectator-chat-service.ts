import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import { spectatorMessages } from '../db/schema.js';
import type { SpectatorChatMessage } from '@outer-rim/protocol';

type Viewer = number | 'spectator';

const MAX_ATTEMPTS = 5;

/**
 * The spectators' channel, stored with the game. Who may read it is decided here and nowhere
 * else: spectators always, players only once the game is over (no kibitzing during play).
 */
export class SpectatorChatService {
  constructor(private readonly db: Db) {}

  /** May this viewer read the spectators' channel of a game in this status? */
  static readable(viewer: Viewer, status: 'lobby' | 'playing' | 'over'): boolean {
    return viewer === 'spectator' || status === 'over';
  }

  /** Stores a line under the next seq; the same client id again returns the stored line. */
  async post(
    gameId: string,
    clientId: string,
    name: string,
    text: string,
  ): Promise<{ message: SpectatorChatMessage; duplicate: boolean }> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const [existing] = await this.db
        .select()
        .from(spectatorMessages)
        .where(and(eq(spectatorMessages.gameId, gameId), eq(spectatorMessages.clientId, clientId)));
      if (existing) return { message: toMessage(existing), duplicate: true };
      try {
        const [row] = await this.db
          .insert(spectatorMessages)
          .values({
            gameId,
            seq: sql`(select coalesce(max(${spectatorMessages.seq}), 0) + 1 from ${spectatorMessages} where ${spectatorMessages.gameId} = ${gameId})`,
            name,
            clientId,
            text,
          })
          .returning();
        if (row) return { message: toMessage(row), duplicate: false };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error(`spectator chat of game ${gameId}: no free seq after ${MAX_ATTEMPTS} attempts`);
  }

  /** The stored channel for this viewer: everything, or nothing while a player's game runs. */
  async visibleTo(
    gameId: string,
    viewer: Viewer,
    status: 'lobby' | 'playing' | 'over',
  ): Promise<SpectatorChatMessage[]> {
    if (!SpectatorChatService.readable(viewer, status)) return [];
    const rows = await this.db
      .select()
      .from(spectatorMessages)
      .where(eq(spectatorMessages.gameId, gameId))
      .orderBy(asc(spectatorMessages.seq));
    return rows.map(toMessage);
  }
}

function toMessage(row: typeof spectatorMessages.$inferSelect): SpectatorChatMessage {
  return {
    gameId: row.gameId,
    seq: row.seq,
    name: row.name,
    text: row.text,
    at: row.createdAt.toISOString(),
  };
}
