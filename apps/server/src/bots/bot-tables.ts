import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { games, seats } from '../db/schema.js';
import { BotPolicyNameSchema } from '@outer-rim/protocol';
import type { BotPolicyName } from '@outer-rim/protocol';

/**
 * A running game some bot may have to play in: bot seats, the host's hand-over option, or a turn
 * clock whose expiry hands a seat to a bot.
 */
export interface BotTable {
  gameId: string;
  /** the game's secret seed, for the bots' own seeds (never sent anywhere) */
  seed: string;
  /** undefined: the host did not ask for away players' seats to be handed to a bot */
  handOverAfterMs: number | undefined;
  seats: { seat: number; bot: BotPolicyName | undefined; handedOver: boolean }[];
}

/** Running games with a bot seat, the hand-over option or a turn clock, in one query. */
export async function botTables(db: Db, only?: string): Promise<BotTable[]> {
  const rows = await db
    .select({
      gameId: games.id,
      seed: games.seed,
      handOver: sql<unknown>`${games.options}->'handOverAfterSeconds'`,
      seat: seats.seat,
      bot: seats.bot,
      handedOver: seats.handedOver,
    })
    .from(games)
    .innerJoin(seats, eq(seats.gameId, games.id))
    .where(
      sql`${games.status} = 'playing'
        ${only === undefined ? sql`` : sql`and ${games.id} = ${only}`}
        and (${games.options} ? 'handOverAfterSeconds' or ${games.options} ? 'turnClock'
          or exists (select 1 from ${seats} b where b.game_id = ${games.id} and b.bot is not null))`,
    )
    .orderBy(asc(games.id), asc(seats.seat));
  const tables = new Map<string, BotTable>();
  for (const row of rows) {
    let table = tables.get(row.gameId);
    if (!table) {
      const seconds = typeof row.handOver === 'number' ? row.handOver : undefined;
      table = {
        gameId: row.gameId,
        seed: row.seed,
        handOverAfterMs: seconds === undefined ? undefined : seconds * 1000,
        seats: [],
      };
      tables.set(row.gameId, table);
    }
    const bot = BotPolicyNameSchema.safeParse(row.bot);
    table.seats.push({
      seat: row.seat,
      bot: bot.success ? bot.data : undefined,
      handedOver: row.handedOver,
    });
  }
  return [...tables.values()];
}
