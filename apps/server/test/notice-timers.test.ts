import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { App } from '../src/app.js';
import { ManualClock } from '../src/clock/manual-clock.js';
import { noticeTimers } from '../src/db/schema.js';
import { owedDecisions } from '../src/notifications/owed.js';
import type { NotificationSettings } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { HookReceiver } from './support/hook-receiver.js';
import { fullLobby, startGame } from './support/play.js';
import { http } from './support/server.js';

const DIGEST_MS = 1000;
const REMIND_S = 3600;

async function listening(app: App): Promise<string> {
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = app.fastify.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${String(address.port)}`;
}

const stored = async (app: App) =>
  (await app.database.db.select().from(noticeTimers)).map((t) => t.kind);

describe('notice timers survive a restart: a digest waiting and a reminder are kept in the database', () => {
  let backend: Backend;
  let hooks: HookReceiver;
  beforeAll(async () => {
    backend = await prepareBackend('postgres', 'notice-timers');
    hooks = await HookReceiver.start();
  });
  afterAll(async () => {
    await hooks.close();
    await backend.dispose();
  });

  it(
    'a digest left by a stopped process and a reminder after a restart arrive, each sent by exactly one of two processes',
    async () => {
      const clock = new ManualClock();
      const config = backend.config({
        WEBHOOK_HOSTS: '127.0.0.1',
        NOTIFY_DIGEST_MS: String(DIGEST_MS),
        NOTIFY_REMIND_AFTER_SECONDS: String(REMIND_S),
      });
      const first = await buildApp(config, { clock });
      const url = await listening(first);
      const game = await fullLobby(url, 3, { galaxy: { mode: 'build' } });
      for (const seat of [0, 1, 2]) {
        const set = await http<NotificationSettings>(
          url,
          'PUT',
          `/api/games/${game.gameId}/notifications/me`,
          { webhookUrl: hooks.url(`/r/seat${String(seat)}`) },
          game.tokens[seat],
        );
        expect(set.status).toBe(200);
      }
      await startGame(url, game);
      await first.notifier.idle();
      const entry = await first.games.read(game.gameId);
      const [builder] = entry === undefined ? [] : [...owedDecisions(entry.state).keys()];
      if (builder === undefined) throw new Error('nobody owes at the start');
      // The notice waits in its digest window when the process stops: it is a row, not a timer.
      expect(await stored(first)).toEqual(['digest']);
      await first.fastify.close();

      const second = await buildApp(config, { clock });
      await listening(second);
      try {
        clock.advance(DIGEST_MS);
        await hooks.waitFor(1);
        await second.notifier.idle();
        expect(hooks.received.map((r) => [r.path, r.body.notices[0]?.reminder])).toEqual([
          [`/r/seat${String(builder)}`, false],
        ]);
        // Sent: its reminder is due in an hour, stored.
        expect(await stored(second)).toEqual(['reminder']);
      } finally {
        await second.fastify.close();
      }

      // Two processes start after the restart: both set a timer for the reminder, one sends it.
      const third = await buildApp(config, { clock });
      const fourth = await buildApp(config, { clock });
      await listening(third);
      await listening(fourth);
      try {
        clock.advance(REMIND_S * 1000);
        await third.notifier.idle();
        await fourth.notifier.idle();
        clock.advance(DIGEST_MS);
        await hooks.waitFor(2);
        await third.notifier.idle();
        await fourth.notifier.idle();
        expect(hooks.received.map((r) => [r.path, r.body.notices[0]?.reminder])).toEqual([
          [`/r/seat${String(builder)}`, false],
          [`/r/seat${String(builder)}`, true],
        ]);
        expect(hooks.received[1]?.body.content).toMatch(/^Reminder: /);
        expect(await stored(third)).toEqual([]);
      } finally {
        await third.fastify.close();
        await fourth.fastify.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );
});
