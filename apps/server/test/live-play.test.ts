import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGameOver, view, winnersOf } from '@outer-rim/rules';
import type { GameState, GameView } from '@outer-rim/rules';
import type { ActionLogResponse, GameRecord } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, BACKENDS, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { fullLobby, playMoves, startGame } from './support/play.js';
import { replayRecord } from './support/replay.js';
import { Client, http, startServer } from './support/server.js';
import type { RunningServer } from './support/server.js';

describe.each(BACKENDS)('a whole short game through the protocol on %s', (kind) => {
  let backend: Backend;
  let server: RunningServer;
  const clients: Client[] = [];

  beforeAll(async () => {
    backend = await prepareBackend(kind, 'live');
    server = await startServer(backend.config({ SNAPSHOT_EVERY: '5' }));
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
    await backend.dispose();
  });

  it(
    'create, claim 3 seats, start, play to the end; spectators see every update in order; the seed replays the public log',
    async () => {
      const game = await fullLobby(server.url, 3, { roundLimit: 1 });
      const seats = await Promise.all(
        game.tokens.map((token) => Client.connect(server.url, { gameId: game.gameId, token })),
      );
      const early = await Client.connect(server.url, { gameId: game.gameId });
      clients.push(...seats, early);
      await early.waitFor(() => early.lobbies.length > 0);
      expect(early.lobbies[0]?.game.status).toBe('lobby');

      await startGame(server.url, game);
      for (const c of [...seats, early]) await c.waitFor(() => c.states.length > 0);
      seats.forEach((c, seat) => {
        expect(c.states[0]).toMatchObject({ gameId: game.gameId, seq: 0, viewer: seat });
      });
      expect(early.states[0]?.viewer).toBe('spectator');

      const firstHalf = await playMoves(seats, [early], 6);
      // A spectator arriving mid-game gets the current state, and the log from the start over HTTP.
      const late = await Client.connect(server.url, { gameId: game.gameId });
      clients.push(late);
      await late.waitFor(() => late.states.length > 0);
      expect(late.states[0]?.seq).toBe(firstHalf.seq);
      const { seq: finalSeq } = await playMoves(seats, [early, late], 500);

      expect(finalSeq).toBeGreaterThan(firstHalf.seq);
      const lastView = early.latest?.view as GameView;
      expect(isGameOver(lastView)).toBe(true);
      // Every update, each exactly once and in sequence order, to every spectator and seat.
      const all = Array.from({ length: finalSeq }, (_, i) => i + 1);
      expect(early.updates.map((u) => u.seq)).toEqual(all);
      expect(late.updates.map((u) => u.seq)).toEqual(all.slice(firstHalf.seq));
      for (const c of seats) expect(c.updates.map((u) => u.seq)).toEqual(all);
      for (const u of early.updates) expect((u.view as GameView).viewer).toBe('spectator');
      // Each update is a patch against the previous view, not the view again: every client's
      // patched views match the server's hashes, and the last one is the server's view.
      for (const c of [...seats, early, late]) {
        expect(c.mismatches).toEqual([]);
        expect(c.updates.filter((u) => u.patch === undefined)).toEqual([]);
      }
      const head = await server.app.games.read(game.gameId);
      expect(head?.seq).toBe(finalSeq);
      expect(early.latest?.view).toEqual(
        JSON.parse(JSON.stringify(view(head?.state as GameState, 'spectator'))),
      );
      const patchBytes = early.updates.map((u) => JSON.stringify(u.patch).length);
      const viewBytes = JSON.stringify(early.latest?.view).length;
      expect(patchBytes.sort((x, y) => x - y)[Math.floor(patchBytes.length / 2)]).toBeLessThan(
        viewBytes / 10,
      );

      // Game over: the record reveals the seed, which matches the commitment made at creation.
      await early.waitFor(() => early.lobbies.some((l) => l.game.status === 'over'));
      const record = (await http<GameRecord>(server.url, 'GET', `/api/games/${game.gameId}`)).body;
      expect(record.status).toBe('over');
      expect(record.seq).toBe(finalSeq);
      const seed = record.seed ?? '';
      expect(createHash('sha256').update(seed).digest('hex')).toBe(record.seedCommitment);
      // The update that ends the game carries the seed too; none before it does.
      for (const c of [...seats, early, late]) {
        expect(c.updates.at(-1)?.seed).toBe(seed);
        expect(c.updates.slice(0, -1).filter((u) => u.seed !== undefined)).toEqual([]);
      }

      // The public log plus the seed replays to the same result.
      const log = (
        await http<ActionLogResponse>(server.url, 'GET', `/api/games/${game.gameId}/actions?from=1`)
      ).body;
      expect(log.seed).toBe(seed);
      expect(log.entries.map((e) => e.seq)).toEqual(all);
      const replayed = replayRecord(record, seed, log.entries);
      expect(view(replayed, 'spectator')).toEqual(lastView);
      expect(replayed.winner).toEqual(record.winner);
      // BG-10: the record keeps every winner, one or several (a shared victory), for the lobby.
      expect(record.winners).toEqual(winnersOf(replayed));
      expect(record.winners?.length).toBeGreaterThan(0);

      // Nothing more happens after the end.
      const after = await seats[0]?.send('action', {
        id: 'after-end',
        action: { type: 'end-turn' },
      });
      expect(after).toMatchObject({ ok: false });
    },
    HEAVY_TEST_TIMEOUT,
  );
});
