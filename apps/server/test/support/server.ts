import { Agent } from 'node:http';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { buildApp } from '../../src/app.js';
import type { App } from '../../src/app.js';
import type { Config } from '../../src/config/config.js';
import type { ActionAck } from '../../src/protocol/socket-action.js';
import type { ChatMessage } from '../../src/protocol/socket-chat.js';
import type { LobbyMessage } from '../../src/protocol/socket-lobby.js';
import type { StateMessage } from '../../src/protocol/socket-state.js';
import type { UpdateMessage } from '../../src/protocol/socket-update.js';

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

/** A socket.io client that records everything the server sends it. */
export class Client {
  readonly states: StateMessage[] = [];
  readonly updates: UpdateMessage[] = [];
  readonly lobbies: LobbyMessage[] = [];
  readonly chats: ChatMessage[] = [];
  /** every payload received, serialised, for leak checks */
  readonly raw: string[] = [];
  #waiters: (() => void)[] = [];

  private constructor(readonly socket: Socket) {
    socket.onAny((event: string, payload: unknown) => {
      this.raw.push(JSON.stringify(payload));
      if (event === 'state') this.states.push(payload as StateMessage);
      if (event === 'update') this.updates.push(payload as UpdateMessage);
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

  /** The newest view this client holds, from a `state` or an `update`. */
  get latest(): { seq: number; view: unknown } | undefined {
    const lastState = this.states.at(-1);
    const lastUpdate = this.updates.at(-1);
    if (!lastState) return lastUpdate;
    if (!lastUpdate) return lastState;
    return lastUpdate.seq > lastState.seq ? lastUpdate : lastState;
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
