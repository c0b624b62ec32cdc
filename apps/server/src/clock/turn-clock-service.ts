import type { GameState } from '@outer-rim/rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import { isUnavailable } from '../db/database.js';
import { gamePauses, games, turnClocks } from '../db/schema.js';
import { KeyedQueue } from '../games/keyed-queue.js';
import { owedDecisions } from '../notifications/owed.js';
import { TurnClockOptionSchema } from '@outer-rim/protocol';
import type { PauseStatus } from '@outer-rim/protocol';
import type { TurnClockOption, TurnClocksResponse } from '@outer-rim/protocol';
import type { Clock, ClockTimer } from './clock.js';

/** A seat whose bank ran out, as the one process that found it so acts on it. */
export interface Expiry {
  gameId: string;
  seat: number;
  onExpiry: TurnClockOption['onExpiry'];
}

export interface TurnClockDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** how often this process looks for banks that ran out */
  tickMs: number;
  /** what the host chose happens (a bot takes the seat); called once per expiry, cluster-wide */
  expire: (expiry: Expiry) => Promise<void>;
}

/**
 * The turn clocks. Everything is in the database, so a restart loses nothing: a running clock is
 * its bank and the moment it started, and the time left is worked out whenever asked. Steps are
 * noted off the action's path (the game's queue only hands the state over). An expiry is claimed
 * by one UPDATE that sets `expired`: of several processes looking at once, PostgreSQL lets exactly
 * one change the row, and only that one acts.
 */
export class TurnClockService {
  readonly #work = new KeyedQueue();
  readonly #options = new Map<string, TurnClockOption | null>();
  #timer: ClockTimer | undefined;
  #ticking: Promise<void> | undefined;
  #closed = false;

  constructor(private readonly deps: TurnClockDeps) {}

  start(): void {
    this.#arm();
  }

  #arm(): void {
    if (this.#closed) return;
    this.#timer = this.deps.clock.after(this.deps.tickMs, () => {
      this.#ticking = this.tick()
        .then(() => undefined)
        .catch((error: unknown) => {
          const level = isUnavailable(error) ? 'debug' : 'warn';
          this.deps.logger[level]({ err: error }, 'turn clock tick failed');
        })
        .finally(() => {
          this.#ticking = undefined;
          this.#arm();
        });
    });
  }

  async #option(gameId: string): Promise<TurnClockOption | null> {
    const known = this.#options.get(gameId);
    if (known !== undefined) return known;
    const [row] = await this.deps.db
      .select({ option: sql<unknown>`${games.options}->'turnClock'` })
      .from(games)
      .where(eq(games.id, gameId));
    const parsed = TurnClockOptionSchema.safeParse(row?.option);
    const option = parsed.success ? parsed.data : null;
    this.#options.set(gameId, option);
    return option;
  }

  /** A game started: every seat's bank is filled, then its first decisions start their clocks. */
  started(gameId: string, state: GameState): void {
    this.#run(gameId, async () => {
      const option = await this.#option(gameId);
      if (option === null) return;
      await this.deps.db
        .insert(turnClocks)
        .values(
          state.players.map((_, seat) => ({
            gameId,
            seat,
            bankMs: option.bankSeconds * 1000,
            round: state.round,
          })),
        )
        .onConflictDoNothing();
      await this.#note(gameId, state, option);
    });
  }

  /** A step was committed by this process: clocks stop and start, a new round adds its bonus. */
  stepCommitted(gameId: string, state: GameState): void {
    // A game known to have no turn clock (its option never changes): nothing to queue.
    if (this.#options.get(gameId) === null) {
      if (state.phase.name === 'game-over') this.#options.delete(gameId);
      return;
    }
    this.#run(gameId, async () => {
      const option = await this.#option(gameId);
      if (option !== null) await this.#note(gameId, state, option);
      // Nothing asks for a finished game's clock option again: it leaves memory with the game.
      if (state.phase.name === 'game-over') this.#options.delete(gameId);
    });
  }

  #run(gameId: string, task: () => Promise<void>): void {
    if (this.#closed) return;
    this.#work.run(gameId, task).catch((error: unknown) => {
      const level = isUnavailable(error) ? 'debug' : 'warn';
      this.deps.logger[level]({ err: error, gameId }, 'turn clock step failed');
    });
  }

  async #note(gameId: string, state: GameState, option: TurnClockOption): Promise<void> {
    // Paused: nothing runs; the resume starts the clocks of whoever owes then.
    if ((await this.status(gameId, 1)).paused) return;
    const now = new Date(this.deps.clock.now());
    const owing = [...owedDecisions(state).keys()];
    const owes = sql`${turnClocks.seat} = any(${sql.raw(`array[${owing.map(Number).join(',')}]::int[]`)})`;
    const over = state.phase.name === 'game-over';
    await this.deps.db.transaction(async (tx) => {
      // Seats that answered: their clock stops, the time it ran comes off the bank.
      await tx
        .update(turnClocks)
        .set({
          bankMs: sql`${turnClocks.bankMs} - floor(extract(epoch from (${now.toISOString()}::timestamptz - ${turnClocks.runningSince})) * 1000)::bigint`,
          runningSince: null,
        })
        .where(
          and(
            eq(turnClocks.gameId, gameId),
            sql`${turnClocks.runningSince} is not null`,
            over ? sql`true` : sql`not (${owes})`,
          ),
        );
      // A new round: every bank gets the bonus, and a bank that runs again is no longer out.
      await tx
        .update(turnClocks)
        .set({
          bankMs: sql`${turnClocks.bankMs} + ${option.bonusSeconds * 1000}`,
          round: state.round,
          expired: sql`${turnClocks.bankMs} + ${option.bonusSeconds * 1000} <= 0`,
        })
        .where(and(eq(turnClocks.gameId, gameId), sql`${turnClocks.round} < ${state.round}`));
      if (over || owing.length === 0) return;
      // Seats that now owe a decision: their clock starts (one already running goes on).
      await tx
        .update(turnClocks)
        .set({ runningSince: now })
        .where(and(eq(turnClocks.gameId, gameId), sql`${turnClocks.runningSince} is null`, owes));
    });
  }

  /** Finds banks that ran out and claims each (one process wins a row); acts on those it won. */
  async tick(): Promise<Expiry[]> {
    const now = new Date(this.deps.clock.now());
    const claimed = await this.deps.db
      .update(turnClocks)
      .set({ expired: true })
      .where(
        sql`${turnClocks.runningSince} is not null and not ${turnClocks.expired}
          and not exists (select 1 from ${gamePauses} p where p.game_id = ${turnClocks.gameId} and p.paused_at is not null)
          and ${turnClocks.bankMs} - extract(epoch from (${now.toISOString()}::timestamptz - ${turnClocks.runningSince})) * 1000 <= 0`,
      )
      .returning({ gameId: turnClocks.gameId, seat: turnClocks.seat });
    const expiries: Expiry[] = [];
    for (const { gameId, seat } of claimed) {
      const option = await this.#option(gameId);
      const expiry = { gameId, seat, onExpiry: option?.onExpiry ?? 'wait' };
      this.deps.logger.info(expiry, 'turn clock ran out');
      await this.deps.expire(expiry);
      expiries.push(expiry);
    }
    return expiries;
  }

  /** Whether the table paused the game, and the votes towards the next change. */
  async status(gameId: string, people: number): Promise<PauseStatus> {
    const [row] = await this.deps.db.select().from(gamePauses).where(eq(gamePauses.gameId, gameId));
    return {
      paused: row?.pausedAt != null,
      votes: row?.votes ?? [],
      needed: Math.floor(people / 2) + 1,
    };
  }

  /**
   * `seat` votes to pause (while the game runs) or to resume (while paused). A majority of the
   * `people` seated makes the change at once: pausing stops every running clock, the time spent
   * coming off its bank; resuming starts the clocks of the seats that owe a decision in `state`.
   */
  async vote(gameId: string, seat: number, people: number, state: GameState): Promise<PauseStatus> {
    const needed = Math.floor(people / 2) + 1;
    const now = new Date(this.deps.clock.now());
    return this.deps.db.transaction(async (tx) => {
      await tx.insert(gamePauses).values({ gameId }).onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(gamePauses)
        .where(eq(gamePauses.gameId, gameId))
        .for('update');
      const paused = row?.pausedAt != null;
      const votes = [...new Set([...(row?.votes ?? []), seat])].sort((a, b) => a - b);
      if (votes.length < needed) {
        await tx.update(gamePauses).set({ votes }).where(eq(gamePauses.gameId, gameId));
        return { paused, votes, needed };
      }
      await tx
        .update(gamePauses)
        .set({ votes: [], pausedAt: paused ? null : now })
        .where(eq(gamePauses.gameId, gameId));
      if (!paused) {
        await tx
          .update(turnClocks)
          .set({
            bankMs: sql`${turnClocks.bankMs} - floor(extract(epoch from (${now.toISOString()}::timestamptz - ${turnClocks.runningSince})) * 1000)::bigint`,
            runningSince: null,
          })
          .where(and(eq(turnClocks.gameId, gameId), sql`${turnClocks.runningSince} is not null`));
      } else {
        const owing = [...owedDecisions(state).keys()];
        if (owing.length > 0 && state.phase.name !== 'game-over') {
          await tx
            .update(turnClocks)
            .set({ runningSince: now })
            .where(
              and(
                eq(turnClocks.gameId, gameId),
                sql`${turnClocks.runningSince} is null`,
                sql`${turnClocks.seat} = any(${sql.raw(`array[${owing.map(Number).join(',')}]::int[]`)})`,
              ),
            );
        }
      }
      return { paused: !paused, votes: [], needed };
    });
  }

  /** Every seat's clock as anyone may see it. */
  async clocks(gameId: string): Promise<TurnClocksResponse> {
    const now = this.deps.clock.now();
    const option = await this.#option(gameId);
    const rows = await this.deps.db
      .select()
      .from(turnClocks)
      .where(eq(turnClocks.gameId, gameId))
      .orderBy(asc(turnClocks.seat));
    return {
      now: new Date(now).toISOString(),
      option,
      clocks: rows.map((row) => ({
        seat: row.seat,
        leftMs:
          row.runningSince === null ? row.bankMs : row.bankMs - (now - row.runningSince.getTime()),
        running: row.runningSince !== null,
        expired: row.expired,
      })),
    };
  }

  /** Resolves once every step heard so far has been noted. */
  async idle(): Promise<void> {
    await this.#work.drain();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#timer?.cancel();
    await this.#ticking;
    await this.#work.drain();
  }
}
