import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GameConnection, NO_STATE_ERROR, type ConnectionHandlers } from './connection';
import type { GameErrorMessage, StateMessage } from './protocol';

/**
 * A stand-in for the game server, over a real Socket.io connection: it answers each connection
 * and each resync as the test says, so the client meets states it cannot read, or none at all.
 */
class FakeServer {
  readonly resyncs: number[] = [];
  private constructor(
    private readonly http: HttpServer,
    private readonly io: Server,
  ) {}

  static async start(
    onConnect: (socket: Socket) => void,
    onResync: (socket: Socket, n: number) => unknown,
  ): Promise<FakeServer> {
    const http = createServer();
    const io = new Server(http);
    const server = new FakeServer(http, io);
    io.on('connection', (socket) => {
      socket.on('resync', (_payload: unknown, ack: (answer: unknown) => void) => {
        server.resyncs.push(Date.now());
        ack(onResync(socket, server.resyncs.length));
      });
      onConnect(socket);
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${String((this.http.address() as AddressInfo).port)}`;
  }

  async stop(): Promise<void> {
    await this.io.close();
  }
}

const goodState = (seq: number): StateMessage => ({
  gameId: 'g1',
  seq,
  viewer: 'spectator',
  view: { round: 1 },
});
/** seq may not be negative: the client's schema refuses the message. */
const badState = { gameId: 'g1', seq: -1, viewer: 'spectator', view: {} };

function recorder() {
  const states: StateMessage[] = [];
  const errors: GameErrorMessage[] = [];
  const handlers: ConnectionHandlers = {
    status: () => undefined,
    lobby: () => undefined,
    state: (m) => states.push(m),
    update: () => undefined,
    chat: () => undefined,
    gameError: (m) => errors.push(m),
    missed: () => undefined,
  };
  return { states, errors, handlers };
}

const until = async (done: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup) await step();
  cleanup = [];
  vi.restoreAllMocks();
});

function connect(server: FakeServer, handlers: ConnectionHandlers, stateWaitMs?: number) {
  const conn = new GameConnection(
    {
      gameId: 'g1',
      lastSeq: () => 0,
      url: server.url,
      ...(stateWaitMs === undefined ? {} : { stateWaitMs }),
    },
    handlers,
  );
  cleanup.push(async () => {
    conn.close();
    await server.stop();
  });
  return conn;
}

describe('GameConnection: a state it cannot read, or none at all, does not leave the page waiting', () => {
  it('a state that cannot be read is reported on the console and asked for again at once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = await FakeServer.start(
      (socket) => socket.emit('state', badState),
      (socket) => {
        socket.emit('state', goodState(4));
        return { ok: true, seq: 4, missed: [] };
      },
    );
    const { states, errors, handlers } = recorder();
    connect(server, handlers);
    // At once: well before the join's own wait for a state (3 s) is over.
    await until(() => states.length === 1, 1500);
    expect(states[0]?.seq).toBe(4);
    expect(server.resyncs).toHaveLength(1);
    expect(errors).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      'outer-rim: a "state" message from the server could not be read',
      expect.objectContaining({ issues: expect.any(Array) as unknown }),
    );
  });

  it('an update that cannot be read asks for a fresh state', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = await FakeServer.start(
      (socket) => {
        socket.emit('state', goodState(0));
        socket.emit('update', { gameId: 'g1', seq: 1, seat: 0, events: [], hash: 'not a number' });
      },
      (socket) => {
        socket.emit('state', goodState(1));
        return { ok: true, seq: 1, missed: [] };
      },
    );
    const { states, handlers } = recorder();
    connect(server, handlers);
    await until(() => states.length === 2);
    expect(states.map((s) => s.seq)).toEqual([0, 1]);
    expect(server.resyncs).toHaveLength(1);
  });

  it('states that can never be read: a few resyncs, then the page is told, and no more asking', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = await FakeServer.start(
      (socket) => socket.emit('state', badState),
      (socket) => {
        socket.emit('state', badState);
        return { ok: true, seq: 0, missed: [] };
      },
    );
    const { states, errors, handlers } = recorder();
    connect(server, handlers, 100);
    await until(() => errors.length > 0);
    expect(errors).toEqual([NO_STATE_ERROR]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.resyncs).toHaveLength(3);
    expect(errors).toHaveLength(1);
    expect(states).toEqual([]);
  });

  it('no state on join and the first resync refused: it asks again until a state comes', async () => {
    const server = await FakeServer.start(
      () => undefined,
      (socket, n) => {
        if (n === 1) return { ok: false, error: { code: 'RATE_LIMITED', message: 'slow down' } };
        socket.emit('state', goodState(7));
        return { ok: true, seq: 7, missed: [] };
      },
    );
    const { states, errors, handlers } = recorder();
    connect(server, handlers, 100);
    await until(() => states.length === 1);
    expect(states[0]?.seq).toBe(7);
    expect(server.resyncs).toHaveLength(2);
    expect(errors).toEqual([]);
  });
});

const lobbyRecord = (status: 'lobby' | 'playing') => ({
  game: {
    id: 'game-0001',
    status,
    options: {},
    seats: [],
    creatorSeat: 0,
    seedCommitment: 'a'.repeat(64),
    seed: null,
    seq: 0,
    winner: null,
    winners: null,
    createdAt: '2026-12-03T00:00:00.000Z',
  },
});

describe('GameConnection: a game in its waiting room owes no state', () => {
  it('the wait ends as "not started": no resync, no error; the start sets the wait going again', async () => {
    let start: (() => void) | undefined;
    const server = await FakeServer.start(
      (socket) => {
        socket.emit('lobby', lobbyRecord('lobby'));
        start = () => {
          socket.emit('lobby', lobbyRecord('playing'));
        };
      },
      (socket) => {
        socket.emit('state', goodState(0));
        return { ok: true, seq: 0, missed: [] };
      },
    );
    const waits: string[] = [];
    const { states, errors, handlers } = recorder();
    connect(server, { ...handlers, stateWait: (outcome) => waits.push(outcome) }, 50);
    await until(() => waits.length === 1);
    expect(waits).toEqual(['not-started']);
    expect(server.resyncs).toEqual([]);
    expect(errors).toEqual([]);
    // Started, but its state lost on the way: the wait runs again and asks for it.
    start?.();
    await until(() => states.length === 1);
    expect(waits).toEqual(['not-started', 'asked-again', 'received']);
    expect(server.resyncs).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
