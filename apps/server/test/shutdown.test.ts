import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apply, decisions, legalActions, view } from '@outer-rim/rules';
import type { Action, GameState } from '@outer-rim/rules';
import type { ActionAck } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, BACKENDS, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { fullLobby, startGame } from './support/play.js';
import { Client, startServer } from './support/server.js';

/** The next `count` moves from `state`, worked out ahead with the rules engine itself. */
function plan(state: GameState, count: number): { seat: number; action: Action }[] {
  const moves: { seat: number; action: Action }[] = [];
  let current = state;
  while (moves.length < count) {
    const decision = decisions(current)[0];
    if (!decision) break;
    const [action] = legalActions(view(current, decision.seat), decision.seat);
    if (!action) break;
    const result = apply(current, decision.seat, action);
    if (!result.ok) break;
    moves.push({ seat: decision.seat, action });
    current = result.state;
  }
  return moves;
}

describe.each(BACKENDS)('graceful shutdown on %s', (kind) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await prepareBackend(kind, 'shutdown');
  });
  afterAll(async () => {
    await backend.dispose();
  });

  it(
    'finishes the queued actions, acknowledges them, closes sockets and keeps every one',
    async () => {
      const server = await startServer(backend.config());
      const game = await fullLobby(server.url, 3);
      await startGame(server.url, game);
      const client = await Client.connect(server.url, { gameId: game.gameId });
      // More watchers: each one's leaving is told to the table, from the database, as it stops.
      const watchers = await Promise.all(
        Array.from({ length: 20 }, () => Client.connect(server.url, { gameId: game.gameId })),
      );
      const disconnected = new Promise<string>((resolve) => {
        client.socket.on('disconnect', resolve);
      });
      const initial = await server.app.games.read(game.gameId);
      const moves = plan(initial?.state as GameState, 6);
      expect(moves).toHaveLength(6);

      // Whatever the server logs as it stops: nothing may fail for the database closing under it.
      const warnings: string[] = [];
      const warn = vi.spyOn(server.app.fastify.log, 'warn').mockImplementation((...args) => {
        warnings.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
      });
      const acks: ActionAck[] = [];
      const queued = moves.map((move, i) =>
        server.app.games.submit(game.gameId, move.seat, `q${i}`, move.action, (ack) =>
          acks.push(ack),
        ),
      );
      await server.close();
      await Promise.all(queued);
      expect(acks).toEqual(moves.map((_, i) => ({ ok: true, seq: i + 1 })));
      // The client is let go: by the server's disconnect packet or, if the transport closes first,
      // by the transport closing; either way not left hanging.
      expect(['io server disconnect', 'transport close']).toContain(await disconnected);
      // The watchers' leaving was told to the table before the database closed.
      expect(warnings).toEqual([]);
      for (const watcher of watchers) watcher.close();
      warn.mockRestore();
      // After the stop, nothing is taken any more, with a code.
      const late: ActionAck[] = [];
      await server.app.games.submit(game.gameId, 0, 'late', moves[0]?.action, (ack) =>
        late.push(ack),
      );
      expect(late).toHaveLength(1);
      expect(late[0]).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });

      const again = await startServer(backend.config());
      try {
        const stored = await again.app.games.store.actionsAfter(game.gameId, 0);
        expect(stored.map((a) => a.clientId)).toEqual(['q0', 'q1', 'q2', 'q3', 'q4', 'q5']);
      } finally {
        await again.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );
});

describe('process entry', () => {
  it(
    'refuses a bad configuration with a message and exit status 78',
    async () => {
      const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
      const child = spawn(process.execPath, ['--import', 'tsx', main], {
        env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: 'mysql://nope' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      // 'close': the process and its stderr pipe both done, so all it wrote has been read.
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(78);
      expect(stderr).toMatch(/Invalid configuration/);
      expect(stderr).toMatch(/PORT/);
      expect(stderr).toMatch(/DATABASE_URL/);
    },
    HEAVY_TEST_TIMEOUT,
  );
});
