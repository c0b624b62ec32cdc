import { describe, expect, it } from 'vitest';
import { AckCork } from './ack-cork.js';
import { directSocket } from './direct-frames.js';
import { socketPairs } from '../../test/support/socket-pair.js';

describe('an accepted action’s ack waits for its step’s update, in one write: AckCork', () => {
  const pair = socketPairs();

  it('corks the connection’s TCP socket from the ack until the step’s updates are written', async () => {
    const { server } = await pair(['websocket']);
    const tcp = directSocket(server.conn);
    expect(tcp).toBeDefined();
    const cork = new AckCork();
    cork.holdForStep(server.conn);
    expect(tcp?.writableCorked).toBe(1);
    cork.release();
    expect(tcp?.writableCorked).toBe(0);
  });

  it('lets go as the current task ends when no step follows at once', async () => {
    const { server } = await pair(['websocket']);
    const tcp = directSocket(server.conn);
    new AckCork().holdForStep(server.conn);
    expect(tcp?.writableCorked).toBe(1);
    await Promise.resolve();
    expect(tcp?.writableCorked).toBe(0);
  });

  it('holds one connection at a time: the next ack releases the one before', async () => {
    const a = await pair(['websocket']);
    const b = await pair(['websocket']);
    const cork = new AckCork();
    cork.holdForStep(a.server.conn);
    cork.holdForStep(b.server.conn);
    expect(directSocket(a.server.conn)?.writableCorked).toBe(0);
    expect(directSocket(b.server.conn)?.writableCorked).toBe(1);
    cork.release();
    expect(directSocket(b.server.conn)?.writableCorked).toBe(0);
  });
});
