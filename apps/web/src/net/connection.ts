import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import {
  ActionAckSchema,
  ChatAckSchema,
  ChatMessageSchema,
  ConnectErrorDataSchema,
  GameErrorMessageSchema,
  LobbyMessageSchema,
  SOCKET_EVENTS,
  StateMessageSchema,
  UpdateMessageSchema,
  PresenceMessageSchema,
  SpectatorChatAckSchema,
  SpectatorChatMessageSchema,
  UndoNoticeSchema,
  type UndoNotice,
  type PresenceMessage,
  type SpectatorChatAck,
  type SpectatorChatMessage,
  type ActionAck,
  type ChatAck,
  type ChatMessage,
  type GameErrorMessage,
  type LobbyMessage,
  type StateMessage,
  type UpdateMessage,
} from './protocol';

export type ConnectionStatus =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'online' }
  /** Lost the server; socket.io is retrying on its own. */
  | { readonly kind: 'reconnecting'; readonly attempt: number }
  /** The server refused us (bad token, no such game): retrying would not help. */
  | { readonly kind: 'refused'; readonly code: string; readonly message: string };

export interface ConnectionHandlers {
  status(status: ConnectionStatus): void;
  lobby(message: LobbyMessage): void;
  state(message: StateMessage): void;
  update(message: UpdateMessage): void;
  chat(message: ChatMessage): void;
  gameError(message: GameErrorMessage): void;
  /** Events missed while away, from a resync's acknowledgement, for the log. */
  missed(entries: readonly MissedEntry[]): void;
  /** Which seats have their player connected now. */
  presence?(message: PresenceMessage): void;
  /**
   * How the wait for the game's state ended: 'not-started' (the game is still in its waiting
   * room, so no state is owed and nothing is asked), 'asked-again' (none came: a resync) or
   * 'received'. Observable, so a page (and a test) can tell the wait is over without a clock.
   */
  stateWait?(outcome: StateWaitOutcome): void;
  /** A line of the spectators' channel (spectators; everyone once the game is over). */
  spectatorChat?(message: SpectatorChatMessage): void;
  /** An undo was asked, done or declined (a `state` with a lower seq follows one done). */
  undo?(message: UndoNotice): void;
}

export type StateWaitOutcome = 'not-started' | 'asked-again' | 'received';

export interface MissedEntry {
  readonly seq: number;
  readonly seat: number;
  readonly events: readonly unknown[];
}

const ResyncAckSchema = z.object({
  ok: z.literal(true),
  missed: z
    .array(z.object({ seq: z.int(), seat: z.int(), events: z.array(z.unknown()) }))
    .default([]),
});

export interface ConnectionOptions {
  readonly gameId: string;
  readonly token?: string;
  /** The last sequence number this client holds, asked for again after a reconnect. */
  readonly lastSeq: () => number;
  /** Empty: the page's own origin (production, and the dev server's proxy). */
  readonly url?: string;
  /** How long a join waits for its state before it asks again (STATE_WAIT_MS; tests shorten it). */
  readonly stateWaitMs?: number;
}

const ACK_TIMEOUT_MS = 10_000;
/** How long a join waits for its state before it asks for one. */
const STATE_WAIT_MS = 3_000;
const ATTEMPTS = 3;
/** How many times in a row the client asks again for a state it did not get or could not read. */
const STATE_ATTEMPTS = 3;

/** The notice a page shows when the game's state cannot be had: it does not wait in silence. */
export const NO_STATE_ERROR = {
  code: 'NO_STATE',
  message:
    'This page could not get the game from the server (its messages could not be read). Reload the page.',
} as const;

function clientId(): string {
  return crypto.randomUUID();
}

/**
 * One live game over Socket.io. Messages are checked against the server's
 * schemas before they reach the page; a malformed one is not trusted: it is
 * reported on the console, and a `state` or `update` that cannot be read is
 * asked for again (a few times, then the page is told).
 */
export class GameConnection {
  private readonly socket: Socket;
  private attempts = 0;
  private everConnected = false;
  /** `state` messages received, so a join can tell whether its own came. */
  private statesSeen = 0;
  /** Resyncs asked since the last readable `state` because none came or one could not be read. */
  private stateAttempts = 0;
  private stateTimer: ReturnType<typeof setTimeout> | undefined;
  /** From the last `lobby` message: a game still in its waiting room owes no `state`. */
  private started: boolean | undefined;
  private closed = false;

  constructor(
    private readonly options: ConnectionOptions,
    private readonly handlers: ConnectionHandlers,
  ) {
    const auth =
      options.token === undefined
        ? { gameId: options.gameId }
        : { gameId: options.gameId, token: options.token };
    this.socket = io(options.url ?? '', {
      auth,
      transports: ['websocket'],
      reconnectionDelay: 500,
      reconnectionDelayMax: 3000,
    });
    const socket = this.socket;
    handlers.status({ kind: 'connecting' });
    socket.on('connect', () => {
      this.attempts = 0;
      handlers.status({ kind: 'online' });
      // The server sends a fresh state on join; after an outage we also ask for
      // exactly what we missed so the log stays complete.
      if (this.everConnected) this.resync();
      this.everConnected = true;
      // A join's state that does not come (lost, or refused as unreadable) would leave the page
      // waiting for ever: ask again, which answers with a fresh state.
      this.stateAttempts = 0;
      this.expectState();
    });
    socket.on('disconnect', (reason) => {
      handlers.status({ kind: 'reconnecting', attempt: this.attempts });
      // A server going down for a restart closes our socket itself, and socket.io
      // does not retry after that on its own.
      if (reason === 'io server disconnect' && !this.closed) {
        setTimeout(() => {
          if (!this.closed) socket.connect();
        }, 500);
      }
    });
    socket.on('connect_error', (error: Error & { data?: unknown }) => {
      const refusal = ConnectErrorDataSchema.safeParse(error.data);
      if (refusal.success && !socket.active) {
        handlers.status({ kind: 'refused', ...refusal.data });
        return;
      }
      this.attempts += 1;
      handlers.status({ kind: 'reconnecting', attempt: this.attempts });
    });
    listen(socket, SOCKET_EVENTS.lobby, LobbyMessageSchema, (m) => {
      const started = m.game.status !== 'lobby';
      // The game has just started: its first state is owed now.
      if (started && this.started === false && this.statesSeen === 0) {
        this.stateAttempts = 0;
        this.expectState();
      }
      this.started = started;
      handlers.lobby(m);
    });
    listen(
      socket,
      SOCKET_EVENTS.state,
      StateMessageSchema,
      (m) => {
        this.statesSeen += 1;
        this.stateAttempts = 0;
        clearTimeout(this.stateTimer);
        handlers.state(m);
        handlers.stateWait?.('received');
      },
      () => {
        this.askAgain();
      },
    );
    listen(
      socket,
      SOCKET_EVENTS.update,
      UpdateMessageSchema,
      (m) => {
        handlers.update(m);
      },
      // The view held is behind now, and the next update would not apply to it.
      () => {
        this.askAgain();
      },
    );
    listen(socket, SOCKET_EVENTS.chat, ChatMessageSchema, (m) => {
      handlers.chat(m);
    });
    listen(socket, SOCKET_EVENTS.gameError, GameErrorMessageSchema, (m) => {
      handlers.gameError(m);
    });
    listen(socket, SOCKET_EVENTS.presence, PresenceMessageSchema, (m) => {
      handlers.presence?.(m);
    });
    listen(socket, SOCKET_EVENTS.spectatorChat, SpectatorChatMessageSchema, (m) => {
      handlers.spectatorChat?.(m);
    });
    listen(socket, SOCKET_EVENTS.undo, UndoNoticeSchema, (m) => {
      handlers.undo?.(m);
    });
  }

  /** Asks for every update after the last one held (or a fresh state). */
  resync(): void {
    this.socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck(SOCKET_EVENTS.resync, { sinceSeq: this.options.lastSeq() })
      .then(
        (answer: unknown) => {
          const ack = ResyncAckSchema.safeParse(answer);
          if (ack.success) this.handlers.missed(ack.data.missed);
        },
        () => {
          // No answer: the fresh `state` sent on every (re)connect still replaces the view.
        },
      );
  }

  /**
   * Asks again if no readable `state` comes within STATE_WAIT_MS, unless the game turns out to be
   * still in its waiting room: the server sends no state before the start, and its `lobby` message
   * on start sets the wait going again.
   */
  private expectState(): void {
    clearTimeout(this.stateTimer);
    const seen = this.statesSeen;
    this.stateTimer = setTimeout(() => {
      if (this.closed || !this.socket.connected || this.statesSeen !== seen) return;
      if (this.started === false) {
        this.stateAttempts = 0;
        this.handlers.stateWait?.('not-started');
        return;
      }
      this.handlers.stateWait?.('asked-again');
      this.askAgain();
    }, this.options.stateWaitMs ?? STATE_WAIT_MS);
  }

  /**
   * No readable state (none came, or a `state` or `update` could not be read): a resync, which
   * answers with a fresh state, a few times in a row; then the page is told instead of waiting.
   */
  private askAgain(): void {
    if (this.closed) return;
    if (this.stateAttempts >= STATE_ATTEMPTS) {
      clearTimeout(this.stateTimer);
      this.handlers.gameError(NO_STATE_ERROR);
      return;
    }
    this.stateAttempts += 1;
    this.resync();
    this.expectState();
  }

  /**
   * Sends an action under one client id. A lost acknowledgement is retried with
   * the same id, which the server answers without applying the action twice.
   * `decidedOn` is the seq of the state on screen when the player chose: the
   * server refuses it with STALE_STATE if this seat has acted since (another
   * tab) or what it was asked has changed.
   */
  async sendAction(action: unknown, decidedOn?: number): Promise<ActionAck> {
    const id = clientId();
    const answer = await this.emitWithRetry(
      SOCKET_EVENTS.action,
      decidedOn === undefined ? { id, action } : { id, action, seq: decidedOn },
    );
    const ack = ActionAckSchema.safeParse(answer);
    return ack.success ? ack.data : unanswered();
  }

  async sendChat(text: string, to?: number): Promise<ChatAck> {
    const id = clientId();
    const answer = await this.emitWithRetry(
      SOCKET_EVENTS.chat,
      to === undefined ? { id, text } : { id, to, text },
    );
    const ack = ChatAckSchema.safeParse(answer);
    return ack.success ? ack.data : unanswered();
  }

  /** A line in the spectators' channel, under the name the spectator chose. */
  async sendSpectatorChat(name: string, text: string): Promise<SpectatorChatAck> {
    const answer = await this.emitWithRetry(SOCKET_EVENTS.spectatorChat, {
      id: clientId(),
      name,
      text,
    });
    const ack = SpectatorChatAckSchema.safeParse(answer);
    return ack.success ? ack.data : unanswered();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.stateTimer);
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }

  private async emitWithRetry(event: string, payload: object): Promise<unknown> {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        return await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload);
      } catch {
        // No answer in time: the server may have restarted. Same id again.
      }
    }
    return undefined;
  }
}

function unanswered(): { ok: false; error: { code: string; message: string } } {
  return {
    ok: false,
    error: { code: 'UNAVAILABLE', message: 'The server did not answer. Try again in a moment.' },
  };
}

function listen<T>(
  socket: Socket,
  event: string,
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
  },
  handler: (message: T) => void,
  unreadable?: () => void,
): void {
  socket.on(event, (raw: unknown) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) {
      handler(parsed.data);
      return;
    }
    // Not trusted, but not dropped in silence either.
    console.warn(`outer-rim: a "${event}" message from the server could not be read`, {
      issues: parsed.error.issues,
    });
    unreadable?.();
  });
}
