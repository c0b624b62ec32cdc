import type { Server as HttpServer } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { createAdapter } from '@socket.io/postgres-adapter';
import { StateMigrationError, eventsFor, view } from '@outer-rim/rules';
import type { GameState, Viewer } from '@outer-rim/rules';
import type pg from 'pg';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io';
import type { Config } from '../config/config.js';
import { corsOption } from '../config/cors.js';
import { resilientPool } from '../db/database.js';
import { ApiError } from '../errors.js';
import type { Committed, GameService } from '../games/game-service.js';
import { refusal } from '../games/game-service.js';
import type { LobbyService } from '../lobby/lobby-service.js';
import type { Metrics } from '../metrics/metrics.js';
import { SOCKET_EVENTS } from '../protocol/events.js';
import { ActionMessageSchema } from '../protocol/socket-action.js';
import type { ActionAck } from '../protocol/socket-action.js';
import { ChatSendSchema } from '../protocol/socket-chat.js';
import type { ChatAck, ChatMessage } from '../protocol/socket-chat.js';
import type { GameErrorMessage } from '../protocol/socket-game-error.js';
import type { LobbyMessage } from '../protocol/socket-lobby.js';
import { ResyncMessageSchema } from '../protocol/socket-resync.js';
import type { ResyncAck } from '../protocol/socket-resync.js';
import type { StateMessage } from '../protocol/socket-state.js';
import type { UpdateMessage } from '../protocol/socket-update.js';
import { z } from 'zod';
import type { ChatService } from './chat-service.js';
import { TokenBucket } from './token-bucket.js';

interface SocketData {
  gameId: string;
  viewer: Viewer;
}

type Incoming = (payload: unknown, ack: unknown) => void;
interface ClientToServer {
  action: Incoming;
  resync: Incoming;
  chat: Incoming;
}
interface ServerToClient {
  state: (message: StateMessage) => void;
  update: (message: UpdateMessage) => void;
  lobby: (message: LobbyMessage) => void;
  chat: (message: ChatMessage) => void;
  'game-error': (message: GameErrorMessage) => void;
}
interface BetweenServers {
  committed: (notice: { gameId: string; seq: number }) => void;
}
type GameServer = Server<ClientToServer, ServerToClient, BetweenServers, SocketData>;
type GameSocket = Socket<ClientToServer, ServerToClient, BetweenServers, SocketData>;

/** Any token shape reaches the lookup, so a wrong token is UNAUTHORIZED rather than malformed. */
const HandshakeSchema = z.object({
  gameId: z.string().min(1).max(64),
  token: z.string().min(1).max(200).optional(),
});

export const roomOfGame = (gameId: string) => `game:${gameId}`;
export const roomOfViewer = (gameId: string, viewer: Viewer) =>
  viewer === 'spectator' ? `game:${gameId}:spectators` : `game:${gameId}:seat:${viewer}`;

export interface RealtimeDeps {
  config: Config;
  lobby: LobbyService;
  games: GameService;
  chat: ChatService;
  metrics: Metrics;
  logger: Logger;
}

/**
 * Live play over Socket.io: who a connection is (a seat by token, or a spectator), actions into
 * the game service, and every commit out to each viewer as that viewer's own cut of the game.
 */
export class Realtime {
  readonly io: GameServer;
  #adapterPool: pg.Pool | undefined;

  constructor(
    httpServer: HttpServer,
    private readonly deps: RealtimeDeps,
  ) {
    const { config } = deps;
    this.io = new Server<ClientToServer, ServerToClient, BetweenServers, SocketData>(httpServer, {
      // The transport's own hard limit; anything between MESSAGE_LIMIT and this is refused with
      // a code instead of a dropped connection.
      maxHttpBufferSize: Math.max(config.MESSAGE_LIMIT * 8, 1_000_000),
      serveClient: false,
      cors: corsOption(config.CORS_ORIGIN),
    });
    if (config.DATABASE_URL !== undefined) {
      // Its own small pool: the adapter holds one connection open for LISTEN.
      this.#adapterPool = resilientPool(config.DATABASE_URL, 3);
      this.io.adapter(
        createAdapter(this.#adapterPool, {
          errorHandler: (error) => {
            deps.logger.warn({ err: error }, 'socket.io adapter error');
          },
        }),
      );
    }
    this.io.use((socket, next) => {
      this.#authenticate(socket).then(
        () => {
          next();
        },
        (error: unknown) => {
          const apiError =
            error instanceof ApiError
              ? error
              : new ApiError('INTERNAL', 'The server could not check the connection.');
          if (!(error instanceof ApiError)) deps.logger.error({ err: error }, 'socket auth failed');
          const refused = new Error(apiError.code) as Error & { data: unknown };
          refused.data = { code: apiError.code, message: apiError.message };
          next(refused);
        },
      );
    });
    // Another process committed an action: if anyone here watches that game, catch up from the
    // log, which emits each missed step to the local viewers in order.
    // A game this process does not hold yet (just started elsewhere, or evicted) is loaded and
    // its local viewers get a fresh state instead.
    this.io.on('committed', ({ gameId }) => {
      if ((this.io.of('/').adapter.rooms.get(roomOfGame(gameId))?.size ?? 0) === 0) return;
      const wasCached = deps.games.isCached(gameId);
      deps.games.read(gameId).then(
        (entry) => {
          if (!wasCached && entry) this.#emitStates(gameId, entry.seq, entry.state);
        },
        (error: unknown) => {
          deps.logger.warn({ err: error, gameId }, 'catch-up failed');
        },
      );
    });
    this.io.on('connection', (socket) => {
      this.#onConnection(socket);
    });
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

  #emitStep(committed: Committed, seed: string | undefined): void {
    const viewers: Viewer[] = [...committed.state.players.keys(), 'spectator'];
    for (const viewer of viewers) {
      const message: UpdateMessage = {
        gameId: committed.gameId,
        seq: committed.seq,
        seat: committed.seat,
        events: eventsFor(committed.events, viewer),
        view: view(committed.state, viewer),
        ...(seed === undefined ? {} : { seed }),
      };
      this.io.local.to(roomOfViewer(committed.gameId, viewer)).emit(SOCKET_EVENTS.update, message);
    }
    // The final lobby record, with the seed, goes to everyone through the adapter, once.
    if (committed.over && committed.local) this.lobbyChanged(committed.gameId);
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

  /** Sends the initial state to each connected viewer of a game that just started. */
  started(gameId: string, state: GameState): void {
    this.#emitStates(gameId, 0, state);
    if (this.#adapterPool !== undefined) {
      this.io.serverSideEmit('committed', { gameId, seq: 0 });
    }
  }

  #emitStates(gameId: string, seq: number, state: GameState): void {
    const viewers: Viewer[] = [...state.players.keys(), 'spectator'];
    for (const viewer of viewers) {
      const message: StateMessage = { gameId, seq, viewer, view: view(state, viewer) };
      this.io.local.to(roomOfViewer(gameId, viewer)).emit(SOCKET_EVENTS.state, message);
    }
  }

  /** Closes this process's connections only: other processes keep theirs. */
  async close(): Promise<void> {
    // Socket by socket rather than through the adapter: each client gets its disconnect packet
    // before the transport closes, and other processes' clients are left alone.
    for (const socket of this.io.of('/').sockets.values()) socket.disconnect();
    this.io.engine.close();
    await Promise.resolve(this.io.of('/').adapter.close());
    if (this.#adapterPool) {
      // The adapter never hands back a LISTEN connection that PostgreSQL cut, and pool.end()
      // would wait for it forever; the process is stopping, so give it a moment, not forever.
      await Promise.race([this.#adapterPool.end(), delay(2000, undefined, { ref: false })]);
    }
  }

  async #authenticate(socket: GameSocket): Promise<void> {
    const parsed = HandshakeSchema.safeParse(socket.handshake.auth);
    if (!parsed.success) {
      throw new ApiError('BAD_REQUEST', 'Connect with auth: { gameId, token? }.');
    }
    const { gameId, token } = parsed.data;
    await this.deps.lobby.get(gameId);
    const viewer =
      token === undefined ? 'spectator' : (await this.deps.lobby.authenticate(gameId, token)).seat;
    socket.data = { gameId, viewer };
  }

  #onConnection(socket: GameSocket): void {
    const { gameId, viewer } = socket.data;
    const { config, metrics } = this.deps;
    const log = this.deps.logger.child({ gameId, seat: viewer, socket: socket.id });
    const kind = viewer === 'spectator' ? 'spectator' : 'seat';
    metrics.connections.inc({ viewer: kind });
    log.debug('connected');
    socket.on('disconnect', (reason) => {
      metrics.connections.dec({ viewer: kind });
      log.debug({ reason }, 'disconnected');
    });
    void socket.join([roomOfGame(gameId), roomOfViewer(gameId, viewer)]);
    const actionBucket = new TokenBucket(config.ACTION_BURST, config.ACTION_RATE);
    const chatBucket = new TokenBucket(config.CHAT_BURST, config.CHAT_PER_MINUTE / 60);

    socket.on(SOCKET_EVENTS.action, (payload: unknown, maybeAck: unknown) => {
      const ack = asAck(maybeAck);
      const early = this.#precheck(payload, viewer, actionBucket);
      if (early) {
        metrics.observeAction(early.error.code, 0);
        ack(early);
        return;
      }
      const parsed = ActionMessageSchema.safeParse(payload);
      if (!parsed.success || viewer === 'spectator') {
        ack(refusal('BAD_REQUEST', 'Send action as { id, action }.'));
        return;
      }
      this.deps.games
        .submit(gameId, viewer, parsed.data.id, parsed.data.action, (result) => {
          if (!result.ok) log.info({ code: result.error.code }, 'action refused');
          ack(result);
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'action failed');
        });
    });

    socket.on(SOCKET_EVENTS.resync, (payload: unknown, maybeAck: unknown) => {
      const ack = asAck(maybeAck);
      const parsed = ResyncMessageSchema.safeParse(payload);
      if (!parsed.success) {
        ack(refusal('BAD_REQUEST', 'Send resync as { sinceSeq }.'));
        return;
      }
      this.#resync(socket, parsed.data.sinceSeq).then(ack, (error: unknown) => {
        log.error({ err: error }, 'resync failed');
        ack(refusal('INTERNAL', 'The server could not resync.'));
      });
    });

    socket.on(SOCKET_EVENTS.chat, (payload: unknown, maybeAck: unknown) => {
      const ack = asAck(maybeAck);
      const early = this.#precheck(payload, viewer, chatBucket);
      if (early) {
        ack(early);
        return;
      }
      this.#chat(gameId, viewer as number, payload).then(ack, (error: unknown) => {
        if (error instanceof ApiError) {
          ack({ ok: false, error: error.toJSON() });
          return;
        }
        log.error({ err: error }, 'chat failed');
        ack(refusal('INTERNAL', 'The server could not store the message.'));
      });
    });

    void this.#welcome(socket).catch((error: unknown) => {
      // A game stored in a shape this server cannot read stays listed, read-only, with the reason.
      if (error instanceof StateMigrationError) {
        log.warn({ err: error }, 'stored game in an unreadable shape');
        socket.emit(SOCKET_EVENTS.gameError, { code: 'UNAVAILABLE', message: error.message });
        return;
      }
      log.error({ err: error }, 'welcome failed');
      socket.emit(SOCKET_EVENTS.gameError, {
        code: 'INTERNAL',
        message: 'The server could not load the game.',
      });
    });
  }

  /** Checks shared by everything a client sends: size, who may send, how often. */
  #precheck(
    payload: unknown,
    viewer: Viewer,
    bucket: TokenBucket,
  ): (ActionAck & { ok: false }) | undefined {
    if (jsonSize(payload) > this.deps.config.MESSAGE_LIMIT) {
      return refusal(
        'PAYLOAD_TOO_LARGE',
        `Messages are limited to ${this.deps.config.MESSAGE_LIMIT} bytes.`,
      );
    }
    if (viewer === 'spectator') {
      return refusal('SPECTATOR_READ_ONLY', 'Spectators watch; they cannot act or talk.');
    }
    if (!bucket.take()) return refusal('RATE_LIMITED', 'Too many messages; slow down.');
    return undefined;
  }

  /** On (re)connect: the lobby record, the current state if started, and the visible chat. */
  async #welcome(socket: GameSocket): Promise<void> {
    const { gameId, viewer } = socket.data;
    const game = await this.deps.lobby.get(gameId);
    socket.emit(SOCKET_EVENTS.lobby, { game });
    if (game.status !== 'lobby') await this.#sendState(socket);
    for (const message of await this.deps.chat.visibleTo(gameId, viewer)) {
      socket.emit(SOCKET_EVENTS.chat, message);
    }
  }

  async #sendState(socket: GameSocket): Promise<number> {
    const { gameId, viewer } = socket.data;
    const current = await this.deps.games.read(gameId);
    if (!current) return 0;
    const message: StateMessage = {
      gameId,
      seq: current.seq,
      viewer,
      view: view(current.state, viewer),
    };
    socket.emit(SOCKET_EVENTS.state, message);
    return current.seq;
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

  async #chat(gameId: string, from: number, payload: unknown): Promise<ChatAck> {
    const parsed = ChatSendSchema.safeParse(payload);
    if (!parsed.success) {
      throw new ApiError('BAD_REQUEST', 'Send chat as { id, to?, text } with plain text.', {
        issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
    }
    const { id, to, text } = parsed.data;
    if (to !== undefined) {
      const game = await this.deps.lobby.get(gameId);
      if (to === from || to >= game.seats.length) {
        throw new ApiError('SEAT_NOT_FOUND', 'Private messages go to another seat of the game.');
      }
    }
    const { message, duplicate } = await this.deps.chat.post(gameId, from, to, id, text);
    if (!duplicate) {
      this.deps.metrics.chatMessages.inc();
      if (message.to === undefined) {
        this.io.to(roomOfGame(gameId)).emit(SOCKET_EVENTS.chat, message);
      } else {
        this.io
          .to([roomOfViewer(gameId, from), roomOfViewer(gameId, message.to)])
          .emit(SOCKET_EVENTS.chat, message);
      }
    }
    return { ok: true, seq: message.seq };
  }
}

function asAck(candidate: unknown): (answer: unknown) => void {
  return typeof candidate === 'function'
    ? (candidate as (answer: unknown) => void)
    : () => {
        // A client that asked for no acknowledgement gets none.
      };
}

function jsonSize(payload: unknown): number {
  try {
    // JSON.stringify(undefined) is undefined at run time, whatever its declared type says.
    const text = JSON.stringify(payload) as string | undefined;
    return text === undefined ? 0 : Buffer.byteLength(text, 'utf8');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
