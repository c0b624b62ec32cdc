import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import { chatMessages, seats } from '../db/schema.js';
import type { SeatHolder } from '../lobby/lobby-service.js';
import type { ChatMessage } from '@outer-rim/protocol';

/** A seat's holder, or a spectator (who reads the public messages only). */
type Reader = Pick<SeatHolder, 'seat' | 'holding'> | 'spectator';

/** A stored message and the holdings a private one was between (who may ever read it). */
export interface PostedChat {
  message: ChatMessage;
  duplicate: boolean;
  /** a private message's sender and recipient holdings; undefined for a public message */
  holdings: { from: string; to: string } | undefined;
}

const MAX_ATTEMPTS = 5;

/** Table talk, stored with the game. Who may read a message is decided here and nowhere else. */
export class ChatService {
  constructor(private readonly db: Db) {}

  /**
   * Stores a message under the next chat seq of the game; the same client id again from the same
   * holder returns the stored message instead of a second copy. A private message is addressed to
   * whoever holds seat `to` now, and stays theirs: the seat's next holder never reads it.
   */
  async post(
    gameId: string,
    from: Pick<SeatHolder, 'seat' | 'holding'>,
    to: number | undefined,
    clientId: string,
    text: string,
  ): Promise<PostedChat> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const existing = await this.#byClientId(gameId, from.holding, clientId);
      if (existing) return { ...posted(existing), duplicate: true };
      try {
        const [row] = await this.db
          .insert(chatMessages)
          .values({
            gameId,
            seq: sql`(select coalesce(max(${chatMessages.seq}), 0) + 1 from ${chatMessages} where ${chatMessages.gameId} = ${gameId})`,
            fromSeat: from.seat,
            toSeat: to ?? null,
            fromHolding: from.holding,
            toHolding:
              to === undefined
                ? null
                : sql`(select ${seats.holding} from ${seats} where ${seats.gameId} = ${gameId} and ${seats.seat} = ${to})`,
            clientId,
            text,
          })
          .returning();
        if (row) return { ...posted(row), duplicate: false };
      } catch (error) {
        // Two messages took the same seq at once: the loser takes the next one.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error(`chat of game ${gameId}: no free seq after ${MAX_ATTEMPTS} attempts`);
  }

  /**
   * Public messages, and private ones only to or from this holder of the seat (not an earlier or
   * later one); spectators: public only.
   */
  async visibleTo(gameId: string, reader: Reader): Promise<ChatMessage[]> {
    const visible =
      reader === 'spectator'
        ? isNull(chatMessages.toSeat)
        : or(
            isNull(chatMessages.toSeat),
            eq(chatMessages.toHolding, reader.holding),
            eq(chatMessages.fromHolding, reader.holding),
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
    fromHolding: string,
    clientId: string,
  ): Promise<ChatRow | undefined> {
    const [row] = await this.db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.gameId, gameId),
          eq(chatMessages.fromHolding, fromHolding),
          eq(chatMessages.clientId, clientId),
        ),
      );
    return row;
  }
}

type ChatRow = typeof chatMessages.$inferSelect;

function posted(row: ChatRow): Omit<PostedChat, 'duplicate'> {
  return {
    message: toMessage(row),
    holdings:
      row.toSeat === null
        ? undefined
        : // A message to a seat with no row (never: `to` is checked first) reaches its sender only.
          { from: row.fromHolding, to: row.toHolding ?? row.fromHolding },
  };
}

function toMessage(row: ChatRow): ChatMessage {
  return {
    gameId: row.gameId,
    seq: row.seq,
    from: row.fromSeat,
    ...(row.toSeat === null ? {} : { to: row.toSeat }),
    text: row.text,
    at: row.createdAt.toISOString(),
  };
}
