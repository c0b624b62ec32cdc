import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisions, legalActions } from '@outer-rim/rules';
import type { GameView } from '@outer-rim/rules';
import type { ActionAck } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { fullLobby, nextMove, playMoves, startGame } from './support/play.js';
import type { SeatedGame } from './support/play.js';
import { Client, startServer } from './support/server.js';
import type { RunningServer } from './support/server.js';

// Two server instances in this test process, each with its own pg pool, game cache and
// @socket.io/postgres-adapter: the same as two processes as far as PostgreSQL can tell.
describe('two server processes on one PostgreSQL', () => {
  let backend: Backend;
  let a: RunningServer;
  let b: RunningServer;
  let game: SeatedGame;
  let seats: Client[];
  let watchers: Client[];

  beforeAll(async () => {
    backend = await prepareBackend('postgres', 'multi');
    // Two processes on one database: CLUSTER=on, so they tell each other of commits.
    [a, b] = await Promise.all([
      startServer(backend.config({ CLUSTER: 'on' })),
      startServer(backend.config({ CLUSTER: 'on' })),
    ]);
    game = await fullLobby(a.url, 3);
    await startGame(b.url, game);
    // Seats 0 and 1 on A, seat 2 on B; one spectator on each.
    seats = await Promise.all(
      game.tokens.map((token, seat) =>
        Client.connect(seat < 2 ? a.url : b.url, { gameId: game.gameId, token }),
      ),
    );
    watchers = await Promise.all([
      Client.connect(a.url, { gameId: game.gameId }),
      Client.connect(b.url, { gameId: game.gameId }),
    ]);
    for (const c of [...seats, ...watchers]) await c.waitFor(() => c.states.length > 0);
  });
  afterAll(async () => {
    for (const c of [...seats, ...watchers]) c.close();
    await Promise.all([a.close(), b.close()]);
    await backend.dispose();
  });

  it(
    'clients split between the processes see every update, in order',
    async () => {
      const { seq } = await playMoves(seats, watchers, 8);
      expect(seq).toBe(8);
      for (const c of [...seats, ...watchers]) {
        expect(c.updates.map((u) => u.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'concurrent actions on one game through both processes never fork it',
    async () => {
      for (let round = 0; round < 6; round++) {
        const state = await a.app.games.read(game.gameId);
        if (!state) throw new Error('game not loaded');
        const views = seats.map((c) => c.latest?.view as GameView);
        const move = nextMove(views);
        if (!move) break;
        // The same move, under two client ids, offered to both processes at once.
        const answers: ActionAck[] = [];
        await Promise.all(
          [a, b].map((server, i) =>
            server.app.games.submit(
              game.gameId,
              move.seat,
              `race-${round}-${i}`,
              move.action,
              (ack) => answers.push(ack),
            ),
          ),
        );
        const accepted = answers.flatMap((ack) => (ack.ok ? [ack.seq] : []));
        // At least one wins; if both do, they took different seqs, one after the other.
        expect(accepted.length).toBeGreaterThanOrEqual(1);
        expect(new Set(accepted).size).toBe(accepted.length);
        expect(Math.min(...accepted)).toBe(state.seq + 1);
        const head = Math.max(...accepted);
        await Promise.all(
          [...seats, ...watchers].map((c) => c.waitFor(() => (c.latest?.seq ?? 0) >= head)),
        );
      }

      // The race was real: at least once a writer lost the seq and reloaded.
      expect(a.app.games.conflicts + b.app.games.conflicts).toBeGreaterThan(0);

      // One history: seqs without gaps, and both processes hold the same state at the same seq.
      const log = await a.app.games.store.actionsAfter(game.gameId, 0);
      expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
      const [fromA, fromB] = await Promise.all([
        a.app.games.read(game.gameId),
        b.app.games.read(game.gameId),
      ]);
      expect(fromA?.seq).toBe(log.length);
      expect(fromB).toEqual(fromA);
      for (const c of [...seats, ...watchers]) {
        expect(c.updates.map((u) => u.seq)).toEqual(log.map((e) => e.seq));
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'two seats deciding at once through different processes both get their turn',
    async () => {
      // Find a moment where two seats on different processes owe a decision together.
      for (let i = 0; i < 60; i++) {
        const views = seats.map((c) => c.latest?.view as GameView);
        const owing = new Set(decisions(views[0] as GameView).map((d) => d.seat));
        if (owing.has(2) && (owing.has(0) || owing.has(1))) {
          const other = owing.has(0) ? 0 : 1;
          const [x] = legalActions(views[other] as GameView, other);
          const [y] = legalActions(views[2] as GameView, 2);
          const before = seats[0]?.latest?.seq ?? 0;
          const acks = await Promise.all([
            (seats[other] as Client).send('action', { id: `both-${i}-a`, action: x }),
            (seats[2] as Client).send('action', { id: `both-${i}-b`, action: y }),
          ]);
          const accepted = acks.flatMap((ack) => (ack.ok ? [ack.seq] : [])).sort();
          expect(accepted[0]).toBe(before + 1);
          expect(new Set(accepted).size).toBe(accepted.length);
          const head = before + accepted.length;
          await Promise.all(
            [...seats, ...watchers].map((c) => c.waitFor(() => (c.latest?.seq ?? 0) >= head)),
          );
          for (const c of [...seats, ...watchers]) {
            expect(c.updates.map((u) => u.seq)).toEqual(
              Array.from({ length: head }, (_, k) => k + 1),
            );
          }
          return;
        }
        await playMoves(seats, watchers, 1, `seek-${i}`);
      }
      throw new Error('no two seats ever decided at once');
    },
    HEAVY_TEST_TIMEOUT,
  );
});
