import { describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '@outer-rim/protocol';
import { refusal } from '../games/refusal.js';
import { onClientMessage, rateLimited, screenMessages } from './client-messages.js';
import type { Ack } from './client-messages.js';
import type { GameSocket } from './socket-server.js';
import { TokenBucket } from './token-bucket.js';
import { socketPairs } from '../../test/support/socket-pair.js';

describe('every kind of client message takes one path: onClientMessage', () => {
  const pair = socketPairs();

  async function connected(): Promise<{
    server: GameSocket;
    send: (event: string, payload: unknown) => Promise<unknown>;
    /** sent with an acknowledgement the test does not wait for */
    post: (event: string, payload: unknown) => void;
  }> {
    const { server, client } = await pair(['websocket']);
    return {
      server: server as unknown as GameSocket,
      send: (event, payload) => client.emitWithAck(event, payload) as Promise<unknown>,
      post: (event, payload) => {
        client.emit(event, payload, () => undefined);
      },
    };
  }

  const parseNumber = (payload: unknown) =>
    typeof payload === 'number'
      ? { ok: true as const, input: payload }
      : refusal('BAD_REQUEST', 'Send a number.');

  it('answers the size and the kind of every message before any handler reads it', async () => {
    const { server, send } = await connected();
    screenMessages(server, 64, new TokenBucket(1, 0));
    expect(await send('action', 'x'.repeat(100))).toMatchObject({
      error: { code: 'PAYLOAD_TOO_LARGE' },
    });
    expect(await send('dance', 1)).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    expect(await send('dance', 1)).toEqual(rateLimited());
  });

  it('refuses at the precheck, then at the parse, and acknowledges what the call answers', async () => {
    const { server, send } = await connected();
    const bucket = new TokenBucket(2, 0);
    onClientMessage(server, SOCKET_EVENTS.action, Promise.resolve(true), {
      precheck: () => (bucket.take() ? undefined : rateLimited()),
      parse: parseNumber,
      call: (n, ack) => {
        ack({ ok: true, seq: n * 2 });
        return Promise.resolve();
      },
      failed: () => undefined,
    });
    expect(await send('action', 'seven')).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    expect(await send('action', 21)).toEqual({ ok: true, seq: 42 });
    expect(await send('action', 21)).toEqual(rateLimited());
  });

  it('answers a failed call as `failed` says, and runs a one-at-a-time kind one at a time', async () => {
    const { server, send, post } = await connected();
    const running: { n: number; ack: Ack; done: () => void }[] = [];
    onClientMessage(server, SOCKET_EVENTS.resync, Promise.resolve(true), {
      precheck: (busy) => (busy ? rateLimited() : undefined),
      parse: parseNumber,
      call: (n, ack) =>
        n < 0
          ? Promise.reject(new Error('below zero'))
          : new Promise<void>((done) => {
              running.push({ n, ack, done });
            }),
      failed: () => refusal('INTERNAL', 'It failed.'),
      oneAtATime: true,
    });
    expect(await send('resync', -1)).toMatchObject({ error: { code: 'INTERNAL' } });
    const first = send('resync', 1);
    await expect.poll(() => running.length).toBe(1);
    expect(await send('resync', 2)).toEqual(rateLimited());
    const [call] = running.splice(0);
    call?.ack({ ok: true, seq: call.n });
    call?.done();
    expect(await first).toEqual({ ok: true, seq: 1 });
    post('resync', 3);
    await expect.poll(() => running.map((r) => r.n)).toEqual([3]);
  });

  it('handles nothing a dropped connection sent', async () => {
    const { server, send, post } = await connected();
    let calls = 0;
    onClientMessage(server, SOCKET_EVENTS.chat, Promise.resolve(false), {
      precheck: () => undefined,
      parse: parseNumber,
      call: () => {
        calls++;
        return Promise.resolve();
      },
      failed: () => undefined,
    });
    expect(await send('chat', 'one')).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    post('chat', 1);
    // Answered after the one before: the connection's messages are handled in order.
    expect(await send('chat', 'two')).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    expect(calls).toBe(0);
  });
});
