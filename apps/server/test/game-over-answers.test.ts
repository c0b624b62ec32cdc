import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateGameResponse } from '@outer-rim/protocol';
import type { GameRecord } from '@outer-rim/protocol';
import type { ActionAck } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { Client, http, startServer } from './support/server.js';
import type { RunningServer } from './support/server.js';

/** Once a game is over, every well-formed action gets GAME_OVER, whatever `seq` it names. */
describe('actions after the end of a game', () => {
  let backend: Backend;
  let server: RunningServer;

  beforeAll(async () => {
    backend = await prepareBackend('pglite', 'game-over');
    server = await startServer(backend.config({ BOT_DELAY_MS: '0', BOT_TICK_MS: '100' }));
  });
  afterAll(async () => {
    await server.close();
    await backend.dispose();
  });

  it(
    'an action decided on any earlier, the final or a later state gets GAME_OVER and changes nothing',
    async () => {
      const created = await http<CreateGameResponse>(server.url, 'POST', '/api/games', {
        name: 'Host',
        options: { playerCount: 3, roundLimit: 1, handOverAfterSeconds: 1 },
      });
      const { gameId, token } = created.body;
      for (const seat of [1, 2]) {
        await http(server.url, 'PUT', `/api/games/${gameId}/seats/${String(seat)}/bot`, {}, token);
      }
      // Every seat played by a bot (the host's after a second away) until the end.
      const watcher = await Client.connect(server.url, { gameId });
      let host: Client | undefined;
      try {
        const started = await http(
          server.url,
          'POST',
          `/api/games/${gameId}/start`,
          undefined,
          token,
        );
        expect(started.status).toBe(200);
        await watcher.waitFor(() => watcher.lobbies.some((m) => m.game.status === 'over'), 90_000);
        const record = (await http<GameRecord>(server.url, 'GET', `/api/games/${gameId}`)).body;
        const finalSeq = record.seq;
        expect(finalSeq).toBeGreaterThan(3);

        host = await Client.connect(server.url, { gameId, token });
        const client = host;
        await client.waitFor(() => client.states.length > 0);
        const seqs = [undefined, 0, 1, finalSeq - 2, finalSeq - 1, finalSeq, finalSeq + 1, 10_000];
        const answers: ActionAck[] = [];
        for (const [n, seq] of seqs.entries()) {
          answers.push(
            await client.send('action', {
              id: `after-end-${String(n)}`,
              action: { type: 'end-turn' },
              ...(seq === undefined ? {} : { seq }),
            }),
          );
        }
        expect(answers.map((a) => (a.ok ? 'accepted' : a.error.code))).toEqual(
          seqs.map(() => 'GAME_OVER'),
        );
        const after = (await http<GameRecord>(server.url, 'GET', `/api/games/${gameId}`)).body;
        expect(after.seq).toBe(finalSeq);
      } finally {
        watcher.close();
        host?.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );
});
