import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { games, notificationTargets, owedNotices, seats } from '../db/schema.js';
import type { SeatNotifications, TableNotifications } from '@outer-rim/protocol';

/** Where one game's notices go, and what its seats are called. */
export interface GameTargets {
  names: string[];
  host: string;
  seats: Map<number, SeatNotifications>;
  table: TableNotifications | undefined;
}

/** The notification settings of games and the decisions each seat was last told about. */
export class NotificationStore {
  constructor(private readonly db: Db) {}

  async targets(gameId: string): Promise<GameTargets> {
    const rows = await this.db
      .select()
      .from(notificationTargets)
      .where(eq(notificationTargets.gameId, gameId));
    const seatRows = await this.db
      .select({ seat: seats.seat, name: seats.name, creator: games.creatorSeat })
      .from(seats)
      .innerJoin(games, eq(games.id, seats.gameId))
      .where(eq(seats.gameId, gameId))
      .orderBy(asc(seats.seat));
    const names = seatRows.map((s) => s.name ?? `Seat ${String(s.seat + 1)}`);
    const creator = seatRows[0]?.creator ?? 0;
    const targets: GameTargets = {
      names,
      host: names[creator] ?? 'Host',
      seats: new Map(),
      table: undefined,
    };
    for (const row of rows) {
      if (row.seat === null) targets.table = { webhookUrl: row.webhookUrl };
      else targets.seats.set(row.seat, { webhookUrl: row.webhookUrl, email: row.email });
    }
    return targets;
  }

  async seatSettings(gameId: string, seat: number): Promise<SeatNotifications> {
    const [row] = await this.db
      .select()
      .from(notificationTargets)
      .where(and(eq(notificationTargets.gameId, gameId), eq(notificationTargets.seat, seat)));
    return { webhookUrl: row?.webhookUrl ?? null, email: row?.email ?? null };
  }

  async tableSettings(gameId: string): Promise<TableNotifications> {
    const [row] = await this.db
      .select()
      .from(notificationTargets)
      .where(and(eq(notificationTargets.gameId, gameId), isNull(notificationTargets.seat)));
    return { webhookUrl: row?.webhookUrl ?? null };
  }

  async setSeat(gameId: string, seat: number, settings: SeatNotifications): Promise<void> {
    await this.#upsert(gameId, seat, settings.webhookUrl, settings.email);
  }

  async setTable(gameId: string, settings: TableNotifications): Promise<void> {
    await this.#upsert(gameId, null, settings.webhookUrl, null);
  }

  async #upsert(
    gameId: string,
    seat: number | null,
    webhookUrl: string | null,
    email: string | null,
  ): Promise<void> {
    await this.db
      .insert(notificationTargets)
      .values({ gameId, seat, webhookUrl, email })
      .onConflictDoUpdate({
        target: [notificationTargets.gameId, notificationTargets.seat],
        set: { webhookUrl, email, updatedAt: sql`now()` },
      });
  }

  /**
   * Records that `seat` owes the decision `signature` since step `seq`; true when that is news
   * (it owed nothing, or something else): of several processes, only the one whose update
   * changed the row is told so.
   */
  async recordOwed(
    gameId: string,
    seat: number,
    signature: string,
    seq: number,
    since: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .insert(owedNotices)
      .values({ gameId, seat, signature, seq, since })
      .onConflictDoUpdate({
        target: [owedNotices.gameId, owedNotices.seat],
        set: { signature, seq, since },
        // A step noted late (another process's, say) never overwrites a newer one.
        setWhere: sql`${owedNotices.signature} <> ${signature} and ${owedNotices.seq} < ${seq}`,
      })
      .returning({ seq: owedNotices.seq });
    return rows.length === 1;
  }

  /** These seats owe nothing after step `seq`. */
  async clearOwed(gameId: string, seatList: readonly number[], seq: number): Promise<void> {
    if (seatList.length === 0) return;
    await this.db
      .delete(owedNotices)
      .where(
        and(
          eq(owedNotices.gameId, gameId),
          inArray(owedNotices.seat, [...seatList]),
          lt(owedNotices.seq, seq),
        ),
      );
  }

  /** The step each (game, seat) of `wanted` owes its current decision since, where it owes one. */
  async owedSince(
    wanted: readonly { gameId: string; seat: number }[],
  ): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (wanted.length === 0) return out;
    const gameIds = [...new Set(wanted.map((w) => w.gameId))];
    const rows = await this.db
      .select({ gameId: owedNotices.gameId, seat: owedNotices.seat, seq: owedNotices.seq })
      .from(owedNotices)
      .where(inArray(owedNotices.gameId, gameIds));
    for (const row of rows) out.set(`${row.gameId}\u0000${String(row.seat)}`, row.seq);
    return out;
  }
}
