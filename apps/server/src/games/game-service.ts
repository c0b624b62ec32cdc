import {
  ActionSchema,
  RULES_VERSION,
  StateMigrationError,
  apply,
  isGameOver,
  migrateState,
  winnersOf,
} from '@outer-rim/rules';
import type { Action, GameEvent, GameState } from '@outer-rim/rules';
import type { Db } from '../db/database.js';
import { isUnavailable, isUniqueViolation } from '../db/database.js';
import type { ActionAck } from '@outer-rim/protocol';
import { GameStore } from './game-store.js';
import { GameCache } from './game-cache.js';
import type { Entry } from './game-cache.js';
import { KeyedQueue } from './keyed-queue.js';
import { decisionSignature, signatureOf } from './recent-steps.js';
import { judged, refusal } from './refusal.js';
import { replaysAsPlayed } from './replays-as-played.js';

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
  /**
   * Other processes may write the same games (CLUSTER=on): reads bring a cached game up to date
   * from the log. Either way an action is decided on the cached copy and a newer seq in the log
   * shows up as a unique violation on (game, seq), which reloads and decides again.
   */
  shared?: boolean;
  /** action outcome (`accepted`, `duplicate` or an error code) and seconds spent */
  observe?: (outcome: string, seconds: number) => void;
  /** seconds from sending a group commit's statement to its answer */
  observeCommit?: (seconds: number) => void;
}

const MAX_ATTEMPTS = 5;
export class GameLogCorruptError extends Error {
  constructor(gameId: string, seq: number, reason: string) {
    super(`game ${gameId}: stored action ${seq} no longer applies: ${reason}`);
    this.name = 'GameLogCorruptError';
  }
}

/**
 * Runs live games: one writer per game through a queue, the database as the truth and an
 * in-memory copy of each running game as a cache that catches up from the log whenever another
 * process got there first.
 */
export class GameService {
  readonly store: GameStore;
  readonly #queue = new KeyedQueue();
  readonly #cache = new GameCache();
  readonly #advanceListeners: ((step: Committed) => void)[] = [];
  readonly #startListeners: ((gameId: string, state: GameState) => void)[] = [];
  readonly #rewindListeners: ((gameId: string, head: Entry) => void)[] = [];
  readonly #forgetListeners: ((gameId: string) => void)[] = [];
  #closed = false;
  /** how many times another writer took the seq first and this one reloaded and retried */
  conflicts = 0;

  constructor(
    db: Db,
    private readonly options: GameServiceOptions,
  ) {
    this.store = new GameStore(db, options.observeCommit);
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
   * Calls `use` with the current (seq, state) inside the game's queue, so whatever it sends goes
   * out before any later step of the game is announced.
   */
  withCurrent<T>(gameId: string, use: (entry: Entry | undefined) => T): Promise<T> {
    return this.#queue.run(gameId, async () => use(await this.#load(gameId)));
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

  /** Calls `listener` inside the game's queue with the head a game went back to (an undo). */
  onRewind(listener: (gameId: string, head: Entry) => void): void {
    this.#rewindListeners.push(listener);
  }

  /**
   * Runs `change` alone in the game's queue on its head read afresh from the log. A head it
   * hands back (the log was cut back to it: an undo, undo/undo-service.ts) replaces the cached
   * game, whose remembered steps and refusals belonged to the history cut off, and is announced
   * to the `onRewind` listeners.
   */
  rewind<T>(
    gameId: string,
    change: (head: Entry | undefined) => Promise<{ head?: Entry; result: T }>,
  ): Promise<T> {
    return this.#queue.run(gameId, async () => {
      const { head, result } = await change(await this.#load(gameId, true));
      if (head !== undefined) {
        this.forget(gameId);
        this.#cache.remember(gameId, head);
        await this.#rememberUndone(gameId);
        for (const listener of this.#rewindListeners) listener(gameId, head);
      }
      return result;
    });
  }

  /**
   * The game's log was cut back (here, or by another process): the next read loads it afresh,
   * and `onForget` listeners drop what they kept of its steps.
   */
  forget(gameId: string): void {
    this.#cache.forget(gameId);
    for (const listener of this.#forgetListeners) listener(gameId);
  }

  /** Calls `listener` whenever a game's log was cut back: its past steps are no longer the same. */
  onForget(listener: (gameId: string) => void): void {
    this.#forgetListeners.push(listener);
  }

  /**
   * Remembers a game just started by the lobby, so its first action needs no load, then
   * announces it.
   */
  prime(gameId: string, state: GameState): void {
    this.#cache.remember(gameId, { seq: 0, state });
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
    decidedOn?: number,
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
    const parsed = ActionSchema.safeParse(action);
    if (!parsed.success) {
      // Malformed whatever the state: judged without the game's queue, and answered from the log
      // only if this id was committed (with a well-formed action) before.
      return this.#malformed(gameId, seat, clientId, parsed.error.issues, finish).catch(
        (error: unknown) => {
          if (!isUnavailable(error)) throw error;
          finish(
            refusal('UNAVAILABLE', 'The database does not answer; send the action again soon.'),
            'UNAVAILABLE',
          );
        },
      );
    }
    return this.#queue
      .run(gameId, () => this.#submit(gameId, seat, clientId, parsed.data, finish, decidedOn))
      .catch((error: unknown) => {
        // The database not answering leaves the cached game as it was: it changes only after a
        // commit or a whole catch-up. Kept, it lets the next load replay to this process's viewers
        // a commit that went through but whose answer was lost with the connection.
        if (!isUnavailable(error)) this.#cache.evict(gameId);
        // A game stored in a shape this server cannot read is read-only; say why, nothing failed.
        if (error instanceof StateMigrationError) {
          finish(refusal('UNAVAILABLE', error.message), 'UNAVAILABLE');
          return;
        }
        if (isUnavailable(error)) {
          finish(
            refusal('UNAVAILABLE', 'The database does not answer; send the action again soon.'),
            'UNAVAILABLE',
          );
          return;
        }
        finish(refusal('INTERNAL', 'The server failed to apply the action.'), 'INTERNAL');
        throw error;
      });
  }

  /**
   * Stops taking actions, waits for the queued ones to finish, then stores the head of every game
   * in progress as a snapshot (docs/upgrades.md): the next server, even one with other rules,
   * continues each from exactly the state it had, replaying nothing.
   */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#queue.drain();
    await this.snapshotHeads().catch((error: unknown) => {
      // The database is out: the log is intact, and a server of this version replays it.
      if (!isUnavailable(error)) throw error;
    });
  }

  /** Stores the head of every game in progress whose newest snapshot is behind it. */
  async snapshotHeads(): Promise<void> {
    for (const [gameId, entry] of this.#cache.heads()) {
      if (!isGameOver(entry.state)) await this.store.snapshotHead(gameId, entry.seq, entry.state);
    }
    // Games this process does not hold (evicted, or played by another process that stopped).
    for (const gameId of await this.store.headsPastSnapshots()) {
      let head: Entry | undefined;
      try {
        head = await this.#queue.run(gameId, () => this.#load(gameId, true));
      } catch (error) {
        // Read-only under these rules (RULES_CHANGED) or unreadable: left as stored.
        if (error instanceof StateMigrationError || error instanceof GameLogCorruptError) continue;
        throw error;
      }
      if (head && !isGameOver(head.state)) {
        await this.store.snapshotHead(gameId, head.seq, head.state);
      }
      this.#cache.evict(gameId);
    }
  }

  async #malformed(
    gameId: string,
    seat: number,
    clientId: string,
    issues: readonly { path: readonly PropertyKey[]; message: string }[],
    finish: (ack: ActionAck, outcome: string) => void,
  ): Promise<void> {
    const committed = await this.store.seqOfClientId(gameId, seat, clientId);
    if (committed !== undefined) {
      finish({ ok: true, seq: committed }, 'duplicate');
      return;
    }
    finish(
      refusal('BAD_REQUEST', 'That is not a well-formed action.', {
        issues: issues.slice(0, 10).map((i) => ({
          path: i.path.map(String).join('.'),
          message: i.message,
        })),
      }),
      'BAD_REQUEST',
    );
  }

  async #submit(
    gameId: string,
    seat: number,
    clientId: string,
    action: Action,
    finish: (ack: ActionAck, outcome: string) => void,
    decidedOn: number | undefined,
  ): Promise<void> {
    const refusalKey = refusalKeyOf(seat, clientId);
    // An id gets one answer everywhere: the commit's, if any process committed it. The common
    // case asks the log nothing first: a new id is decided on the game as this process holds it
    // (brought up to date first only when other processes write too), and its insert fails on a
    // unique key if the id, or the seq, is taken; a refusal asks the log before it answers.
    // Remembered refusals hold ids no process had committed when they were refused, so they
    // too are checked against the log.
    const head = await this.#load(gameId);
    // The newest seq this call has seen: the steps up to it are what the id is looked up in.
    let newest = head?.seq;
    const committed = () => this.#committedSeq(gameId, seat, clientId, decidedOn, newest);
    const refused = this.#cache.refusal(gameId, refusalKey);
    if (refused) {
      const earlier = await committed();
      if (earlier !== undefined) {
        finish({ ok: true, seq: earlier }, 'duplicate');
      } else {
        finish(refused, 'duplicate');
      }
      return;
    }
    const refuse = async (ack: ActionAck & { ok: false }, remember = true) => {
      // Judged on the newest state this process knew; this very id may have been committed
      // before (an answer lost with its connection), or by another process since. Its commit is
      // the answer then, and no refusal is remembered.
      const earlier = await committed();
      if (earlier !== undefined) {
        finish({ ok: true, seq: earlier }, 'duplicate');
        return;
      }
      if (remember) this.#cache.rememberRefusal(gameId, refusalKey, ack);
      finish(ack, ack.error.code);
    };
    if (!head) {
      await refuse(refusal('GAME_NOT_STARTED', 'This game has not started.'), false);
      return;
    }
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      // A client that saw a newer seq than this copy holds saw it from another process.
      const entry =
        attempt === 0 && (decidedOn === undefined || decidedOn <= head.seq)
          ? head
          : await this.#load(gameId, true);
      if (!entry) {
        await refuse(refusal('GAME_NOT_STARTED', 'This game has not started.'), false);
        return;
      }
      newest = entry.seq;
      // A finished game answers every action GAME_OVER (from the rules, below), whatever state
      // it was decided on: staleness is a question only while there is a game to decide in.
      if (decidedOn !== undefined && !isGameOver(entry.state)) {
        const stale = await this.#staleness(gameId, seat, decidedOn, entry);
        if (stale !== undefined) {
          // Not remembered: it depends on the head, and the client decides again on a newer one.
          await refuse(
            judged(refusal('STALE_STATE', stale, { decidedOn, seq: entry.seq }), entry.seq),
            false,
          );
          return;
        }
      }
      const result = apply(entry.state, seat, action);
      if (!result.ok) {
        // A finished game never changes again, so it gives any id the same answer unprompted;
        // held, its refusals would bring a game that was let go back into memory.
        await refuse(
          judged({ ok: false, error: { ...result.error } }, entry.seq),
          !isGameOver(entry.state),
        );
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
          // Every SNAPSHOT_EVERY steps, at the end of each round and at the end of the game: a
          // stored game is never more than a round of moves from a position any server can load.
          snapshot:
            over ||
            seq % this.options.snapshotEvery === 0 ||
            result.state.round !== entry.state.round
              ? result.state
              : undefined,
          over: over
            ? { winner: result.state.winner, winners: winnersOf(result.state) }
            : undefined,
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
      this.#cache.remember(gameId, { seq, state: result.state }, { seat, clientId });
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

  /**
   * Why an action decided on the state after `decidedOn` is out of date for `seat` now, or
   * undefined if it is not: the seat acted since, or what it is asked changed. Other seats acting
   * meanwhile (several decide at once in the Market, purchases, technology, placement) do not
   * make it stale as long as this seat's own decision is the same.
   */
  async #staleness(
    gameId: string,
    seat: number,
    decidedOn: number,
    head: Entry,
  ): Promise<string | undefined> {
    if (decidedOn > head.seq) {
      return `There is no state ${String(decidedOn)} yet: the game is at ${String(head.seq)}. Resync.`;
    }
    if (decidedOn === head.seq) return undefined;
    if (await this.#actedAfter(gameId, seat, decidedOn, head.seq)) {
      return 'You have acted since the state this was decided on. Look again and decide anew.';
    }
    const then = await this.#signatureAt(gameId, seat, decidedOn);
    // The head is a remembered step too: its signature is worked out once for all who ask.
    const current = this.#cache.stepsOf(gameId)?.get(head.seq);
    const now =
      current?.state === head.state
        ? signatureOf(current, seat)
        : decisionSignature(head.state, seat);
    if (then !== now) {
      return 'What you are asked to decide has changed since the state this was decided on.';
    }
    return undefined;
  }

  /**
   * The seq this client id was committed at, if it was: from the remembered steps when they cover
   * every step after the state the action was decided on (it cannot have been committed before
   * that state: it was decided on it) and no other process writes, else from the log. An action
   * sent without `decidedOn` is looked up in the log.
   */
  async #committedSeq(
    gameId: string,
    seat: number,
    clientId: string,
    decidedOn: number | undefined,
    head: number | undefined,
  ): Promise<number | undefined> {
    const steps = this.#cache.stepsOf(gameId);
    if (
      this.options.shared !== true &&
      steps !== undefined &&
      decidedOn !== undefined &&
      head !== undefined &&
      decidedOn <= head
    ) {
      let covered = true;
      for (let at = decidedOn + 1; at <= head; at++) {
        const step = steps.get(at);
        if (step?.clientId === undefined) {
          covered = false;
          break;
        }
        if (step.seat === seat && step.clientId === clientId) return at;
      }
      if (covered) return undefined;
    }
    return this.store.seqOfClientId(gameId, seat, clientId);
  }

  /** Whether `seat` acted after `seq`: from the remembered steps when they cover it, else the log. */
  async #actedAfter(gameId: string, seat: number, seq: number, head: number): Promise<boolean> {
    const steps = this.#cache.stepsOf(gameId);
    let known = steps !== undefined;
    for (let at = seq + 1; known && at <= head; at++) {
      const step = steps?.get(at);
      if (step?.seat === undefined) known = false;
      else if (step.seat === seat) return true;
    }
    if (known) return false;
    return this.store.seatActedAfter(gameId, seat, seq);
  }

  /** This seat's decision signature right after `seq`: remembered, or rebuilt from the log. */
  async #signatureAt(gameId: string, seat: number, seq: number): Promise<string> {
    const step = this.#cache.stepsOf(gameId)?.get(seq);
    if (step) return signatureOf(step, seat);
    const snapshot = await this.store.snapshotAtOrBefore(gameId, seq);
    if (!snapshot) throw new GameLogCorruptError(gameId, seq, 'no snapshot at or before it');
    let state = snapshot.state as GameState;
    let at = snapshot.seq;
    if (at < seq) {
      for (const stored of await this.store.actionsAfter(gameId, at, seq - at)) {
        const result = apply(state, stored.seat, stored.action);
        if (!result.ok) throw new GameLogCorruptError(gameId, stored.seq, result.error.message);
        state = result.state;
        at = stored.seq;
      }
    }
    if (at !== seq) throw new GameLogCorruptError(gameId, seq, 'the log ends before it');
    return decisionSignature(state, seat);
  }

  /**
   * The cached entry, brought up to the log's head when other processes may write (or `fresh`
   * asks for it), or the game loaded from its last snapshot.
   */
  /**
   * An action an undo took back is never applied again: its client id, sent again (a retry whose
   * first answer was lost), is refused with UNDONE, here and after any reload of the game.
   */
  async #rememberUndone(gameId: string): Promise<void> {
    for (const { seat, clientId } of await this.store.undoneClientIds(gameId)) {
      this.#cache.rememberRefusal(
        gameId,
        refusalKeyOf(seat, clientId),
        refusal('UNDONE', 'That action was taken back (an undo); it is not applied again.'),
      );
    }
  }

  async #load(gameId: string, fresh = false): Promise<Entry | undefined> {
    const cached = this.#cache.get(gameId);
    if (cached && !fresh && this.options.shared !== true) return cached;
    let entry = cached;
    let otherRules = false;
    if (!entry) {
      const snapshot = await this.store.latestSnapshot(gameId);
      if (!snapshot) return undefined;
      // Snapshots of older shapes are brought up to date (a StateMigrationError says why not).
      entry = { seq: snapshot.seq, state: migrateState(snapshot.state) };
      otherRules = snapshot.rulesVersion !== RULES_VERSION;
      await this.#rememberUndone(gameId);
    }
    const missing = await this.store.actionsAfter(gameId, entry.seq);
    if (otherRules) {
      // Stored actions are replayed only where they lead where they led when played: other rules
      // could make them lead elsewhere. A game stopped at a snapshot of its head continues from
      // exactly that state under these rules; one with actions after it, only if those actions
      // give under these rules the very events stored when they were played. Else read-only.
      if (missing.length > 0 && !replaysAsPlayed(entry.state, missing)) {
        throw new StateMigrationError(
          'RULES_CHANGED',
          `This game's last ${String(missing.length)} moves were played under other rules than this server's; it stays read-only until a server of its own version stores its position (docs/upgrades.md).`,
        );
      }
      if (!isGameOver(entry.state)) await this.store.adoptRules(gameId, entry.seq);
    }
    let { seq, state } = entry;
    for (const stored of missing) {
      if (stored.seq !== seq + 1) {
        throw new GameLogCorruptError(gameId, stored.seq, `expected seq ${seq + 1}`);
      }
      const result = apply(state, stored.seat, stored.action);
      if (!result.ok) throw new GameLogCorruptError(gameId, stored.seq, result.error.message);
      state = result.state;
      seq = stored.seq;
      this.#cache.rememberStep(gameId, seq, state, stored);
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
    this.#cache.remember(gameId, current);
    return current;
  }
}

/** The key of a client id among a game's remembered refusals: one sender's ids never meet another's. */
function refusalKeyOf(seat: number, clientId: string): string {
  return `${seat}\u0000${clientId}`;
}
