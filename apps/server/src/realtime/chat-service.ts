import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import { chatMessages } from '../db/schema.js';
import type { ChatMessage } from '@outer-rim/protocol';

type Viewer = number | 'spectator';

const MAX_ATTEMPTS = 5;

/** Table talk, stored with the game. Who may read a message is decided here and nowhere else. */
export class ChatService {
  constructor(private readonly db: Db) {}

  /**
   * Stores a message under the next chat seq of the game; the same client id again returns the
   * stored message instead of a second copy.
   */
  async post(
    gameId: string,
    from: number,
    to: number | undefined,
    clientId: string,
    text: string,
  ): Promise<{ message: ChatMessage; duplicate: boolean }> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const existing = await this.#byClientId(gameId, from, clientId);
      if (existing) return { message: existing, duplicate: true };
      try {
        const [row] = await this.db
          .insert(chatMessages)
          .values({
            gameId,
            seq: sql`(select coalesce(max(${chatMessages.seq}), 0) + 1 from ${chatMessages} where ${chatMessages.gameId} = ${gameId})`,
            fromSeat: from,
            toSeat: to ?? null,
            clientId,
            text,
          })
          .returning();
        if (row) return { message: toMessage(row), duplicate: false };
      } catch (error) {
        // Two messages took the same seq at once: the loser takes the next one.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error(`chat of game ${gameId}: no free seq after ${MAX_ATTEMPTS} attempts`);
  }

  /** Public messages, and private ones only to or from this seat; spectators: public only. */
  async visibleTo(gameId: string, viewer: Viewer): Promise<ChatMessage[]> {
    const visible =
      viewer === 'spectator'
        ? isNull(chatMessages.toSeat)
        : or(
            isNull(chatMessages.toSeat),
            eq(chatMessages.toSeat, viewer),
            eq(chatMessages.fromSeat, viewer),
          );
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.gameId, gameId), visible))
      .orderBy(asc(chatMessages.seq));
    return rows.map(toMessage);
  }

  async #byClientId(
    gameId: string,
    from: number,
    clientId: string,
  ): Promise<ChatMessage | undefined> {
    const [row] = await this.db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.gameId, gameId),
          eq(chatMessages.fromSeat, from),
          eq(chatMessages.clientId, clientId),
        ),
      );
    return row ? toMessage(row) : undefined;
  }
}

function toMessage(row: typeof chatMessages.$inferSelect): ChatMessage {
  return {
    gameId: row.gameId,
    seq: row.seq,
    from: row.fromSeat,
    ...(row.toSeat === null ? {} : { to: row.toSeat }),
    text: row.text,
    at: row.createdAt.toISOString(),
  };
}
