import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshots } from '../src/db/schema.js';
import type { GameRecord } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, BACKENDS, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { storedSeed } from './support/hidden.js';
import { decidedNow, fullLobby, playMoves, playUntilTwoOwe, startGame } from './support/play.js';
import { replayRecord } from './support/replay.js';
import { http, startServer } from './support/server.js';
import type { Client } from './support/server.js';
import { connectSeats } from './support/table.js';

describe.each(BACKENDS)('restart on %s: the log is the truth', (kind) => {
  let backend: Backend;

  beforeAll(async () => {
    backend = await prepareBackend(kind, 'restart');
  });
  afterAll(async () => {
    await backend.dispose();
  });

  /**
   * A started 3-seat game on a first process, its seats connected. Snapshots every 3 actions: a
   * reload goes through a snapshot plus the actions after it.
   */
  async function startedGame() {
    const config = backend.config({ SNAPSHOT_EVERY: '3' });
    const first = await startServer(config);
    const game = await fullLobby(first.url, 3);
    await startGame(first.url, game);
    const seats = await connectSeats(first.url, game);
    return { config, first, game, seats };
  }

  it(
    'a new process on the same database has every acknowledged action, and its state equals the replay',
    async () => {
      const { config, first, game, seats } = await startedGame();
      const { acks } = await playMoves(seats, [], 10);
      const acknowledged = acks.flatMap((a) => (a.ok ? [a.seq] : []));
      expect(acknowledged).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const stateBefore = (await first.app.games.read(game.gameId))?.state;
      for (const c of seats) c.close();
      await first.close();

      const second = await startServer(config);
      try {
        const record = (await http<GameRecord>(second.url, 'GET', `/api/games/${game.gameId}`))
          .body;
        expect(record.seq).toBe(10);
        const stored = await second.app.games.store.actionsAfter(game.gameId, 0);
        expect(stored.map((a) => a.seq)).toEqual(acknowledged);
        const snapshotSeqs = (
          await second.app.database.db
            .select({ seq: snapshots.seq })
            .from(snapshots)
            .where(eq(snapshots.gameId, game.gameId))
        )
          .map((r) => r.seq)
          .sort((a, b) => a - b);
        // Every 3 actions, and the head, stored by the graceful stop (docs/upgrades.md).
        expect(snapshotSeqs).toEqual([0, 3, 6, 9, 10]);

        // The seed is secret until the end; the test reads it from the database to replay.
        const replayed = replayRecord(
          record,
          (await storedSeed(second.app, game.gameId)) ?? '',
          stored,
        );
        const loaded = await second.app.games.read(game.gameId);
        expect(loaded?.seq).toBe(10);
        expect(loaded?.state).toEqual(replayed);
        expect(loaded?.state).toEqual(stateBefore);

        // And play goes on where it stopped.
        const again = await connectSeats(second.url, game);
        expect(again.map((c) => c.states[0]?.seq)).toEqual([10, 10, 10]);
        const more = await playMoves(again, [], 1, 'after-restart');
        expect(more.acks).toEqual([{ ok: true, seq: 11 }]);
        for (const c of again) c.close();
      } finally {
        await second.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'an action decided on a state this process never held is judged from the log: stale only if the seat acted since',
    async () => {
      // A process remembers the last few steps of a game; a decision older than those, or one
      // made before a restart, is judged by rebuilding the state it was made on.
      const { config, first, game, seats } = await startedGame();
      const [firstSeat, secondSeat] = (await playUntilTwoOwe(seats, [])) as [number, number];
      expect(secondSeat).toBeDefined();
      const old = decidedNow(seats);
      const { basis } = old;
      const one = await old.send(seats[firstSeat] as Client, firstSeat, 'old-1');
      expect(one.ok).toBe(true);
      for (const c of seats) c.close();
      await first.close();

      const second = await startServer(config);
      try {
        const again = await connectSeats(second.url, game);
        // Decided on `basis` before the restart; only another seat acted since.
        const two = await old.send(again[secondSeat] as Client, secondSeat, 'old-2');
        expect(two).toEqual({ ok: true, seq: basis + 2 });
        // The first seat's other tab, still on `basis`: that seat has acted since.
        const stale = await old.send(again[firstSeat] as Client, firstSeat, 'old-3');
        expect(stale).toMatchObject({ ok: false, error: { code: 'STALE_STATE' } });
        for (const c of again) c.close();
      } finally {
        await second.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );
});
