import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { actions, games, snapshots } from '../db/schema.js';

/** One action as the log holds it, for the append and for the reads alike. */
interface ActionFields {
  seq: number;
  seat: number;
  clientId: string;
  type: string;
  action: unknown;
  events: unknown[];
}

export interface StoredAction extends ActionFields {
  createdAt: Date;
}

export interface AppendInput extends ActionFields {
  gameId: string;
  /** the state after this action, stored when a snapshot is due */
  snapshot: unknown;
  /** set when this action ended the game */
  over: { winner: unknown } | undefined;
}

/** The event log and snapshots of running games: reads and the one transactional append. */
export class GameStore {
  constructor(private readonly db: Db) {}

  latestSnapshot(gameId: string): Promise<{ seq: number; state: unknown } | undefined> {
    return this.snapshotAtOrBefore(gameId);
  }

  /**
   * The newest snapshot taken at or before `seq`, or the newest of all without one (seq 0, the
   * start, always exists once started).
   */
  async snapshotAtOrBefore(
    gameId: string,
    seq?: number,
  ): Promise<{ seq: number; state: unknown } | undefined> {
    const [row] = await this.db
      .select({ seq: snapshots.seq, state: snapshots.state })
      .from(snapshots)
      .where(
        seq === undefined
          ? eq(snapshots.gameId, gameId)
          : and(eq(snapshots.gameId, gameId), lte(snapshots.seq, seq)),
      )
      .orderBy(desc(snapshots.seq))
      .limit(1);
    return row;
  }

  async actionsAfter(gameId: string, afterSeq: number, limit = 10_000): Promise<StoredAction[]> {
    const rows = await this.db
      .select()
      .from(actions)
      .where(and(eq(actions.gameId, gameId), gt(actions.seq, afterSeq)))
      .orderBy(asc(actions.seq))
      .limit(limit);
    return rows.map((row) => ({
      seq: row.seq,
      seat: row.seat,
      clientId: row.clientId,
      type: row.type,
      action: row.action,
      events: row.events as unknown[],
      createdAt: row.createdAt,
    }));
  }

  /** Whether `seat` has an action in the log after `afterSeq`. */
  async seatActedAfter(gameId: string, seat: number, afterSeq: number): Promise<boolean> {
    const [row] = await this.db
      .select({ seq: actions.seq })
      .from(actions)
      .where(and(eq(actions.gameId, gameId), eq(actions.seat, seat), gt(actions.seq, afterSeq)))
      .limit(1);
    return row !== undefined;
  }

  async seqOfClientId(gameId: string, seat: number, clientId: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ seq: actions.seq })
      .from(actions)
      .where(
        and(eq(actions.gameId, gameId), eq(actions.seat, seat), eq(actions.clientId, clientId)),
      );
    return row?.seq;
  }

  /**
   * Appends one action, its snapshot when due and the game's new head in one transaction. A
   * second writer of the same seq, in this process or another, fails here on the (game_id, seq)
   * key with a unique violation and nothing of it is stored.
   */
  async append(input: AppendInput): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(actions).values({
        gameId: input.gameId,
        seq: input.seq,
        seat: input.seat,
        clientId: input.clientId,
        type: input.type,
        action: input.action,
        events: input.events,
      });
      if (input.snapshot !== undefined) {
        await tx
          .insert(snapshots)
          .values({ gameId: input.gameId, seq: input.seq, state: input.snapshot });
      }
      await tx
        .update(games)
        .set(
          input.over === undefined
            ? { seq: input.seq }
            : {
                seq: input.seq,
                status: 'over',
                winner: input.over.winner ?? null,
                endedAt: new Date(),
              },
        )
        .where(eq(games.id, input.gameId));
    });
  }
}
