import { decisions, heuristicBot, randomBot } from '@outer-rim/rules';
import type { BotPolicy, GameView } from '@outer-rim/rules';
import { SOCKET_EVENTS, viewHash, applyViewPatch } from '@outer-rim/protocol';
import type {
  ClaimSeatResponse,
  CreateGameResponse,
  GameErrorMessage,
  ActionAck,
  ResyncAck,
  StateMessage,
  UpdateMessage,
  ViewPatch,
} from '@outer-rim/protocol';
import type { LoadProbe } from './load-probe.js';
import type { PacedSender, Pacer } from './pacer.js';
import { http } from './server.js';
import { WireClient } from './wire-client.js';

/**
 * Bot tables over the real protocol, for the load benchmark, the soak and the crash test: a game
 * made through the lobby's HTTP API, a socket.io connection per seat and per spectator, and each
 * seat played by a rules-package bot from the view its own socket received, the moment the
 * update that asks it arrives.
 */

export type BotKind = 'random' | 'heuristic' | 'mixed';

/** How long a new connection may take to bring its first state, on a busy machine. */
const CONNECT_TIMEOUT_MS = 60_000;

export interface BotTableOptions {
  seats: number;
  spectators: number;
  bot: BotKind;
  /** seeds the bots' own choices */
  seed: number;
  /** the lobby's round limit; games that end are the caller's to replace */
  roundLimit?: number;
  probe: LoadProbe;
  /** reconnect after a lost connection (the crash test), rather than treat it as the end */
  reconnect?: boolean;
  /** how long an action or resync waits for its acknowledgement */
  ackTimeoutMs?: number;
  /** open loop (`bench:load --rate`): the seats send when the pacer offers, not when asked */
  pacer?: Pacer;
}

/** One action the server acknowledged as accepted, as the client recorded it. */
export interface AckedAction {
  seat: number;
  clientId: string;
  seq: number;
}

function policyFor(kind: BotKind, seed: number, seat: number): BotPolicy {
  const heuristic = kind === 'heuristic' || (kind === 'mixed' && seat % 2 === 0);
  return heuristic ? heuristicBot(seed * 16 + seat) : randomBot(seed * 16 + seat, { endBias: 0.5 });
}

/** An action sent and not yet answered. */
interface InFlight {
  clientId: string;
  sentAt: number;
  /** the connection it went out on: `BotClient` counts them up at each disconnect */
  generation: number;
  /** the phase it was decided in, for the round trip by phase */
  phase: string;
  /** the seq of the view it was decided on */
  decidedOn: number;
}

/** One connection of a table: a seat with its bot, or a spectator. */
class BotClient implements PacedSender {
  readonly socket: WireClient;
  seq = -1;
  /**
   * The view as last worked out, and the updates' patches received since, applied all at once
   * (sharing the copies they make) when the view is next read: a seat that is not asked to decide
   * and a spectator only hold what they are sent, so the generator's CPU goes to what a table's
   * clients decide on (the browser applies every update as it comes). Its hash is checked apart,
   * when the seat is about to decide on it (`act`): a wrong view shows in every hash after it, so
   * nothing is decided on one.
   */
  #held: GameView | undefined;
  #pending: ViewPatch = [];
  #inFlight: InFlight | undefined;
  /**
   * act again only once the update of this seq is held: an accepted action's, or the state a
   * refusal was judged on
   */
  #awaitSeq = 0;
  #resyncing = false;
  #generation = 0;
  #count = 0;
  #everConnected = false;
  #stopped = false;
  /** the hash the last update said `view` has, until it is checked (undefined: checked) */
  #unchecked: number | undefined;
  /** while the pacer's offer is being used: when that offer was due */
  #offeredAt: number | undefined;

  constructor(
    private readonly table: BotTable,
    readonly index: number,
    readonly seat: number | undefined,
    token: string | undefined,
    private readonly policy: BotPolicy | undefined,
  ) {
    const { url, gameId, options } = table;
    this.socket = new WireClient(url, {
      auth: token === undefined ? { gameId } : { gameId, token },
      reconnect: options.reconnect ?? false,
      reconnectDelayMs: 100,
      reconnectDelayMaxMs: 500,
      // The bytes of each `state` and `update` socket.io packet: `2["update",{…}]`.
      onFrame: (text) => {
        if (text.startsWith('2["update"')) {
          if (table.probe.recording) table.probe.updateBytes.push(Buffer.byteLength(text));
        } else if (text.startsWith('2["state"')) {
          table.probe.stateBytes.push(Buffer.byteLength(text));
        }
      },
    });
    this.socket.on('connect', () => {
      if (this.#everConnected) {
        table.probe.reconnects++;
        // The server sends a fresh state on every connection; asking for what was missed too
        // keeps the path a returning browser takes.
        this.resync();
      }
      this.#everConnected = true;
    });
    this.socket.on('disconnect', () => {
      // An action sent before the connection went has no answer to wait for any more: it is
      // either in the log or not, and the state sent on reconnect tells which.
      this.#inFlight = undefined;
      this.#resyncing = false;
      this.#generation++;
    });
    this.socket.on(SOCKET_EVENTS.state, (payload) => {
      const message = payload as StateMessage;
      if (message.seq < this.seq) return;
      this.#unchecked = undefined;
      this.#held = message.view as GameView;
      this.#pending = [];
      this.#advance(message.seq);
    });
    this.socket.on(SOCKET_EVENTS.update, (payload) => {
      const message = payload as UpdateMessage;
      if (message.seq <= this.seq) return;
      if (message.seq !== this.seq + 1 || this.#held === undefined) {
        // A gap (possible only around a reconnect), or a patch that did not fit: the protocol's
        // answer is a resync.
        this.resync();
        return;
      }
      if (message.patch === undefined) {
        this.#held = message.view as GameView;
        this.#pending = [];
      } else {
        for (const operation of message.patch) this.#pending.push(operation);
      }
      this.#unchecked = message.hash;
      this.#advance(message.seq);
    });
  }

  /**
   * Resolves once this client holds its first state; rejects when the server refuses the
   * connection, reports a problem with it (`game-error`), or sends no state within `timeoutMs`,
   * so a run reports a table that could not open instead of waiting for it forever.
   */
  connected(timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.#held !== undefined) {
        resolve();
        return;
      }
      const who = `${this.seat === undefined ? 'a spectator' : `seat ${this.seat}`} of ${this.table.gameId}`;
      const done = (error?: Error) => {
        clearTimeout(timer);
        this.socket.off(SOCKET_EVENTS.state, onState);
        this.socket.off('connect_error', onError);
        this.socket.off(SOCKET_EVENTS.gameError, onGameError);
        if (error === undefined) resolve();
        else reject(error);
      };
      const onState = () => {
        done();
      };
      const onError = (error: unknown) => {
        if (!this.socket.active) {
          done(new Error(`${who}: connection refused: ${(error as Error).message}`));
        }
      };
      const onGameError = (payload: unknown) => {
        const message = payload as GameErrorMessage;
        done(new Error(`${who}: ${message.code}: ${message.message}`));
      };
      const timer = setTimeout(() => {
        done(new Error(`${who}: no state within ${timeoutMs} ms`));
      }, timeoutMs);
      this.socket.once(SOCKET_EVENTS.state, onState);
      this.socket.on('connect_error', onError);
      this.socket.once(SOCKET_EVENTS.gameError, onGameError);
    });
  }

  #advance(seq: number): void {
    const from = this.seq;
    this.seq = seq;
    this.table.received(from, seq);
    this.act();
  }

  /** The view this client holds now (undefined: none, or a patch did not fit it). */
  get view(): GameView | undefined {
    if (this.#pending.length > 0 && this.#held !== undefined) {
      const operations = this.#pending;
      this.#pending = [];
      try {
        this.#held = applyViewPatch(this.#held, operations);
      } catch {
        // The next update finds no view and asks for a fresh one.
        this.#held = undefined;
      }
    }
    return this.#held;
  }

  stop(): void {
    this.#stopped = true;
  }

  get idle(): boolean {
    return this.#inFlight === undefined;
  }

  resync(): void {
    if (this.#resyncing || !this.socket.connected) return;
    this.#resyncing = true;
    this.table.probe.resyncs++;
    const generation = this.#generation;
    this.socket.emitWithAck(
      SOCKET_EVENTS.resync,
      { sinceSeq: Math.max(0, this.seq) },
      this.table.ackTimeoutMs,
      (error, answer) => {
        if (generation !== this.#generation) return;
        this.#resyncing = false;
        if (error !== null || !(answer as ResyncAck).ok) {
          setTimeout(() => {
            this.resync();
          }, 100);
          return;
        }
        this.act();
      },
    );
  }

  /** Sends this seat's bot's action if its own view asks it for one and nothing is pending. */
  act(): void {
    const { policy, seat } = this;
    if (policy === undefined || seat === undefined || this.#held === undefined) return;
    if (!this.table.playing || this.#stopped || this.table.stopped) return;
    if (this.#inFlight || this.#resyncing) return;
    if (!this.socket.connected || this.seq < this.#awaitSeq) return;
    const asked = this.table.asked(this.seq, () => this.view);
    if (asked === 'over') {
      this.table.finished();
      return;
    }
    if (asked?.has(seat) !== true) {
      if (asked === undefined) this.resync();
      return;
    }
    const view = this.view;
    if (view === undefined) {
      this.resync();
      return;
    }
    if (this.#unchecked !== undefined) {
      if (viewHash(view) !== this.#unchecked) {
        this.table.probe.refusal('HASH_MISMATCH');
        this.resync();
        return;
      }
      this.#unchecked = undefined;
    }
    const { pacer } = this.table.options;
    if (pacer !== undefined && this.#offeredAt === undefined) {
      pacer.wait(this);
      return;
    }
    const action = policy.choose(view, seat);
    if (action === undefined) return;
    const clientId = `${this.table.idPrefix}-${seat}-${this.#count++}`;
    const generation = this.#generation;
    const inFlight: InFlight = {
      clientId,
      sentAt: this.#offeredAt ?? performance.now(),
      generation,
      phase: view.phase.name,
      decidedOn: this.seq,
    };
    this.#inFlight = inFlight;
    this.table.sent();
    this.socket.emitWithAck(
      SOCKET_EVENTS.action,
      { id: clientId, action, seq: this.seq },
      this.table.ackTimeoutMs,
      (error, answer) => {
        if (this.#inFlight !== inFlight) return;
        this.#inFlight = undefined;
        if (error !== null) {
          // No answer in time on a live connection: decide again on what the server sends next.
          this.table.probe.refusal('NO_ACK');
          this.resync();
          return;
        }
        this.#answered(inFlight, answer as ActionAck, action);
      },
    );
  }

  sendPaced(scheduledAt: number): boolean {
    const before = this.#inFlight;
    this.#offeredAt = scheduledAt;
    try {
      this.act();
    } finally {
      this.#offeredAt = undefined;
    }
    return this.#inFlight !== undefined && this.#inFlight !== before;
  }

  #answered(
    { clientId, sentAt, phase, decidedOn }: InFlight,
    ack: ActionAck,
    action: unknown,
  ): void {
    const { probe } = this.table;
    const now = performance.now();
    if (probe.recording) probe.inFlightMs += now - sentAt;
    if (ack.ok) {
      if (probe.recording) {
        probe.roundTripIn(phase, now - sentAt);
        probe.accepted++;
      }
      probe.acceptedTotal++;
      this.table.acked(this.seat ?? -1, clientId, ack.seq, now);
      this.#awaitSeq = Math.max(this.#awaitSeq, ack.seq);
      this.act();
      return;
    }
    const { code } = ack.error;
    probe.refusal(code, ack.error.message, action);
    if (code === 'GAME_OVER') {
      this.table.finished();
      return;
    }
    if (code === 'UNAVAILABLE' || code === 'CONFLICT' || code === 'RATE_LIMITED') {
      setTimeout(() => {
        this.act();
      }, 100);
      return;
    }
    // A refusal judged on a newer state than the one decided on (another seat acted meanwhile:
    // left the Market, took the last of something): decide again on that state, at once if this
    // client holds it already, else when its update arrives. Refused on the very state decided
    // on, the choice itself was wrong there: look again at a fresh view.
    const judgedAt = ack.seq;
    if (judgedAt !== undefined && judgedAt > decidedOn) {
      this.#awaitSeq = Math.max(this.#awaitSeq, judgedAt);
      this.act();
      return;
    }
    this.resync();
  }

  close(): void {
    this.#stopped = true;
    this.socket.close();
  }
}

/**
 * One step on its way to a table's clients. The fan-out is from the first of them holding it to
 * the last: the ack is no measure of when a step left, as it leaves in the actor's write with the
 * step's update, after the other viewers' updates.
 */
interface Delivery {
  acked: boolean;
  count: number;
  firstAt?: number;
  lastAt?: number;
}

function arrived(entry: Delivery, at: number): void {
  entry.count++;
  entry.firstAt ??= at;
  entry.lastAt = at;
}

/** A game of bots: created through the lobby, played over one socket per seat and spectator. */
export class BotTable {
  readonly clients: BotClient[] = [];
  /** every accepted action, as acknowledged to the client that sent it */
  readonly ackedActions: AckedAction[] = [];
  readonly idPrefix: string;
  readonly ackTimeoutMs: number;
  /** the seats act only once `play` was called: a fleet opens every table before any plays */
  playing = false;
  stopped = false;
  over = false;
  /** when the game last moved (an acknowledged action), for spotting a stuck table */
  lastProgress = performance.now();
  /** each step not yet held by every client: whether it was acked, when it first and last arrived */
  readonly #pending = new Map<number, Delivery>();
  readonly #onOver: (() => void)[] = [];
  #onSend: (() => void)[] = [];
  /**
   * the seats asked to decide at `#askedAt` ('over' once the game is), worked out once for all
   * the table's clients
   */
  #asked: ReadonlySet<number> | 'over' = new Set();
  #askedAt = -1;

  private constructor(
    readonly url: string,
    readonly gameId: string,
    readonly tokens: string[],
    readonly options: BotTableOptions,
  ) {
    this.idPrefix = `b${options.seed.toString(36)}`;
    this.ackTimeoutMs = options.ackTimeoutMs ?? 30_000;
  }

  get probe(): LoadProbe {
    return this.options.probe;
  }

  /** Creates, fills, readies and starts a game through the lobby API, then connects everyone. */
  static async open(url: string, options: BotTableOptions): Promise<BotTable> {
    const lobbyOptions: Record<string, unknown> = { playerCount: options.seats };
    if (options.roundLimit !== undefined) lobbyOptions.roundLimit = options.roundLimit;
    const created = await http<CreateGameResponse>(url, 'POST', '/api/games', {
      name: 'Bot 1',
      options: lobbyOptions,
    });
    if (created.status !== 201) throw new Error(`create: ${JSON.stringify(created.body)}`);
    const { gameId } = created.body;
    const tokens = [created.body.token];
    for (let seat = 1; seat < options.seats; seat++) {
      const claim = await http<ClaimSeatResponse>(url, 'POST', `/api/games/${gameId}/seats`, {
        name: `Bot ${seat + 1}`,
        seat,
      });
      if (claim.status !== 201 && claim.status !== 200) {
        throw new Error(`claim: ${JSON.stringify(claim.body)}`);
      }
      tokens.push(claim.body.token);
      const ready = await http(
        url,
        'PATCH',
        `/api/games/${gameId}/seats/me`,
        { ready: true },
        claim.body.token,
      );
      if (ready.status !== 200) throw new Error(`ready: ${JSON.stringify(ready.body)}`);
    }
    const started = await http(url, 'POST', `/api/games/${gameId}/start`, undefined, tokens[0]);
    if (started.status !== 200) throw new Error(`start: ${JSON.stringify(started.body)}`);
    const table = new BotTable(url, gameId, tokens, options);
    tokens.forEach((token, seat) => {
      table.clients.push(
        new BotClient(table, seat, seat, token, policyFor(options.bot, options.seed, seat)),
      );
    });
    for (let i = 0; i < options.spectators; i++) {
      table.clients.push(new BotClient(table, options.seats + i, undefined, undefined, undefined));
    }
    try {
      await Promise.all(table.clients.map((c) => c.connected(CONNECT_TIMEOUT_MS)));
    } catch (error) {
      table.close();
      throw error;
    }
    options.probe.gamesStarted++;
    return table;
  }

  /**
   * The seats that owe a decision at `seq`, or 'over' when the game is, from `view()`, the view a
   * client of this table holds at `seq` (undefined when it has none: nothing is worked out then).
   * The rules work decisions out from public information only (`decisions`), so every seat's view
   * of one seq gives the same answer: the first client to ask at a seq works it out for the other
   * nine, which need not bring their own views up to date for it.
   */
  asked(seq: number, view: () => GameView | undefined): ReadonlySet<number> | 'over' | undefined {
    if (seq !== this.#askedAt) {
      const held = view();
      if (held === undefined) return undefined;
      this.#asked =
        held.phase.name === 'game-over' ? 'over' : new Set(decisions(held).map((d) => d.seat));
      this.#askedAt = seq;
    }
    return this.#asked;
  }

  /** Lets the seats play: each acts as soon as its own view asks it. */
  play(): void {
    this.playing = true;
    this.lastProgress = performance.now();
    for (const client of this.clients) client.act();
  }

  /** Calls `listener` once when the game is over. */
  onOver(listener: () => void): void {
    this.#onOver.push(listener);
  }

  /** Resolves when any seat of this table next sends an action. */
  nextSend(): Promise<void> {
    return new Promise((resolve) => {
      this.#onSend.push(resolve);
    });
  }

  /** How many of this table's actions wait for their answer now. */
  get inFlight(): number {
    return this.clients.filter((c) => !c.idle).length;
  }

  /** @internal a seat just sent an action */
  sent(): void {
    const waiting = this.#onSend;
    this.#onSend = [];
    for (const wake of waiting) wake();
  }

  /** @internal a seat's action was acknowledged as accepted */
  acked(seat: number, clientId: string, seq: number, at: number): void {
    this.ackedActions.push({ seat, clientId, seq });
    this.lastProgress = at;
    const entry = this.#pending.get(seq) ?? { acked: false, count: 0 };
    entry.acked = true;
    this.#pending.set(seq, entry);
    this.#settle(seq, entry);
  }

  /** @internal a client now holds every step up to `to` (it held `from` before) */
  received(from: number, to: number): void {
    const at = performance.now();
    if (from >= 0 && to === from + 1) {
      // The common case: one update, possibly before its acknowledgement reached the actor.
      const entry = this.#pending.get(to) ?? { acked: false, count: 0 };
      arrived(entry, at);
      this.#pending.set(to, entry);
      this.#settle(to, entry);
      return;
    }
    // A whole state: it stands for every step up to it this client was still missing.
    for (const [seq, entry] of this.#pending) {
      if (seq > from && seq <= to) {
        arrived(entry, at);
        this.#settle(seq, entry);
      }
    }
  }

  #settle(seq: number, entry: Delivery): void {
    if (!entry.acked || entry.count < this.clients.length) return;
    this.#pending.delete(seq);
    if (this.probe.recording) this.probe.fanOut.push((entry.lastAt ?? 0) - (entry.firstAt ?? 0));
  }

  /** @internal some client's view shows the game over */
  finished(): void {
    if (this.over) return;
    this.over = true;
    this.probe.gamesFinished++;
    for (const listener of this.#onOver) listener();
  }

  /** Stops sending new actions; the ones in flight may still be answered. */
  stop(): void {
    this.stopped = true;
    for (const client of this.clients) client.stop();
  }

  /** Resolves once no action of this table waits for its answer (or after `timeoutMs`). */
  async settled(timeoutMs = 10_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (this.clients.some((c) => !c.idle) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Every client holds at least `seq` (or `timeoutMs` passed); false on the timeout. */
  async allHold(seq: number, timeoutMs = 30_000): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    while (this.clients.some((c) => c.seq < seq)) {
      if (performance.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return true;
  }

  /** Drops fan-out bookkeeping for steps some client will never see (a connection lost). */
  forgetPending(): void {
    this.#pending.clear();
  }

  close(): void {
    this.stop();
    for (const client of this.clients) client.close();
  }
}
