import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { RULES_VERSION } from '@outer-rim/rules';
import type { Db } from '../db/database.js';
import { isUniqueViolation, rawQuery } from '../db/database.js';
import type { RawQuery } from '../db/database.js';
import { actions, games, snapshots, undoneActions } from '../db/schema.js';

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
  over: { winner: unknown; winners: readonly number[] } | undefined;
}

/** A stored state, and the rules (RULES_VERSION) the actions after it were played under. */
export interface StoredSnapshot {
  seq: number;
  state: unknown;
  rulesVersion: number;
}

/** The event log and snapshots of running games: reads and the one transactional append. */
export class GameStore {
  readonly #query: RawQuery;

  /**
   * `observeCommit`, if given, hears how long each append statement took, from sending it to its
   * answer: the database's round trip and its flush to disk, shared by the appends grouped in it.
   */
  constructor(
    private readonly db: Db,
    private readonly observeCommit?: (seconds: number) => void,
  ) {
    this.#query = rawQuery(db);
  }

  latestSnapshot(gameId: string): Promise<StoredSnapshot | undefined> {
    return this.snapshotAtOrBefore(gameId);
  }

  /**
   * Stores the state after `seq` as a snapshot under this server's rules, unless one is stored
   * there already: the head of a game at shutdown, so the next server, whatever its rules,
   * replays nothing to continue it.
   */
  async snapshotHead(gameId: string, seq: number, state: unknown): Promise<void> {
    await this.db
      .insert(snapshots)
      .values({ gameId, seq, state, rulesVersion: RULES_VERSION })
      .onConflictDoNothing();
  }

  /**
   * The actions after the snapshot at `seq` (none yet: it is the head) will be played under this
   * server's rules: a game in progress continues under new rules from its head, never replayed.
   */
  async adoptRules(gameId: string, seq: number): Promise<void> {
    await this.db
      .update(snapshots)
      .set({ rulesVersion: RULES_VERSION })
      .where(and(eq(snapshots.gameId, gameId), eq(snapshots.seq, seq)));
  }

  /** Games in progress whose head is past their newest snapshot. */
  async headsPastSnapshots(): Promise<string[]> {
    const rows = await this.db
      .select({ id: games.id })
      .from(games)
      .where(
        and(
          eq(games.status, 'playing'),
          sql`${games.seq} > (select max(${snapshots.seq}) from ${snapshots} where ${snapshots.gameId} = ${games.id})`,
        ),
      );
    return rows.map((r) => r.id);
  }

  /**
   * The newest snapshot taken at or before `seq`, or the newest of all without one (seq 0, the
   * start, always exists once started).
   */
  async snapshotAtOrBefore(gameId: string, seq?: number): Promise<StoredSnapshot | undefined> {
    const [row] = await this.db
      .select({ seq: snapshots.seq, state: snapshots.state, rulesVersion: snapshots.rulesVersion })
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

  /** The client ids of the game's actions an undo took back, each with its seat. */
  async undoneClientIds(gameId: string): Promise<{ seat: number; clientId: string }[]> {
    return this.db
      .select({ seat: undoneActions.seat, clientId: undoneActions.clientId })
      .from(undoneActions)
      .where(eq(undoneActions.gameId, gameId));
  }

  /**
   * The seq an id was committed at, if it was: asked before every refusal, so it goes past the
   * query builder as the append does (a tenth of the actions a busy table sends are refused).
   */
  async seqOfClientId(gameId: string, seat: number, clientId: string): Promise<number | undefined> {
    const [row] = await this.#query(SEQ_OF_CLIENT_ID, [gameId, seat, clientId]);
    return row === undefined ? undefined : Number(row.seq);
  }

  /**
   * Appends one action, its snapshot when due and the game's new head, durably, resolving once
   * committed. Appends of different games that arrive while earlier ones are being written go
   * together in one statement (a group commit: one round trip and one flush for all). A second
   * writer of the same seq, in this process or another, or a client id already stored, fails on
   * a unique key with a unique violation and nothing of that append is stored.
   * On PGlite (`RawQuery.gather`) a write first lets the event loop run what it read in the same
   * turn.
   */
  append(input: AppendInput): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ input, resolve, reject });
      if (!this.#query.gather) {
        this.#pump();
        return;
      }
      if (this.#scheduled) return;
      this.#scheduled = true;
      setImmediate(() => {
        this.#scheduled = false;
        this.#pump();
      });
    });
  }

  /** append statements sent (the one-by-one retries after a unique violation too) */
  statements = 0;
  /** appends committed */
  appended = 0;

  readonly #pending: PendingAppend[] = [];
  #scheduled = false;
  #writing = 0;
  /** games with an append being written: their next one waits, so a game's appends stay in order */
  readonly #writingGames = new Set<string>();

  #pump(): void {
    while (this.#writing < this.#query.parallel && this.#pending.length > 0) {
      const batch = takeBatch(this.#pending, this.#writingGames);
      if (batch.length === 0) return;
      for (const p of batch) this.#writingGames.add(p.input.gameId);
      this.#writing++;
      void this.#write(batch).finally(() => {
        for (const p of batch) this.#writingGames.delete(p.input.gameId);
        this.#writing--;
        this.#pump();
      });
    }
  }

  /** One append statement; once it commits, its time from sending to the answer is observed. */
  async #statement(inputs: AppendInput[]): Promise<void> {
    this.statements++;
    const sent = performance.now();
    await this.#query(APPEND, [appendRows(inputs)]);
    this.observeCommit?.((performance.now() - sent) / 1000);
  }

  async #write(batch: PendingAppend[]): Promise<void> {
    try {
      await this.#statement(batch.map((p) => p.input));
    } catch (error) {
      if (batch.length > 1 && isUniqueViolation(error)) {
        // One of them met a unique key and the statement stored nothing: each alone, so each
        // gets its own answer.
        await Promise.all(
          batch.map(async (p) => {
            try {
              await this.#statement([p.input]);
              this.appended++;
              p.resolve();
            } catch (alone) {
              p.reject(alone);
            }
          }),
        );
        return;
      }
      for (const p of batch) p.reject(error);
      return;
    }
    this.appended += batch.length;
    for (const p of batch) p.resolve();
  }
}

interface PendingAppend {
  input: AppendInput;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 64;

/**
 * The next batch, oldest first: at most one append per game, and none of a game with an append
 * still being written.
 */
function takeBatch(pending: PendingAppend[], writing: ReadonlySet<string>): PendingAppend[] {
  const batch: PendingAppend[] = [];
  const games = new Set<string>(writing);
  for (let i = 0; i < pending.length && batch.length < MAX_BATCH;) {
    const p = pending[i] as PendingAppend;
    if (games.has(p.input.gameId)) {
      i++;
      continue;
    }
    games.add(p.input.gameId);
    batch.push(p);
    pending.splice(i, 1);
  }
  return batch;
}

/**
 * One statement for appends of distinct games, whatever their number: the batch travels as one
 * JSON parameter that PostgreSQL unpacks into rows, so the statement's text never changes and is
 * prepared once per connection. A data-modifying WITH is atomic, all of it or nothing, and is its
 * own transaction.
 *
 * The games' rows are found by their key (`id = any(...)`, an index condition): joined on the
 * unpacked rows alone, which the planner takes for a hundred, the update read every stored game
 * (a sequential scan and a hash join) at every commit, so each commit cost the database more as
 * finished games piled up: at 20,000 stored games EXPLAIN ANALYZE gave 3.7 ms against 0.11 ms by
 * the key. `append-plan.test.ts` holds the plan to the key.
 */
export const APPEND = {
  name: 'outer-rim-append-actions',
  text: `with r as (
      select * from jsonb_to_recordset($1::jsonb) as r (game_id text, seq integer, seat integer,
        client_id text, type text, action jsonb, events jsonb, snapshot jsonb, over boolean,
        winner jsonb, winners jsonb, rules_version integer)
    ), action as (
      insert into actions (game_id, seq, seat, client_id, type, action, events)
      select game_id, seq, seat, client_id, type, action, events from r
    ), snapshot as (
      insert into snapshots (game_id, seq, state, rules_version)
      select game_id, seq, snapshot, rules_version from r where snapshot is not null
    )
    update games as g set seq = r.seq,
      status = case when r.over then 'over' else g.status end,
      winner = case when r.over then r.winner else g.winner end,
      winners = case when r.over then r.winners else g.winners end,
      ended_at = case when r.over then now() else g.ended_at end
    from r where g.id = any(array(select game_id from r)) and g.id = r.game_id`,
};

/** Whether an id was committed, by the unique key (game, seat, client id) that guards it. */
const SEQ_OF_CLIENT_ID = {
  name: 'outer-rim-seq-of-client-id',
  text: 'select seq from actions where game_id = $1 and seat = $2 and client_id = $3',
};

function appendRows(inputs: AppendInput[]): string {
  return JSON.stringify(
    inputs.map((i) => ({
      game_id: i.gameId,
      seq: i.seq,
      seat: i.seat,
      client_id: i.clientId,
      type: i.type,
      action: i.action,
      events: i.events,
      // Absent, not JSON null: SQL NULL, no snapshot, no winner.
      snapshot: i.snapshot ?? undefined,
      over: i.over !== undefined,
      winner: i.over?.winner ?? undefined,
      winners: i.over?.winners,
      rules_version: RULES_VERSION,
    })),
  );
}
