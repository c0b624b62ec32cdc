import { afterAll, describe, expect, it } from 'vitest';
import { isGameOver } from '@outer-rim/rules';
import type { GameView } from '@outer-rim/rules';
import { HEAVY_TEST_TIMEOUT } from './support/backends.js';
import { fullLobby, nextMove, startGame } from './support/play.js';
import { Client } from './support/server.js';
import type { RunningServer } from './support/server.js';
import { serversOnBackend } from './support/servers-on-backend.js';

/**
 * Spectators keep arriving while a game is played as fast as its seats can act, through its last
 * step: whenever one joins (between a commit and its broadcast, while the seed of the last step is
 * looked up, after the end), it gets a state, and every update after it applies to the view it
 * holds, up to the end and its seed. Real server, real sockets.
 */
describe.each([
  ['PGlite, one process', 'pglite', 1],
  ['PostgreSQL, two processes (CLUSTER=on)', 'postgres', 2],
] as const)('spectators joining a game played fast, to its end (%s)', (_name, kind, processes) => {
  const running = serversOnBackend(kind, 'joining', processes);
  const clients: Client[] = [];
  // Registered after the servers' hooks: after-hooks run in reverse, so the clients close first.
  afterAll(() => {
    for (const c of clients) c.close();
  });

  it(
    'each gets a state, then every update applies to its view, to the last one and the seed',
    async () => {
      // The seats play through the first process; spectators join through every process in turn.
      const { servers } = running;
      const server = servers[0] as RunningServer;
      const game = await fullLobby(server.url, 3, { roundLimit: 1 });
      const seats = await Promise.all(
        game.tokens.map((token) => Client.connect(server.url, { gameId: game.gameId, token })),
      );
      clients.push(...seats);
      let joined = 0;
      const join = async () => {
        const via = servers[joined++ % servers.length] as RunningServer;
        const spectator = await Client.connect(via.url, { gameId: game.gameId });
        spectators.push(spectator);
        clients.push(spectator);
      };

      // Four joiners at a time, a few milliseconds apart, from before the start for as long as
      // the game runs: some join in the lobby and get their first state from the start itself.
      const spectators: Client[] = [];
      let playing = true;
      const joining = Promise.all(
        [0, 1, 2, 3].map(async () => {
          while (playing) {
            await join();
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
          }
        }),
      );
      await startGame(server.url, game);
      await Promise.all(seats.map((c) => c.waitFor(() => c.latest !== undefined)));

      let final = 0;
      for (let i = 0; i < 500; i++) {
        const move = nextMove(seats.map((c) => c.latest?.view as GameView));
        if (!move) break;
        const ack = await seats[move.seat]?.send('action', {
          id: `fast-${i}`,
          action: move.action,
        });
        if (!ack?.ok) throw new Error(`move refused: ${JSON.stringify(ack)}`);
        final = ack.seq;
        // Only the seats wait for the step: the spectators' joins overlap the next commit.
        await Promise.all(seats.map((c) => c.waitFor(() => (c.latest?.seq ?? -1) >= final)));
      }
      playing = false;
      await joining;
      for (let i = 0; i < 3; i++) await join();
      expect(isGameOver(seats[0]?.latest?.view as GameView)).toBe(true);
      expect(spectators.length).toBeGreaterThan(20);

      const behind: string[] = [];
      for (const [i, s] of spectators.entries()) {
        try {
          await s.waitFor(() => (s.latest?.seq ?? -1) >= final, 20_000);
          await s.waitFor(() => s.lobbies.some((l) => l.game.seed !== null), 20_000);
        } catch {
          const updates = s.updates.map((u) => `${u.seq}${u.view === undefined ? '!' : ''}`);
          behind.push(
            `spectator ${i}: states ${s.states.map((x) => x.seq).join(',')}; updates ${updates.join(',')}`,
          );
        }
        if (s.mismatches.length > 0)
          behind.push(`spectator ${i}: mismatches ${s.mismatches.join(',')}`);
        expect(s.states.length).toBeGreaterThan(0);
        expect(s.states.every((state) => state.viewer === 'spectator')).toBe(true);
        // In seq order after its state, never one it could not apply (counted as a mismatch).
        const seqs = s.updates.map((u) => u.seq).filter((seq) => seq > (s.states[0]?.seq ?? 0));
        expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      }
      expect(behind).toEqual([]);
    },
    HEAVY_TEST_TIMEOUT,
  );
});
