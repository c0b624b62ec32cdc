import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config/config.js';
import { viewHash } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, POSTGRES_ADMIN_URL, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { fullLobby, playMoves, startGame } from './support/play.js';
import type { SeatedGame } from './support/play.js';
import { createScratchDatabase } from './support/postgres-database.js';
import type { ScratchDatabase } from './support/postgres-database.js';
import { startServer } from './support/server.js';
import type { RunningServer } from './support/server.js';
import { connectSeats } from './support/table.js';

const run = promisify(execFile);

/** A started three-seat game with a few moves played, and every seat's view at its head. */
async function gameInProgress(server: RunningServer) {
  const game = await fullLobby(server.url, 3);
  await startGame(server.url, game);
  const seats = await connectSeats(server.url, game);
  const { seq } = await playMoves(seats, [], 5, 'before-backup');
  const hashes = seats.map((c) => viewHash(c.latest?.view));
  for (const c of seats) c.close();
  return { game, seq, hashes };
}

/** The restored game: every seat gets the state it had at the backup, then play goes on. */
async function playsOn(
  server: RunningServer,
  game: SeatedGame,
  seq: number,
  hashes: number[],
): Promise<void> {
  const seats = await connectSeats(server.url, game);
  try {
    expect(seats.map((c) => c.states[0]?.seq)).toEqual(seats.map(() => seq));
    expect(seats.map((c) => viewHash(c.states[0]?.view))).toEqual(hashes);
    const after = await playMoves(seats, [], 3, 'after-restore');
    expect(after.seq).toBe(seq + 3);
  } finally {
    for (const c of seats) c.close();
  }
}

/** docs/backups.md, PostgreSQL: `pg_dump -Fc` of a running server, `pg_restore` into a new database. */
describe('backup and restore of PostgreSQL with pg_dump and pg_restore', () => {
  let backend: Backend;
  let restored: ScratchDatabase;
  let dir: string;

  beforeAll(async () => {
    backend = await prepareBackend('postgres', 'backup');
    dir = await mkdtemp(join(tmpdir(), 'or-backup-'));
    restored = await createScratchDatabase(
      POSTGRES_ADMIN_URL,
      `or_restored_${randomBytes(4).toString('hex')}`,
    );
  });
  afterAll(async () => {
    await backend.dispose();
    await restored.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'a dump taken while a game is in progress restores into a new database, where play goes on',
    async () => {
      const server = await startServer(backend.config());
      let progress: Awaited<ReturnType<typeof gameInProgress>>;
      const dump = join(dir, 'outer-rim.dump');
      try {
        progress = await gameInProgress(server);
        // Taken while the server runs: pg_dump reads one consistent snapshot of the database.
        await run('pg_dump', ['--format=custom', '--file', dump, backend.url ?? '']);
      } finally {
        await server.close();
      }
      await run('pg_restore', ['--no-owner', '--dbname', restored.url, dump]);
      const again = await startServer(
        parseConfig({ DATABASE_URL: restored.url, LOG_LEVEL: 'silent', HTTP_RATE_LIMIT: '100000' }),
      );
      try {
        await playsOn(again, progress.game, progress.seq, progress.hashes);
      } finally {
        await again.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );
});

/** docs/backups.md, embedded PGlite: the data folder copied while the server is stopped. */
describe('backup and restore of the embedded PGlite data folder', () => {
  let backend: Backend;
  const restoredDir = join(tmpdir(), `or-restored-${randomBytes(4).toString('hex')}`);

  beforeAll(async () => {
    backend = await prepareBackend('pglite', 'pglite-backup');
  });
  afterAll(async () => {
    await backend.dispose();
    await rm(restoredDir, { recursive: true, force: true });
  });

  it(
    'a copy of data/pglite taken after a graceful stop serves the game in progress, and play goes on',
    async () => {
      const config = backend.config();
      const server = await startServer(config);
      let progress: Awaited<ReturnType<typeof gameInProgress>>;
      try {
        progress = await gameInProgress(server);
      } finally {
        await server.close();
      }
      // cp -a data/pglite backup/pglite, as docs/backups.md says, then restored into a new place.
      await cp(join(config.DATA_DIR, 'pglite'), join(restoredDir, 'pglite'), { recursive: true });
      const again = await startServer(backend.config({ DATA_DIR: restoredDir }));
      try {
        await playsOn(again, progress.game, progress.seq, progress.hashes);
      } finally {
        await again.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );
});
