import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAVY_TEST_TIMEOUT, POSTGRES_ADMIN_URL, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { fullLobby, playMoves, startGame } from './support/play.js';
import { http, startServer } from './support/server.js';
import { joinTable } from './support/table.js';
import type { RunningServer } from './support/server.js';

async function healthy(server: RunningServer): Promise<number> {
  let status = 0;
  for (let attempt = 0; attempt < 40 && status !== 200; attempt++) {
    status = (await http(server.url, 'GET', '/healthz')).status;
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return status;
}

// PostgreSQL-only by nature: PGlite lives inside the process and cannot drop its connections.
describe('PostgreSQL dropping every connection', () => {
  let backend: Backend;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    backend = await prepareBackend('postgres', 'outage');
    // Two processes on one database: CLUSTER=on, so they tell each other of commits.
    [a, b] = await Promise.all([
      startServer(backend.config({ CLUSTER: 'on' })),
      startServer(backend.config({ CLUSTER: 'on' })),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await backend.dispose();
  });

  it(
    'does not bring the servers down; once the database is back, play and broadcasts resume',
    async () => {
      const game = await fullLobby(a.url, 2);
      const name = new URL(backend.url ?? '').pathname.slice(1);
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      try {
        // Every connection of both servers, the adapters' LISTEN connections included.
        const killed = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        expect(killed.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      expect(await healthy(a)).toBe(200);
      expect(await healthy(b)).toBe(200);

      // The adapters reconnect on their own (after about two seconds): a spectator on B follows a
      // game played on A.
      await new Promise((resolve) => setTimeout(resolve, 3500));
      await startGame(a.url, game);
      const { seats, spectator } = await joinTable(a.url, game, b.url);
      const { seq } = await playMoves(seats, [spectator], 3);
      expect(seq).toBe(3);
      expect(spectator.updates.map((u) => u.seq)).toEqual([1, 2, 3]);
      for (const c of [...seats, spectator]) c.close();
    },
    HEAVY_TEST_TIMEOUT,
  );
});
