import { randomBytes } from 'node:crypto';
import type { Socket as TcpSocket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '@outer-rim/rules';
import type { ChatAck } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, BACKENDS } from './support/backends.js';
import { expectOwnSecretsOnly, storedSeed } from './support/hidden.js';
import { playMoves } from './support/play.js';
import type { SeatedGame } from './support/play.js';
import { Client } from './support/server.js';
import type { RunningServer } from './support/server.js';
import { openTable } from './support/table.js';
import type { Table } from './support/table.js';

/** Every view a client received, from `state` and `update` messages. */
const viewsOf = (client: Client): GameView[] => [
  ...client.states.map((m) => m.view as GameView),
  ...client.updates.map((m) => m.view as GameView),
];

describe.each(BACKENDS)('views and table talk on %s', (kind) => {
  let table: Table;
  let server: RunningServer;
  let game: SeatedGame;
  let seats: Client[];
  let spectator: Client;
  const secret = `private-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    table = await openTable(kind, 'views', { CHAT_BURST: '4', CHAT_PER_MINUTE: '1' });
    ({ server, game, seats, spectator } = table);
    await playMoves(seats, [spectator], 12);
  });
  afterAll(() => table.close());

  it(
    'no payload to a spectator or an opponent holds another seat’s hidden values or the seed',
    async () => {
      const seed = (await storedSeed(server.app, game.gameId)) ?? 'missing';
      const viewers: [Client, number | 'spectator'][] = [
        ...seats.map((c, seat): [Client, number] => [c, seat]),
        [spectator, 'spectator'],
      ];
      for (const [client, viewer] of viewers) {
        const views = viewsOf(client);
        expect(views.length).toBeGreaterThan(10);
        for (const v of views) expectOwnSecretsOnly(v, viewer);
        if (viewer !== 'spectator') {
          // The cut is per seat, not a blanket removal: a seat does see its own hand.
          expect(views.every((v) => v.players[viewer]?.hand !== undefined)).toBe(true);
        }
        for (const payload of client.raw) expect(payload).not.toContain(seed);
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'public messages reach the table and spectators; private ones only the two seats',
    async () => {
      const [s0, s1, s2] = seats as [Client, Client, Client];
      const hello = await s0.send<ChatAck>('chat', { id: 'c1', text: 'Greetings, table.' });
      expect(hello.ok).toBe(true);
      const whisper = await s0.send<ChatAck>('chat', { id: 'c2', to: 1, text: `Ally? ${secret}` });
      expect(whisper.ok).toBe(true);
      const answer = await s1.send<ChatAck>('chat', { id: 'c1', to: 0, text: `Yes. ${secret}` });
      expect(answer.ok).toBe(true);
      // A later public message is a barrier: whoever got it would have got the private ones first.
      const barrier = await s2.send<ChatAck>('chat', { id: 'c1', text: 'Anyone there?' });
      expect(barrier.ok).toBe(true);
      for (const c of [...seats, spectator])
        await c.waitFor(() => c.chats.length >= (c === s2 || c === spectator ? 2 : 4));

      expect(s0.chats.map((m) => m.text)).toEqual([
        'Greetings, table.',
        `Ally? ${secret}`,
        `Yes. ${secret}`,
        'Anyone there?',
      ]);
      expect(s1.chats.map((m) => [m.from, m.to])).toEqual([
        [0, undefined],
        [0, 1],
        [1, 0],
        [2, undefined],
      ]);
      for (const outsider of [s2, spectator]) {
        expect(outsider.chats.map((m) => m.text)).toEqual(['Greetings, table.', 'Anyone there?']);
        for (const payload of outsider.raw) expect(payload).not.toContain(secret);
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'replays the visible chat on reconnect, to each viewer its own share',
    async () => {
      const again = await Promise.all([
        ...game.tokens.map((token) => Client.connect(server.url, { gameId: game.gameId, token })),
        Client.connect(server.url, { gameId: game.gameId }),
      ]);
      try {
        for (const c of again) await c.waitFor(() => c.chats.length >= 2 && c.states.length > 0);
        const [r0, r1, r2, rs] = again as [Client, Client, Client, Client];
        await r0.waitFor(() => r0.chats.length >= 4);
        await r1.waitFor(() => r1.chats.length >= 4);
        expect(r0.chats.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
        expect(r1.chats.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
        expect(r2.chats.map((m) => m.seq)).toEqual([1, 4]);
        expect(rs.chats.map((m) => m.seq)).toEqual([1, 4]);
        for (const payload of [...r2.raw, ...rs.raw]) expect(payload).not.toContain(secret);
      } finally {
        for (const c of again) c.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'an accepted action’s ack and its update leave for the acting seat in one write',
    async () => {
      // What the server hands the kernel for each seat, write by write: a write of several
      // chunks (a corked socket's) is one system call.
      const writes = seats.map((client) => {
        const conn = server.app.realtime.io.sockets.sockets.get(client.socket.id ?? '')?.conn;
        // engine.io's WebSocket transport holds ws's WebSocket, which holds the TCP socket.
        const transport = conn?.transport as { socket?: { _socket?: TcpSocket } } | undefined;
        const tcp = transport?.socket?._socket;
        if (tcp === undefined) throw new Error('no TCP socket under the seat’s connection');
        const calls: string[][] = [];
        const own = tcp as unknown as {
          _write(chunk: Buffer, encoding: string, done: () => void): void;
          _writev(chunks: { chunk: Buffer }[], done: () => void): void;
        };
        const write = own._write.bind(tcp);
        const writev = own._writev.bind(tcp);
        own._write = (chunk, encoding, done) => {
          calls.push([chunk.toString()]);
          write(chunk, encoding, done);
        };
        own._writev = (chunks, done) => {
          calls.push(chunks.map(({ chunk }) => chunk.toString()));
          writev(chunks, done);
        };
        return calls;
      });
      const { acks } = await playMoves(seats, [spectator], 3, 'one-write');
      expect(acks).toHaveLength(3);
      for (const ack of acks) {
        if (!ack.ok) throw new Error('refused');
        const withAck = writes
          .flat()
          .filter((call) => call.some((chunk) => chunk.includes(`[{"ok":true,"seq":${ack.seq}}]`)));
        expect(withAck).toHaveLength(1);
        expect(withAck[0]?.join('')).toContain(
          `["update",{"gameId":"${game.gameId}","seq":${String(ack.seq)},`,
        );
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'refuses spectators, bad text, bad recipients and floods; a resent id is not stored twice',
    async () => {
      const [s0, , s2] = seats as [Client, Client, Client];
      const fromSpectator = await spectator.send<ChatAck>('chat', { id: 'x', text: 'hi' });
      expect(fromSpectator).toMatchObject({ ok: false, error: { code: 'SPECTATOR_READ_ONLY' } });
      const tooLong = await s2.send<ChatAck>('chat', { id: 'x1', text: 'a'.repeat(501) });
      expect(tooLong).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
      const control = await s2.send<ChatAck>('chat', { id: 'x2', text: 'bell\u0007' });
      expect(control).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
      const toSelf = await s2.send<ChatAck>('chat', { id: 'x3', to: 2, text: 'me' });
      expect(toSelf).toMatchObject({ ok: false, error: { code: 'SEAT_NOT_FOUND' } });
      // Seat 2 has used its burst of 4 (one message, three refusals): the next is rate limited.
      const flood = await s2.send<ChatAck>('chat', { id: 'x4', text: 'spam' });
      expect(flood).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });

      const resent = await s0.send<ChatAck>('chat', { id: 'c1', text: 'Greetings, table.' });
      expect(resent).toEqual({ ok: true, seq: 1 });
      const stored = await server.app.database.db.query.chatMessages.findMany({
        where: (m, { eq: equals }) => equals(m.gameId, game.gameId),
      });
      expect(stored).toHaveLength(4);
    },
    HEAVY_TEST_TIMEOUT,
  );
});
