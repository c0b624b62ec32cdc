import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { noticeTimers } from '../db/schema.js';

export type TimerKind = 'digest' | 'retry' | 'reminder';

/** A notice timer as stored: what it will do, for whom, and when. */
export interface StoredTimer<P> {
  id: string;
  kind: TimerKind;
  channel: string;
  address: string;
  pending: P[];
  attempt: number;
  dueAt: number;
}

/** How long a process that took a timer has to act on it before another may. */
const LEASE_MS = 60_000;

/**
 * The notices' timers in the database (`notice_timers`), so a digest waiting, a retry or a
 * reminder survives a restart, and of several processes exactly one acts on each: the one whose
 * UPDATE takes its lease.
 */
export class NoticeTimerStore<P> {
  constructor(private readonly db: Db) {}

  async add(timer: Omit<StoredTimer<P>, 'id'>): Promise<string> {
    const [row] = await this.db
      .insert(noticeTimers)
      .values({
        kind: timer.kind,
        channel: timer.channel,
        address: timer.address,
        pending: timer.pending,
        attempt: timer.attempt,
        dueAt: new Date(timer.dueAt),
      })
      .returning({ id: noticeTimers.id });
    if (row === undefined) throw new Error('the notice timer was not stored');
    return row.id;
  }

  /** A digest took in one more notice before its window closed. */
  async setPending(id: string, pending: readonly P[]): Promise<void> {
    await this.db.update(noticeTimers).set({ pending }).where(eq(noticeTimers.id, id));
  }

  /**
   * Takes the timer for this process at `now` if no other process holds it: its row as it is
   * then, or undefined (another process took it, or it is done).
   */
  async claim(id: string, now: number): Promise<StoredTimer<P> | undefined> {
    const [row] = await this.db
      .update(noticeTimers)
      .set({ leasedUntil: new Date(now + LEASE_MS) })
      .where(
        and(
          eq(noticeTimers.id, id),
          or(isNull(noticeTimers.leasedUntil), lte(noticeTimers.leasedUntil, new Date(now))),
        ),
      )
      .returning();
    return row === undefined ? undefined : toTimer<P>(row);
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(noticeTimers).where(eq(noticeTimers.id, id));
  }

  /** Every timer stored, for a process starting: each is set again at its due time. */
  async all(): Promise<StoredTimer<P>[]> {
    const rows = await this.db.select().from(noticeTimers);
    return rows.map((row) => {
      const timer = toTimer<P>(row);
      // One a process took and did not finish is due again when its lease ends.
      const leased = row.leasedUntil?.getTime() ?? 0;
      return { ...timer, dueAt: Math.max(timer.dueAt, leased) };
    });
  }
}

function toTimer<P>(row: typeof noticeTimers.$inferSelect): StoredTimer<P> {
  return {
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    address: row.address,
    pending: row.pending as P[],
    attempt: row.attempt,
    dueAt: row.dueAt.getTime(),
  };
}
