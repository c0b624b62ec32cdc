import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClaimSeatResponse,
  CreateGameResponse,
  ErrorResponse,
  GameRecord,
} from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, BACKENDS, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { http, startServer } from './support/server.js';
import type { RunningServer } from './support/server.js';

describe.each(BACKENDS)('lobby over HTTP on %s', (kind) => {
  let backend: Backend;
  let server: RunningServer;
  let webDist: string;

  beforeAll(async () => {
    backend = await prepareBackend(kind, 'lobby');
    webDist = await mkdtemp(join(tmpdir(), 'or-web-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>Outer Rim</title>');
    await writeFile(join(webDist, 'app.js'), 'console.log(1);');
    server = await startServer(backend.config({ WEB_DIST: webDist }));
  });
  afterAll(async () => {
    await server.close();
    await backend.dispose();
    await rm(webDist, { recursive: true, force: true });
  });

  const create = (playerCount = 3, name = 'Ada') =>
    http<CreateGameResponse>(server.url, 'POST', '/api/games', {
      name,
      options: { playerCount },
    });

  it(
    'creates a game: the creator holds seat 0, the record commits to a hidden seed',
    async () => {
      const { status, body } = await create(3);
      expect(status).toBe(201);
      expect(body.seat).toBe(0);
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.game.status).toBe('lobby');
      expect(body.game.seats.map((s) => s.taken)).toEqual([true, false, false]);
      expect(body.game.seats[0]?.name).toBe('Ada');
      expect(body.game.seedCommitment).toMatch(/^[0-9a-f]{64}$/);
      expect(body.game.seed).toBeNull();
      // The token is shown once and never again: not in the record, not in the list.
      const listed = await http<{ games: GameRecord[] }>(
        server.url,
        'GET',
        '/api/games?status=lobby',
      );
      expect(listed.body.games.map((g) => g.id)).toContain(body.gameId);
      expect(JSON.stringify(listed.body)).not.toContain(body.token);
      const tokenHash = createHash('sha256').update(body.token).digest('hex');
      expect(JSON.stringify(listed.body)).not.toContain(tokenHash);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'a game has a name: the host\'s choice, else "<host>\'s game"; a bad name is refused and nothing is made',
    async () => {
      const named = await http<CreateGameResponse>(server.url, 'POST', '/api/games', {
        name: 'Hana',
        title: '  Friday night in the Outer Rim ',
        options: { playerCount: 2 },
      });
      expect(named.status).toBe(201);
      expect(named.body.game.title).toBe('Friday night in the Outer Rim');
      const plain = await create(2, 'Hana');
      expect(plain.body.game.title).toBe("Hana's game");
      const read = await http<GameRecord>(server.url, 'GET', `/api/games/${plain.body.gameId}`);
      expect(read.body.title).toBe("Hana's game");
      const before = await http<{ games: GameRecord[] }>(server.url, 'GET', '/api/games');
      for (const title of ['', 'x'.repeat(49), 'line\nbreak']) {
        const bad = await http<ErrorResponse>(server.url, 'POST', '/api/games', {
          name: 'Hana',
          title,
          options: { playerCount: 2 },
        });
        expect(bad.status).toBe(400);
        expect(bad.body.error.code).toBe('BAD_REQUEST');
      }
      const after = await http<{ games: GameRecord[] }>(server.url, 'GET', '/api/games');
      expect(after.body.games.map((g) => g.id)).toEqual(before.body.games.map((g) => g.id));
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'refuses bad options and unknown games with their codes',
    async () => {
      const bad = await http<ErrorResponse>(server.url, 'POST', '/api/games', {
        name: 'Ada',
        options: { playerCount: 9 },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('BAD_REQUEST');
      const malformed = await http<ErrorResponse>(server.url, 'POST', '/api/games', '{not json');
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.code).toBe('BAD_REQUEST');
      const huge = await http<ErrorResponse>(server.url, 'POST', '/api/games', {
        name: 'Ada',
        options: { playerCount: 3 },
        padding: 'x'.repeat(100_000),
      });
      expect(huge.status).toBe(413);
      expect(huge.body.error.code).toBe('PAYLOAD_TOO_LARGE');
      const missing = await http<ErrorResponse>(server.url, 'GET', '/api/games/no-such-game');
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('GAME_NOT_FOUND');
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'lets exactly one of many concurrent claims of one seat win',
    async () => {
      const { body: game } = await create(4);
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          http<ClaimSeatResponse | ErrorResponse>(
            server.url,
            'POST',
            `/api/games/${game.gameId}/seats`,
            { name: `P${i}`, seat: 2 },
          ),
        ),
      );
      const won = claims.filter((c) => c.status === 201);
      expect(won).toHaveLength(1);
      for (const lost of claims.filter((c) => c.status !== 201)) {
        expect(lost.status).toBe(409);
        expect((lost.body as ErrorResponse).error.code).toBe('SEAT_TAKEN');
      }
      const record = await http<GameRecord>(server.url, 'GET', `/api/games/${game.gameId}`);
      expect(record.body.seats.filter((s) => s.taken).map((s) => s.seat)).toEqual([0, 2]);
      // Concurrent claims of "any seat" fill distinct seats and then run out.
      const anySeat = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          http<ClaimSeatResponse | ErrorResponse>(
            server.url,
            'POST',
            `/api/games/${game.gameId}/seats`,
            {
              name: `Q${i}`,
            },
          ),
        ),
      );
      const seats = anySeat
        .filter((c) => c.status === 201)
        .map((c) => (c.body as ClaimSeatResponse).seat)
        .sort();
      expect(seats).toEqual([1, 3]);
      expect(
        anySeat.filter((c) => c.status === 409).map((c) => (c.body as ErrorResponse).error.code),
      ).toEqual(['NO_FREE_SEAT', 'NO_FREE_SEAT']);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'races, ready marks, leaving and starting follow the lobby rules',
    async () => {
      const { body: game } = await create(3);
      const id = game.gameId;
      const b = (
        await http<ClaimSeatResponse>(server.url, 'POST', `/api/games/${id}/seats`, { name: 'Bo' })
      ).body;
      const c = (
        await http<ClaimSeatResponse>(server.url, 'POST', `/api/games/${id}/seats`, { name: 'Cy' })
      ).body;
      const seatPath = `/api/games/${id}/seats/me`;

      const noToken = await http<ErrorResponse>(server.url, 'PATCH', seatPath, { ready: true });
      expect(noToken.body.error.code).toBe('UNAUTHORIZED');
      const otherGame = (await create(2)).body;
      const foreign = await http<ErrorResponse>(
        server.url,
        'PATCH',
        seatPath,
        { ready: true },
        otherGame.token,
      );
      expect(foreign.status).toBe(401);
      expect(foreign.body.error.code).toBe('UNAUTHORIZED');

      const chose = await http<GameRecord>(server.url, 'PATCH', seatPath, { race: 'sol' }, b.token);
      expect(chose.status).toBe(200);
      expect(chose.body.seats[b.seat]?.race).toBe('sol');
      const clash = await http<ErrorResponse>(
        server.url,
        'PATCH',
        seatPath,
        { race: 'sol' },
        c.token,
      );
      expect(clash.body.error.code).toBe('RACE_TAKEN');
      const badRace = await http<ErrorResponse>(
        server.url,
        'PATCH',
        seatPath,
        { race: 'klingon' },
        c.token,
      );
      expect(badRace.body.error.code).toBe('BAD_REQUEST');

      const early = await http<ErrorResponse>(
        server.url,
        'POST',
        `/api/games/${id}/start`,
        undefined,
        game.token,
      );
      expect(early.body.error.code).toBe('NOT_READY');
      await http(server.url, 'PATCH', seatPath, { ready: true }, b.token);
      await http(server.url, 'PATCH', seatPath, { ready: true }, c.token);
      const notCreator = await http<ErrorResponse>(
        server.url,
        'POST',
        `/api/games/${id}/start`,
        undefined,
        b.token,
      );
      expect(notCreator.body.error.code).toBe('FORBIDDEN');

      // Leaving frees the seat (and its race); the creator may not leave.
      const left = await http<GameRecord>(server.url, 'DELETE', seatPath, undefined, b.token);
      expect(left.body.seats[b.seat]).toMatchObject({ taken: false, name: null, race: 'random' });
      const creatorLeaves = await http<ErrorResponse>(
        server.url,
        'DELETE',
        seatPath,
        undefined,
        game.token,
      );
      expect(creatorLeaves.body.error.code).toBe('FORBIDDEN');
      const gone = await http<ErrorResponse>(
        server.url,
        'PATCH',
        seatPath,
        { ready: true },
        b.token,
      );
      expect(gone.body.error.code).toBe('UNAUTHORIZED');

      const d = (
        await http<ClaimSeatResponse>(server.url, 'POST', `/api/games/${id}/seats`, { name: 'Di' })
      ).body;
      await http(server.url, 'PATCH', seatPath, { race: 'hacan', ready: true }, d.token);
      const started = await http<GameRecord>(
        server.url,
        'POST',
        `/api/games/${id}/start`,
        undefined,
        game.token,
      );
      expect(started.status).toBe(200);
      expect(started.body.status).toBe('playing');
      expect(started.body.seed).toBeNull();
      const again = await http<ErrorResponse>(
        server.url,
        'POST',
        `/api/games/${id}/start`,
        undefined,
        game.token,
      );
      expect(again.body.error.code).toBe('GAME_ALREADY_STARTED');
      const late = await http<ErrorResponse>(server.url, 'POST', `/api/games/${id}/seats`, {
        name: 'Ed',
      });
      expect(late.body.error.code).toBe('GAME_ALREADY_STARTED');
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'answers /healthz, /metrics and the OpenAPI document',
    async () => {
      const health = await http<{ status: string; database: string }>(
        server.url,
        'GET',
        '/healthz',
      );
      expect(health.status).toBe(200);
      expect(health.body.database).toBe(kind);
      const metrics = await fetch(`${server.url}/metrics`);
      const text = await metrics.text();
      expect(text).toMatch(/^outer_rim_games\{status="lobby"\} [1-9]/m);
      expect(text).toContain('outer_rim_socket_connections');
      expect(text).toContain('outer_rim_action_duration_seconds');
      expect(text).toMatch(/^outer_rim_append_duration_seconds_count \d+$/m);
      expect(text).toMatch(/^outer_rim_append_statements_total \d+$/m);
      expect(text).toMatch(/^outer_rim_appended_actions_total \d+$/m);
      const openapi = await http<{ paths: Record<string, unknown> }>(
        server.url,
        'GET',
        '/docs/json',
      );
      expect(Object.keys(openapi.body.paths)).toEqual(
        expect.arrayContaining([
          '/api/games',
          '/api/games/{id}/seats',
          '/api/games/{id}/actions',
          '/api/games/{id}/views/{seq}',
        ]),
      );
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'serves the built web client at / with a fallback for its own routes',
    async () => {
      const index = await fetch(`${server.url}/`);
      expect(index.status).toBe(200);
      expect(await index.text()).toContain('<title>Outer Rim</title>');
      const asset = await fetch(`${server.url}/app.js`);
      expect(await asset.text()).toBe('console.log(1);');
      const clientRoute = await fetch(`${server.url}/games/abc123/watch`);
      expect(await clientRoute.text()).toContain('<title>Outer Rim</title>');
      const unknownApi = await http<ErrorResponse>(server.url, 'GET', '/api/nothing-here');
      expect(unknownApi.status).toBe(404);
      expect(unknownApi.body.error.code).toBe('NOT_FOUND');
    },
    HEAVY_TEST_TIMEOUT,
  );
});
