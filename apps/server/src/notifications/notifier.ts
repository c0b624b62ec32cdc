import type { GameState } from '@outer-rim/rules';
import type { Logger } from 'pino';
import type { Clock, ClockTimer } from '../clock/clock.js';
import { isUnavailable } from '../db/database.js';
import { KeyedQueue } from '../games/keyed-queue.js';
import type { NoticeItem } from '@outer-rim/protocol';
import type { Channel } from './channels.js';
import type { GameTargets, NotificationStore } from './notification-store.js';
import type { NoticeTimerStore, TimerKind } from './notice-timers.js';
import { tableName } from './notice-words.js';
import { owedDecisions } from './owed.js';

export interface NotifierOptions {
  store: NotificationStore;
  /** the digest, retry and reminder timers, kept in the database */
  timers: NoticeTimerStore<Pending>;
  channels: readonly Channel[];
  clock: Clock;
  logger: Logger;
  /** notices to one address within this window leave as one message */
  digestMs: number;
  /** an unanswered decision is told once more after this long (0: never) */
  remindMs: number;
  /** tries per message, with doubling back-off from 2 s */
  attempts: number;
  /** the server's public address, for links (undefined: notices carry none) */
  publicUrl: string | undefined;
}

/** A notice waiting to leave: the decision is still owed while its seat's row holds `seq`. */
export interface Pending {
  item: NoticeItem;
  seq: number;
  table: string;
}

interface Outbox {
  pending: Pending[];
  /** its stored timer's id, once every notice it took in is stored with it */
  saved: Promise<string>;
}

/** A game's settings as last asked for (at `at`), and once they arrived, as read (`read`). */
interface KnownTargets {
  at: number;
  targets: Promise<GameTargets>;
  read?: GameTargets;
}

const TARGETS_TTL_MS = 10_000;
const FIRST_RETRY_MS = 2000;

/**
 * Tells seats that a decision waits for them, through the ways their players and the host chose.
 * It hears of each committed step inside the game's queue and only notes it there: everything
 * else (reading settings, recording what is owed, sending, retrying) runs on its own queue, so a
 * notice never holds up play, and a receiver that is down, slow or failing costs the game nothing.
 * Its timers (a digest's window, a retry, a reminder) are rows of `notice_timers` first and timers
 * of this process second: a process that starts sets a timer for every row, and the one that takes
 * a row's lease when it falls due acts on it.
 */
export class Notifier {
  readonly #work = new KeyedQueue();
  readonly #outboxes = new Map<string, Outbox>();
  readonly #timers = new Set<ClockTimer>();
  readonly #inFlight = new Set<Promise<void>>();
  readonly #targets = new Map<string, KnownTargets>();
  #closed = false;

  constructor(private readonly options: NotifierOptions) {}

  /** A step was committed by this process (or a game started): note who owes what now. */
  stepCommitted(gameId: string, seq: number, state: GameState): void {
    if (this.#closed) return;
    const seatCount = state.players.length;
    // Nothing asks for a finished game's settings again: they leave memory with the game.
    const over = state.phase.name === 'game-over';
    // Settings read lately that tell nobody of this game: nothing to note, and nothing queued
    // (what `#record` would find out after reading them from its queue).
    const known = this.#targets.get(gameId);
    if (
      known?.read !== undefined &&
      this.options.clock.now() - known.at < TARGETS_TTL_MS &&
      tellsNobody(known.read, seatCount)
    ) {
      if (over) this.#targets.delete(gameId);
      return;
    }
    const owed = owedDecisions(state);
    this.#work
      .run(gameId, async () => {
        try {
          await this.#record(gameId, seq, seatCount, owed);
        } finally {
          if (over) this.#targets.delete(gameId);
        }
      })
      .catch((error: unknown) => {
        const level = isUnavailable(error) ? 'debug' : 'warn';
        this.options.logger[level]({ err: error, gameId }, 'notices of a step failed');
      });
  }

  /** Sets a timer for every stored one: those a stopped process left are acted on here. */
  async start(): Promise<void> {
    const now = this.options.clock.now();
    for (const timer of await this.options.timers.all()) this.#arm(timer.id, timer.dueAt - now);
  }

  /** Whether this process holds anything of `gameId`'s settings (a finished game's: nothing). */
  knows(gameId: string): boolean {
    return this.#targets.has(gameId);
  }

  /** A game's settings changed: the next step reads them again. */
  settingsChanged(gameId: string): void {
    this.#targets.delete(gameId);
  }

  /** Resolves once every step heard so far has been noted and every send begun has ended. */
  async idle(): Promise<void> {
    await this.#work.drain();
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight]);
  }

  async close(): Promise<void> {
    this.#closed = true;
    // The stored timers stay: the next process to start acts on them.
    for (const timer of this.#timers) timer.cancel();
    this.#timers.clear();
    this.#outboxes.clear();
    await this.idle();
  }

  #gameTargets(gameId: string): Promise<GameTargets> {
    const now = this.options.clock.now();
    const known = this.#targets.get(gameId);
    if (known !== undefined && now - known.at < TARGETS_TTL_MS) return known.targets;
    const targets = this.options.store.targets(gameId);
    const entry: KnownTargets = { at: now, targets };
    this.#targets.set(gameId, entry);
    targets.then(
      (read) => {
        entry.read = read;
      },
      () => this.#targets.delete(gameId),
    );
    return targets;
  }

  async #record(
    gameId: string,
    seq: number,
    seatCount: number,
    owed: Map<number, string[]>,
  ): Promise<void> {
    const targets = await this.#gameTargets(gameId);
    const tableHook = targets.table?.webhookUrl ?? null;
    // Only seats someone is to be told about are tracked: a game without settings costs a read.
    const concerned = concernedSeats(targets, seatCount);
    if (concerned.length === 0) return;
    const since = new Date(this.options.clock.now());
    const idle: number[] = [];
    for (const seat of concerned) {
      const prompts = owed.get(seat);
      if (prompts === undefined) {
        idle.push(seat);
        continue;
      }
      if (!(await this.options.store.recordOwed(gameId, seat, prompts.join('\n'), seq, since))) {
        continue;
      }
      const pending: Pending = {
        seq,
        table: tableName(targets.host, gameId),
        item: {
          game: gameId,
          seat,
          name: targets.names[seat] ?? `Seat ${String(seat + 1)}`,
          owed: prompts,
          ...(this.options.publicUrl === undefined
            ? {}
            : { link: `${this.options.publicUrl.replace(/\/$/, '')}/#/game/${gameId}` }),
          reminder: false,
          since: since.toISOString(),
        },
      };
      const own = targets.seats.get(seat);
      for (const [kind, address] of [
        ['webhook', own?.webhookUrl ?? null],
        ['email', own?.email ?? null],
        ['webhook', tableHook],
      ] as const) {
        if (address !== null) this.#enqueue(kind, address, pending);
      }
    }
    await this.options.store.clearOwed(gameId, idle, seq);
  }

  #enqueue(kind: Channel['kind'], address: string, pending: Pending): void {
    if (this.#closed) return;
    if (!this.options.channels.some((c) => c.kind === kind)) return;
    const key = `${kind}\u0000${address}`;
    const box = this.#outboxes.get(key);
    if (box !== undefined) {
      // One message per decision and address, however many ways it was queued.
      if (
        !box.pending.some(
          (p) => p.item.game === pending.item.game && p.item.seat === pending.item.seat,
        )
      ) {
        box.pending.push(pending);
        box.saved = box.saved.then(async (id) => {
          await this.options.timers.setPending(id, [...box.pending]);
          return id;
        });
        this.#track(box.saved.then(() => undefined));
      }
      return;
    }
    const dueAt = this.options.clock.now() + this.options.digestMs;
    const saved = this.options.timers.add({
      kind: 'digest',
      channel: kind,
      address,
      pending: [pending],
      attempt: 0,
      dueAt,
    });
    const fresh: Outbox = { pending: [pending], saved };
    this.#outboxes.set(key, fresh);
    // Not stored (the database is out): the next notice to this address starts a new digest.
    saved.catch(() => {
      if (this.#outboxes.get(key) === fresh) this.#outboxes.delete(key);
    });
    this.#track(
      saved.then((id) => {
        this.#arm(id, dueAt - this.options.clock.now(), () => {
          if (this.#outboxes.get(key) === fresh) this.#outboxes.delete(key);
          return fresh.saved;
        });
      }),
    );
  }

  /**
   * Stores a timer `ms` from now and sets it: a retry of `pending` after `attempt` tries, or a
   * reminder of it.
   */
  async #schedule(
    kind: TimerKind,
    channel: Channel['kind'],
    address: string,
    pending: Pending[],
    attempt: number,
    ms: number,
  ): Promise<void> {
    if (this.#closed) return;
    const dueAt = this.options.clock.now() + ms;
    const id = await this.options.timers.add({ kind, channel, address, pending, attempt, dueAt });
    this.#arm(id, dueAt - this.options.clock.now());
  }

  /**
   * Sets this process's timer for a stored one; when it fires (after `before`, which hands back
   * the id once the row holds everything), the row is claimed and, if won, acted on.
   */
  #arm(id: string, ms: number, before?: () => Promise<string>): void {
    if (this.#closed) return;
    const timer = this.options.clock.after(ms, () => {
      this.#timers.delete(timer);
      if (this.#closed) return;
      this.#track((before?.() ?? Promise.resolve(id)).then((ready) => this.#fire(ready)));
    });
    this.#timers.add(timer);
  }

  /** A stored timer fell due: taken by this process, or by another and left to it. */
  async #fire(id: string): Promise<void> {
    if (this.#closed) return;
    const timer = await this.options.timers.claim(id, this.options.clock.now());
    if (timer === undefined) return;
    const channel = this.options.channels.find((c) => c.kind === timer.channel);
    if (channel !== undefined) {
      if (timer.kind === 'reminder') {
        for (const p of timer.pending) this.#enqueue(channel.kind, timer.address, p);
      } else {
        await this.#deliver(channel, timer.address, timer.pending, timer.attempt);
      }
    }
    await this.options.timers.remove(id);
  }

  #track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => {
      const level = isUnavailable(error) ? 'debug' : 'warn';
      this.options.logger[level]({ err: error }, 'notice delivery failed');
    });
    this.#inFlight.add(tracked);
    void tracked.finally(() => this.#inFlight.delete(tracked));
  }

  /** Sends what is still owed of `pending`; a decision answered meanwhile is left out. */
  async #deliver(
    channel: Channel,
    address: string,
    pending: Pending[],
    attempt: number,
  ): Promise<void> {
    if (this.#closed) return;
    const owedSince = await this.options.store.owedSince(
      pending.map((p) => ({ gameId: p.item.game, seat: p.item.seat })),
    );
    const live = pending.filter(
      (p) => owedSince.get(`${p.item.game}\u0000${String(p.item.seat)}`) === p.seq,
    );
    if (live.length === 0) return;
    const tables = new Map(live.map((p) => [p.item.game, p.table]));
    const outcome = await channel.send(
      address,
      live.map((p) => p.item),
      tables,
    );
    if (outcome === 'retry') {
      if (attempt + 1 < this.options.attempts) {
        await this.#schedule(
          'retry',
          channel.kind,
          address,
          live,
          attempt + 1,
          FIRST_RETRY_MS * 2 ** attempt,
        );
      } else {
        this.options.logger.warn({ kind: channel.kind, attempts: attempt + 1 }, 'notice given up');
      }
      return;
    }
    if (outcome !== 'sent' || this.options.remindMs <= 0) return;
    for (const p of live) {
      if (p.item.reminder) continue;
      // Once more after the host's time, if the same decision still waits.
      await this.#schedule(
        'reminder',
        channel.kind,
        address,
        [{ ...p, item: { ...p.item, reminder: true } }],
        0,
        this.options.remindMs,
      );
    }
  }
}

/** The seats someone is to be told about: a webhook or an address of their own, or the table's. */
function concernedSeats(targets: GameTargets, seatCount: number): number[] {
  const tableHook = targets.table?.webhookUrl ?? null;
  return [...Array(seatCount).keys()].filter(
    (seat) =>
      tableHook !== null ||
      targets.seats.get(seat)?.webhookUrl != null ||
      targets.seats.get(seat)?.email != null,
  );
}

/** Whether no seat of the game is to be told about anything: `concernedSeats` is empty. */
function tellsNobody(targets: GameTargets, seatCount: number): boolean {
  if ((targets.table?.webhookUrl ?? null) !== null) return false;
  for (const [seat, own] of targets.seats) {
    if (seat < seatCount && (own.webhookUrl != null || own.email != null)) return false;
  }
  return true;
}
