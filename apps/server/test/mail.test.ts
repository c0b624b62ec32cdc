import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { App } from '../src/app.js';
import { ManualClock } from '../src/clock/manual-clock.js';
import { owedDecisions } from '../src/notifications/owed.js';
import type { ErrorResponse } from '@outer-rim/protocol';
import type { NotificationSettings } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { fullLobby, startGame } from './support/play.js';
import type { SeatedGame } from './support/play.js';
import { http } from './support/server.js';
import { SmtpReceiver } from './support/smtp-receiver.js';

const DIGEST_MS = 1000;
const REMIND_S = 6 * 3600;

describe('e-mail through the host’s SMTP server', () => {
  let backend: Backend;
  let app: App;
  let url: string;
  let smtp: SmtpReceiver;
  const clock = new ManualClock();

  beforeAll(async () => {
    backend = await prepareBackend('pglite', 'mail');
    smtp = await SmtpReceiver.start();
    app = await buildApp(
      backend.config({
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Outer Rim <turns@or.example.org>',
        PUBLIC_URL: 'https://or.example.org',
        NOTIFY_DIGEST_MS: String(DIGEST_MS),
        NOTIFY_REMIND_AFTER_SECONDS: String(REMIND_S),
      }),
      { clock },
    );
    await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const address = app.fastify.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${String(address.port)}`;
  });
  afterAll(async () => {
    await app.fastify.close();
    await smtp.close();
    await backend.dispose();
  });

  const setEmail = (game: SeatedGame, seat: number, email: string | null) =>
    http<NotificationSettings & ErrorResponse>(
      url,
      'PUT',
      `/api/games/${game.gameId}/notifications/me`,
      { email },
      game.tokens[seat],
    );

  async function owing(gameId: string): Promise<number[]> {
    const entry = await app.games.read(gameId);
    return entry === undefined ? [] : [...owedDecisions(entry.state).keys()];
  }

  it('refuses an address that is not one', async () => {
    const game = await fullLobby(url, 3);
    const bad = await setEmail(game, 1, 'not an address');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('BAD_REQUEST');
  });

  it(
    'one person with seats in two games gets one digest, then one reminder, and nothing hidden',
    async () => {
      // Every seat decides at once at the start (the Market): both games ask this person.
      const first = await fullLobby(url, 3);
      const second = await fullLobby(url, 3);
      const me = 'ann@example.org';
      expect((await setEmail(first, 1, me)).body).toMatchObject({
        email: me,
        emailAvailable: true,
      });
      await setEmail(second, 2, me);
      await startGame(url, first);
      await startGame(url, second);
      expect(await owing(first.gameId)).toContain(1);
      expect(await owing(second.gameId)).toContain(2);
      await app.notifier.idle();
      clock.advance(DIGEST_MS);
      await smtp.waitFor(1);
      await app.notifier.idle();
      expect(smtp.mails).toHaveLength(1);
      const [digest] = smtp.mails;
      expect(digest?.to).toEqual([me]);
      expect(digest?.from).toBe('turns@or.example.org');
      expect(digest?.subject).toBe('2 decisions wait for you at Outer Rim online');
      expect(digest?.text).toContain(`Seat1, your move in Seat0's table (${first.gameId})`);
      expect(digest?.text).toContain(`Seat2, your move in Seat0's table (${second.gameId})`);
      expect(digest?.text).toContain(`https://or.example.org/#/game/${first.gameId}`);
      for (const token of [...first.tokens, ...second.tokens]) {
        expect(digest?.raw).not.toContain(token);
      }

      // Hours later, still unanswered: once more, as one mail again.
      clock.advance(REMIND_S * 1000);
      await app.notifier.idle();
      clock.advance(DIGEST_MS);
      await smtp.waitFor(2);
      await app.notifier.idle();
      expect(smtp.mails[1]?.text).toMatch(/Reminder: Seat1, your move/);
      expect(smtp.mails[1]?.text).toMatch(/Reminder: Seat2, your move/);
      clock.advance(10 * REMIND_S * 1000);
      await app.notifier.idle();
      expect(smtp.mails).toHaveLength(2);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'a server that says "try later" gets the mail again after the back-off',
    async () => {
      const game = await fullLobby(url, 3);
      await setEmail(game, 0, 'bo@example.org');
      const before = smtp.mails.length;
      smtp.refuseWith = 451;
      await startGame(url, game);
      await app.notifier.idle();
      clock.advance(DIGEST_MS);
      await app.notifier.idle();
      expect(smtp.mails.length).toBe(before);
      smtp.refuseWith = undefined;
      clock.advance(2000);
      await smtp.waitFor(before + 1);
      expect(smtp.mails.at(-1)?.to).toEqual(['bo@example.org']);
    },
    HEAVY_TEST_TIMEOUT,
  );
});
