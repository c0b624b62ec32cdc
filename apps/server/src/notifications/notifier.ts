import type { GameState } from '@outer-rim/rules';
import type { Logger } from 'pino';
import type { Clock, ClockTimer } from '../clock/clock.js';
import { isUnavailable } from '../db/database.js';
import { KeyedQueue } from '../games/keyed-queue.js';
import type { NoticeItem } from '@outer-rim/protocol';
import type { Channel } from './channels.js';
import type { GameTargets, NotificationStore } from './notification-store.js';
import { tableName } from './notice-words.js';
import { owedDecisions } from './owed.js';

export interface NotifierOptions {
  store: NotificationStore;
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
interface Pending {
  item: NoticeItem;
  seq: number;
  table: string;
}

interface Outbox {
  channel: Channel;
  address: string;
  pending: Pending[];
  timer: ClockTimer;
}

const TARGETS_TTL_MS = 10_000;
const FIRST_RETRY_MS = 2000;

/**
 * Tells seats that a decision waits for them, through the ways their players and the host chose.
 * It hears of each committed step inside the game's queue and only notes it there: everything
 * else (reading settings, recording what is owed, sending, retrying) runs on its own queue, so a
 * notice never holds up play, and a receiver that is down, slow or failing costs the game nothing.
 */
export class Notifier {
  readonly #work = new KeyedQueue();
  readonly #outboxes = new Map<string, Outbox>();
  readonly #timers = new Set<ClockTimer>();
  readonly #inFlight = new Set<Promise<void>>();
  readonly #targets = new Map<string, { at: number; targets: Promise<GameTargets> }>();
  #closed = false;

  constructor(private readonly options: NotifierOptions) {}

  /** A step was committed by this process (or a game started): note who owes what now. */
  stepCommitted(gameId: string, seq: number, state: GameState): void {
    if (this.#closed) return;
    const owed = owedDecisions(state);
    const seatCount = state.players.length;
    this.#work
      .run(gameId, () => this.#record(gameId, seq, seatCount, owed))
      .catch((error: unknown) => {
        const level = isUnavailable(error) ? 'debug' : 'warn';
        this.options.logger[level]({ err: error, gameId }, 'notices of a step failed');
      });
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
    for (const timer of this.#timers) timer.cancel();
    this.#timers.clear();
    for (const box of this.#outboxes.values()) box.timer.cancel();
    this.#outboxes.clear();
    await this.idle();
  }

  #gameTargets(gameId: string): Promise<GameTargets> {
    const now = this.options.clock.now();
    const known = this.#targets.get(gameId);
    if (known !== undefined && now - known.at < TARGETS_TTL_MS) return known.targets;
    const targets = this.options.store.targets(gameId);
    this.#targets.set(gameId, { at: now, targets });
    targets.catch(() => this.#targets.delete(gameId));
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
    const concerned = [...Array(seatCount).keys()].filter(
      (seat) =>
        tableHook !== null ||
        targets.seats.get(seat)?.webhookUrl != null ||
        targets.seats.get(seat)?.email != null,
    );
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
    const channel = this.options.channels.find((c) => c.kind === kind);
    if (channel === undefined) return;
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
      }
      return;
    }
    const timer = this.options.clock.after(this.options.digestMs, () => {
      this.#outboxes.delete(key);
      this.#track(this.#deliver(channel, address, fresh.pending, 0));
    });
    const fresh: Outbox = { channel, address, pending: [pending], timer };
    this.#outboxes.set(key, fresh);
  }

  #track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => {
      const level = isUnavailable(error) ? 'debug' : 'warn';
      this.options.logger[level]({ err: error }, 'notice delivery failed');
    });
    this.#inFlight.add(tracked);
    void tracked.finally(() => this.#inFlight.delete(tracked));
  }

  #later(ms: number, fire: () => void): void {
    if (this.#closed) return;
    const timer = this.options.clock.after(ms, () => {
      this.#timers.delete(timer);
      if (!this.#closed) fire();
    });
    this.#timers.add(timer);
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
        this.#later(FIRST_RETRY_MS * 2 ** attempt, () => {
          this.#track(this.#deliver(channel, address, live, attempt + 1));
        });
      } else {
        this.options.logger.warn({ kind: channel.kind, attempts: attempt + 1 }, 'notice given up');
      }
      return;
    }
    if (outcome !== 'sent' || this.options.remindMs <= 0) return;
    for (const p of live) {
      if (p.item.reminder) continue;
      // Once more after the host's time, if the same decision still waits.
      this.#later(this.options.remindMs, () => {
        this.#enqueue(channel.kind, address, { ...p, item: { ...p.item, reminder: true } });
      });
    }
  }
}
