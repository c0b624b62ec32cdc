import { describe, expect, it } from 'vitest';
import type { Action, GameView } from '@outer-rim/rules';
import { botClientId, isBotClientId } from '../src/bots/bot-seed.js';
import type { ClaimSeatResponse } from '@outer-rim/protocol';
import type { CreateGameResponse } from '@outer-rim/protocol';
import { ClientIdSchema } from '@outer-rim/protocol';
import type { ActionAck } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT } from './support/backends.js';
import { quietAction } from './support/play.js';
import { Client, http } from './support/server.js';
import type { RunningServer } from './support/server.js';
import { serversOnBackend } from './support/servers-on-backend.js';

/** Ids a player could send, spelled as a bot's once were: `bot-0` to `bot-49`. */
const LOOKALIKE_IDS = Array.from({ length: 50 }, (_, n) => `bot-${String(n)}`);

describe('a bot’s action ids are its own', () => {
  it('no client id a player may send is a bot’s', () => {
    for (const seq of [0, 1, 9, 10, 12_345]) {
      expect(ClientIdSchema.safeParse(botClientId(seq)).success).toBe(false);
      expect(isBotClientId(botClientId(seq))).toBe(true);
    }
    for (const id of LOOKALIKE_IDS) expect(isBotClientId(id)).toBe(false);
  });
});

describe('a player cannot stall the bot that plays its seat', () => {
  const running = serversOnBackend('postgres', 'bot-ids', 1, {
    BOT_DELAY_MS: '0',
    BOT_TICK_MS: '100',
  });

  it(
    'a player sends actions with ids bot-0…bot-49, then its seat is handed to a bot: the bot plays',
    async () => {
      const server = running.servers[0] as RunningServer;
      const created = await http<CreateGameResponse>(server.url, 'POST', '/api/games', {
        name: 'Host',
        options: { playerCount: 2, handOverAfterSeconds: 1 },
      });
      const { gameId } = created.body;
      const claim = await http<ClaimSeatResponse>(
        server.url,
        'POST',
        `/api/games/${gameId}/seats`,
        {
          name: 'Guest',
          seat: 1,
        },
      );
      await http(
        server.url,
        'PATCH',
        `/api/games/${gameId}/seats/me`,
        { ready: true },
        claim.body.token,
      );
      const host = await Client.connect(server.url, { gameId, token: created.body.token });
      const guest = await Client.connect(server.url, { gameId, token: claim.body.token });
      try {
        const started = await http(
          server.url,
          'POST',
          `/api/games/${gameId}/start`,
          undefined,
          created.body.token,
        );
        expect(started.status).toBe(200);
        await guest.waitFor(() => guest.latest !== undefined);

        // Every lookalike id answered once: accepted while the guest had a move, refused after.
        const answers: ActionAck[] = [];
        for (const id of LOOKALIKE_IDS) {
          const latest = guest.latest;
          if (latest === undefined) throw new Error('the guest has no view');
          const view = latest.view as GameView;
          // Not the guest's move: a well-formed action the rules refuse, a refusal the server keeps.
          const action: Action = quietAction(view, 1) ?? { type: 'end-turn' };
          answers.push(await guest.send('action', { id, action }));
          if (answers.at(-1)?.ok === true) {
            const seq = (answers.at(-1) as { seq: number }).seq;
            await guest.waitFor(() => (guest.latest?.seq ?? 0) >= seq);
          }
        }
        expect(answers.some((a) => !a.ok)).toBe(true);
        const guestSeq = guest.latest?.seq ?? 0;
        guest.close();
        await host.waitFor(() => (host.latest?.seq ?? 0) >= guestSeq);
        const guestSteps = host.updates.filter((u) => u.seat === 1).length;

        // The guest is away: its seat goes to a bot, and the bot plays it while the host plays.
        await host.waitFor(
          () => host.lobbies.some((m) => m.game.seats[1]?.handedOver === true),
          20_000,
        );
        const hosting = playSeat(host, 0);
        try {
          await host.waitFor(
            () => host.updates.filter((u) => u.seat === 1).length > guestSteps,
            30_000,
          );
        } finally {
          hosting.stop();
        }
        const log = await server.app.games.store.actionsAfter(gameId, 0);
        expect(log.some((a) => a.seat === 1 && isBotClientId(a.clientId))).toBe(true);
      } finally {
        host.close();
        guest.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );
});

/** Plays one seat from the views its client receives, each new view once, until stopped. */
function playSeat(client: Client, seat: number): { stop(): void } {
  const control = { running: true };
  const stopped = () => !control.running;
  void (async () => {
    let lastSeq = -1;
    while (!stopped()) {
      await client.waitFor(() => stopped() || (client.latest?.seq ?? -1) !== lastSeq, 60_000);
      const latest = client.latest;
      if (stopped() || latest === undefined) return;
      lastSeq = latest.seq;
      const action = quietAction(latest.view as GameView, seat);
      if (action) {
        await client
          .send('action', { id: `host-${String(latest.seq)}`, action, seq: latest.seq })
          .catch(() => undefined);
      }
    }
  })().catch(() => undefined);
  return {
    stop: () => {
      control.running = false;
    },
  };
}
