import { afterAll, describe, expect, it } from 'vitest';
import { decisions } from '@outer-rim/rules';
import type { GameView } from '@outer-rim/rules';
import { signatureOfDecisions } from '../src/games/recent-steps.js';
import { HEAVY_TEST_TIMEOUT } from './support/backends.js';
import { fullLobby, nextMove, startGame } from './support/play.js';
import { Client } from './support/server.js';
import type { RunningServer } from './support/server.js';
import { serversOnBackend } from './support/servers-on-backend.js';

/** Each event the client receives, in order, with the seq it carries if any. */
function eventLog(client: Client): { event: string; seq?: number }[] {
  const log: { event: string; seq?: number }[] = [];
  client.socket.onAny((event: string, payload: { seq?: unknown }) => {
    log.push(typeof payload.seq === 'number' ? { event, seq: payload.seq } : { event });
  });
  return log;
}

/**
 * A step's update waits for the viewers nobody waits for (IDLE_UPDATE_MS, a minute here, so that
 * only what lets it out does), while the seat that acted and the seats whose decision it changed
 * hear at once; whatever else is written to a waiting connection takes the held update with it,
 * before itself. Real server, real sockets.
 */
describe('updates to viewers nobody waits for wait; the others hear at once', () => {
  const running = serversOnBackend('pglite', 'idle-updates', 1, { IDLE_UPDATE_MS: '60000' });
  const clients: Client[] = [];
  afterAll(() => {
    for (const c of clients) c.close();
  });

  it(
    'the actor and the seats whose decision changed get the step at once; a spectator’s and an idle seat’s leave with the next message to them, before it',
    async () => {
      const server = running.servers[0] as RunningServer;
      const game = await fullLobby(server.url, 3);
      const seats = await Promise.all(
        game.tokens.map((token) => Client.connect(server.url, { gameId: game.gameId, token })),
      );
      const spectator = await Client.connect(server.url, { gameId: game.gameId });
      clients.push(...seats, spectator);
      await startGame(server.url, game);
      for (const c of clients) await c.waitFor(() => c.states.length > 0);
      const logs = clients.map(eventLog);
      /** What `index` received after `from` entries of its log: updates, states and chat lines. */
      const since = (index: number, from: number) =>
        (logs[index] ?? [])
          .slice(from)
          .filter((e) => ['update', 'state', 'chat'].includes(e.event))
          .map((e) => (e.event === 'chat' ? 'chat' : `${e.event} ${String(e.seq)}`));
      const caughtUp = async (seq: number) => {
        for (const c of clients) await c.waitFor(() => (c.latest?.seq ?? -1) >= seq);
      };

      // Moves until one leaves a seat waited for by nobody: it did not act, and what it is asked
      // (nothing, or the same as before) did not change.
      let idle: number[] = [];
      let seq = 0;
      for (let i = 0; i < 60 && idle.length === 0; i++) {
        const views = seats.map((c) => c.latest?.view as GameView);
        const asked = decisions(views[0] as GameView);
        const move = nextMove(views);
        if (!move) throw new Error('no move');
        const actor = seats[move.seat] as Client;
        const marks = logs.map((log) => log.length);
        const ack = await actor.send('action', { id: `move-${String(i)}`, action: move.action });
        expect(ack).toEqual({ ok: true, seq: seq + 1 });
        seq += 1;
        await actor.waitFor(() => actor.latest?.seq === seq);
        const askedNow = decisions(actor.latest?.view as GameView);
        // The seats whose decision the step changed hear of it at once: held, they would wait a
        // minute.
        const prompt = [0, 1, 2].filter(
          (s) =>
            s === move.seat || signatureOfDecisions(asked, s) !== signatureOfDecisions(askedNow, s),
        );
        for (const s of prompt) {
          const client = seats[s] as Client;
          await client.waitFor(() => client.latest?.seq === seq);
        }
        idle = [0, 1, 2].filter((s) => !prompt.includes(s));
        // A table chat line reaches every connection, the spectator's too: each held update
        // leaves before it.
        expect(await actor.send('chat', { id: `line-${String(i)}`, text: 'hi' })).toMatchObject({
          ok: true,
        });
        await caughtUp(seq);
        for (const index of [...idle, 3]) {
          const client = clients[index] as Client;
          await client.waitFor(() => since(index, marks[index] ?? 0).includes('chat'));
          expect(since(index, marks[index] ?? 0)).toEqual([`update ${String(seq)}`, 'chat']);
        }
      }
      expect(idle.length).toBeGreaterThan(0);

      // The next step's update to the spectator waits again; its resync's state takes it out first.
      const next = nextMove(seats.map((c) => c.latest?.view as GameView));
      if (!next) throw new Error('no move');
      const mark = logs[3]?.length ?? 0;
      expect(
        await (seats[next.seat] as Client).send('action', { id: 'last', action: next.action }),
      ).toEqual({ ok: true, seq: seq + 1 });
      // Held: nothing else was written to the spectator's connection since the step.
      const acting = seats[next.seat] as Client;
      await acting.waitFor(() => acting.latest?.seq === seq + 1);
      expect(spectator.latest?.seq).toBe(seq);
      expect(await spectator.send('resync', { sinceSeq: seq })).toMatchObject({
        ok: true,
        seq: seq + 1,
      });
      expect(since(3, mark)).toEqual([`update ${String(seq + 1)}`, `state ${String(seq + 1)}`]);
      for (const c of clients) expect(c.mismatches).toEqual([]);
    },
    HEAVY_TEST_TIMEOUT,
  );
});
