import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import type { Socket as ServerSocket } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach } from 'vitest';
import type { Socket as ClientSocket } from 'socket.io-client';

/** Both ends of one socket.io connection, and how to close it. */
export interface SocketPair {
  server: ServerSocket;
  client: ClientSocket;
  close: () => Promise<void>;
}

/** A bare socket.io server and one client on `transports`; resolves once both ends are connected. */
export async function socketPair(transports: ('websocket' | 'polling')[]): Promise<SocketPair> {
  const http = createServer();
  const ioServer = new Server(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const serverSide = new Promise<ServerSocket>((resolve) => ioServer.once('connection', resolve));
  const client = io(`http://127.0.0.1:${String(port)}`, {
    transports,
    upgrade: false,
    forceNew: true,
    reconnection: false,
  });
  const close = async () => {
    client.close();
    await ioServer.close();
  };
  const server = await serverSide;
  await new Promise<void>((resolve) => {
    if (client.connected) resolve();
    else
      client.once('connect', () => {
        resolve();
      });
  });
  return { server, client, close };
}

/** Opens pairs for the tests of a `describe`, each closed after the test that opened it. */
export function socketPairs(): (transports: ('websocket' | 'polling')[]) => Promise<SocketPair> {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });
  return async (transports) => {
    const both = await socketPair(transports);
    closers.push(both.close);
    return both;
  };
}

/** The first `n` values `client` receives as `seq` events, in order. */
export function seqsReceived(client: ClientSocket, n: number): Promise<number[]> {
  const got: number[] = [];
  return new Promise((resolve) => {
    client.on('seq', (value: number) => {
      got.push(value);
      if (got.length === n) resolve(got);
    });
  });
}
