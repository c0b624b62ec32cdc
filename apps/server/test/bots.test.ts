import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, decisions, legalActions, view } from '@outer-rim/rules';
import type { Action, GameState, GameView } from '@outer-rim/rules';
import { BotLease } from '../src/bots/bot-lease.js';
import { botClientId, botSeed, isBotClientId } from '../src/bots/bot-seed.js';
import type { BotDecision } from '../src/bots/bot-runner.js';
import { makePolicy } from '../src/bots/policies.js';
import type {
  ClaimSeatResponse,
  CreateGameResponse,
  ErrorResponse,
  BotPolicyName,
  GameRecord,
} from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, BACKENDS, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { expectOwnSecretsOnly, storedSeed } from './support/hidden.js';
import { Client, http, startServer } from './support/server.js';
import type { RunningServer } from './support/server.js';

const BOT_CONFIG = { BOT_DELAY_MS: '0', BOT_TICK_MS: '100' };

async function create(
  url: string,
  playerCount: number,
  extra: Record<string, unknown> = {},
): Promise<CreateGameResponse> {
  const created = await http<CreateGameResponse>(url, 'POST', '/api/games', {
    name: 'Host',
    options: { playerCount, ...extra },
  });
  expect(created.status).toBe(201);
  return created.body;
}

function addBot(url: string, gameId: string, seat: number, token?: string, policy?: BotPolicyName) {
  return http<GameRecord & ErrorResponse>(
    url,
    'PUT',
    `/api/games/${gameId}/seats/${String(seat)}/bot`,
    policy === undefined ? {} : { policy },
    token,
  );
}

function removeBot(url: string, gameId: string, seat: number, token?: string) {
  return http<GameRecord & ErrorResponse>(
    url,
    'DELETE',
    `/api/games/${gameId}/seats/${String(seat)}/bot`,
    undefined,
    token,
  );
}

/** A guest takes seat 1; `ready` also marks it ready. */
async function seatGuest(url: string, gameId: string, ready: boolean): Promise<string> {
  const claim = await http<ClaimSeatResponse>(url, 'POST', `/api/games/${gameId}/seats`, {
    name: 'Guest',
    seat: 1,
  });
  if (ready)
    await http(url, 'PATCH', `/api/games/${gameId}/seats/me`, { ready: true }, claim.body.token);
  return claim.body.token;
}

async function start(url: string, gameId: string, token: string): Promise<void> {
  const started = await http(url, 'POST', `/api/games/${gameId}/start`, undefined, token);
  expect(started.status).toBe(200);
}

/** The state right after `seq`, rebuilt from the stored start and log (as the test, not a bot). */
async function stateAt(server: RunningServer, gameId: string, seq: number): Promise<GameState> {
  const start = await server.app.games.store.snapshotAtOrBefore(gameId, 0);
  let state = start?.state as GameState;
  for (const entry of await server.app.games.store.actionsAfter(gameId, 0, seq)) {
    const result = apply(state, entry.seat, entry.action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
  }
  return state;
}

/** Plays one seat through its own socket from its own views, ending steps first, until stopped. */
function autoPlay(
  client: Client,
  seat: number,
): { stop(): void; sent: number; done: Promise<void> } {
  const control = { running: true };
  const played = {
    sent: 0,
    stop: () => {
      control.running = false;
    },
    /** resolves once stopped and its last action answered */
    done: Promise.resolve(),
  };
  const rank = (a: Action) => (a.type.startsWith('end-') || a.type.startsWith('pass') ? 0 : 1);
  played.done = (async () => {
    let lastSeq = -1;
    while (control.running) {
      const latest = client.latest;
      if (latest && latest.seq !== lastSeq) {
        const [action] = [...legalActions(latest.view as GameView, seat)].sort(
          (a, b) => rank(a) - rank(b),
        );
        lastSeq = latest.seq;
        if (action) {
          played.sent++;
          await client
            .send('action', { id: `auto-${String(latest.seq)}`, action, seq: latest.seq })
            .catch(() => undefined);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return played;
}

describe.each(BACKENDS)('bots at the table on %s', (kind) => {
  let backend: Backend;
  let server: RunningServer;

  beforeAll(async () => {
    backend = await prepareBackend(kind, 'bots');
    server = await startServer(backend.config(BOT_CONFIG));
  });
  afterAll(async () => {
    await server.close();
    await backend.dispose();
  });

  it(
    'only the creator seats and removes bots; everyone else gets a typed refusal and nothing changes',
    async () => {
      const game = await create(server.url, 4);
      const guestToken = await seatGuest(server.url, game.gameId, false);
      const before = await http<GameRecord>(server.url, 'GET', `/api/games/${game.gameId}`);

      const noToken = await addBot(server.url, game.gameId, 2);
      expect(noToken.status).toBe(401);
      expect(noToken.body.error.code).toBe('UNAUTHORIZED');
      const guest = await addBot(server.url, game.gameId, 2, guestToken);
      expect(guest.status).toBe(403);
      expect(guest.body.error.code).toBe('FORBIDDEN');
      const person = await addBot(server.url, game.gameId, 1, game.token);
      expect(person.status).toBe(409);
      expect(person.body.error.code).toBe('SEAT_TAKEN');
      const noSeat = await addBot(server.url, game.gameId, 6, game.token);
      expect(noSeat.body.error.code).toBe('SEAT_NOT_FOUND');
      const badPolicy = await http<ErrorResponse>(
        server.url,
        'PUT',
        `/api/games/${game.gameId}/seats/2/bot`,
        { policy: 'cheater' },
        game.token,
      );
      expect(badPolicy.status).toBe(400);
      expect(badPolicy.body.error.code).toBe('BAD_REQUEST');
      const after = await http<GameRecord>(server.url, 'GET', `/api/games/${game.gameId}`);
      expect(after.body).toEqual(before.body);

      const seated = await addBot(server.url, game.gameId, 2, game.token, 'random');
      expect(seated.status).toBe(200);
      const bot = seated.body.seats[2];
      expect(bot).toMatchObject({ taken: true, ready: true, bot: 'random', name: 'Random bot 3' });
      expect(bot?.race).not.toBe('random');
      // A bot's seat is not free to claim, and a guest cannot remove it.
      const claimBot = await http<ErrorResponse>(
        server.url,
        'POST',
        `/api/games/${game.gameId}/seats`,
        { name: 'Late', seat: 2 },
      );
      expect(claimBot.body.error.code).toBe('SEAT_TAKEN');
      const guestRemove = await removeBot(server.url, game.gameId, 2, guestToken);
      expect(guestRemove.body.error.code).toBe('FORBIDDEN');
      const notABot = await removeBot(server.url, game.gameId, 3, game.token);
      expect(notABot.status).toBe(404);
      expect(notABot.body.error.code).toBe('NOT_FOUND');

      const removed = await removeBot(server.url, game.gameId, 2, game.token);
      expect(removed.body.seats[2]).toMatchObject({ taken: false, ready: false, name: null });
      expect(removed.body.seats[2]?.bot).toBeUndefined();

      await addBot(server.url, game.gameId, 2, game.token);
      await addBot(server.url, game.gameId, 3, game.token);
      await http(
        server.url,
        'PATCH',
        `/api/games/${game.gameId}/seats/me`,
        { ready: true },
        guestToken,
      );
      await start(server.url, game.gameId, game.token);
      const late = await removeBot(server.url, game.gameId, 2, game.token);
      expect(late.body.error.code).toBe('GAME_ALREADY_STARTED');
      // The new endpoints are in the published API description.
      const openapi = await http<{ paths: Record<string, unknown> }>(
        server.url,
        'GET',
        '/docs/json',
      );
      expect(Object.keys(openapi.body.paths)).toContain('/api/games/{id}/seats/{seat}/bot');
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    "a game's bot lease is one process's until it is given up or expires (a crashed driver)",
    async () => {
      const { gameId } = await create(server.url, 2);
      const db = server.app.database.db;
      const first = new BotLease(db, 'process-1', 500);
      const second = new BotLease(db, 'process-2', 500);
      expect(await first.take(gameId)).toBe(true);
      expect(await second.take(gameId)).toBe(false);
      expect(await first.take(gameId)).toBe(true);
      await first.release(gameId);
      expect(await second.take(gameId)).toBe(true);
      expect(await first.take(gameId)).toBe(false);
      // The holder stops renewing without a word: once the lease ran out, another may take it.
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(await first.take(gameId)).toBe(true);
      expect(await second.take(gameId)).toBe(false);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'a game of bots only plays on over real sockets, every bot action accepted, each bot given only its own view',
    async () => {
      // Four seats: three bots, and the creator's own seat, handed to a bot after a second away.
      const game = await create(server.url, 4, { handOverAfterSeconds: 1, roundLimit: 3 });
      for (const seat of [1, 2, 3]) {
        await addBot(
          server.url,
          game.gameId,
          seat,
          game.token,
          seat === 3 ? 'random' : 'heuristic',
        );
      }
      const decisionsSeen: BotDecision[] = [];
      server.app.bots.onDecision((decision) => {
        if (decision.gameId === game.gameId) decisionsSeen.push(decision);
      });
      const spectator = await Client.connect(server.url, { gameId: game.gameId });
      await start(server.url, game.gameId, game.token);
      const target = 120;
      await spectator.waitFor(() => (spectator.latest?.seq ?? 0) >= target, 90_000);
      // The creator never connected: its seat went to a bot, and the table was told.
      await spectator.waitFor(() =>
        spectator.lobbies.some((m) => m.game.seats[0]?.handedOver === true),
      );
      spectator.close();

      expect(decisionsSeen.length).toBeGreaterThanOrEqual(target);
      expect(decisionsSeen.filter((d) => !d.ack.ok)).toEqual([]);
      expect(new Set(decisionsSeen.map((d) => d.seat))).toEqual(new Set([0, 1, 2, 3]));
      // Every action the spectator saw was a bot's, through the ordinary log.
      const log = await server.app.games.store.actionsAfter(game.gameId, 0, target);
      expect(log.every((entry) => isBotClientId(entry.clientId))).toBe(true);

      // What each bot was given is its seat's view of that state, never more; and each logged
      // bot action follows from that view and the bot's seed (game seed + seat + seq).
      const seed = await storedSeed(server.app, game.gameId);
      for (const decision of decisionsSeen.slice(0, 40)) {
        expectOwnSecretsOnly(decision.view, decision.seat);
        const state = await stateAt(server, game.gameId, decision.seq);
        expect(decision.view).toEqual(view(state, decision.seat));
        const policy = decision.seat === 3 ? 'random' : 'heuristic';
        // The stored start went through jsonb, which reorders keys, and the policies walk keys in
        // order: the decision is recomputed from the very view the bot was given.
        const again = makePolicy(policy, botSeed(seed ?? '', decision.seat, decision.seq)).choose(
          structuredClone(decision.view),
          decision.seat,
        );
        expect(again).toEqual(decision.action);
        const logged = log.find(
          (entry) => entry.seat === decision.seat && entry.clientId === botClientId(decision.seq),
        );
        expect(logged?.action).toEqual(decision.action);
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    "an away player's seat goes to a bot after the host's time, and back when the player returns",
    async () => {
      const game = await create(server.url, 3, { handOverAfterSeconds: 1 });
      const guestToken = await seatGuest(server.url, game.gameId, true);
      await addBot(server.url, game.gameId, 2, game.token);
      const host = await Client.connect(server.url, { gameId: game.gameId, token: game.token });
      let guest = await Client.connect(server.url, {
        gameId: game.gameId,
        token: guestToken,
      });
      await start(server.url, game.gameId, game.token);
      const hosting = autoPlay(host, 0);
      await guest.waitFor(() => guest.latest !== undefined);
      guest.close();

      // Gone for longer than a second: a bot plays seat 1 and the table sees it.
      await host.waitFor(
        () => host.lobbies.some((m) => m.game.seats[1]?.handedOver === true),
        20_000,
      );
      await host.waitFor(() => host.updates.some((u) => u.seat === 1), 30_000);
      const botActions = await server.app.games.store.actionsAfter(game.gameId, 0);
      expect(botActions.some((a) => a.seat === 1 && isBotClientId(a.clientId))).toBe(true);

      // Back with the seat token: the seat is the player's again, and the bot stops.
      hosting.stop();
      const seenLobbies = host.lobbies.length;
      guest = await Client.connect(server.url, { gameId: game.gameId, token: guestToken });
      await host.waitFor(
        () => host.lobbies.slice(seenLobbies).some((m) => m.game.seats[1]?.handedOver !== true),
        20_000,
      );
      const record = await http<GameRecord>(server.url, 'GET', `/api/games/${game.gameId}`);
      expect(record.body.seats[1]?.handedOver).toBeUndefined();
      // Play on until seat 1 owes a decision; no bot takes it for the player.
      const playing = autoPlay(host, 0);
      await guest.waitFor(() => {
        const latest = guest.latest;
        return latest !== undefined && decisions(latest.view as GameView).some((d) => d.seat === 1);
      }, 30_000);
      const owed = guest.latest?.seq ?? 0;
      playing.stop();
      await playing.done;
      // The host's last action answered: the guest decides on the head of the game.
      const head = (await http<GameRecord>(server.url, 'GET', `/api/games/${game.gameId}`)).body
        .seq;
      await guest.waitFor(() => (guest.latest?.seq ?? -1) >= head);
      const latest = guest.latest;
      const [own] = legalActions(latest?.view as GameView, 1);
      // Accepted as decided on that state: nobody acted for seat 1 in between. And after the
      // state that asked seat 1, the log holds seat 1's own action and no bot's.
      const ack = await guest.send('action', { id: 'back-1', action: own, seq: latest?.seq });
      expect(ack.ok).toBe(true);
      const seat1 = (await server.app.games.store.actionsAfter(game.gameId, owed)).filter(
        (a) => a.seat === 1,
      );
      expect(seat1.map((a) => a.clientId)).toEqual(['back-1']);
      host.close();
      guest.close();
    },
    HEAVY_TEST_TIMEOUT,
  );
});

describe('bots with two server processes on one PostgreSQL', () => {
  let backend: Backend;
  let servers: RunningServer[];
  const closed = new Set<RunningServer>();

  beforeAll(async () => {
    backend = await prepareBackend('postgres', 'bots2');
    // Two processes on one database: CLUSTER=on, so they tell each other of commits.
    servers = await Promise.all([
      startServer(backend.config({ ...BOT_CONFIG, CLUSTER: 'on' })),
      startServer(backend.config({ ...BOT_CONFIG, CLUSTER: 'on' })),
    ]);
  });
  afterAll(async () => {
    await Promise.all(servers.filter((s) => !closed.has(s)).map((s) => s.close()));
    await backend.dispose();
  });

  it(
    "exactly one process drives a game's bots, and the other takes over when it stops",
    async () => {
      const [a, b] = servers as [RunningServer, RunningServer];
      const game = await create(a.url, 3, { handOverAfterSeconds: 1 });
      await addBot(a.url, game.gameId, 1, game.token);
      await addBot(b.url, game.gameId, 2, game.token, 'random');
      const byProcess = new Map<RunningServer, BotDecision[]>([
        [a, []],
        [b, []],
      ]);
      for (const [server, seen] of byProcess) {
        server.app.bots.onDecision((decision) => {
          if (decision.gameId === game.gameId) seen.push(decision);
        });
      }
      const watchers = await Promise.all(
        [a, b].map((s) => Client.connect(s.url, { gameId: game.gameId })),
      );
      await start(b.url, game.gameId, game.token);
      for (const w of watchers) await w.waitFor(() => (w.latest?.seq ?? 0) >= 40, 60_000);

      const driving = [a, b].filter((s) => s.app.bots.driven.includes(game.gameId));
      expect(driving).toHaveLength(1);
      const driver = driving[0] as RunningServer;
      const other = driver === a ? b : a;
      expect(byProcess.get(other)).toEqual([]);
      expect(byProcess.get(driver)?.every((d) => d.ack.ok)).toBe(true);

      // The driver stops (and gives its lease up): the other process plays the bots on.
      const reached = (await other.app.games.read(game.gameId))?.seq ?? 0;
      closed.add(driver);
      await driver.close();
      const watcher = watchers[driver === a ? 1 : 0] as Client;
      await watcher.waitFor(() => (watcher.latest?.seq ?? 0) >= reached + 30, 60_000);
      expect(other.app.bots.driven).toContain(game.gameId);
      const taken = byProcess.get(other) ?? [];
      expect(taken.length).toBeGreaterThanOrEqual(20);
      expect(taken.filter((d) => !d.ack.ok)).toEqual([]);
      // One game, one history: every seq once, every bot decision once.
      const log = await other.app.games.store.actionsAfter(game.gameId, 0);
      expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
      for (const w of watchers) w.close();
    },
    HEAVY_TEST_TIMEOUT,
  );
});
