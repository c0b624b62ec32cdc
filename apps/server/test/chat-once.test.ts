import { describe, expect, it } from 'vitest';
import type { ChatAck, ClaimSeatResponse, CreateGameResponse } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT } from './support/backends.js';
import { Client, http } from './support/server.js';
import { serversOnBackend } from './support/servers-on-backend.js';
import type { RunningServer } from './support/server.js';

/**
 * Lines posted at once on two processes may arrive in either order, and a client sorts by seq: a
 * connection has heard a round when it holds every seq up to the round's last line's.
 */
function hasEvery(client: Client, last: number): boolean {
  const seqs = new Set(client.chats.map((m) => m.seq));
  return upTo(last).every((seq) => seqs.has(seq));
}

function seqsOf(client: Client): number[] {
  return client.chats.map((m) => m.seq).sort((a, b) => a - b);
}

function upTo(last: number): number[] {
  return Array.from({ length: last }, (_, i) => i + 1);
}

/**
 * A connection joins its rooms before its chat history is read, so a line posted while it is
 * welcomed is both sent live and in the history: each connection still gets each line once, on
 * one process and across two.
 */
describe.each([
  ['one process', 1],
  ['two processes (CLUSTER=on)', 2],
] as const)('chat lines posted while a connection is welcomed, %s', (_name, processes) => {
  // The host posts more lines than a person would: the chat rate limit stays out of the way.
  const on = serversOnBackend('postgres', `chat-once-${String(processes)}`, processes, {
    CHAT_BURST: '100',
    CHAT_PER_MINUTE: '6000',
  });

  it(
    'reach the connection once each',
    async () => {
      const host = on.servers[0] as RunningServer;
      const other = on.servers.at(-1) as RunningServer;
      const created = await http<CreateGameResponse>(host.url, 'POST', '/api/games', {
        name: 'Host',
        options: { playerCount: 3 },
      });
      const { gameId, token: hostToken } = created.body;
      const claimed = await http<ClaimSeatResponse>(
        other.url,
        'POST',
        `/api/games/${gameId}/seats`,
        {
          name: 'Guest',
          seat: 1,
        },
      );
      const hostClient = await Client.connect(host.url, { gameId, token: hostToken });
      const clients = [hostClient];
      try {
        await hostClient.waitFor(() => hostClient.lobbies.length > 0);
        let posted = 0;
        for (let round = 0; round < 16; round += 1) {
          const guest = await Client.connect(other.url, { gameId, token: claimed.body.token });
          clients.push(guest);
          // The lobby record is the welcome's first message: lines are posted on both processes
          // while the rest of the welcome (the state, the history) is under way.
          await guest.waitFor(() => guest.lobbies.length > 0);
          const acks = await Promise.all([
            guest.send<ChatAck>('chat', {
              id: `guest-${String(round)}`,
              text: `g${String(round)}`,
            }),
            hostClient.send<ChatAck>('chat', {
              id: `host-${String(round)}`,
              text: `h${String(round)}`,
            }),
          ]);
          expect(acks.map((a) => a.ok)).toEqual([true, true]);
          posted += 2;
          const barrier = await hostClient.send<ChatAck>('chat', {
            id: `barrier-${String(round)}`,
            text: `barrier ${String(round)}`,
          });
          posted += 1;
          expect(barrier.ok && barrier.seq).toBe(posted);
          await guest.waitFor(() => hasEvery(guest, posted));
          // None arrives twice, and none is missing.
          expect(seqsOf(guest)).toEqual(upTo(posted));
        }
        // The connections welcomed earlier heard every later line live, once each.
        for (const client of clients) {
          await client.waitFor(() => hasEvery(client, posted));
          expect(seqsOf(client)).toEqual(upTo(posted));
        }
      } finally {
        for (const c of clients) c.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );
});
