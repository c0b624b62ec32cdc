import { describe, expect, it } from 'vitest';
import type { Socket as ServerSocket } from 'socket.io';
import * as ws from 'ws';
import { directSocket, textFrame, writeDirectly, writeMessage } from './direct-frames.js';
import { encodedEvent } from './parser.js';
import { seqsReceived as seqs, socketPairs } from '../../test/support/socket-pair.js';

/** ws's frame parser: exported by the package, not declared in its typings. */
interface FrameReceiver {
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
  write(chunk: Buffer): void;
}
const { Receiver } = ws as unknown as {
  Receiver: new (options: { isServer: boolean; maxPayload: number }) => FrameReceiver;
};

/** What a client's WebSocket makes of `frame`: ws's own receiver reads it. */
function received(frame: Buffer): string[] {
  const receiver = new Receiver({ isServer: false, maxPayload: 0 });
  const texts: string[] = [];
  receiver.on('message', (data: Buffer, isBinary: boolean) => {
    expect(isBinary).toBe(false);
    texts.push(data.toString());
  });
  receiver.write(frame);
  return texts;
}

describe('textFrame', () => {
  // Each of RFC 6455's three length forms, on both sides of each bound.
  it.each([0, 1, 125, 126, 127, 65_535, 65_536, 200_000])('carries %i bytes', (n) => {
    const text = 'x'.repeat(n);
    expect(received(textFrame(text))).toEqual([text]);
  });

  it('counts UTF-8 bytes, not characters', () => {
    const text = `Mécatol Rex ☄ ${'é'.repeat(70)}`;
    expect(text.length).toBeLessThan(126);
    expect(Buffer.byteLength(text)).toBeGreaterThan(125);
    expect(received(textFrame(text))).toEqual([text]);
  });
});

describe('writeMessage, over a real socket.io server', () => {
  const pair = socketPairs();

  const packet = (n: number) => encodedEvent('seq', String(n));

  it('goes straight to the TCP socket of a WebSocket, in order with what engine.io holds', async () => {
    const { server, client } = await pair(['websocket']);
    expect(directSocket(server.conn)).toBeDefined();
    const got = seqs(client, 6);
    // The first write goes out at once and leaves the transport busy until the kernel took it,
    // so engine.io holds the second: a direct write now would overtake it.
    server.conn.write(packet(1));
    server.conn.write(packet(2));
    expect(directSocket(server.conn)).toBeUndefined();
    writeMessage([server.conn], packet(3));
    // Once engine.io has written what it held, the direct path is open again.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(directSocket(server.conn)).toBeDefined();
    writeMessage([server.conn], packet(4));
    server.conn.write(packet(5));
    writeMessage([server.conn], packet(6));
    expect(await got).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('frames once for several connections, each receiving the same message', async () => {
    const a = await pair(['websocket']);
    const b = await pair(['websocket']);
    const got = Promise.all([seqs(a.client, 1), seqs(b.client, 1)]);
    writeMessage([a.server.conn, b.server.conn], packet(7));
    expect(await got).toEqual([[7], [7]]);
  });

  it('goes through engine.io on a long-polling connection', async () => {
    const { server, client } = await pair(['polling']);
    expect(directSocket(server.conn)).toBeUndefined();
    const got = seqs(client, 2);
    writeMessage([server.conn], packet(8));
    writeMessage([server.conn], packet(9));
    expect(await got).toEqual([8, 9]);
  });

  it('leaves a closed connection to engine.io, which drops what it is given', async () => {
    const { server, client } = await pair(['websocket']);
    const gone = new Promise((resolve) => server.once('disconnect', resolve));
    client.close();
    await gone;
    expect(directSocket(server.conn)).toBeUndefined();
    expect(() => {
      writeMessage([server.conn], packet(10));
    }).not.toThrow();
  });

  /** The data of each message engine.io itself takes from now on. */
  function throughEngine(server: ServerSocket): unknown[] {
    const taken: unknown[] = [];
    server.conn.on('packetCreate', (created: { type: string; data?: unknown }) => {
      if (created.type === 'message') taken.push(created.data);
    });
    return taken;
  }

  it('writeDirectly: an ack socket.io writes goes straight to the TCP socket', async () => {
    const { server, client } = await pair(['websocket']);
    writeDirectly(server.conn);
    const taken = throughEngine(server);
    server.on('double', (n: number, ack: (doubled: number) => void) => {
      ack(n * 2);
    });
    expect(await client.emitWithAck('double', 21)).toBe(42);
    expect(taken).toEqual([]);
  });

  it('writeDirectly: what engine.io holds, or must call back for, stays with engine.io, in order', async () => {
    const { server, client } = await pair(['websocket']);
    writeDirectly(server.conn);
    const taken = throughEngine(server);
    const got = seqs(client, 5);
    const sent: number[] = [];
    const onSent = (n: number) => () => sent.push(n);
    // Only engine.io can say when a message was sent: this one is its, and leaves it busy.
    server.conn.write(packet(1), {}, onSent(1));
    // Written out already, so this one may go straight after it.
    server.emit('seq', 2);
    server.conn.write(packet(3), {}, onSent(3));
    // engine.io holds message 3 until the first write is done: this one must wait behind it.
    expect(directSocket(server.conn)).toBeUndefined();
    server.emit('seq', 4);
    await new Promise((resolve) => setTimeout(resolve, 20));
    server.emit('seq', 5);
    expect(await got).toEqual([1, 2, 3, 4, 5]);
    expect(taken).toEqual([packet(1), packet(3), packet(4)]);
    expect(sent).toEqual([1, 3]);
  });
});
