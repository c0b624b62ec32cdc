import type { Action, BotPolicy, GameView } from '@outer-rim/rules';
import type { Logger } from 'pino';
import { isUnavailable } from '../db/database.js';
import type { BotPolicyName, ActionAck } from '@outer-rim/protocol';
import type { BotLease } from './bot-lease.js';
import { botClientId, botSeed } from './bot-seed.js';
import type { BotTable } from './bot-tables.js';
import { makePolicy } from './policies.js';

/**
 * What a bot is given about its game: the seat's own view, as the seat's socket would receive it.
 * The runner never holds a game state, so a bot cannot read what its seat may not see.
 */
export interface SeatViewSource {
  seatView(gameId: string, seat: number): Promise<{ seq: number; view: GameView } | undefined>;
}

export interface BotRunnerDeps {
  views: SeatViewSource;
  /** the action path a socket action takes: validation, apply, commit, broadcast */
  submit(
    gameId: string,
    seat: number,
    clientId: string,
    action: Action,
    decidedOn: number,
  ): Promise<ActionAck>;
  /** which seats have a connection open now, on any process */
  online(gameId: string): Promise<boolean[]>;
  /** marks a person's seat as played by a bot while away, or gives it back */
  setHandedOver(gameId: string, seat: number, handedOver: boolean): Promise<boolean>;
  /** running games with bots or the hand-over option (one game with `only`) */
  tables(only?: string): Promise<BotTable[]>;
  lease: BotLease;
  delayMs: number;
  tickMs: number;
  leaseMs: number;
  logger: Logger;
  /** the policy for one decision (tests wrap it to see what a bot is given) */
  policy?: (name: BotPolicyName, seed: number) => BotPolicy;
}

/** One decision a bot took, as the runner's observers see it. */
export interface BotDecision {
  gameId: string;
  seat: number;
  seq: number;
  view: GameView;
  action: Action;
  ack: ActionAck;
}

interface Table {
  data: BotTable;
  /** local clock until which this process may drive the game (a margin inside the lease) */
  leaseUntil: number;
  /** person seats: since when (local clock) each has had no connection */
  offlineSince: Map<number, number>;
  timer: NodeJS.Timeout | undefined;
  busy: boolean;
  /** something changed while busy: look again when done */
  dirty: boolean;
  /** which driven seat looks first, so no bot always goes before the others */
  turn: number;
}

/** The policy that plays a person's seat while its player is away. */
const AWAY_POLICY: BotPolicyName = 'heuristic';

/**
 * Plays the bot seats of the games this process drives (the lease), and hands away players'
 * seats to a bot and back. A bot acts like a person at a table: it waits `delayMs`, reads its
 * seat's view, picks an action with its policy and submits it through the game service, where it
 * is validated, committed and broadcast as any other action. One decision per game at a time, so
 * bots never race each other's commits; each commit (from anyone, any process) makes it look again.
 */
export class BotRunner {
  readonly #tables = new Map<string, Table>();
  readonly #observers: ((decision: BotDecision) => void)[] = [];
  /** games another process drives: when (local clock) to ask for their lease again */
  readonly #othersUntil = new Map<string, number>();
  #interval: NodeJS.Timeout | undefined;
  #ticking: Promise<void> | undefined;
  #again = false;
  #closed = false;

  constructor(private readonly deps: BotRunnerDeps) {}

  start(): void {
    this.#interval = setInterval(() => {
      this.poke();
    }, this.deps.tickMs);
    this.#interval.unref();
  }

  /** Calls `observer` after every bot decision this process submitted, with its answer. */
  onDecision(observer: (decision: BotDecision) => void): void {
    this.#observers.push(observer);
  }

  /** How many looks at every bot game (ticks, pokes) have finished, failed ones too. */
  ticks = 0;

  /** Games this process drives now. */
  get driven(): string[] {
    return [...this.#tables.keys()];
  }

  /** Looks at every bot game now (a start, a lobby change) rather than at the next tick. */
  poke(): void {
    if (this.#closed) return;
    if (this.#ticking) {
      this.#again = true;
      return;
    }
    this.#ticking = this.#tick()
      .catch((error: unknown) => {
        // While the database is out every tick fails the same way; it is said once per tick at
        // debug level, and the next tick after it returns goes on as before.
        if (isUnavailable(error)) this.deps.logger.debug({ err: error }, 'bot tick: no database');
        else this.deps.logger.warn({ err: error }, 'bot tick failed');
      })
      .finally(() => {
        this.#ticking = undefined;
        this.ticks++;
        if (this.#again) {
          this.#again = false;
          this.poke();
        }
      });
  }

  /** A game advanced (a commit here, or one caught up from another process). */
  advanced(gameId: string, over: boolean): void {
    const table = this.#tables.get(gameId);
    if (!table) return;
    if (over) {
      this.#drop(gameId);
      this.#release(gameId);
      return;
    }
    this.#schedule(table);
  }

  /** Stops deciding and gives this process's leases up, so another process takes over at once. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#interval);
    await this.#ticking;
    const games = [...this.#tables.keys()];
    for (const gameId of games) this.#drop(gameId);
    await Promise.all(
      games.map((gameId) => this.deps.lease.release(gameId).catch(() => undefined)),
    );
  }

  async #tick(): Promise<void> {
    const now = Date.now();
    const seen = new Set<string>();
    for (const data of await this.deps.tables()) {
      if (this.#closed) return;
      seen.add(data.gameId);
      let table = this.#tables.get(data.gameId);
      if (!table) {
        table = {
          data,
          leaseUntil: 0,
          offlineSince: new Map(),
          timer: undefined,
          busy: false,
          dirty: false,
          turn: 0,
        };
      }
      table.data = data;
      if ((this.#othersUntil.get(data.gameId) ?? 0) > now) continue;
      if (table.leaseUntil - now < this.deps.leaseMs / 2) {
        if (!(await this.deps.lease.take(data.gameId))) {
          // Held elsewhere: asked again a few ticks later (sooner than it could expire, so a
          // holder that stopped and gave it up is followed within a few ticks).
          const wait = Math.min(this.deps.leaseMs / 2, this.deps.tickMs * 5);
          this.#othersUntil.set(data.gameId, now + wait);
          this.#drop(data.gameId);
          continue;
        }
        // A tick's length short of the database's expiry: stop before anyone else may start.
        table.leaseUntil = now + this.deps.leaseMs - this.deps.tickMs;
        this.#tables.set(data.gameId, table);
      }
      // A seat handed over for another reason (its turn clock ran out) is given back all the same.
      if (data.handOverAfterMs !== undefined || data.seats.some((s) => s.handedOver)) {
        await this.#handOver(table, data.handOverAfterMs ?? Infinity);
      }
      this.#schedule(table);
    }
    // Over, or no longer anything for a bot to do. A tick that read the game as running just
    // before its end took the lease again after the end gave it up: given up here, or its row
    // would stay for ever.
    for (const gameId of this.#tables.keys()) {
      if (seen.has(gameId)) continue;
      this.#drop(gameId);
      this.#release(gameId);
    }
    for (const gameId of this.#othersUntil.keys()) {
      if (!seen.has(gameId)) this.#othersUntil.delete(gameId);
    }
  }

  /** Away players' seats go to a bot after the host's time, and back once they connect again. */
  async #handOver(table: Table, afterMs: number): Promise<void> {
    const { gameId } = table.data;
    const online = await this.deps.online(gameId);
    const now = Date.now();
    for (const seat of table.data.seats) {
      if (seat.bot !== undefined) continue;
      if (online[seat.seat] === true) {
        table.offlineSince.delete(seat.seat);
        if (seat.handedOver && (await this.deps.setHandedOver(gameId, seat.seat, false))) {
          seat.handedOver = false;
          this.deps.logger.info({ gameId, seat: seat.seat }, 'seat given back to its player');
        }
        continue;
      }
      const since = table.offlineSince.get(seat.seat) ?? now;
      table.offlineSince.set(seat.seat, since);
      if (!seat.handedOver && now - since >= afterMs) {
        if (await this.deps.setHandedOver(gameId, seat.seat, true)) {
          this.deps.logger.info({ gameId, seat: seat.seat }, 'away seat handed to a bot');
        }
        seat.handedOver = true;
      }
    }
  }

  #schedule(table: Table): void {
    if (this.#closed) return;
    if (table.busy) {
      table.dirty = true;
      return;
    }
    if (table.timer !== undefined) return;
    table.timer = setTimeout(() => {
      table.timer = undefined;
      void this.#act(table);
    }, this.deps.delayMs);
  }

  #release(gameId: string): void {
    this.deps.lease.release(gameId).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, gameId }, 'bot lease release failed');
    });
  }

  #drop(gameId: string): void {
    const table = this.#tables.get(gameId);
    if (!table) return;
    clearTimeout(table.timer);
    table.timer = undefined;
    this.#tables.delete(gameId);
  }

  /** The seats a bot plays now, each with how it plays. */
  #driven(table: Table): [number, BotPolicyName][] {
    const out: [number, BotPolicyName][] = [];
    for (const seat of table.data.seats) {
      if (seat.bot !== undefined) out.push([seat.seat, seat.bot]);
      else if (seat.handedOver) out.push([seat.seat, AWAY_POLICY]);
    }
    return out;
  }

  /** At most one bot decision for this game: the first driven seat that has one to make. */
  async #act(table: Table): Promise<void> {
    const { gameId } = table.data;
    if (this.#closed || this.#tables.get(gameId) !== table || Date.now() > table.leaseUntil) return;
    Object.assign(table, { busy: true, dirty: false });
    let acted = false;
    try {
      const driven = this.#driven(table);
      const start = table.turn++ % Math.max(driven.length, 1);
      for (let i = 0; i < driven.length && !acted; i++) {
        const [seat, name] = driven[(start + i) % driven.length] ?? [0, AWAY_POLICY];
        const seen = await this.deps.views.seatView(gameId, seat);
        if (!seen || seen.view.phase.name === 'game-over') return;
        const policy = (this.deps.policy ?? makePolicy)(
          name,
          botSeed(table.data.seed, seat, seen.seq),
        );
        const action = policy.choose(seen.view, seat);
        if (action === undefined) continue;
        const ack = await this.deps.submit(gameId, seat, botClientId(seen.seq), action, seen.seq);
        for (const observer of this.#observers) {
          observer({ gameId, seat, seq: seen.seq, view: seen.view, action, ack });
        }
        if (!ack.ok) {
          // Judged on a state that moved on, or refused outright: the next commit or tick looks
          // again, so a refusal cannot spin.
          const level = ack.error.code === 'UNAVAILABLE' ? 'debug' : 'warn';
          this.deps.logger[level]({ gameId, seat, code: ack.error.code }, 'bot action refused');
          return;
        }
        acted = true;
      }
    } catch (error) {
      const level = isUnavailable(error) ? 'debug' : 'warn';
      this.deps.logger[level]({ err: error, gameId }, 'bot decision failed');
    } finally {
      table.busy = false;
      if (acted || table.dirty) this.#schedule(table);
    }
  }
}
