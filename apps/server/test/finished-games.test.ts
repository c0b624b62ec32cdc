import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '@outer-rim/rules';
import type { CreateGameResponse, GameRecord, ResyncAck } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, prepareBackend } from './support/backends.js';
import type { Backend, BackendKind } from './support/backends.js';
import { BotTable } from './support/bot-table.js';
import { LoadProbe } from './support/load-probe.js';
import { Client, http, startServer } from './support/server.js';
import type { RunningServer } from './support/server.js';

/**
 * A finished game leaves nothing behind in a process's memory: the soak showed the heap growing
 * with every game that ended until a thousand of them filled the caches. Once its last step has
 * gone out, a game is read back from its final snapshot by whoever still asks for it.
 */

const SEED_PATTERN = /^[0-9a-f]{64}$/;

/** What a process still holds of a game, by every per-game structure that can be looked at. */
function held(server: RunningServer, gameId: string) {
  return {
    cached: server.app.games.isCached(gameId),
    sent: server.app.realtime.hasSent(gameId),
    driven: server.app.bots.driven.includes(gameId),
    notified: server.app.notifier.knows(gameId),
  };
}
const NOTHING = { cached: false, sent: false, driven: false, notified: false };

/** The `outer_rim_cached_games` gauge, as /metrics reports it. */
async function cachedGamesMetric(server: RunningServer): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(/^outer_rim_cached_games (\S+)$/m.exec(text)?.[1]);
}

async function until(predicate: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function finalRecord(url: string, gameId: string): Promise<GameRecord> {
  let record: GameRecord | undefined;
  await until(async () => {
    record = (await http<GameRecord>(url, 'GET', `/api/games/${gameId}`)).body;
    return record.status === 'over';
  }, 90_000);
  return record as GameRecord;
}

/** A viewer that connects after the end gets the final state, and a resync gives it again. */
async function lateViewer(url: string, gameId: string, finalSeq: number, token?: string) {
  const late = await Client.connect(url, token === undefined ? { gameId } : { gameId, token });
  try {
    await late.waitFor(() => late.states.length > 0);
    const [state] = late.states;
    expect(state?.seq).toBe(finalSeq);
    expect((state?.view as GameView).phase.name).toBe('game-over');
    expect(late.lobbies[0]?.game.seed).toMatch(SEED_PATTERN);
    const ack = await late.send<ResyncAck>('resync', { sinceSeq: finalSeq - 2 });
    expect(ack.ok && ack.seq).toBe(finalSeq);
    expect(ack.ok && ack.missed.map((m) => m.seq)).toEqual([finalSeq - 1, finalSeq]);
    await late.waitFor(() => late.states.length > 1);
    expect(late.states[1]?.seq).toBe(finalSeq);
  } finally {
    late.close();
  }
}

describe.each<[BackendKind, number]>([
  ['pglite', 1],
  ['postgres', 2],
])('finished games are let go on %s with %i process(es)', (kind, processes) => {
  let backend: Backend;
  let servers: RunningServer[];

  beforeAll(async () => {
    backend = await prepareBackend(kind, 'finished');
    const config = backend.config({
      BOT_DELAY_MS: '0',
      BOT_TICK_MS: '100',
      CLUSTER: processes > 1 ? 'on' : 'off',
    });
    servers = [];
    for (let i = 0; i < processes; i++) servers.push(await startServer(config));
  }, HEAVY_TEST_TIMEOUT);
  afterAll(async () => {
    for (const s of servers) await s.close();
    await backend.dispose();
  });

  it(
    'a bot game played to its end over sockets: the last step reaches every viewer with the seed, ' +
      'then no process keeps the game, and viewers who come later still get its final state',
    async () => {
      const first = servers[0] as RunningServer;
      const last = servers.at(-1) as RunningServer;
      const table = await BotTable.open(first.url, {
        seats: 3,
        spectators: 1,
        bot: 'random',
        seed: 7,
        roundLimit: 1,
        probe: new LoadProbe(),
      });
      // One spectator per process, watching from before the first move to the end: with two
      // processes, the last one learns every step by catching up from the log.
      const watchers = await Promise.all(
        servers.map((s) => Client.connect(s.url, { gameId: table.gameId })),
      );
      try {
        for (const w of watchers) await w.waitFor(() => w.states.length > 0);
        for (const s of servers) expect(held(s, table.gameId).cached).toBe(true);
        table.play();
        const record = await finalRecord(first.url, table.gameId);
        const finalSeq = record.seq;
        expect(finalSeq).toBeGreaterThan(1);
        expect(await table.allHold(finalSeq)).toBe(true);
        for (const w of watchers) {
          await w.waitFor(() => (w.latest?.seq ?? 0) >= finalSeq);
          const end = w.updates.find((u) => u.seq === finalSeq);
          expect(end?.seed).toBe(record.seed);
          expect(end?.seed).toMatch(SEED_PATTERN);
          expect((w.latest?.view as GameView).phase.name).toBe('game-over');
          expect(w.mismatches).toEqual([]);
        }

        // The end-of-game step goes out a moment after its commit (the seed is read back first).
        for (const s of servers) await until(() => !held(s, table.gameId).sent);
        // The notices of the last step are noted off the game's path: once they are.
        for (const s of servers) await s.app.notifier.idle();
        for (const s of servers) {
          expect(held(s, table.gameId)).toEqual(NOTHING);
          expect(s.app.games.cachedGames).toBe(0);
          expect(s.app.realtime.sentGames).toBe(0);
          expect(await cachedGamesMetric(s)).toBe(0);
        }

        // Connections after the end, on every process: a spectator and a seat, each with a resync.
        for (const s of servers) {
          await lateViewer(s.url, table.gameId, finalSeq);
          await lateViewer(s.url, table.gameId, finalSeq, table.tokens[1]);
        }
        const replay = await http<{ seq: number; view: GameView }>(
          last.url,
          'GET',
          `/api/games/${table.gameId}/views/${String(finalSeq)}`,
        );
        expect(replay.status).toBe(200);
        expect(replay.body.view.phase.name).toBe('game-over');
        // Reading a finished game back does not bring it into memory again.
        for (const s of servers) {
          expect(held(s, table.gameId)).toEqual(NOTHING);
          expect(s.app.games.cachedGames).toBe(0);
          expect(s.app.realtime.sentGames).toBe(0);
        }
      } finally {
        for (const w of watchers) w.close();
        table.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    "a game of the server's own bots: once over, no bot table, cache or sent views remain",
    async () => {
      const first = servers[0] as RunningServer;
      const created = await http<CreateGameResponse>(first.url, 'POST', '/api/games', {
        name: 'Host',
        options: { playerCount: 3, roundLimit: 1, handOverAfterSeconds: 1 },
      });
      expect(created.status).toBe(201);
      const { gameId, token } = created.body;
      for (const seat of [1, 2]) {
        const added = await http(
          first.url,
          'PUT',
          `/api/games/${gameId}/seats/${String(seat)}/bot`,
          { policy: 'random' },
          token,
        );
        expect(added.status).toBe(200);
      }
      // The host never connects: a bot plays its seat after a second away.
      const watchers = await Promise.all(servers.map((s) => Client.connect(s.url, { gameId })));
      try {
        const started = await http(
          first.url,
          'POST',
          `/api/games/${gameId}/start`,
          undefined,
          token,
        );
        expect(started.status).toBe(200);
        const record = await finalRecord(first.url, gameId);
        for (const w of watchers) {
          await w.waitFor(() => (w.latest?.seq ?? 0) >= record.seq, 30_000);
          expect(w.updates.find((u) => u.seq === record.seq)?.seed).toBe(record.seed);
        }
        for (const s of servers)
          await until(() => !held(s, gameId).sent && !held(s, gameId).driven);
        // Two whole bot ticks later, still nothing: the runner does not read the finished game back.
        const ticked = servers.map((s) => s.app.bots.ticks);
        for (const [i, s] of servers.entries()) {
          await until(() => s.app.bots.ticks >= (ticked[i] ?? 0) + 2);
        }
        for (const s of servers) await s.app.notifier.idle();
        for (const s of servers) {
          expect(held(s, gameId)).toEqual(NOTHING);
          expect(s.app.games.cachedGames).toBe(0);
        }
        await lateViewer(first.url, gameId, record.seq, token);
        for (const s of servers) expect(held(s, gameId)).toEqual(NOTHING);
      } finally {
        for (const w of watchers) w.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );
});
