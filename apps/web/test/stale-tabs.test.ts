import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisions, legalActions } from '@outer-rim/rules';
import type { GameView } from '@outer-rim/rules';
import { buildApp, type App } from '../../server/src/app.js';
import { parseConfig } from '../../server/src/config/config.js';
import { GameConnection, type ConnectionHandlers } from '../src/net/connection';
import type { StateMessage } from '../src/net/protocol';
import { rest } from './e2e/harness.js';

/** The same seat open in two tabs, both clicking on the same screen. */
describe('two tabs of one seat', () => {
  let dir: string;
  let app: App;
  let url: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outer-rim-tabs-'));
    app = await buildApp(parseConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }));
    await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const address = app.fastify.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${String(address.port)}`;
  });
  afterAll(async () => {
    await app.fastify.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('the second click, decided on a screen the first already changed, is refused STALE_STATE', async () => {
    const created = await rest<{ gameId: string; token: string }>(url, 'POST', '/api/games', {
      name: 'Host',
      options: { playerCount: 2 },
    });
    const other = await rest<{ token: string }>(url, 'POST', `/api/games/${created.gameId}/seats`, {
      name: 'Guest',
    });
    await rest(url, 'PATCH', `/api/games/${created.gameId}/seats/me`, { ready: true }, other.token);
    await rest(url, 'POST', `/api/games/${created.gameId}/start`, undefined, created.token);

    const tokens = [created.token, other.token];
    const first = await new Promise<StateMessage>((resolve) => {
      const probe = new GameConnection(
        { gameId: created.gameId, lastSeq: () => 0, url },
        handlers(resolve),
      );
      setTimeout(() => {
        probe.close();
      }, 2000);
    });
    const seat = decisions(first.view as GameView)[0]?.seat ?? 0;
    const tabs = await Promise.all(
      [0, 1].map(
        () =>
          new Promise<{ conn: GameConnection; state: StateMessage }>((resolve) => {
            const conn: GameConnection = new GameConnection(
              { gameId: created.gameId, token: tokens[seat] ?? '', lastSeq: () => 0, url },
              handlers((state) => {
                resolve({ conn, state });
              }),
            );
          }),
      ),
    );
    const [one, two] = tabs as [(typeof tabs)[number], (typeof tabs)[number]];
    const screen = one.state;
    const legal = legalActions(screen.view as GameView, seat);
    const action = legal.find((a) => a.type.startsWith('end-')) ?? legal[0];
    expect(action).toBeDefined();
    const accepted = await one.conn.sendAction(action, screen.seq);
    expect(accepted.ok).toBe(true);
    const stale = await two.conn.sendAction(action, two.state.seq);
    // judged on the state the first click made, which this tab's update brings
    expect(stale).toMatchObject({ ok: false, error: { code: 'STALE_STATE' }, seq: 1 });
    const record = await rest<{ seq: number }>(url, 'GET', `/api/games/${created.gameId}`);
    expect(record.seq).toBe(1);
    one.conn.close();
    two.conn.close();
  });
});

function handlers(onState: (state: StateMessage) => void): ConnectionHandlers {
  let seen = false;
  const ignore = () => undefined;
  return {
    status: ignore,
    lobby: ignore,
    state: (message) => {
      if (seen) return;
      seen = true;
      onState(message);
    },
    update: ignore,
    chat: ignore,
    gameError: ignore,
    missed: ignore,
  };
}
