import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisions } from '@outer-rim/rules';
import type { MyGamesResponse } from '@outer-rim/protocol';
import type { ErrorResponse } from '@outer-rim/protocol';
import { prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { fullLobby, startGame } from './support/play.js';
import { http, startServer } from './support/server.js';
import type { RunningServer } from './support/server.js';

describe('my games: the games a browser holds seats in', () => {
  let backend: Backend;
  let server: RunningServer;
  beforeAll(async () => {
    backend = await prepareBackend('pglite', 'my-games');
    server = await startServer(backend.config());
  });
  afterAll(async () => {
    await server.close();
    await backend.dispose();
  });

  it('lists each seat with round, phase, who owes a decision and since when, "your move" first', async () => {
    const playing = await fullLobby(server.url, 3);
    await startGame(server.url, playing);
    const waiting = await fullLobby(server.url, 3);
    const state = await server.app.games.read(playing.gameId);
    if (!state) throw new Error('not started');
    const owing = new Set(decisions(state.state).map((d) => d.seat));
    const idle = [0, 1, 2].find((s) => !owing.has(s));
    const busy = [0, 1, 2].find((s) => owing.has(s));
    if (busy === undefined) throw new Error('nobody owes a decision at the start');

    const seats = [
      { gameId: waiting.gameId, token: waiting.tokens[1] ?? '' },
      ...(idle === undefined
        ? []
        : [{ gameId: playing.gameId, token: playing.tokens[idle] ?? '' }]),
      { gameId: playing.gameId, token: playing.tokens[busy] ?? '' },
    ];
    const answer = await http<MyGamesResponse>(server.url, 'POST', '/api/my-games', { seats });
    expect(answer.status).toBe(200);
    const { games, lost } = answer.body;
    expect(lost).toEqual([]);
    expect(games).toHaveLength(seats.length);
    expect(games[0]).toMatchObject({
      gameId: playing.gameId,
      seat: busy,
      name: `Seat${String(busy)}`,
      host: 'Seat0',
      status: 'playing',
      phase: state.state.phase.name,
      round: state.state.round,
      yourMove: true,
    });
    expect(games[0]?.owing.map((o) => o.seat).sort()).toEqual([...owing].sort());
    expect(games[0]?.owing.every((o) => o.prompts.length > 0)).toBe(true);
    expect(Number.isNaN(Date.parse(games[0]?.since ?? ''))).toBe(false);
    expect(games.slice(1).every((g) => !g.yourMove)).toBe(true);
    expect(games.find((g) => g.gameId === waiting.gameId)).toMatchObject({
      status: 'lobby',
      phase: 'lobby',
      owing: [],
    });
    // Nothing beyond the public record: no token, no seed.
    const raw = JSON.stringify(answer.body);
    for (const token of [...playing.tokens, ...waiting.tokens]) expect(raw).not.toContain(token);
  });

  it("says which tokens hold no seat: another game's token, a token of nothing", async () => {
    const one = await fullLobby(server.url, 3);
    const other = await fullLobby(server.url, 3);
    const answer = await http<MyGamesResponse>(server.url, 'POST', '/api/my-games', {
      seats: [
        { gameId: one.gameId, token: other.tokens[1] ?? '' },
        { gameId: other.gameId, token: 'x'.repeat(43) },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.games).toEqual([]);
    expect(answer.body.lost.map((l) => [l.gameId, l.error.code])).toEqual([
      [one.gameId, 'UNAUTHORIZED'],
      [other.gameId, 'UNAUTHORIZED'],
    ]);
  });

  it('refuses a malformed request with BAD_REQUEST', async () => {
    const answer = await http<ErrorResponse>(server.url, 'POST', '/api/my-games', {
      seats: [{ gameId: 'no', token: 'short' }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('BAD_REQUEST');
  });
});
