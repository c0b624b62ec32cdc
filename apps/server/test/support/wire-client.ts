import WebSocket from 'ws';

/**
 * A socket.io client for the load generator: the same wire as `socket.io-client` (engine.io 4
 * over a WebSocket, socket.io 5 packets on the main namespace, text only), with only what the bot
 * tables use: connect with `auth`, events in, events out with an acknowledgement and a time-out,
 * and reconnecting. The browser keeps `socket.io-client`; the generator shares two cores with
 * the server it measures, and the library's emitter chain, manager and debug build were about a
 * tenth of the generator's CPU in a perf profile at M = 50.
 *
 * The wire (https://socket.io/docs/v4/socket-io-protocol/): engine.io packets are a digit and a
 * payload, one per WebSocket frame: `0` open (the server's handshake JSON), `1` close, `2` ping,
 * `3` pong, `4` message. A message carries a socket.io packet: `0` CONNECT (auth JSON),
 * `1` DISCONNECT, `2` EVENT, `3` ACK, `4` CONNECT_ERROR, then an ack id's digits, then JSON.
 */

export interface WireClientOptions {
  auth: Record<string, unknown>;
  /** connect again after a lost connection (not after `close`, nor after a refused handshake) */
  reconnect?: boolean;
  /** the first wait before connecting again, doubled up to `reconnectDelayMaxMs`, ± 20 % */
  reconnectDelayMs?: number;
  reconnectDelayMaxMs?: number;
  /** each engine.io message's text, as received (the frame's payload) */
  onFrame?: (text: string) => void;
  /** the server's engine.io handshake arrived (the client answers it with its CONNECT at once) */
  onHandshake?: () => void;
}

/** Why an acknowledgement did not come: the time-out ran out, or the connection went first. */
export class AckError extends Error {}

type Listener = (payload: unknown) => void;
type AckCallback = (error: AckError | null, answer: unknown) => void;

interface PendingAck {
  callback: AckCallback;
  timer: NodeJS.Timeout;
}

/** The handshake the server sends first (engine.io `0` packet). */
interface Handshake {
  pingInterval: number;
  pingTimeout: number;
}

export class WireClient {
  /** the socket.io handshake was accepted and the connection is open */
  connected = false;
  readonly #url: string;
  readonly #options: WireClientOptions;
  readonly #listeners = new Map<string, Set<Listener>>();
  /** the listener each `once` wrapper stands for, so that `off` finds it by the original */
  readonly #onceOf = new WeakMap<Listener, Listener>();
  readonly #acks = new Map<number, PendingAck>();
  #ws: WebSocket | undefined;
  #nextAckId = 0;
  #attempt = 0;
  #closed = false;
  #refused = false;
  #pingTimer: NodeJS.Timeout | undefined;
  #retryTimer: NodeJS.Timeout | undefined;
  #handshake: Handshake | undefined;

  constructor(url: string, options: WireClientOptions) {
    const address = new URL('/socket.io/', url);
    address.protocol = address.protocol === 'https:' ? 'wss:' : 'ws:';
    address.search = 'EIO=4&transport=websocket';
    this.#url = address.toString();
    this.#options = options;
    this.#open();
  }

  /** Whether this client is connected or will try again, as `socket.io-client`'s `active`. */
  get active(): boolean {
    return !this.#closed && !this.#refused && (this.connected || this.#options.reconnect === true);
  }

  /**
   * `connect`, `disconnect`, `connect_error` (an Error) and the server's events by name.
   * Listeners run in the order they were added.
   */
  on(event: string, listener: Listener): void {
    let set = this.#listeners.get(event);
    if (set === undefined) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener);
  }

  /** Removes `listener`, whether it was added with `on` or with `once`. */
  off(event: string, listener: Listener): void {
    const set = this.#listeners.get(event);
    if (set === undefined) return;
    set.delete(listener);
    for (const added of set) {
      if (this.#onceOf.get(added) === listener) set.delete(added);
    }
  }

  once(event: string, listener: Listener): void {
    const wrapped: Listener = (payload) => {
      this.off(event, wrapped);
      listener(payload);
    };
    this.#onceOf.set(wrapped, listener);
    this.on(event, wrapped);
  }

  /**
   * Sends an event whose answer `callback` gets, or an AckError after `timeoutMs` or when the
   * connection goes first. Sent only while connected; otherwise it fails at once.
   */
  emitWithAck(event: string, payload: unknown, timeoutMs: number, callback: AckCallback): void {
    const ws = this.#ws;
    if (!this.connected || ws === undefined) {
      queueMicrotask(() => {
        callback(new AckError('not connected'), undefined);
      });
      return;
    }
    const id = this.#nextAckId++;
    const timer = setTimeout(() => {
      this.#acks.delete(id);
      callback(new AckError('operation has timed out'), undefined);
    }, timeoutMs);
    this.#acks.set(id, { callback, timer });
    ws.send(`42${String(id)}${JSON.stringify([event, payload])}`);
  }

  /** Leaves for good: the server hears a DISCONNECT, nothing reconnects. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    const ws = this.#ws;
    if (ws !== undefined && ws.readyState === WebSocket.OPEN && this.connected) ws.send('41');
    this.#lost('io client disconnect');
    ws?.close();
  }

  #open(): void {
    // The server's frames are trusted: ws need not check each text frame's UTF-8 first.
    const ws = new WebSocket(this.#url, { perMessageDeflate: false, skipUTF8Validation: true });
    this.#ws = ws;
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (ws !== this.#ws || isBinary) return;
      this.#packet(ws, data.toString());
    });
    ws.on('error', (error: Error) => {
      if (ws !== this.#ws) return;
      if (!this.connected) this.#emit('connect_error', error);
    });
    ws.on('close', () => {
      if (ws !== this.#ws) return;
      this.#lost('transport close');
      this.#retry();
    });
  }

  #packet(ws: WebSocket, text: string): void {
    switch (text.charCodeAt(0)) {
      case 0x30: // 0 open: the handshake; then socket.io's CONNECT with the auth
        this.#handshake = JSON.parse(text.slice(1)) as Handshake;
        this.#options.onHandshake?.();
        this.#armPing();
        ws.send(`40${JSON.stringify(this.#options.auth)}`);
        return;
      case 0x32: // 2 ping
        this.#armPing();
        ws.send('3');
        return;
      case 0x31: // 1 close
        ws.close();
        return;
      case 0x34: // 4 message
        this.#options.onFrame?.(text.slice(1));
        this.#message(ws, text);
        return;
      default:
    }
  }

  #message(ws: WebSocket, text: string): void {
    switch (text.charCodeAt(1)) {
      case 0x30: // 0 CONNECT accepted
        this.connected = true;
        this.#attempt = 0;
        this.#emit('connect', undefined);
        return;
      case 0x34: {
        // 4 CONNECT_ERROR: the server refused the handshake; final, as socket.io-client has it
        const data = JSON.parse(text.slice(2)) as { message?: string };
        this.#refused = true;
        this.#emit('connect_error', new Error(data.message ?? 'connection refused'));
        ws.close();
        return;
      }
      case 0x31: // 1 DISCONNECT by the server: final too
        this.#refused = true;
        ws.close();
        return;
      case 0x32: {
        // 2 EVENT: `["name", payload]`
        const [event, payload] = JSON.parse(text.slice(2)) as [string, unknown];
        this.#emit(event, payload);
        return;
      }
      case 0x33: {
        // 3 ACK: the id's digits, then `[answer]`
        const bracket = text.indexOf('[', 2);
        const id = Number(text.slice(2, bracket));
        const pending = this.#acks.get(id);
        if (pending === undefined) return;
        this.#acks.delete(id);
        clearTimeout(pending.timer);
        const [answer] = JSON.parse(text.slice(bracket)) as [unknown];
        pending.callback(null, answer);
        return;
      }
      default:
    }
  }

  /** The server pings every pingInterval; without one in pingInterval + pingTimeout it is gone. */
  #armPing(): void {
    clearTimeout(this.#pingTimer);
    const handshake = this.#handshake;
    if (handshake === undefined) return;
    const ws = this.#ws;
    this.#pingTimer = setTimeout(() => {
      if (ws === this.#ws) ws?.terminate();
    }, handshake.pingInterval + handshake.pingTimeout);
  }

  /**
   * The connection is gone: `disconnect` first, then the acknowledgements still awaited fail, in
   * socket.io-client's order (a listener that forgets its pending work on `disconnect` is not
   * told of it again as a time-out).
   */
  #lost(reason: string): void {
    clearTimeout(this.#pingTimer);
    if (this.connected) {
      this.connected = false;
      this.#emit('disconnect', reason);
    }
    const acks = [...this.#acks.values()];
    this.#acks.clear();
    for (const { callback, timer } of acks) {
      clearTimeout(timer);
      callback(new AckError(reason), undefined);
    }
  }

  #retry(): void {
    if (this.#closed || this.#refused || this.#options.reconnect !== true) return;
    const base = this.#options.reconnectDelayMs ?? 100;
    const max = this.#options.reconnectDelayMaxMs ?? 500;
    const delay = Math.min(max, base * 2 ** this.#attempt++) * (0.8 + Math.random() * 0.4);
    this.#retryTimer = setTimeout(() => {
      if (!this.#closed) this.#open();
    }, delay);
  }

  #emit(event: string, payload: unknown): void {
    const set = this.#listeners.get(event);
    if (set === undefined) return;
    // A Set's iteration skips what a listener removes before reaching it and visits what it adds.
    for (const listener of set) listener(payload);
  }
}
