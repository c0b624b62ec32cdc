import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom, view } from '@outer-rim/rules';
import type { Viewer } from '@outer-rim/rules';
import type { GameRecord } from '@outer-rim/protocol';
import { BACKENDS, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { BotTable } from './support/bot-table.js';
import { storedSeed } from './support/hidden.js';
import { LoadProbe } from './support/load-probe.js';
import { replayRecord } from './support/replay.js';
import { http, startServer } from './support/server.js';
import { bundleForRun, freePort, startServerProcess } from './support/server-process.js';
import type { ServerProcess } from './support/server-process.js';

const KILLS = 5;
const TABLES = 3;
const SEATS = 4;
/** Every game must accept at least this many more actions after each restart. */
const PROGRESS = 5;
/** The kill moments come from this seed: a failure can be run again exactly. */
const SEED = 20_261_201;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** Waits until every table has `more` accepted actions beyond `from`; false on the timeout. */
async function progressed(
  tables: BotTable[],
  from: number[],
  more: number,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (tables.some((t, i) => t.ackedActions.length < (from[i] ?? 0) + more)) {
    if (Date.now() > deadline) return false;
    await sleep(25);
  }
  return true;
}

/** Waits until every client of every table is connected; false on the timeout. */
async function reconnected(tables: BotTable[], timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (tables.some((t) => t.clients.some((c) => !c.socket.connected))) {
    if (Date.now() > deadline) return false;
    await sleep(25);
  }
  return true;
}

/** JSON's cut of a value, as a client receives it. */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe.each(BACKENDS)('crash on %s: SIGKILL under bot load', (kind) => {
  let backend: Backend;
  let bundle: { path: string; dispose(): Promise<void> };
  let env: Record<string, string>;
  beforeAll(async () => {
    [backend, bundle] = await Promise.all([prepareBackend(kind, 'crash'), bundleForRun('crash')]);
    const config = backend.config();
    const port = await freePort();
    env = {
      ...(kind === 'postgres'
        ? { DATABASE_URL: backend.url ?? '' }
        : { DATA_DIR: config.DATA_DIR }),
      PORT: String(port),
      // Restarts recover through a snapshot and the actions after it, not the whole log.
      SNAPSHOT_EVERY: '7',
    };
  });
  afterAll(async () => {
    await bundle.dispose();
    await backend.dispose();
  });

  it(
    'five kills at random moments: every acknowledged action is in the log, the recovered state ' +
      'is the replay of the log, clients resync and the games go on',
    async () => {
      const random = seededRandom(SEED + (kind === 'pglite' ? 1 : 0));
      const probe = new LoadProbe();
      const inFlightAtKill: number[] = [];
      let server: ServerProcess = await startServerProcess(bundle.path, env);
      const tables = await Promise.all(
        Array.from({ length: TABLES }, (_, i) =>
          BotTable.open(server.url, {
            seats: SEATS,
            spectators: 1,
            bot: 'random',
            seed: i + 1,
            roundLimit: 50,
            probe,
            reconnect: true,
            ackTimeoutMs: 5_000,
          }),
        ),
      );
      try {
        for (const table of tables) table.play();
        for (let kill = 1; kill <= KILLS; kill++) {
          const before = tables.map((t) => t.ackedActions.length);
          expect(await progressed(tables, before, PROGRESS, 30_000), `games go on (${kill})`).toBe(
            true,
          );
          // A moment in the middle of play: a random while, then the next action any seat sends
          // and 0 to 4 ms more, so that the kill often lands between an action's arrival, its
          // commit and its acknowledgement.
          await sleep(50 + Math.floor(random() * 500));
          await Promise.race([Promise.any(tables.map((t) => t.nextSend())), sleep(2_000)]);
          await sleep(Math.floor(random() * 5));
          inFlightAtKill.push(tables.reduce((n, t) => n + t.inFlight, 0));
          server.child.kill('SIGKILL');
          expect((await server.exited).signal).toBe('SIGKILL');
          for (const table of tables) table.forgetPending();
          server = await startServerProcess(bundle.path, env);
          // Every client finds the new process on its own (socket.io's reconnection) and resyncs.
          expect(await reconnected(tables, 30_000), `clients reconnect (${kill})`).toBe(true);
        }
        // The kills landed under load: with actions sent and not yet answered.
        expect(inFlightAtKill.some((n) => n > 0)).toBe(true);
        const last = tables.map((t) => t.ackedActions.length);
        expect(await progressed(tables, last, PROGRESS, 30_000), 'games go on after the last').toBe(
          true,
        );
        // Every client came back on its own, through the protocol's resync.
        expect(probe.reconnects).toBeGreaterThanOrEqual(KILLS * TABLES * (SEATS + 1));
        expect(tables.every((t) => t.clients.every((c) => c.socket.connected))).toBe(true);

        for (const table of tables) table.stop();
        await Promise.all(tables.map((t) => t.settled()));
        const heads = tables.map((t) => Math.max(0, ...t.ackedActions.map((a) => a.seq)));
        await Promise.all(tables.map((t, i) => t.allHold(heads[i] ?? 0)));
        // The last process is killed too; the check below recovers from what is on disk.
        server.child.kill('SIGKILL');
        await server.exited;
      } finally {
        for (const table of tables) table.close();
        if (server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill('SIGKILL');
          await server.exited;
        }
      }

      const recovered = await startServer(backend.config());
      try {
        for (const table of tables) {
          const stored = await recovered.app.games.store.actionsAfter(table.gameId, 0);
          expect(stored.map((a) => a.seq)).toEqual(stored.map((_, i) => i + 1));
          const byClientId = new Map(stored.map((a) => [`${a.seat}/${a.clientId}`, a.seq]));
          const missing = table.ackedActions.filter(
            (a) => byClientId.get(`${a.seat}/${a.clientId}`) !== a.seq,
          );
          expect(missing, 'acknowledged but not in the log at its seq').toEqual([]);
          expect(table.ackedActions.length).toBeGreaterThan((KILLS + 1) * PROGRESS);

          const record = (
            await http<GameRecord>(recovered.url, 'GET', `/api/games/${table.gameId}`)
          ).body;
          const seed = (await storedSeed(recovered.app, table.gameId)) ?? '';
          const replayed = replayRecord(record, seed, stored);
          const state = (await recovered.app.games.read(table.gameId))?.state;
          expect(state).toEqual(replayed);

          // What each client holds at the end is its own view of that same state.
          for (const client of table.clients) {
            expect(client.seq).toBe(stored.length);
            const viewer: Viewer = client.seat ?? 'spectator';
            expect(wire(client.view)).toEqual(wire(view(replayed, viewer)));
          }
        }
      } finally {
        await recovered.close();
      }
    },
    180_000,
  );
});
