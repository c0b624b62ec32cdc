import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { GameView } from '@outer-rim/rules';
import type { ActionAck, StateMessage, UpdateMessage } from '@outer-rim/protocol';
import { prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { fullLobby, quietAction, startGame } from './support/play.js';
import type { SeatedGame } from './support/play.js';
import { startServer } from './support/server.js';
import type { RunningServer } from './support/server.js';
import { AckError, WireClient } from './support/wire-client.js';

/**
 * The load generator's own socket.io client speaks the wire a real server answers: the handshake
 * with `auth`, events both ways, acknowledgements, refusals and lost connections.
 */

let backend: Backend;
let server: RunningServer;
let game: SeatedGame;
const open: WireClient[] = [];

function client(auth: Record<string, unknown>, reconnect = false): WireClient {
  const c = new WireClient(server.url, { auth, reconnect, reconnectDelayMs: 20 });
  open.push(c);
  return c;
}

function next<T>(c: WireClient, event: string, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`no ${event} within ${String(timeoutMs)} ms`));
    }, timeoutMs);
    c.once(event, (payload) => {
      clearTimeout(timer);
      resolve(payload as T);
    });
  });
}

function ack(c: WireClient, event: string, payload: unknown, timeoutMs = 10_000) {
  return new Promise<{ error: AckError | null; answer: unknown }>((resolve) => {
    c.emitWithAck(event, payload, timeoutMs, (error, answer) => {
      resolve({ error, answer });
    });
  });
}

beforeAll(async () => {
  backend = await prepareBackend('pglite', 'wire-client');
  server = await startServer(backend.config());
  game = await fullLobby(server.url, 3);
  await startGame(server.url, game);
});

afterAll(async () => {
  for (const c of open) c.close();
  await server.close();
  await backend.dispose();
});

describe('WireClient', () => {
  it('connects with auth, receives its seat view and has an action acknowledged', async () => {
    const views: GameView[] = [];
    const seats = game.tokens.map((token) => client({ gameId: game.gameId, token }));
    const states = await Promise.all(seats.map((c) => next<StateMessage>(c, 'state')));
    expect(seats.every((c) => c.connected && c.active)).toBe(true);
    states.forEach((state, seat) => {
      expect(state.viewer).toBe(seat);
      views.push(state.view as GameView);
    });
    const seat = views.findIndex((view, s) => quietAction(view, s) !== undefined);
    const action = quietAction(views[seat] as GameView, seat);
    const watcher = seats[(seat + 1) % seats.length] as WireClient;
    const update = next<UpdateMessage>(watcher, 'update');
    const { error, answer } = await ack(seats[seat] as WireClient, 'action', {
      id: 'wire-1',
      action,
    });
    expect(error).toBeNull();
    expect(answer as ActionAck).toMatchObject({ ok: true, seq: (states[0]?.seq ?? 0) + 1 });
    expect((await update).seq).toBe((states[0]?.seq ?? 0) + 1);
    // The same id again is the same action: the server answers it as it did.
    const again = await ack(seats[seat] as WireClient, 'action', {
      id: 'wire-1',
      action,
    });
    expect(again.answer).toEqual(answer);
  });

  it('removes a once listener by the listener it was given', async () => {
    const c = client({ gameId: game.gameId });
    const heard: string[] = [];
    const dropped = () => heard.push('dropped');
    c.once('state', dropped);
    c.off('state', dropped);
    c.once('state', () => heard.push('kept'));
    await next(c, 'state');
    expect(heard).toEqual(['kept']);
  });

  it('hears a refused handshake as a final connect_error', async () => {
    const c = client({ gameId: game.gameId, token: 'not-a-token' }, true);
    const error = await next<Error>(c, 'connect_error');
    expect(error.message).toMatch(/token|seat|unauthori/i);
    expect(c.connected).toBe(false);
    expect(c.active).toBe(false);
  });

  it('fails an acknowledgement that does not come in time, and one asked while closed', async () => {
    // A peer that accepts the handshake and never answers anything after it.
    const silent = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    silent.on('connection', (ws) => {
      ws.send('0{"sid":"s","upgrades":[],"pingInterval":25000,"pingTimeout":20000}');
      ws.on('message', (data: Buffer) => {
        if (data.toString().startsWith('40')) ws.send('40{"sid":"t"}');
      });
    });
    await new Promise((resolve) => silent.once('listening', resolve));
    const { port } = silent.address() as AddressInfo;
    const c = new WireClient(`http://127.0.0.1:${String(port)}`, { auth: {} });
    open.push(c);
    await next(c, 'connect');
    const late = await ack(c, 'action', {}, 200);
    expect(late.error).toBeInstanceOf(AckError);
    expect(late.error?.message).toMatch(/timed out/);
    // One in flight when the connection goes is failed then, not left waiting, and after the
    // client has heard of the disconnection.
    const order: string[] = [];
    c.once('disconnect', () => order.push('disconnect'));
    const cut = new Promise<AckError | null>((resolve) => {
      c.emitWithAck('action', {}, 60_000, (error) => {
        order.push('ack failed');
        resolve(error);
      });
    });
    for (const ws of silent.clients) ws.terminate();
    expect((await cut)?.message).toBe('transport close');
    expect(order).toEqual(['disconnect', 'ack failed']);
    silent.close();
    c.close();
    expect(c.active).toBe(false);
    const closed = await ack(c, 'resync', { sinceSeq: 0 });
    expect(closed.error).toBeInstanceOf(AckError);
  });

  it('reconnects after the server drops the connection, and gets a fresh state', async () => {
    const c = client({ gameId: game.gameId }, true);
    await next(c, 'state');
    const lost = next<string>(c, 'disconnect');
    const back = next(c, 'connect');
    const state = next<StateMessage>(c, 'state');
    // The transport goes as a crashed server's would: no socket.io goodbye.
    for (const socket of server.app.realtime.io.sockets.sockets.values()) {
      if (socket.handshake.auth.token === undefined) socket.conn.close();
    }
    expect(await lost).toBe('transport close');
    await back;
    expect((await state).viewer).toBe('spectator');
    expect(c.connected).toBe(true);
  });
});
