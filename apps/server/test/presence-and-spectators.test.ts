import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PresenceMessage,
  SpectatorChatAck,
  SpectatorChatMessage,
  ChatAck,
} from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { fullLobby, playMoves, startGame } from './support/play.js';
import type { SeatedGame } from './support/play.js';
import { Client, startServer } from './support/server.js';
import type { RunningServer } from './support/server.js';

/** Collects the issue-11 events a client receives, from the moment it connects. */
async function connect(
  url: string,
  auth: { gameId: string; token?: string },
): Promise<{ client: Client; presence: PresenceMessage[]; spectators: SpectatorChatMessage[] }> {
  const presence: PresenceMessage[] = [];
  const spectators: SpectatorChatMessage[] = [];
  const client = await Client.connect(url, auth);
  // History is sent after the welcome's lobby record; the listeners are on before it arrives.
  client.socket.on('presence', (m: PresenceMessage) => presence.push(m));
  client.socket.on('spectator-chat', (m: SpectatorChatMessage) => spectators.push(m));
  return { client, presence, spectators };
}

/**
 * Presence and the spectators' channel, on PostgreSQL with two server processes behind the Socket.io adapter: each seat's
 * presence is known to everyone whichever process holds the connection; the spectators' channel
 * reaches spectators only while the game runs, on every path, and everyone once it is over.
 */
describe('presence per seat and the spectators’ channel (two processes, PostgreSQL)', () => {
  let backend: Backend;
  let a: RunningServer;
  let b: RunningServer;
  let game: SeatedGame;
  const open: Client[] = [];

  beforeAll(async () => {
    backend = await prepareBackend('postgres', 'presence');
    // Two processes on one database: CLUSTER=on, so they tell each other of commits.
    [a, b] = await Promise.all([
      startServer(backend.config({ CLUSTER: 'on' })),
      startServer(backend.config({ CLUSTER: 'on' })),
    ]);
    game = await fullLobby(a.url, 3, { roundLimit: 1 });
  }, HEAVY_TEST_TIMEOUT);
  afterAll(async () => {
    for (const c of open) c.close();
    await Promise.all([a.close(), b.close()]);
    await backend.dispose();
  });

  it(
    'each seat shows whether its player is connected now, across processes',
    async () => {
      const [t0 = '', t1 = ''] = game.tokens;
      const watcher = await connect(a.url, { gameId: game.gameId });
      open.push(watcher.client);
      const seat0 = await connect(a.url, { gameId: game.gameId, token: t0 });
      open.push(seat0.client);
      const seat1 = await connect(b.url, { gameId: game.gameId, token: t1 });
      const last = () => watcher.presence.at(-1)?.seats;
      await watcher.client.waitFor(() => last()?.join() === 'true,true,false');
      // Seat 1 is held by the other process: its leaving is seen here too.
      seat1.client.close();
      await watcher.client.waitFor(() => last()?.join() === 'true,false,false');
      await seat0.client.waitFor(() => seat0.presence.at(-1)?.seats.join() === 'true,false,false');
      expect(seat0.presence.at(-1)?.seats).toEqual([true, false, false]);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'spectators talk among themselves; players read nothing of it while the game runs',
    async () => {
      await startGame(a.url, game);
      const seats = await Promise.all(
        game.tokens.map((token, i) =>
          connect(i === 1 ? b.url : a.url, { gameId: game.gameId, token }),
        ),
      );
      open.push(...seats.map((s) => s.client));
      const [s0, s1] = seats;
      if (!s0 || !s1) throw new Error('seats missing');
      const x = await connect(a.url, { gameId: game.gameId });
      const y = await connect(b.url, { gameId: game.gameId });
      open.push(x.client, y.client);
      for (const c of [...seats.map((s) => s.client), x.client, y.client]) {
        await c.waitFor(() => c.states.length > 0);
      }

      const said = await x.client.send<SpectatorChatAck>('spectator-chat', {
        id: 'sp1',
        name: 'Watcher X',
        text: 'Seat 2 is about to lose Mecatol.',
      });
      expect(said.ok).toBe(true);
      await y.client.waitFor(() => y.spectators.length === 1);
      expect(y.spectators[0]).toMatchObject({ name: 'Watcher X', seq: 1 });
      // A player may not write there, and a later table message is the barrier for delivery.
      const refused = await s0.client.send<SpectatorChatAck>('spectator-chat', {
        id: 'p1',
        name: 'Ann',
        text: 'hello',
      });
      expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      const barrier = await s1.client.send<ChatAck>('chat', { id: 'b1', text: 'Your move.' });
      expect(barrier.ok).toBe(true);
      for (const s of seats) await s.client.waitFor(() => s.client.chats.length >= 1);
      for (const s of seats) {
        expect(s.spectators).toEqual([]);
        expect(s.client.raw.join('\n')).not.toContain('about to lose Mecatol');
      }
      // Stored history on a (re)connect: a new spectator gets it, a returning player does not.
      const late = await connect(b.url, { gameId: game.gameId });
      const back = await connect(a.url, { gameId: game.gameId, token: game.tokens[0] ?? '' });
      open.push(late.client, back.client);
      await late.client.waitFor(() => late.spectators.length === 1);
      await back.client.waitFor(() => back.client.chats.length >= 1);
      expect(back.spectators).toEqual([]);
      expect(back.client.raw.join('\n')).not.toContain('about to lose Mecatol');

      // The end of the game opens the channel to the whole table.
      await playMoves(
        seats.map((s) => s.client),
        [x.client],
        600,
      );
      for (const s of seats) {
        await s.client.waitFor(() => s.spectators.some((m) => m.name === 'Watcher X'));
      }
      const after = await connect(b.url, { gameId: game.gameId, token: game.tokens[2] ?? '' });
      open.push(after.client);
      await after.client.waitFor(() => after.spectators.length === 1);
    },
    HEAVY_TEST_TIMEOUT * 2,
  );
});
