import type { Server as HttpServer } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { createAdapter } from '@socket.io/postgres-adapter';
import {
  StateMigrationError,
  eventsFor,
  isGameOver,
  sharedView,
  viewerPart,
} from '@outer-rim/rules';
import type { GameState, Viewer } from '@outer-rim/rules';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { isUnavailable, resilientPool } from '../db/database.js';
import { ApiError } from '../errors.js';
import type { GameServer, GameSocket } from './socket-server.js';
import {
  gameServer,
  roomOfGame,
  roomOfHolding,
  roomOfToken,
  roomOfViewer,
} from './socket-server.js';
import type { Entry } from '../games/game-cache.js';
import type { Committed, GameService } from '../games/game-service.js';
import { decisionSignatures } from '../games/recent-steps.js';
import { refusal } from '../games/refusal.js';
import type { LobbyService, ReleasedSeat } from '../lobby/lobby-service.js';
import type { Metrics } from '../metrics/metrics.js';
import {
  SOCKET_EVENTS,
  ActionMessageSchema,
  ChatSendSchema,
  ResyncMessageSchema,
} from '@outer-rim/protocol';
import type {
  ChatAck,
  ResyncAck,
  SpectatorChatMessage,
  StateMessage,
  UndoNotice,
} from '@outer-rim/protocol';
import type { ChatService } from './chat-service.js';
import { AckCork } from './ack-cork.js';
import { AwaitingStart } from './awaiting-start.js';
import { checkHandshakes } from './handshake.js';
import {
  onClientMessage,
  rateLimited,
  refusalOf,
  screenMessages,
  seatsOnly,
} from './client-messages.js';
import type { Refusal } from './client-messages.js';
import { writeDirectly } from './direct-frames.js';
import type { EngineConnection } from './direct-frames.js';
import { HeldWrites } from './held-writes.js';
import { onListening } from './listening.js';
import { Encoded, encodedEvent } from './parser.js';
import { TokenBucket } from './token-bucket.js';
import { SpectatorChannel } from './spectator-channel.js';
import { LastSentViews } from './last-sent-views.js';
import { ChatOnce, type ChatLineOut } from './chat-once.js';
import { inOrder } from './ordered-relay.js';
import { stepMessages } from './step-messages.js';
import type { SentViews } from './step-messages.js';
import type { SpectatorChatService } from './spectator-chat-service.js';
import { TablePresence } from './table-presence.js';

/** The spectators' channel opens only to a connection that was let in. */
const LET_IN = Promise.resolve(true);

export interface RealtimeDeps {
  config: Config;
  lobby: LobbyService;
  games: GameService;
  chat: ChatService;
  spectatorChat: SpectatorChatService;
  metrics: Metrics;
  logger: Logger;
}

/**
 * Live play over Socket.io: each connection (a seat by token, or a spectator, as its handshake
 * settled) in its rooms, its actions into the game service, and every commit out to each viewer
 * as that viewer's own cut of the game.
 */
export class Realtime {
  // Who is connected at each seat, and the spectators' own channel.
  readonly #presence: TablePresence;
  readonly #spectators: SpectatorChannel;
  readonly io: GameServer;
  #adapterPool: pg.Pool | undefined;
  readonly #sent = new LastSentViews();
  readonly #awaitingStart = new AwaitingStart();
  readonly #cork = new AckCork();
  readonly #held: HeldWrites;
  readonly #chats = new WeakMap<GameSocket, ChatOnce>();

  constructor(
    httpServer: HttpServer,
    private readonly deps: RealtimeDeps,
  ) {
    const { config } = deps;
    this.#held = new HeldWrites(config.IDLE_UPDATE_MS);
    this.io = gameServer(httpServer, config);
    if (config.CLUSTER && config.DATABASE_URL !== undefined) {
      // Only with several processes (CLUSTER=on): one alone needs no NOTIFY per commit.
      // Its own small pool: the adapter holds one connection open for LISTEN, and what it sends
      // goes out one message after another, so the other processes hear it in order.
      this.#adapterPool = inOrder(resilientPool(config.DATABASE_URL, 3));
      // Back from an outage: steps other processes committed while this one was not listening
      // were announced to nobody here.
      onListening(this.#adapterPool, () => {
        this.#catchUpAll();
      });
      this.io.adapter(
        createAdapter(this.#adapterPool, {
          errorHandler: (error) => {
            deps.logger.warn({ err: error }, 'socket.io adapter error');
          },
        }),
      );
    }
    checkHandshakes(this.io, deps);
    // Another process committed an action: if anyone here watches that game, catch up from the
    // log, which emits each missed step to the local viewers in order.
    // A game this process does not hold yet (just started elsewhere, or evicted) is loaded and
    // its local viewers get a fresh state instead.
    this.io.on('committed', ({ gameId }) => {
      this.#catchUp(gameId);
    });
    // Another process cut a game back (an undo): the copy and the views kept here belong to the
    // history cut off.
    this.io.on('rewound', ({ gameId }) => {
      this.deps.games.forget(gameId);
      this.#sent.keep(gameId, undefined);
      this.#catchUp(gameId);
    });
    this.io.on('chat-line', ({ rooms, out }) => {
      this.#deliverLine(rooms, out);
    });
    this.io.on('seat-released', (released: ReleasedSeat) => {
      this.#dropReleased(released);
    });
    this.io.engine.on('connection', (conn: EngineConnection) => {
      // Whatever else is written to a connection lets its held updates out before it.
      writeDirectly(conn, (writing) => {
        this.#held.letOut(writing);
      });
    });
    this.io.on('connection', (socket) => {
      this.#onConnection(socket);
    });
    this.#presence = new TablePresence(this.io, deps.lobby, deps.logger, roomOfGame);
    const spectatorLines = {
      to: (room: string | string[]) => ({
        emit: (_event: 'spectator-chat', line: SpectatorChatMessage) => {
          this.#sendLine(typeof room === 'string' ? [room] : room, {
            event: 'spectator-chat',
            line,
          });
          return true;
        },
      }),
    };
    this.#spectators = new SpectatorChannel(spectatorLines, deps.spectatorChat, deps.lobby, {
      game: roomOfGame,
      spectators: (gameId) => roomOfViewer(gameId, 'spectator'),
    });
  }

  /** How many games this process keeps the last sent views of (running games only). */
  get sentGames(): number {
    return this.#sent.size;
  }

  hasSent(gameId: string): boolean {
    return this.#sent.has(gameId);
  }

  #catchUp(gameId: string): void {
    if ((this.io.sockets.adapter.rooms.get(roomOfGame(gameId))?.size ?? 0) === 0) return;
    const { games, logger } = this.deps;
    const wasCached = games.isCached(gameId);
    games
      .withCurrent(gameId, (entry) => {
        if (entry === undefined) return;
        if (!wasCached) this.#emitStates(gameId, entry.seq, entry.state);
        // Connected while the lobby still showed, after this copy was loaded for someone else.
        for (const socket of this.#awaitingStart.take(gameId)) this.#stateTo(socket, entry);
      })
      .catch((error: unknown) => {
        logger.warn({ err: error, gameId }, 'catch-up failed');
      });
  }

  /** Every game someone watches through this process, brought up to date from the log. */
  #catchUpAll(): void {
    const watched = new Set([...this.io.sockets.sockets.values()].map((s) => s.data.gameId));
    for (const gameId of watched) this.#catchUp(gameId);
  }

  /**
   * Sends each viewer connected to this process its cut of one step; runs in the game's queue, so
   * steps go out in seq order. Updates are emitted per process, never through the adapter: each
   * process learns every step from the log, in order, and serves its own sockets.
   */
  broadcast(committed: Committed): void {
    if (committed.over) {
      // The last step of a game carries the seed, read back from the row its commit just closed;
      // nothing can follow it, so emitting it a moment later keeps the order.
      this.deps.lobby.seedIfOver(committed.gameId).then(
        (seed) => {
          this.#emitStep(committed, seed ?? undefined);
        },
        (error: unknown) => {
          this.deps.logger.warn({ err: error, gameId: committed.gameId }, 'seed lookup failed');
          this.#emitStep(committed, undefined);
        },
      );
    } else {
      this.#emitStep(committed, undefined);
    }
    if (committed.local && this.#adapterPool !== undefined) {
      this.io.serverSideEmit('committed', { gameId: committed.gameId, seq: committed.seq });
    }
  }

  /**
   * Each viewer with a socket here gets the change from the view it was sent at the previous seq
   * (the whole view if this process sent none), serialised once for all its sockets.
   */
  #emitStep(committed: Committed, seed: string | undefined): void {
    const { gameId, seq } = committed;
    // Each viewer's sockets here, as the adapter holds them (nothing joins or leaves meanwhile).
    const sockets = new Map<Viewer, ReadonlySet<string>>();
    for (const viewer of [...committed.state.players.keys(), 'spectator'] as Viewer[]) {
      const ids = this.io.sockets.adapter.rooms.get(roomOfViewer(gameId, viewer));
      if (ids !== undefined && ids.size > 0) sockets.set(viewer, ids);
    }
    const base = this.#sent.get(gameId);
    const { messages, sent } = stepMessages(
      { gameId, seq, seat: committed.seat, events: committed.events, state: committed.state, seed },
      base,
      [...sockets.keys()],
    );
    // The seat that acted, and each seat whose decision the step changed (asked now, or no longer,
    // or asked something else), hear of it at once: the others, spectators included, are not
    // waited for and may get it a moment later (HeldWrites), as STALE_STATE judges an action of
    // theirs by the same signatures. Without the seq before here (a first step, a catch-up),
    // everyone hears at once.
    const signatures = decisionSignatures(committed.state);
    const before = base?.seq === seq - 1 ? base.signatures : undefined;
    for (const [viewer, message] of messages) {
      const packet = encodedEvent(SOCKET_EVENTS.update, message);
      const conns = this.#connections(sockets.get(viewer));
      const waitedFor =
        committed.over ||
        before === undefined ||
        viewer === committed.seat ||
        (viewer !== 'spectator' && signatures[viewer] !== before[viewer]);
      if (waitedFor) this.#held.writeNow(conns, packet);
      else this.#held.writeSoon(conns, packet);
    }
    this.#cork.release();
    sent.signatures = signatures;
    this.#sent.keep(gameId, committed.over ? undefined : sent);
    // The final lobby record, with the seed, goes to everyone through the adapter, once.
    if (committed.over && committed.local) {
      this.lobbyChanged(committed.gameId);
      this.#spectators.release(committed.gameId).catch((error: unknown) => {
        this.deps.logger.warn({ err: error, gameId: committed.gameId }, 'spectator chat release');
      });
    }
  }

  /**
   * A chat line to the connections of `rooms` on every process: each process hands it to its own
   * connections' ChatOnce, which holds it during a welcome and sends each line once.
   */
  #sendLine(rooms: string[], out: ChatLineOut): void {
    this.#deliverLine(rooms, out);
    if (this.#adapterPool !== undefined) this.io.serverSideEmit('chat-line', { rooms, out });
  }

  #deliverLine(rooms: readonly string[], out: ChatLineOut): void {
    const ids = new Set<string>();
    for (const room of rooms) {
      for (const id of this.io.sockets.adapter.rooms.get(room) ?? []) ids.add(id);
    }
    for (const id of ids) {
      const socket = this.io.sockets.sockets.get(id);
      if (socket !== undefined) this.#chats.get(socket)?.live(out);
    }
  }

  /**
   * A token no longer holds its seat: every connection that joined with it, on every process
   * (through the adapter), is told why and dropped, so it hears nothing the seat's next holder
   * may hear and can act for nobody.
   */
  seatReleased(released: ReleasedSeat): void {
    this.#dropReleased(released);
    // One message per process, not an emit and a disconnect through the adapter: those travel as
    // two notifications that may overtake each other, and a socket dropped first never hears why.
    if (this.#adapterPool !== undefined) this.io.serverSideEmit('seat-released', released);
  }

  #dropReleased({ gameId, seat, tokenHash }: ReleasedSeat): void {
    const room = roomOfToken(gameId, tokenHash);
    this.io.local.to(room).emit(SOCKET_EVENTS.gameError, {
      code: 'UNAUTHORIZED',
      message: `Seat ${String(seat)} was left: this connection no longer holds it.`,
    });
    this.io.local.in(room).disconnectSockets(true);
  }

  /** Sends the lobby record to everyone connected to the game. */
  lobbyChanged(gameId: string): void {
    this.deps.lobby.get(gameId).then(
      (game) => {
        this.io.to(roomOfGame(gameId)).emit(SOCKET_EVENTS.lobby, { game });
      },
      (error: unknown) => {
        this.deps.logger.warn({ err: error, gameId }, 'lobby broadcast failed');
      },
    );
  }

  /**
   * A game went back to `seq` (an undo, in the game's queue): each viewer here gets the whole
   * state there, its seq lower than the one it held, and the views kept for patches are those;
   * the other processes drop their copy and do the same for their viewers.
   */
  rewound(gameId: string, seq: number, state: GameState): void {
    this.#emitStates(gameId, seq, state);
    if (this.#adapterPool !== undefined) this.io.serverSideEmit('rewound', { gameId });
  }

  /** An undo asked, done or declined, to every viewer of the game on every process. */
  undoNotice(notice: UndoNotice): void {
    this.io.to(roomOfGame(notice.gameId)).emit(SOCKET_EVENTS.undo, notice);
  }

  /** Sends the initial state to each connected viewer of a game that just started. */
  started(gameId: string, state: GameState): void {
    this.#emitStates(gameId, 0, state);
    if (this.#adapterPool !== undefined) {
      this.io.serverSideEmit('committed', { gameId, seq: 0 });
    }
  }

  #emitStates(gameId: string, seq: number, state: GameState): void {
    const sent: SentViews = { seq, shared: sharedView(state), parts: new Map() };
    const viewers: Viewer[] = [...state.players.keys(), 'spectator'];
    for (const viewer of viewers) {
      const room = roomOfViewer(gameId, viewer);
      if (!this.#hasSocketsHere(room)) continue;
      const part = viewerPart(state, viewer);
      sent.parts.set(viewer, part);
      const message: StateMessage = { gameId, seq, viewer, view: { ...sent.shared, ...part } };
      this.io.local.to(room).emit(SOCKET_EVENTS.state, new Encoded(JSON.stringify(message)));
    }
    // A finished game's views are never diffed against: no step follows its last.
    this.#sent.keep(gameId, isGameOver(state) ? undefined : sent);
    this.#awaitingStart.clear(gameId);
  }

  /**
   * The engine.io connections of these sockets on this process, which a step's updates are written
   * to (HeldWrites) rather than by `io.local.to(room).emit`: that makes two broadcast operators
   * and walks the adapter for every one of a step's nine or ten updates.
   */
  #connections(ids: ReadonlySet<string> | undefined): EngineConnection[] {
    const conns: EngineConnection[] = [];
    for (const id of ids ?? []) {
      const conn = this.io.sockets.sockets.get(id)?.conn;
      if (conn !== undefined) conns.push(conn);
    }
    return conns;
  }

  #hasSocketsHere(room: string): boolean {
    return (this.io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0;
  }

  /** Closes this process's connections only: other processes keep theirs. */
  async close(): Promise<void> {
    this.#held.letOutAll();
    // Socket by socket rather than through the adapter: each client gets its disconnect packet
    // before the transport closes, and other processes' clients are left alone.
    for (const socket of this.io.sockets.sockets.values()) socket.disconnect();
    this.io.engine.close();
    // The seats those sockets held are told to the table (through the adapter, to the other
    // processes' clients too) before the database and the adapter close.
    await this.#presence.settled();
    await Promise.resolve(this.io.sockets.adapter.close());
    if (this.#adapterPool) {
      // The adapter never hands back a LISTEN connection that PostgreSQL cut, and pool.end()
      // would wait for it forever; the process is stopping, so give it a moment, not forever.
      await Promise.race([this.#adapterPool.end(), delay(2000, undefined, { ref: false })]);
    }
  }

  #onConnection(socket: GameSocket): void {
    const { gameId, viewer, tokenHash, holding } = socket.data;
    const { config, metrics } = this.deps;
    const log = this.deps.logger.child({ gameId, seat: viewer, socket: socket.id });
    const kind = viewer === 'spectator' ? 'spectator' : 'seat';
    metrics.connections.inc({ viewer: kind });
    log.debug('connected');
    socket.on('disconnect', (reason) => {
      metrics.connections.dec({ viewer: kind });
      log.debug({ reason }, 'disconnected');
    });
    const rooms = [roomOfGame(gameId), roomOfViewer(gameId, viewer)];
    if (tokenHash !== undefined) rooms.push(roomOfToken(gameId, tokenHash));
    if (holding !== undefined) rooms.push(roomOfHolding(gameId, holding));
    // Chat lines are held from before the rooms are joined until the history is sent.
    const chat = new ChatOnce((out) => {
      if (out.event === 'chat') socket.emit(SOCKET_EVENTS.chat, out.line);
      else socket.emit(SOCKET_EVENTS.spectatorChat, out.line);
    });
    this.#chats.set(socket, chat);
    void socket.join(rooms);
    // The token was checked before the rooms were joined; a seat left in between would have
    // missed this socket, so the check is made again now that a release reaches it. Nothing the
    // client sends is handled before that.
    const admitted = this.#stillHolds(socket);
    const actionBucket = new TokenBucket(config.ACTION_BURST, config.ACTION_RATE);
    const chatBucket = new TokenBucket(config.CHAT_BURST, config.CHAT_PER_MINUTE / 60);
    const resyncBucket = new TokenBucket(config.RESYNC_BURST, config.RESYNC_PER_MINUTE / 60);
    screenMessages(socket, config.MESSAGE_LIMIT, actionBucket);

    onClientMessage(socket, SOCKET_EVENTS.action, admitted, {
      precheck: () => {
        const early = seatsOnly(viewer, actionBucket);
        if (early) metrics.observeAction(early.error.code, 0);
        return early;
      },
      parse: (payload) => {
        const parsed = ActionMessageSchema.safeParse(payload);
        return parsed.success && viewer !== 'spectator'
          ? { ok: true, input: { ...parsed.data, seat: viewer } }
          : refusal('BAD_REQUEST', 'Send action as { id, action, seq? }.');
      },
      call: ({ seat, id, action, seq }, ack) =>
        this.deps.games.submit(
          gameId,
          seat,
          id,
          action,
          (result) => {
            if (!result.ok) log.info({ code: result.error.code }, 'action refused');
            else this.#cork.holdForStep(socket.conn);
            ack(result);
          },
          seq,
        ),
      failed: (error) => {
        // The game service answered it before it failed.
        log.error({ err: error }, 'action failed');
        return undefined;
      },
    });

    // Spectators too: a resync rebuilds a whole view, so it is counted and one runs at a time.
    onClientMessage(socket, SOCKET_EVENTS.resync, admitted, {
      precheck: (busy) =>
        busy || !resyncBucket.take()
          ? refusal('RATE_LIMITED', 'Too many resyncs; wait for the last one.')
          : undefined,
      parse: (payload) => {
        const parsed = ResyncMessageSchema.safeParse(payload);
        return parsed.success
          ? { ok: true, input: parsed.data.sinceSeq }
          : refusal('BAD_REQUEST', 'Send resync as { sinceSeq }.');
      },
      call: (sinceSeq, ack) => this.#resync(socket, sinceSeq).then(ack),
      failed: (error) => this.#failure(error, log, 'resync failed', 'The server could not resync.'),
      oneAtATime: true,
    });

    onClientMessage(socket, SOCKET_EVENTS.chat, admitted, {
      precheck: () => seatsOnly(viewer, chatBucket),
      // Read by #chat, which says what is wrong with it.
      parse: (payload) => ({ ok: true, input: payload }),
      call: (payload, ack) =>
        holding === undefined
          ? Promise.resolve()
          : this.#chat(gameId, { seat: viewer as number, holding }, payload).then(ack),
      failed: (error) =>
        refusalOf(error) ??
        this.#failure(error, log, 'chat failed', 'The server could not store the message.'),
    });

    void admitted
      .then((ok) => (ok ? this.#welcome(socket, chat) : undefined))
      .catch((error: unknown) => {
        // A game stored in a shape this server cannot read stays listed, read-only, with the reason.
        if (error instanceof StateMigrationError) {
          log.warn({ err: error }, 'stored game in an unreadable shape');
          socket.emit(SOCKET_EVENTS.gameError, { code: 'UNAVAILABLE', message: error.message });
          return;
        }
        const failed = this.#failure(
          error,
          log,
          'welcome failed',
          'The server could not load the game.',
        );
        socket.emit(SOCKET_EVENTS.gameError, failed.error);
      })
      .finally(() => {
        chat.open();
      });
  }

  /** Whether a seat's connection still holds its seat now that it is in its rooms. */
  async #stillHolds(socket: GameSocket): Promise<boolean> {
    const { gameId, viewer, tokenHash } = socket.data;
    if (viewer === 'spectator' || tokenHash === undefined) return true;
    let holds: boolean;
    try {
      holds = await this.deps.lobby.holds(gameId, viewer, tokenHash);
    } catch {
      // The database is out: the seat was checked at the handshake a moment ago.
      return true;
    }
    if (!holds) {
      socket.emit(SOCKET_EVENTS.gameError, {
        code: 'UNAUTHORIZED',
        message: `Seat ${String(viewer)} was left: this connection no longer holds it.`,
      });
      socket.disconnect(true);
    }
    return holds;
  }

  /** The refusal for an unexpected failure: UNAVAILABLE while the database is out, else INTERNAL. */
  #failure(error: unknown, log: Logger, what: string, message: string): Refusal {
    if (isUnavailable(error)) {
      log.warn({ err: error }, what);
      return refusal('UNAVAILABLE', 'The database does not answer; try again soon.');
    }
    log.error({ err: error }, what);
    return refusal('INTERNAL', message);
  }

  /** On (re)connect: the lobby record, the current state if started, and the visible chat. */
  async #welcome(socket: GameSocket, chat: ChatOnce): Promise<void> {
    const { gameId, viewer, holding } = socket.data;
    const game = await this.deps.lobby.get(gameId);
    socket.emit(SOCKET_EVENTS.lobby, { game });
    this.#joinExtras(socket, game.seats.length);
    if (game.status === 'lobby') await this.#awaitStart(socket);
    else await this.#sendState(socket);
    const reader =
      viewer === 'spectator' || holding === undefined ? 'spectator' : { seat: viewer, holding };
    const table = await this.deps.chat.visibleTo(gameId, reader);
    const spectators = await this.#spectators.history(gameId, viewer, game.status);
    chat.history([
      ...table.map((line) => ({ event: 'chat' as const, line })),
      ...spectators.map((line) => ({ event: 'spectator-chat' as const, line })),
    ]);
  }

  /**
   * For a connection that was let in: its seat's presence now and when it goes, and the
   * spectators' channel.
   */
  #joinExtras(socket: GameSocket, seatCount: number): void {
    const { gameId, viewer } = socket.data;
    // A spectator leaving changes no seat's presence; one arriving is told it with everyone.
    if (viewer !== 'spectator') {
      socket.on('disconnect', () => {
        this.#presence.changed(gameId, seatCount);
      });
    }
    this.#presence.changed(gameId, seatCount);
    this.#onSpectatorChat(socket);
  }

  /** The spectators' channel: spectators talk there, players read it once the game is over. */
  #onSpectatorChat(socket: GameSocket): void {
    const { gameId, viewer } = socket.data;
    const { config } = this.deps;
    const log = this.deps.logger.child({ gameId, seat: viewer, socket: socket.id });
    const bucket = new TokenBucket(config.CHAT_BURST, config.CHAT_PER_MINUTE / 60);
    // The size was checked, as for every message, before any handler ran.
    onClientMessage(socket, SOCKET_EVENTS.spectatorChat, LET_IN, {
      precheck: () => (bucket.take() ? undefined : rateLimited()),
      // Read by the channel, which says what is wrong with it.
      parse: (payload) => ({ ok: true, input: payload }),
      call: (payload, ack) => this.#spectators.post(gameId, viewer, payload).then(ack),
      failed: (error) => {
        const refused = refusalOf(error);
        if (refused) return refused;
        log.error({ err: error }, 'spectator chat failed');
        return refusal('INTERNAL', 'The server could not store the message.');
      },
    });
  }

  /**
   * The whole current view to one socket, sent inside the game's queue so that the next step's
   * patch, made against the views of this seq, reaches it after this state.
   */
  #sendState(socket: GameSocket): Promise<number> {
    return this.deps.games.withCurrent(socket.data.gameId, (current) => {
      if (!current) return 0;
      this.#stateTo(socket, current);
      return current.seq;
    });
  }

  /**
   * A socket that saw the game in its lobby waits for the start; the log is read once more after
   * it waits, so a start committed before that read is sent now, and one committed after it finds
   * the socket waiting when its notice arrives (#catchUp).
   */
  async #awaitStart(socket: GameSocket): Promise<void> {
    this.#awaitingStart.add(socket);
    await this.deps.games.withCurrent(socket.data.gameId, (current) => {
      if (current === undefined) return;
      this.#awaitingStart.remove(socket);
      this.#stateTo(socket, current);
    });
  }

  /** The whole view of `current` for this socket's viewer, kept for the next step's patches. */
  #stateTo(socket: GameSocket, current: Entry): void {
    const { gameId, viewer } = socket.data;
    const kept = this.#sent.get(gameId);
    const sent: SentViews =
      kept?.seq === current.seq
        ? kept
        : { seq: current.seq, shared: sharedView(current.state), parts: new Map() };
    let part = sent.parts.get(viewer);
    if (part === undefined) {
      part = viewerPart(current.state, viewer);
      sent.parts.set(viewer, part);
      // No step follows a finished game's, so nothing is ever diffed against its views; and
      // the views of the step before stay for the last step's patches, which may still be on
      // their way (its seed is read back first).
      if (sent !== kept && !isGameOver(current.state)) this.#sent.keep(gameId, sent);
    }
    const whole = { ...sent.shared, ...part };
    const message: StateMessage = { gameId, seq: current.seq, viewer, view: whole };
    socket.emit(SOCKET_EVENTS.state, new Encoded(JSON.stringify(message)));
  }

  /**
   * A fresh `state` (views are not kept per seq), plus in the ack the events missed since
   * `sinceSeq` as this viewer may see them, so a client's log has no hole.
   */
  async #resync(socket: GameSocket, sinceSeq: number): Promise<ResyncAck> {
    const { gameId, viewer } = socket.data;
    const seq = await this.#sendState(socket);
    const missed = await this.deps.games.store.actionsAfter(gameId, sinceSeq, 1000);
    return {
      ok: true,
      seq,
      missed: missed
        .filter((entry) => entry.seq <= seq)
        .map((entry) => ({
          seq: entry.seq,
          seat: entry.seat,
          events: eventsFor(entry.events as never, viewer),
        })),
    };
  }

  async #chat(
    gameId: string,
    from: { seat: number; holding: string },
    payload: unknown,
  ): Promise<ChatAck> {
    const parsed = ChatSendSchema.safeParse(payload);
    if (!parsed.success) {
      throw new ApiError('BAD_REQUEST', 'Send chat as { id, to?, text } with plain text.', {
        issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
    }
    const { id, to, text } = parsed.data;
    if (to !== undefined) {
      const game = await this.deps.lobby.get(gameId);
      if (to === from.seat || to >= game.seats.length) {
        throw new ApiError('SEAT_NOT_FOUND', 'Private messages go to another seat of the game.');
      }
    }
    const { message, duplicate, holdings } = await this.deps.chat.post(gameId, from, to, id, text);
    if (!duplicate) {
      this.deps.metrics.chatMessages.inc();
      // A private line goes to the two holders it was between, not to whoever holds either
      // seat later.
      const rooms =
        holdings === undefined
          ? [roomOfGame(gameId)]
          : [roomOfHolding(gameId, holdings.from), roomOfHolding(gameId, holdings.to)];
      this.#sendLine(rooms, { event: 'chat', line: message });
    }
    return { ok: true, seq: message.seq };
  }
}
