import { SCHEMA_VERSION } from '@outer-rim/rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshots } from '../src/db/schema.js';
import { HEAVY_TEST_TIMEOUT, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { fullLobby, playMoves, startGame } from './support/play.js';
import { Client, http, startServer } from './support/server.js';
import type { RunningServer } from './support/server.js';
import { connectSeats } from './support/table.js';

/** Rewrites the schemaVersion stored in every snapshot of a game, as another server left it. */
async function storeAsVersion(server: RunningServer, gameId: string, version: number) {
  await server.app.database.db
    .update(snapshots)
    .set({
      state: sql`jsonb_set(${snapshots.state}, '{schemaVersion}', ${String(version)}::jsonb)`,
    })
    .where(eq(snapshots.gameId, gameId));
}

describe('stored games from older versions (schemaVersion migration)', () => {
  let backend: Backend;

  beforeAll(async () => {
    backend = await prepareBackend('pglite', 'schema-migration');
  });
  afterAll(async () => {
    await backend.dispose();
  });

  it(
    'a game stored under schemaVersion 1 loads, migrated, and play goes on; an unknown version is refused with a clear message and the server keeps serving',
    async () => {
      const config = backend.config({ SNAPSHOT_EVERY: '3' });
      const first = await startServer(config);
      const old = await fullLobby(first.url, 3);
      await startGame(first.url, old);
      const future = await fullLobby(first.url, 2);
      await startGame(first.url, future);
      const seats = await connectSeats(first.url, old);
      await playMoves(seats, [], 4);
      for (const c of seats) c.close();
      await first.close();

      const second = await startServer(config);
      try {
        // Rewritten after the stop, which stores each head in the current shape, and before the
        // second server reads either game.
        await storeAsVersion(second, old.gameId, 1);
        await storeAsVersion(second, future.gameId, 99);
        const stored = await second.app.database.db
          .select({ state: snapshots.state })
          .from(snapshots)
          .where(eq(snapshots.gameId, old.gameId));
        expect(stored.map((r) => (r.state as { schemaVersion: number }).schemaVersion)).toEqual(
          stored.map(() => 1),
        );

        const again = await connectSeats(second.url, old);
        expect(again.map((c) => c.states[0]?.seq)).toEqual([4, 4, 4]);
        const loaded = await second.app.games.read(old.gameId);
        expect(loaded?.state.schemaVersion).toBe(SCHEMA_VERSION);
        const more = await playMoves(again, [], 1, 'after-migration');
        expect(more.acks).toEqual([{ ok: true, seq: 5 }]);
        for (const c of again) c.close();

        // A snapshot from a newer server: the game stays listed, its seats get the reason.
        const record = await http(second.url, 'GET', `/api/games/${future.gameId}`);
        expect(record.status).toBe(200);
        const watcher = await Client.connect(second.url, {
          gameId: future.gameId,
          token: future.tokens[0] ?? '',
        });
        // Every payload is kept from the connection on, so an error sent at once is not missed.
        const errors = (): { code?: string; message?: string }[] =>
          watcher.raw
            .map((r) => JSON.parse(r) as { code?: string; message?: string })
            .filter((p) => p.code !== undefined);
        await watcher.waitFor(() => errors().length > 0);
        expect(errors()[0]?.code).toBe('UNAVAILABLE');
        expect(errors()[0]?.message).toMatch(/cannot read \(schema 99/);
        expect(watcher.states).toEqual([]);
        // Read-only: an action on it is refused, nothing is stored.
        const refused = await watcher.send<{ ok: boolean; error?: { code: string } }>('action', {
          id: 'on-unreadable',
          action: { type: 'end-market' },
        });
        expect(refused).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
        expect(await second.app.games.store.actionsAfter(future.gameId, 0)).toEqual([]);
        watcher.close();

        // And the server still serves everyone else.
        expect((await http(second.url, 'GET', '/healthz')).status).toBe(200);
        const still = await connectSeats(second.url, old);
        expect(still.map((c) => c.states[0]?.seq)).toEqual([5, 5, 5]);
        for (const c of still) c.close();
      } finally {
        await second.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );
});
