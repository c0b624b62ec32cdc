import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAVY_TEST_TIMEOUT, prepareBackend, type Backend } from './support/backends.js';

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
      const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
      const url = new URL(backend.url ?? '');
      url.password = 'not-printed';
      const child = spawn(process.execPath, ['--import', 'tsx', main], {
        env: {
          ...process.env,
          PORT: '0',
          HOST: '127.0.0.1',
          DATABASE_URL: url.toString(),
          LOG_FORMAT: 'json',
          LOG_LEVEL: 'info',
          OUTER_RIM_LAUNCHER: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      let stdout = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      const ready = await new Promise<unknown>((resolve, reject) => {
        child.on('message', resolve);
        child.on('exit', (code) => {
          reject(new Error(`the server exited (${String(code)}) before it was ready:\n${stdout}`));
        });
      });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;

      const lines = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
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
