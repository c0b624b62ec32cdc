import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAVY_TEST_TIMEOUT, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { startNginx } from './support/nginx.js';
import type { RunningNginx } from './support/nginx.js';
import { fullLobby, playMoves, startGame } from './support/play.js';
import type { SeatedGame } from './support/play.js';
import { PRODUCTION_ENV, bundleForRun, startServerProcess } from './support/server-process.js';
import type { ServerProcess } from './support/server-process.js';
import { Client } from './support/server.js';

/** A GET as a client at `localAddress` (any of 127.0.0.0/8) makes it: nginx hashes on that. */
function getFrom(localAddress: string, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** This process's open sockets by viewer kind, from its own /metrics (not through the proxy). */
async function connections(server: ServerProcess): Promise<{ seat: number; spectator: number }> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const gauge = (viewer: string) =>
    Number(
      new RegExp(`^outer_rim_socket_connections\\{viewer="${viewer}"\\} (\\d+)`, 'm').exec(
        text,
      )?.[1] ?? 0,
    );
  return { seat: gauge('seat'), spectator: gauge('spectator') };
}

const PROBED = Array.from({ length: 90 }, (_, i) => `127.0.0.${String(i + 2)}`);
const HANDSHAKE_BURST = 3;

interface Table {
  game: SeatedGame;
  seats: Client[];
  /** [WebSocket, long-polling], each on another process than the seats and than each other */
  spectators: Client[];
}

// Three real server processes (production mode, on one PostgreSQL) behind a real nginx running
// the repository's deploy/nginx/nginx.conf: the compose profile `scale`, on one machine.
describe('three server processes behind nginx', () => {
  let backend: Backend;
  let bundle: { path: string; dispose(): Promise<void> };
  let servers: ServerProcess[] = [];
  let proxy: RunningNginx | undefined;
  /** which process nginx sends each probed client address to, by index in `servers` */
  const reaches = new Map<string, number>();
  const clients: Client[] = [];

  /** A client address nginx sends to `servers[index]`, not used by any client before. */
  const addressFor = (index: number): string => {
    for (const [address, target] of reaches) {
      if (target === index) {
        reaches.delete(address);
        return address;
      }
    }
    throw new Error(`no client address left that reaches process ${String(index)}`);
  };
  const connect = async (...args: Parameters<typeof Client.connect>) => {
    const client = await Client.connect(...args);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    backend = await prepareBackend('postgres', 'proxy');
    bundle = await bundleForRun('proxy');
    const env = {
      DATABASE_URL: backend.url ?? '',
      TRUST_PROXY: 'true',
      // The cross-process adapter, should it be made optional.
      CLUSTER: 'on',
      HANDSHAKE_BURST: String(HANDSHAKE_BURST),
      HANDSHAKE_PER_MINUTE: '1',
      HTTP_RATE_LIMIT: '100000',
      ACTION_BURST: '1000',
      DB_POOL_SIZE: '5',
    };
    servers = await Promise.all(
      [0, 1, 2].map(() => startServerProcess(bundle.path, env, { base: PRODUCTION_ENV })),
    );
    proxy = await startNginx(servers.map((s) => new URL(s.url).host));
  }, HEAVY_TEST_TIMEOUT);
  afterAll(async () => {
    for (const c of clients) c.close();
    await proxy?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await bundle.dispose();
    await backend.dispose();
  }, HEAVY_TEST_TIMEOUT);

  it(
    'nginx spreads client addresses over the three processes, each address always on one',
    async () => {
      const url = `${proxy?.url ?? ''}/healthz`;
      const instances = await Promise.all(
        servers.map(
          async (s) =>
            ((await (await fetch(`${s.url}/healthz`)).json()) as { instance: string }).instance,
        ),
      );
      expect(new Set(instances).size).toBe(3);
      for (const round of [0, 1]) {
        for (const address of PROBED) {
          const { status, body } = await getFrom(address, url);
          expect(status).toBe(200);
          const index = instances.indexOf((JSON.parse(body) as { instance: string }).instance);
          expect(index).toBeGreaterThanOrEqual(0);
          if (round === 0) reaches.set(address, index);
          else expect(reaches.get(address)).toBe(index);
        }
      }
      const shares = [0, 1, 2].map((i) => [...reaches.values()].filter((t) => t === i).length);
      // Each process gets a fair part (ketama points make it uneven, never this uneven).
      for (const share of shares) expect(share).toBeGreaterThanOrEqual(10);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'games played through the proxy reach spectators on the other processes, every update',
    async () => {
      const base = proxy?.url ?? '';
      // Game g: its seats on process g, a WebSocket spectator on g+1, a long-polling one on g+2.
      const tables: Table[] = [];
      for (const g of [0, 1, 2]) {
        const game = await fullLobby(base, 3);
        await startGame(base, game);
        const seats = await Promise.all(
          game.tokens.map((token) =>
            connect(base, { gameId: game.gameId, token }, { localAddress: addressFor(g) }),
          ),
        );
        const spectators = [
          await connect(base, { gameId: game.gameId }, { localAddress: addressFor((g + 1) % 3) }),
          await connect(
            base,
            { gameId: game.gameId },
            { localAddress: addressFor((g + 2) % 3), polling: true },
          ),
        ];
        for (const c of [...seats, ...spectators]) await c.waitFor(() => c.states.length > 0);
        tables.push({ game, seats, spectators });
      }
      // Where the sockets are, as each process itself counts them.
      for (const server of servers) {
        expect(await connections(server)).toEqual({ seat: 3, spectator: 2 });
      }
      for (const { spectators } of tables) {
        expect(spectators[1]?.socket.io.engine.transport.name).toBe('polling');
      }

      const played = await Promise.all(
        tables.map(({ seats, spectators }, g) =>
          playMoves(seats, spectators, 10, `proxy-${String(g)}`),
        ),
      );
      for (const [g, { seats, spectators }] of tables.entries()) {
        const seq = played[g]?.seq ?? 0;
        expect(seq).toBe(10);
        const every = Array.from({ length: seq }, (_, k) => k + 1);
        for (const c of [...seats, ...spectators]) {
          expect(c.updates.map((u) => u.seq)).toEqual(every);
        }
        // Two processes that never held the seats worked out the same spectator view.
        const [ws, polling] = spectators;
        expect(polling?.latest).toEqual(ws?.latest);
        expect(ws?.latest?.seq).toBe(seq);
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'the handshake limit counts the client address nginx forwards, which a client cannot write',
    async () => {
      const base = proxy?.url ?? '';
      const game = await fullLobby(base, 3);
      const mine = addressFor(0);
      for (let i = 0; i < HANDSHAKE_BURST; i++) {
        (await connect(base, { gameId: game.gameId }, { localAddress: mine })).close();
      }
      const refusal = (via: Parameters<typeof Client.connect>[2]) =>
        connect(base, { gameId: game.gameId }, via).then(
          () => undefined,
          (error: unknown) => (error as { data?: { code?: string } }).data?.code,
        );
      expect(await refusal({ localAddress: mine })).toBe('RATE_LIMITED');
      // Naming another address in X-Forwarded-For does not help: nginx replaces the header.
      expect(
        await refusal({ localAddress: mine, headers: { 'x-forwarded-for': '203.0.113.9' } }),
      ).toBe('RATE_LIMITED');
      // Another client on the same process has its own count, so the process sees addresses
      // (TRUST_PROXY), not the proxy's one.
      expect(await refusal({ localAddress: addressFor(0) })).toBeUndefined();
    },
    HEAVY_TEST_TIMEOUT,
  );
});
