import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRecord } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, prepareBackend, type Backend } from './support/backends.js';
import { http } from './support/server.js';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** The process entry with `env`, until it tells the launcher it is ready: its JSON log lines and address. */
async function startEntry(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      OUTER_RIM_LAUNCHER: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const ready = await new Promise<unknown>((resolve, reject) => {
    child.on('message', resolve);
    child.on('close', (code) => {
      reject(new Error(`the server exited (${String(code)}) before it was ready:\n${stdout}`));
    });
  });
  // 'close', not 'exit': a process may have exited while the end of its stdout is still in the
  // pipe, and on a busy machine the start-up line was read after 'exit' had already resolved.
  const exited = new Promise((resolve) => child.on('close', resolve));
  const lines = () =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    ready,
    url: (ready as { url: string }).url.replace('localhost', '127.0.0.1'),
    lines,
    stdout: () => stdout,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// The process entry as `npm start` runs it: a JSON log line naming the database, the data folder
// and the address, then the ready message to the launcher over the IPC channel.
describe('process entry start-up', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await prepareBackend('postgres', 'startup');
  }, HEAVY_TEST_TIMEOUT);
  afterAll(async () => {
    await backend.dispose();
  });

  it(
    'logs which database and address it uses, without the password, and tells the launcher',
    async () => {
      const url = new URL(backend.url ?? '');
      url.password = 'not-printed';
      const entry = await startEntry({ DATABASE_URL: url.toString() });
      await entry.stop();
      const { ready } = entry;
      const stdout = entry.stdout();
      const lines = entry.lines();
      const up = lines.find((line) => String(line.msg).startsWith('Outer Rim online is up'));
      expect(up).toMatchObject({ database: 'postgres', dataDir: null });
      expect(String(up?.msg)).toContain(`PostgreSQL at 127.0.0.1:5432${url.pathname}`);
      expect(stdout).not.toContain('not-printed');
      expect(String(up?.url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(ready).toEqual({ type: 'outer-rim:ready', url: up?.url });
    },
    HEAVY_TEST_TIMEOUT,
  );
});

// A first start on the embedded database: the folder is made from the template, migrated, and
// serves a game; a second start opens it as it is.
describe('process entry on a new embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'or-first-start-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'makes the data folder from the template, serves a game from it, and finds it again',
    async () => {
      expect(readdirSync(dataDir)).toEqual([]);
      const first = await startEntry({ DATA_DIR: dataDir });
      let gameId: string;
      try {
        const game = await http<{ gameId: string }>(first.url, 'POST', '/api/games', {
          name: 'Host',
          options: { playerCount: 3 },
        });
        expect(game.status).toBe(201);
        gameId = game.body.gameId;
      } finally {
        await first.stop();
      }
      // Read once it has stopped: its last lines may come after the ready message.
      const created = first.lines().find((line) => line.from !== undefined);
      expect(created).toMatchObject({
        from: 'template',
        dataDir: join(dataDir, 'pglite'),
        level: 30,
      });
      expect(String(created?.msg)).toMatch(/^created the embedded database from its template/);
      const up = first.lines().find((line) => String(line.msg).startsWith('Outer Rim online'));
      expect(up).toMatchObject({ database: 'pglite', dataDir: join(dataDir, 'pglite') });
      expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      expect(readdirSync(dataDir)).toEqual(['pglite']);

      const second = await startEntry({ DATA_DIR: dataDir });
      try {
        const record = await http<GameRecord>(second.url, 'GET', `/api/games/${gameId}`);
        expect(record.status).toBe(200);
        expect(record.body).toMatchObject({ id: gameId, status: 'lobby' });
        expect(record.body.seats[0]?.name).toBe('Host');
      } finally {
        await second.stop();
      }
      expect(second.lines().some((line) => String(line.msg).startsWith('Outer Rim online'))).toBe(
        true,
      );
      expect(second.lines().some((line) => line.from !== undefined)).toBe(false);
    },
    HEAVY_TEST_TIMEOUT,
  );
});
