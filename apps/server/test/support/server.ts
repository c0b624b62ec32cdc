import { Agent } from 'node:http';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { buildApp } from '../../src/app.js';
import type { App } from '../../src/app.js';
import type { Config } from '../../src/config/config.js';
import { viewHash, applyViewPatch } from '@outer-rim/protocol';
import type {
  ActionAck,
  ChatMessage,
  LobbyMessage,
  StateMessage,
  UpdateMessage,
} from '@outer-rim/protocol';

export interface RunningServer {
  app: App;
  url: string;
  close(): Promise<void>;
}

/** A real server on a real port (0: any free one). */
export async function startServer(config: Config): Promise<RunningServer> {
  const app = await buildApp(config);
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = app.fastify.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    close: () => app.fastify.close(),
  };
}

export interface HttpResult<T = unknown> {
  status: number;
  body: T;
}

export async function http<T = Record<string, unknown>>(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url + path, {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
}

/** An update as received, with the view it makes (undefined: it had no view to apply to). */
export type ReceivedUpdate = UpdateMessage & { view: unknown };

/**
 * A socket.io client that records everything the server sends it, and keeps its view as a
 * browser does: each update's patch applied to the view it holds, checked against the hash.
 */
export class Client {
  readonly states: StateMessage[] = [];
  readonly updates: ReceivedUpdate[] = [];
  /** updates whose patch made a view with another hash than the server's, or did not apply */
  readonly mismatches: number[] = [];
  #current: { seq: number; view: unknown } | undefined;
  readonly lobbies: LobbyMessage[] = [];
  readonly chats: ChatMessage[] = [];
  /** every payload received, serialised, for leak checks */
  readonly raw: string[] = [];
  #waiters: (() => void)[] = [];

  private constructor(readonly socket: Socket) {
    socket.onAny((event: string, payload: unknown) => {
      this.raw.push(JSON.stringify(payload));
      if (event === 'state') {
        const state = payload as StateMessage;
        this.states.push(state);
        this.#current = { seq: state.seq, view: state.view };
      }
      if (event === 'update') this.#receive(payload as UpdateMessage);
      if (event === 'lobby') this.lobbies.push(payload as LobbyMessage);
      if (event === 'chat') this.chats.push(payload as ChatMessage);
      const waiters = this.#waiters;
      this.#waiters = [];
      for (const wake of waiters) wake();
    });
  }

  /**
   * `via`: how the client reaches the server. By default WebSocket only, from 127.0.0.1. Behind a
   * proxy that hashes client addresses, `localAddress` (any of 127.0.0.0/8) picks who the client
   * is; `polling` keeps it on HTTP long-polling, which needs that stickiness.
   */
  static connect(
    url: string,
    auth: { gameId: string; token?: string },
    via: { localAddress?: string; polling?: boolean; headers?: Record<string, string> } = {},
  ): Promise<Client> {
    const { localAddress } = via;
    const socket = io(url, {
      auth,
      transports: via.polling === true ? ['polling'] : ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(via.headers === undefined ? {} : { extraHeaders: via.headers }),
      // engine.io-client hands `localAddress` to ws and `agent` to its long-polling requests; the
      // typings know neither as such.
      ...(localAddress === undefined
        ? {}
        : ({ localAddress, agent: new Agent({ localAddress }) } as unknown as { agent: string })),
    });
    const client = new Client(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => {
        resolve(client);
      });
      socket.once('connect_error', (error: Error & { data?: unknown }) => {
        socket.close();
        reject(Object.assign(new Error(error.message), { data: error.data }));
      });
    });
  }

  #receive(update: UpdateMessage): void {
    const current = this.#current;
    let view: unknown = update.view;
    if (update.patch !== undefined) {
      view = current?.seq === update.seq - 1 ? tryPatch(current.view, update.patch) : undefined;
    }
    if (view !== undefined && viewHash(view) !== update.hash) {
      this.mismatches.push(update.seq);
      view = undefined;
    } else if (view === undefined && current !== undefined && update.seq === current.seq + 1) {
      this.mismatches.push(update.seq);
    }
    this.updates.push({ ...update, view });
    if (view !== undefined && (current === undefined || update.seq > current.seq)) {
      this.#current = { seq: update.seq, view };
    }
  }

  /** The newest view this client holds, from a `state` or an `update`. */
  get latest(): { seq: number; view: unknown } | undefined {
    return this.#current;
  }

  async waitFor(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out waiting for the server');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  send<T = ActionAck>(event: string, payload: unknown): Promise<T> {
    return this.socket.timeout(10_000).emitWithAck(event, payload) as Promise<T>;
  }

  close(): void {
    this.socket.close();
  }
}

function tryPatch(view: unknown, patch: NonNullable<UpdateMessage['patch']>): unknown {
  try {
    return applyViewPatch(view, patch);
  } catch {
    return undefined;
  }
}
