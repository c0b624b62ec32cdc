import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { botDrivers } from '../db/schema.js';

/**
 * Which process drives a game's bots. Exactly one must, or two processes would decide for one
 * seat at once. The choice is a lease row per game in the database, not "the process that holds
 * the game in its cache" (several may) nor a session advisory lock (one connection held open per
 * game, and a lock that dies with a connection cut by the pool). The row names the process and an
 * expiry set by the database's clock; the holder renews it, anyone may take it once it expired, so
 * a process that crashed or stopped hands its games over within one lease. Even a brief overlap
 * cannot fork a game: bot actions go through the game service like any other (one commit per seq)
 * and a decision's client id is its state's seq, so a second try of the same decision is a
 * duplicate.
 */
export class BotLease {
  constructor(
    private readonly db: Db,
    readonly process: string,
    private readonly leaseMs: number,
  ) {}

  /** Takes or renews the lease of a game; true if this process holds it now. */
  async take(gameId: string): Promise<boolean> {
    const until = sql`now() + make_interval(secs => ${this.leaseMs / 1000})`;
    const rows = await this.db
      .insert(botDrivers)
      .values({ gameId, process: this.process, expiresAt: until })
      .onConflictDoUpdate({
        target: botDrivers.gameId,
        set: { process: this.process, expiresAt: until },
        setWhere: sql`${botDrivers.process} = ${this.process} or ${botDrivers.expiresAt} < now()`,
      })
      .returning({ process: botDrivers.process });
    return rows[0]?.process === this.process;
  }

  /** Gives a game's lease up (the game ended, or this process stops). */
  async release(gameId: string): Promise<void> {
    await this.db
      .delete(botDrivers)
      .where(and(eq(botDrivers.gameId, gameId), eq(botDrivers.process, this.process)));
  }
}
