import type { Socket as TcpSocket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AckCork } from './ack-cork.js';
import { directSocket, writeDirectly } from './direct-frames.js';
import { HeldWrites } from './held-writes.js';
import { encodedEvent } from './parser.js';
import { seqsReceived as seqs, socketPairs } from '../../test/support/socket-pair.js';

const packet = (n: number) => encodedEvent('seq', String(n));

/** How many times the TCP socket hands data to the kernel from now on (each a system call). */
function kernelWrites(tcp: TcpSocket): { count: number } {
  const seen = { count: 0 };
  const internals = tcp as unknown as Record<'_write' | '_writev', (...args: unknown[]) => void>;
  for (const name of ['_write', '_writev'] as const) {
    const original = internals[name].bind(tcp);
    internals[name] = (...args: unknown[]) => {
      seen.count++;
      original(...args);
    };
  }
  return seen;
}

describe('the updates of a viewer nobody waits for leave several to a write: HeldWrites', () => {
  const pair = socketPairs();

  it('holds them, then lets them out in order in one write once the delay is over', async () => {
    const { server, client } = await pair(['websocket']);
    const tcp = directSocket(server.conn) as TcpSocket;
    const writes = kernelWrites(tcp);
    const held = new HeldWrites(20);
    const got = seqs(client, 3);
    held.writeSoon([server.conn], packet(1));
    held.writeSoon([server.conn], packet(2));
    held.writeSoon([server.conn], packet(3));
    expect(writes.count).toBe(0);
    expect(held.size).toBe(1);
    expect(await got).toEqual([1, 2, 3]);
    expect(writes.count).toBe(1);
    expect(held.size).toBe(0);
  });

  it('writeNow: writes at once, in one write with what was held for that connection', async () => {
    const { server, client } = await pair(['websocket']);
    const tcp = directSocket(server.conn) as TcpSocket;
    const writes = kernelWrites(tcp);
    const held = new HeldWrites(60_000);
    const got = seqs(client, 3);
    held.writeSoon([server.conn], packet(1));
    held.writeSoon([server.conn], packet(2));
    held.writeNow([server.conn], packet(3));
    expect(writes.count).toBe(1);
    expect(held.size).toBe(0);
    expect(await got).toEqual([1, 2, 3]);
  });

  it('any other message to the connection lets what waits out with it (writeDirectly)', async () => {
    const { server, client } = await pair(['websocket']);
    const held = new HeldWrites(60_000);
    writeDirectly(server.conn, (conn) => {
      held.letOut(conn);
    });
    const got = seqs(client, 2);
    held.writeSoon([server.conn], packet(1));
    server.emit('seq', 2);
    expect(held.size).toBe(0);
    expect(await got).toEqual([1, 2]);
  });

  it('an ack corked for its step leaves with the held updates and the step, in order', async () => {
    const { server, client } = await pair(['websocket']);
    const tcp = directSocket(server.conn) as TcpSocket;
    const held = new HeldWrites(60_000);
    writeDirectly(server.conn, (conn) => {
      held.letOut(conn);
    });
    const cork = new AckCork();
    const got = seqs(client, 3);
    held.writeSoon([server.conn], packet(1));
    cork.holdForStep(server.conn);
    server.emit('seq', 2);
    held.writeNow([server.conn], packet(3));
    // Still corked once, by the ack: the step's other updates are written before it lets go.
    expect(tcp.writableCorked).toBe(1);
    cork.release();
    expect(tcp.writableCorked).toBe(0);
    expect(await got).toEqual([1, 2, 3]);
  });

  it('holds nothing with a delay of 0', async () => {
    const { server, client } = await pair(['websocket']);
    const held = new HeldWrites(0);
    const got = seqs(client, 1);
    held.writeSoon([server.conn], packet(1));
    expect(held.size).toBe(0);
    expect(await got).toEqual([1]);
  });

  it('lets a long-polling connection’s held updates out through engine.io, in order', async () => {
    const { server, client } = await pair(['polling']);
    const held = new HeldWrites(20);
    const got = seqs(client, 2);
    held.writeSoon([server.conn], packet(1));
    held.writeSoon([server.conn], packet(2));
    expect(held.size).toBe(1);
    expect(await got).toEqual([1, 2]);
  });

  it('letOutAll lets everything out at once (the server closing)', async () => {
    const a = await pair(['websocket']);
    const b = await pair(['websocket']);
    const held = new HeldWrites(60_000);
    const got = Promise.all([seqs(a.client, 1), seqs(b.client, 1)]);
    held.writeSoon([a.server.conn, b.server.conn], packet(4));
    expect(held.size).toBe(2);
    held.letOutAll();
    expect(held.size).toBe(0);
    expect(await got).toEqual([[4], [4]]);
  });
});
