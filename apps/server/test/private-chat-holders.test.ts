import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ClaimSeatResponse } from '@outer-rim/protocol';
import type { CreateGameResponse } from '@outer-rim/protocol';
import type { ChatAck } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT } from './support/backends.js';
import { Client, http } from './support/server.js';
import { serversOnBackend } from './support/servers-on-backend.js';
import type { RunningServer } from './support/server.js';

/**
 * Private chat belongs to the person who held a seat, not to the seat number: after someone
 * leaves seat 1 and a newcomer takes it, nothing private to the one who left reaches the
 * newcomer: not in the history sent on joining, not live, not when it connects again.
 */
describe.each([
  ['one process', 1],
  ['two processes (CLUSTER=on)', 2],
] as const)('private chat after a change of seat holder, %s', (_name, processes) => {
  const on = serversOnBackend('postgres', `private-chat-${String(processes)}`, processes);

  it(
    'the newcomer in a left seat never receives the departed holder’s private messages',
    async () => {
      // The host on the first process, everyone at seat 1 on the last one.
      const host = on.servers[0] as RunningServer;
      const other = on.servers.at(-1) as RunningServer;
      const toDeparted = `to-departed-${randomBytes(6).toString('hex')}`;
      const fromDeparted = `from-departed-${randomBytes(6).toString('hex')}`;
      const created = await http<CreateGameResponse>(host.url, 'POST', '/api/games', {
        name: 'Host',
        options: { playerCount: 3 },
      });
      const { gameId, token: hostToken } = created.body;
      const claim = (name: string) =>
        http<ClaimSeatResponse>(other.url, 'POST', `/api/games/${gameId}/seats`, {
          name,
          seat: 1,
        });
      const departedClaim = await claim('Departed');
      expect(departedClaim.body.seat).toBe(1);

      const hostClient = await Client.connect(host.url, { gameId, token: hostToken });
      const departed = await Client.connect(other.url, {
        gameId,
        token: departedClaim.body.token,
      });
      const clients = [hostClient, departed];
      try {
        await hostClient.waitFor(() => hostClient.lobbies.length > 0);
        await departed.waitFor(() => departed.lobbies.length > 0);
        const sent = [
          await hostClient.send<ChatAck>('chat', { id: 'c1', to: 1, text: toDeparted }),
          await departed.send<ChatAck>('chat', { id: 'c1', to: 0, text: fromDeparted }),
        ];
        expect(sent.map((a) => a.ok)).toEqual([true, true]);
        await departed.waitFor(() => departed.chats.length >= 2);

        const left = await http(
          other.url,
          'DELETE',
          `/api/games/${gameId}/seats/me`,
          undefined,
          departedClaim.body.token,
        );
        expect(left.status).toBe(200);
        const newcomerClaim = await claim('Newcomer');
        expect(newcomerClaim.body.seat).toBe(1);
        const newcomer = await Client.connect(other.url, {
          gameId,
          token: newcomerClaim.body.token,
        });
        clients.push(newcomer);
        await newcomer.waitFor(() => newcomer.lobbies.length > 0);

        // The newcomer's own client ids are its own: `c1` is not taken to be the departed's.
        const own = await newcomer.send<ChatAck>('chat', { id: 'c1', to: 0, text: 'Hello host.' });
        expect(own).toEqual({ ok: true, seq: 3 });
        const welcome = await hostClient.send<ChatAck>('chat', {
          id: 'c2',
          to: 1,
          text: 'Welcome, newcomer.',
        });
        expect(welcome).toEqual({ ok: true, seq: 4 });
        // A public message after the private ones: whoever gets it got what came before.
        const barrier = await hostClient.send<ChatAck>('chat', { id: 'c3', text: 'All aboard.' });
        expect(barrier.ok).toBe(true);
        await newcomer.waitFor(() => newcomer.chats.some((m) => m.text === 'All aboard.'));
        await hostClient.waitFor(() => hostClient.chats.length >= 5);

        // Connected again, on each process: the history is the newcomer's own.
        for (const server of on.servers) {
          const again = await Client.connect(server.url, {
            gameId,
            token: newcomerClaim.body.token,
          });
          clients.push(again);
          await again.waitFor(() => again.chats.some((m) => m.text === 'All aboard.'));
          expect(again.chats.map((m) => m.text)).toEqual([
            'Hello host.',
            'Welcome, newcomer.',
            'All aboard.',
          ]);
          for (const payload of again.raw) {
            expect(payload).not.toContain(toDeparted);
            expect(payload).not.toContain(fromDeparted);
          }
        }
        expect(newcomer.chats.map((m) => m.text)).toEqual([
          'Hello host.',
          'Welcome, newcomer.',
          'All aboard.',
        ]);
        for (const payload of newcomer.raw) {
          expect(payload).not.toContain(toDeparted);
          expect(payload).not.toContain(fromDeparted);
        }
        // The host took part in both conversations and keeps both.
        const hostAgain = await Client.connect(other.url, { gameId, token: hostToken });
        clients.push(hostAgain);
        await hostAgain.waitFor(() => hostAgain.chats.length >= 5);
        expect(hostAgain.chats.map((m) => m.text)).toEqual([
          toDeparted,
          fromDeparted,
          'Hello host.',
          'Welcome, newcomer.',
          'All aboard.',
        ]);
      } finally {
        for (const c of clients) c.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );
});
