import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { migrateState, type GameState } from '@outer-rim/rules';
import { buildApp, type App, type AppDeps } from '../../../server/src/app.js';
import { parseConfig } from '../../../server/src/config/config.js';
import { GameStore } from '../../../server/src/games/game-store.js';
import { overwriteSnapshot } from '../../../server/test/support/prepared.js';

const webRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the client exactly as `npm run build` does, into a folder of its own. */
export async function buildClient(outDir: string): Promise<void> {
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (typeof address === 'object' && address !== null) resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/**
 * The real server (Fastify, Socket.io, PGlite in a temporary folder) serving
 * the real build; `restart` stops it and starts it again on the same port and
 * data, as a host's restart would.
 */
export class TestServer {
  private app: App | undefined;
  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly webDist: string,
    private readonly deps: AppDeps,
  ) {}

  /** `deps`: what the test puts in place of the real thing (a clock it moves by hand). */
  static async start(deps: AppDeps = {}): Promise<TestServer> {
    const dir = await mkdtemp(join(tmpdir(), 'outer-rim-web-e2e-'));
    const webDist = join(dir, 'web');
    await buildClient(webDist);
    const server = new TestServer(await freePort(), dir, webDist, deps);
    await server.up();
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async restart(downMs: number): Promise<void> {
    await this.down();
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.up();
  }

  /**
   * Test-only preparation of a game that has just started: its first stored
   * state (seq 0) is read with the server's own store, changed by `edit`, and
   * written back into the test database; the server restarts so that no copy
   * of the old state stays in its cache. Nothing on the wire can do this.
   */
  async prepareGame(gameId: string, edit: (state: GameState) => GameState): Promise<void> {
    const app = this.app;
    if (app === undefined) throw new Error('the server is down');
    const db = app.database.db;
    const stored = await new GameStore(db).latestSnapshot(gameId);
    if (stored?.seq !== 0) throw new Error('only a game at its start can be prepared');
    const state = edit(migrateState(stored.state));
    await overwriteSnapshot(db, gameId, 0, state);
    await this.restart(0);
  }

  async stop(): Promise<void> {
    await this.down();
    await rm(this.dir, { recursive: true, force: true });
  }

  private async up(): Promise<void> {
    const config = parseConfig({
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: join(this.dir, 'data'),
      WEB_DIST: this.webDist,
      LOG_LEVEL: 'warn',
      // Four browsers on one address: the production limit is per person.
      HTTP_RATE_LIMIT: '10000',
      HANDSHAKE_BURST: '1000',
      // Bots act quickly, but a step apart, so a page sees each of their actions land.
      BOT_DELAY_MS: '150',
      BOT_TICK_MS: '250',
      // Notices go out at once, and may reach the receivers a test starts on loopback.
      NOTIFY_DIGEST_MS: '0',
      WEBHOOK_HOSTS: '127.0.0.1',
    });
    this.app = await buildApp(config, this.deps);
    await this.app.fastify.listen({ port: this.port, host: '127.0.0.1' });
  }

  private async down(): Promise<void> {
    const app = this.app;
    this.app = undefined;
    if (app !== undefined) await app.fastify.close();
  }
}

/** Debian's Chromium, headless, with nothing of a previous run (a fresh user-data dir per context). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A REST call as a test fixture would make it (for games the UI test does not build by hand). */
export async function rest<T>(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  const response = await fetch(base + path, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}
