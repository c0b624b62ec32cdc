import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { UndoPending } from '@outer-rim/protocol';
import type { Db } from '../db/database.js';
import { undoRequests, undoneActions } from '../db/schema.js';

/**
 * Where undos are kept: the log cut back (the actions moved to `undone_actions`, the audit log,
 * marked with the undo), and the undo waiting for consents.
 */
export class UndoStore {
  constructor(private readonly db: Db) {}

  /**
   * Takes back every action after `toSeq` in one transaction: each is moved from the log of
   * record to the audit log of undone actions, the snapshots and "your move" notices of the
   * steps cut off go, the game's head becomes `toSeq`, and a pending undo is dropped.
   */
  async cutBack(
    gameId: string,
    toSeq: number,
    undoneBy: number,
    consentedBy: readonly number[],
  ): Promise<void> {
    const undo = randomUUID();
    const consented = `{${consentedBy.map(String).join(',')}}`;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`
        with moved as (
          delete from actions where game_id = ${gameId} and seq > ${toSeq} returning *
        )
        insert into undone_actions (game_id, undo, seq, seat, client_id, type, action, events,
          created_at, undone_by, consented_by)
        select game_id, ${undo}::uuid, seq, seat, client_id, type, action, events, created_at,
          ${undoneBy}, ${consented}::integer[]
        from moved`);
      await tx.execute(sql`delete from snapshots where game_id = ${gameId} and seq > ${toSeq}`);
      await tx.execute(sql`delete from owed_notices where game_id = ${gameId} and seq > ${toSeq}`);
      await tx.execute(sql`update games set seq = ${toSeq} where id = ${gameId}`);
      await tx.execute(sql`delete from undo_requests where game_id = ${gameId}`);
    });
  }

  /** The undone actions of a game, as the audit log holds them, oldest undo first. */
  undone(gameId: string) {
    return this.db
      .select({
        undo: undoneActions.undo,
        seq: undoneActions.seq,
        seat: undoneActions.seat,
        type: undoneActions.type,
        events: undoneActions.events,
        undoneBy: undoneActions.undoneBy,
        consentedBy: undoneActions.consentedBy,
        undoneAt: undoneActions.undoneAt,
      })
      .from(undoneActions)
      .where(eq(undoneActions.gameId, gameId))
      .orderBy(asc(undoneActions.undoneAt), asc(undoneActions.seq));
  }

  async pending(gameId: string): Promise<UndoPending | null> {
    const [row] = await this.db.select().from(undoRequests).where(eq(undoRequests.gameId, gameId));
    if (row === undefined) return null;
    return {
      seat: row.seat,
      seq: row.seq,
      head: row.head,
      lines: row.lines as string[],
      needs: row.needs,
      consents: row.consents,
    };
  }

  /** Stores an undo waiting for consents, in place of any earlier one. */
  async ask(gameId: string, pending: UndoPending): Promise<void> {
    const values = {
      seat: pending.seat,
      seq: pending.seq,
      head: pending.head,
      lines: pending.lines,
      needs: pending.needs,
      consents: pending.consents,
    };
    await this.db
      .insert(undoRequests)
      .values({ gameId, ...values })
      .onConflictDoUpdate({
        target: undoRequests.gameId,
        set: { ...values, createdAt: new Date() },
      });
  }

  /** Adds `seat`'s consent to the pending undo of `seq`; the request as it now stands. */
  async consent(gameId: string, seq: number, seat: number): Promise<UndoPending | null> {
    await this.db
      .update(undoRequests)
      .set({
        consents: sql`array_append(array_remove(${undoRequests.consents}, ${seat}), ${seat})`,
      })
      .where(and(eq(undoRequests.gameId, gameId), eq(undoRequests.seq, seq)));
    return this.pending(gameId);
  }

  async drop(gameId: string): Promise<void> {
    await this.db.delete(undoRequests).where(eq(undoRequests.gameId, gameId));
  }
}
