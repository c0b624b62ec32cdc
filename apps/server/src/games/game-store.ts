import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
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
   * Appends one action, its snapshot when due and the game's new head in one statement, so one
   * round trip and one commit (a data-modifying WITH is atomic: all of it or nothing). A second
   * writer of the same seq, in this process or another, or a client id already stored, fails
   * here on a unique key with a unique violation and nothing of it is stored.
   */
  async append(input: AppendInput): Promise<void> {
    const snapshot =
      input.snapshot === undefined
        ? sql``
        : sql`, snapshot as (insert into ${snapshots} (game_id, seq, state)
            values (${input.gameId}, ${input.seq}, ${JSON.stringify(input.snapshot)}::jsonb))`;
    const over =
      input.over === undefined
        ? sql``
        : sql`, status = 'over', winner = ${
            input.over.winner === undefined || input.over.winner === null
              ? null
              : JSON.stringify(input.over.winner)
          }::jsonb, ended_at = now()`;
    await this.db.execute(sql`with action as (insert into ${actions}
        (game_id, seq, seat, client_id, type, action, events)
        values (${input.gameId}, ${input.seq}, ${input.seat}, ${input.clientId}, ${input.type},
          ${JSON.stringify(input.action)}::jsonb, ${JSON.stringify(input.events)}::jsonb))${snapshot}
      update ${games} set seq = ${input.seq}${over} where id = ${input.gameId}`);
  }
}
