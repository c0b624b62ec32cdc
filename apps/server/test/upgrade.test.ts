import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RULES_VERSION, SCHEMA_VERSION } from '@outer-rim/rules';
import { actions, snapshots } from '../src/db/schema.js';
import type { GameRecord } from '@outer-rim/protocol';
import { viewHash } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { playMoves } from './support/play.js';
import { Client, http, startServer } from './support/server.js';
import type { RunningServer } from './support/server.js';
import { readStoredGameFixture, storeFixture } from './support/stored-game-fixture.js';
import type { StoredGameFixture } from './support/stored-game-fixture.js';
import { connectSeats } from './support/table.js';

/**
 * An upgrade never changes a game in progress (docs/upgrades.md). Each fixture is a game a release
 * of main stored (the latest one before this, and older ones, with rules and a state shape of
 * their own): snapshots at 0, 4 and 8, and actions 9 and 10 after the last.
 */
const FIXTURES = [
  ['61619a5', new URL('./fixtures/stored-game-61619a5.json', import.meta.url)],
  ['70c64f2', new URL('./fixtures/stored-game-70c64f2.json', import.meta.url)],
  ['b13f1ed', new URL('./fixtures/stored-game-b13f1ed.json', import.meta.url)],
] as const;

describe.each(FIXTURES)('a game stored by release %s of main, opened by this one', (_, FIXTURE) => {
  let backend: Backend;
  let fixture: StoredGameFixture;
  const running: RunningServer[] = [];
  const clients: Client[] = [];

  beforeEach(async () => {
    fixture = await readStoredGameFixture(FIXTURE);
    backend = await prepareBackend('pglite', 'upgrade');
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    for (const s of running.splice(0)) await s.close();
    await backend.dispose();
  });

  const start = async () => {
    const server = await startServer(backend.config({ SNAPSHOT_EVERY: '4' }));
    running.push(server);
    return server;
  };
  const seatsOf = async (server: RunningServer) => {
    const seats = await connectSeats(server.url, {
      gameId: fixture.gameId,
      tokens: fixture.tokens,
    });
    clients.push(...seats);
    return seats;
  };
  const storedSnapshots = (server: RunningServer) =>
    server.app.database.db
      .select({ seq: snapshots.seq, rulesVersion: snapshots.rulesVersion })
      .from(snapshots)
      .where(eq(snapshots.gameId, fixture.gameId))
      .orderBy(snapshots.seq);

  it(
    'continues from exactly the state it had: every viewer’s view, then play goes on',
    async () => {
      const server = await start();
      await storeFixture(server.app.database.db, fixture);
      const seats = await seatsOf(server);
      const spectator = await Client.connect(server.url, { gameId: fixture.gameId });
      clients.push(spectator);
      await spectator.waitFor(() => spectator.states.length > 0);
      // A state of an older shape opens migrated (migrateState): its `schemaVersion` is then all
      // that differs from what that release stored and showed.
      const stored = fixture.head.state as { schemaVersion: number };
      for (const [viewer, client] of [...seats.entries(), ['spectator', spectator] as const]) {
        const [state] = client.states;
        expect(state?.seq).toBe(fixture.head.seq);
        const seen = state?.view as { schemaVersion: number } | undefined;
        expect(seen?.schemaVersion).toBe(SCHEMA_VERSION);
        expect(viewHash({ ...seen, schemaVersion: stored.schemaVersion })).toBe(
          fixture.head.viewHashes[String(viewer)],
        );
      }
      const head = await server.app.games.read(fixture.gameId);
      expect(JSON.parse(JSON.stringify(head?.state))).toEqual({
        ...stored,
        schemaVersion: SCHEMA_VERSION,
      });

      const { seq } = await playMoves(seats, [spectator], 3, 'upgraded');
      expect(seq).toBe(fixture.head.seq + 3);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'a graceful stop stores each head; a server with other rules continues from it, replaying nothing',
    async () => {
      const first = await start();
      await storeFixture(first.app.database.db, fixture);
      const seats = await seatsOf(first);
      const { seq } = await playMoves(seats, [], 1, 'before-stop');
      const hashAtStop = seats.map((c) => viewHash(c.latest?.view));
      for (const c of clients.splice(0)) c.close();
      await first.close();
      running.splice(0);

      // The stop stored the head (seq 11; the last snapshot before it was 8).
      const probe = await start();
      expect((await storedSnapshots(probe)).map((s) => s.seq)).toEqual([0, 4, 8, seq]);
      // As if the next release had other rules: what is stored was played under an older version.
      await probe.app.database.db
        .update(snapshots)
        .set({ rulesVersion: RULES_VERSION - 1 })
        .where(eq(snapshots.gameId, fixture.gameId));
      await probe.close();
      running.splice(0);

      const next = await start();
      const again = await seatsOf(next);
      expect(again.map((c) => c.states[0]?.seq)).toEqual([seq, seq, seq]);
      expect(again.map((c) => viewHash(c.states[0]?.view))).toEqual(hashAtStop);
      // From the head on, the game is played under this server's rules.
      const [head] = await next.app.database.db
        .select({ rulesVersion: snapshots.rulesVersion })
        .from(snapshots)
        .where(and(eq(snapshots.gameId, fixture.gameId), eq(snapshots.seq, seq)));
      expect(head?.rulesVersion).toBe(RULES_VERSION);
      const played = await playMoves(again, [], 2, 'after-stop');
      expect(played.seq).toBe(seq + 2);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'moves stored under other rules after the last snapshot that would now lead elsewhere are never replayed: the game stays read-only, saying why',
    async () => {
      const server = await start();
      await storeFixture(server.app.database.db, fixture);
      await server.app.database.db
        .update(snapshots)
        .set({ rulesVersion: RULES_VERSION - 1 })
        .where(eq(snapshots.gameId, fixture.gameId));
      // The last move's record says it did something these rules do not make of it.
      await server.app.database.db
        .update(actions)
        .set({ events: [{ type: 'turn-ended', seat: 0, played: 'under other rules' }] })
        .where(and(eq(actions.gameId, fixture.gameId), eq(actions.seq, fixture.head.seq)));
      const seat = await Client.connect(server.url, {
        gameId: fixture.gameId,
        token: fixture.tokens[0] ?? '',
      });
      clients.push(seat);
      await seat.waitFor(() => seat.raw.some((r) => r.includes('other rules')));
      expect(seat.states).toEqual([]);
      const ack = await seat.send('action', { id: 'after-upgrade', action: { type: 'end-turn' } });
      expect(ack).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
      const record = await http<GameRecord>(server.url, 'GET', `/api/games/${fixture.gameId}`);
      expect(record.body.seq).toBe(fixture.head.seq);
      expect((await storedSnapshots(server)).map((s) => s.rulesVersion)).toEqual([
        RULES_VERSION - 1,
        RULES_VERSION - 1,
        RULES_VERSION - 1,
      ]);
    },
    HEAVY_TEST_TIMEOUT,
  );
});
