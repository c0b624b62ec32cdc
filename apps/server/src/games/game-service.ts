import {
  ActionSchema,
  StateMigrationError,
  apply,
  isGameOver,
  migrateState,
} from '@outer-rim/rules';
import type { GameEvent, GameState } from '@outer-rim/rules';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import type { ActionAck } from '../protocol/socket-action.js';
import { GameStore } from './game-store.js';
import { KeyedQueue } from './keyed-queue.js';

/** One step of a game's history as this process learns it, in seq order. */
export interface Committed {
  gameId: string;
  seq: number;
  seat: number;
  events: GameEvent[];
  state: GameState;
  over: boolean;
  /** true: committed by this process; false: another process did and this one caught up */
  local: boolean;
}

export interface GameServiceOptions {
  snapshotEvery: number;
  /** action outcome (`accepted`, `duplicate` or an error code) and seconds spent */
  observe?: (outcome: string, seconds: number) => void;
}

interface Entry {
  seq: number;
  state: GameState;
}

const MAX_ATTEMPTS = 5;
const MAX_CACHED_GAMES = 1000;
const MAX_REMEMBERED_REFUSALS = 10_000;

export class GameLogCorruptError extends Error {
  constructor(gameId: string, seq: number, reason: string) {
    super(`game ${gameId}: stored action ${seq} no longer applies: ${reason}`);
    this.name = 'GameLogCorruptError';
  }
}

/**
 * Runs live games: one writer per game through a queue, the database as the truth and an
 * in-memory copy of each game as a cache that catches up from the log whenever another process
 * got there first.
 */
export class GameService {
  readonly store: GameStore;
  readonly #queue = new KeyedQueue();
  readonly #cache = new Map<string, Entry>();
  /** Refused client ids answer the same refusal when sent again, without re-running the rules. */
  readonly #refusals = new Map<string, ActionAck>();
  readonly #advanceListeners: ((step: Committed) => void)[] = [];
  readonly #startListeners: ((gameId: string, state: GameState) => void)[] = [];
  #closed = false;
  /** how many times another writer took the seq first and this one reloaded and retried */
  conflicts = 0;

  constructor(
    db: Db,
    private readonly options: GameServiceOptions,
  ) {
    this.store = new GameStore(db);
  }

  get cachedGames(): number {
    return this.#cache.size;
  }

  isCached(gameId: string): boolean {
    return this.#cache.has(gameId);
  }

  /** The current (seq, state) of a started game, read from the log; undefined if not started. */
  read(gameId: string): Promise<Entry | undefined> {
    return this.#queue.run(gameId, () => this.#load(gameId));
  }

  /**
   * Calls `listener` inside the game's queue for every step the cached game advances, in seq
   * order without gaps: after the commit and its acknowledgement for this process's own actions,
   * and while catching up with actions other processes committed.
   */
  onAdvance(listener: (step: Committed) => void): void {
    this.#advanceListeners.push(listener);
  }

  /** Calls `listener` with the first state of every game the lobby starts in this process. */
  onStart(listener: (gameId: string, state: GameState) => void): void {
    this.#startListeners.push(listener);
  }

  /**
   * Remembers a game just started by the lobby, so its first action needs no load, then
   * announces it.
   */
  prime(gameId: string, state: GameState): void {
    this.#remember(gameId, { seq: 0, state });
    for (const listener of this.#startListeners) listener(gameId, state);
  }

  /**
   * Validates, applies, appends and commits one action, then calls `reply` with the ack and only
   * then announces the commit; a client id already seen gets its earlier answer.
   */
  submit(
    gameId: string,
    seat: number,
    clientId: string,
    action: unknown,
    reply: (ack: ActionAck) => void,
  ): Promise<void> {
    const started = performance.now();
    const finish = (ack: ActionAck, outcome: string) => {
      this.options.observe?.(outcome, (performance.now() - started) / 1000);
      reply(ack);
    };
    if (this.#closed) {
      finish(refusal('UNAVAILABLE', 'The server is shutting down.'), 'UNAVAILABLE');
      return Promise.resolve();
    }
    return this.#queue
      .run(gameId, () => this.#submit(gameId, seat, clientId, action, finish))
      .catch((error: unknown) => {
        this.#cache.delete(gameId);
        // A game stored in a shape this server cannot read is read-only; say why, nothing failed.
        if (error instanceof StateMigrationError) {
          finish(refusal('UNAVAILABLE', error.message), 'UNAVAILABLE');
          return;
        }
        finish(refusal('INTERNAL', 'The server failed to apply the action.'), 'INTERNAL');
        throw error;
      });
  }

  /** Stops taking actions and waits for the queued ones to finish. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#queue.drain();
  }

  async #submit(
    gameId: string,
    seat: number,
    clientId: string,
    rawAction: unknown,
    finish: (ack: ActionAck, outcome: string) => void,
  ): Promise<void> {
    const refusalKey = `${gameId}\u0000${seat}\u0000${clientId}`;
    const refused = this.#refusals.get(refusalKey);
    if (refused) {
      finish(refused, 'duplicate');
      return;
    }
    const refuse = (ack: ActionAck & { ok: false }) => {
      if (this.#refusals.size >= MAX_REMEMBERED_REFUSALS) {
        const oldest = this.#refusals.keys().next();
        if (!oldest.done) this.#refusals.delete(oldest.value);
      }
      this.#refusals.set(refusalKey, ack);
      finish(ack, ack.error.code);
    };
    const earlier = await this.store.seqOfClientId(gameId, seat, clientId);
    if (earlier !== undefined) {
      finish({ ok: true, seq: earlier }, 'duplicate');
      return;
    }
    const parsed = ActionSchema.safeParse(rawAction);
    if (!parsed.success) {
      refuse(
        refusal('BAD_REQUEST', 'That is not a well-formed action.', {
          issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        }),
      );
      return;
    }
    const action = parsed.data;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const entry = await this.#load(gameId);
      if (!entry) {
        refuse(refusal('GAME_NOT_STARTED', 'This game has not started.'));
        return;
      }
      const result = apply(entry.state, seat, action);
      if (!result.ok) {
        refuse({ ok: false, error: { ...result.error } });
        return;
      }
      const seq = entry.seq + 1;
      const over = isGameOver(result.state);
      try {
        await this.store.append({
          gameId,
          seq,
          seat,
          clientId,
          type: action.type,
          action,
          events: result.events,
          snapshot: over || seq % this.options.snapshotEvery === 0 ? result.state : undefined,
          over: over ? { winner: result.state.winner } : undefined,
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Either this very client id was stored by another process meanwhile, or another writer
        // took this seq: then catch up with the log and decide again on the newer state.
        const stored = await this.store.seqOfClientId(gameId, seat, clientId);
        if (stored !== undefined) {
          finish({ ok: true, seq: stored }, 'duplicate');
          return;
        }
        this.conflicts++;
        continue;
      }
      this.#remember(gameId, { seq, state: result.state });
      finish({ ok: true, seq }, 'accepted');
      this.#advance({
        gameId,
        seq,
        seat,
        events: result.events,
        state: result.state,
        over,
        local: true,
      });
      return;
    }
    finish(refusal('CONFLICT', 'The game changed too quickly; send the action again.'), 'CONFLICT');
  }

  #advance(step: Committed): void {
    for (const listener of this.#advanceListeners) listener(step);
  }

  /** The cached entry brought up to the log's head, or the game loaded from its last snapshot. */
  async #load(gameId: string): Promise<Entry | undefined> {
    const cached = this.#cache.get(gameId);
    let entry = cached;
    if (!entry) {
      const snapshot = await this.store.latestSnapshot(gameId);
      if (!snapshot) return undefined;
      // Snapshots of older shapes are brought up to date (a StateMigrationError says why not).
      entry = { seq: snapshot.seq, state: migrateState(snapshot.state) };
    }
    const missing = await this.store.actionsAfter(gameId, entry.seq);
    let { seq, state } = entry;
    for (const stored of missing) {
      if (stored.seq !== seq + 1) {
        throw new GameLogCorruptError(gameId, stored.seq, `expected seq ${seq + 1}`);
      }
      const result = apply(state, stored.seat, stored.action);
      if (!result.ok) throw new GameLogCorruptError(gameId, stored.seq, result.error.message);
      state = result.state;
      seq = stored.seq;
      // A game loaded fresh has nobody waiting for its past steps; a cached one has live viewers
      // here who must see each step another process committed.
      if (cached) {
        this.#advance({
          gameId,
          seq,
          seat: stored.seat,
          events: result.events,
          state,
          over: isGameOver(state),
          local: false,
        });
      }
    }
    const current = { seq, state };
    this.#remember(gameId, current);
    return current;
  }

  #remember(gameId: string, entry: Entry): void {
    this.#cache.delete(gameId);
    if (this.#cache.size >= MAX_CACHED_GAMES) {
      const oldest = this.#cache.keys().next();
      if (!oldest.done) this.#cache.delete(oldest.value);
    }
    this.#cache.set(gameId, entry);
  }
}

export function refusal(
  code: string,
  message: string,
  details?: unknown,
): ActionAck & { ok: false } {
  return {
    ok: false,
    error: details === undefined ? { code, message } : { code, message, details },
  };
}
