import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { view } from '@outer-rim/rules';
import { buildApp } from '../src/app.js';
import type { App } from '../src/app.js';
import { ManualClock } from '../src/clock/manual-clock.js';
import { owedDecisions } from '../src/notifications/owed.js';
import type { ActionAck } from '@outer-rim/protocol';
import type { ErrorResponse } from '@outer-rim/protocol';
import type { NotificationSettings } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { HookReceiver } from './support/hook-receiver.js';
import { fullLobby, quietAction, startGame } from './support/play.js';
import type { SeatedGame } from './support/play.js';
import { http } from './support/server.js';

const DIGEST_MS = 1000;
const REMIND_S = 3600;
const PUBLIC_URL = 'https://or.example.org';

describe('webhooks: a seat is told when a decision waits for it', () => {
  let backend: Backend;
  let app: App;
  let url: string;
  let hooks: HookReceiver;
  const clock = new ManualClock();

  beforeAll(async () => {
    backend = await prepareBackend('pglite', 'webhooks');
    app = await buildApp(
      backend.config({
        PUBLIC_URL,
        WEBHOOK_HOSTS: '127.0.0.1',
        NOTIFY_DIGEST_MS: String(DIGEST_MS),
        NOTIFY_REMIND_AFTER_SECONDS: String(REMIND_S),
        NOTIFY_ATTEMPTS: '4',
      }),
      { clock },
    );
    await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const address = app.fastify.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${String(address.port)}`;
    hooks = await HookReceiver.start();
  });
  afterAll(async () => {
    await app.fastify.close();
    await hooks.close();
    await backend.dispose();
  });

  const setSeatHook = (game: SeatedGame, seat: number, webhookUrl: string | null) =>
    http<NotificationSettings & ErrorResponse>(
      url,
      'PUT',
      `/api/games/${game.gameId}/notifications/me`,
      { webhookUrl },
      game.tokens[seat],
    );

  /** Who owes a decision now, from the game as the server holds it. */
  async function owing(gameId: string): Promise<number[]> {
    const entry = await app.games.read(gameId);
    return entry === undefined ? [] : [...owedDecisions(entry.state).keys()];
  }

  /** One move of `seat`, chosen from its own view, through the path a socket action takes. */
  async function act(gameId: string, seat: number): Promise<ActionAck> {
    const entry = await app.games.read(gameId);
    if (entry === undefined) throw new Error('not started');
    const action = quietAction(view(entry.state, seat), seat);
    if (action === undefined) throw new Error(`seat ${String(seat)} has nothing to do`);
    return new Promise((resolve, reject) => {
      app.games
        .submit(gameId, seat, `m-${String(entry.seq)}`, action, resolve, entry.seq)
        .catch(reject);
    });
  }

  /** Plays the seat that owes until someone else owes; returns who. */
  async function playUntilOther(gameId: string): Promise<number> {
    const [first] = await owing(gameId);
    if (first === undefined) throw new Error('nobody owes');
    for (let i = 0; i < 30; i++) {
      const [now] = await owing(gameId);
      if (now === undefined) throw new Error('nobody owes');
      if (now !== first) return now;
      const ack = await act(gameId, now);
      expect(ack.ok).toBe(true);
    }
    throw new Error('the same seat owes for 30 moves');
  }

  async function buildGame(): Promise<SeatedGame> {
    return fullLobby(url, 3, { galaxy: { mode: 'build' } });
  }

  it('refuses a webhook into the server network unless the host allow-listed it, and a non-host setting the table hook', async () => {
    const game = await buildGame();
    const outside = await setSeatHook(game, 1, 'http://10.0.0.5/hook');
    expect(outside.status).toBe(400);
    expect(outside.body.error.code).toBe('BAD_REQUEST');
    expect(outside.body.error.message).toContain('only to 127.0.0.1');
    const notHost = await http<ErrorResponse>(
      url,
      'PUT',
      `/api/games/${game.gameId}/notifications/table`,
      { webhookUrl: hooks.url('/t') },
      game.tokens[1],
    );
    expect(notHost.status).toBe(403);
    expect(notHost.body.error.code).toBe('FORBIDDEN');
    const bad = await setSeatHook(game, 1, 'ftp://127.0.0.1/x');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('BAD_REQUEST');
    const none = await http<NotificationSettings>(
      url,
      'GET',
      `/api/games/${game.gameId}/notifications/me`,
      undefined,
      game.tokens[1],
    );
    expect(none.body).toMatchObject({ webhookUrl: null, email: null });
  });

  it(
    'posts Discord and Slack shaped JSON to the seat and the table, public words only, then a reminder once',
    async () => {
      const game = await buildGame();
      for (const seat of [0, 1, 2]) {
        expect((await setSeatHook(game, seat, hooks.url(`/a/seat${String(seat)}`))).status).toBe(
          200,
        );
      }
      const table = await http<NotificationSettings>(
        url,
        'PUT',
        `/api/games/${game.gameId}/notifications/table`,
        { webhookUrl: hooks.url('/a/table') },
        game.tokens[0],
      );
      expect(table.body.table).toEqual({ webhookUrl: hooks.url('/a/table') });
      const before = hooks.received.length;
      await startGame(url, game);
      const [builder] = await owing(game.gameId);
      if (builder === undefined) throw new Error('nobody owes at the start');
      await app.notifier.idle();
      clock.advance(DIGEST_MS);
      await hooks.waitFor(before + 2);
      await app.notifier.idle();
      const sent = hooks.received.slice(before);
      expect(sent.map((r) => r.path).sort()).toEqual(
        [`/a/seat${String(builder)}`, '/a/table'].sort(),
      );
      const entry = await app.games.read(game.gameId);
      const prompts = entry && owedDecisions(entry.state).get(builder);
      for (const { body, raw } of sent) {
        expect(body.content).toBe(body.text);
        expect(body.content).toContain(`Seat${String(builder)}, your move in Seat0's table`);
        expect(body.notices).toEqual([
          {
            game: game.gameId,
            seat: builder,
            name: `Seat${String(builder)}`,
            owed: prompts,
            link: `${PUBLIC_URL}/#/game/${game.gameId}`,
            reminder: false,
            since: new Date(clock.now() - DIGEST_MS).toISOString(),
          },
        ]);
        // Nothing hidden: no token, no seed, no hand.
        for (const token of game.tokens) expect(raw).not.toContain(token);
        const seed = await app.lobby.seedIfOver(game.gameId);
        expect(seed).toBeNull();
        expect(raw).not.toMatch(/seed|token|hand/i);
      }

      // A day without an answer: told once more, and only once.
      clock.advance(REMIND_S * 1000);
      await app.notifier.idle();
      clock.advance(DIGEST_MS);
      await hooks.waitFor(before + 4);
      await app.notifier.idle();
      const reminders = hooks.received.slice(before + 2);
      expect(reminders.map((r) => r.body.notices[0]?.reminder)).toEqual([true, true]);
      expect(reminders[0]?.body.content).toMatch(/^Reminder: /);
      clock.advance(10 * REMIND_S * 1000);
      await app.notifier.idle();
      expect(hooks.received.length).toBe(before + 4);
      expect(clock.waiting).toBe(0);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'never sends a decision answered before its notice left',
    async () => {
      const game = await buildGame();
      for (const seat of [0, 1, 2])
        await setSeatHook(game, seat, hooks.url(`/b/seat${String(seat)}`));
      await startGame(url, game);
      await app.notifier.idle();
      clock.advance(DIGEST_MS);
      await app.notifier.idle();
      const before = hooks.received.length;
      // The next seat is asked, and answers within the digest window; then another is asked.
      const answered = await playUntilOther(game.gameId);
      await app.notifier.idle();
      const next = await playUntilOther(game.gameId);
      await app.notifier.idle();
      expect(next).not.toBe(answered);
      clock.advance(DIGEST_MS);
      await hooks.waitFor(before + 1);
      await app.notifier.idle();
      expect(hooks.received.slice(before).map((r) => r.path)).toEqual([`/b/seat${String(next)}`]);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'tells a seat whose hook was set in the middle of the game, though the steps before told nobody',
    async () => {
      const game = await buildGame();
      const before = hooks.received.length;
      await startGame(url, game);
      // Nobody asked to be told: these steps are noted without anything queued for them.
      const mover = await playUntilOther(game.gameId);
      await app.notifier.idle();
      clock.advance(DIGEST_MS);
      await app.notifier.idle();
      expect(hooks.received.length).toBe(before);
      for (const seat of [0, 1, 2]) {
        expect((await setSeatHook(game, seat, hooks.url(`/m/seat${String(seat)}`))).status).toBe(
          200,
        );
      }
      // The next step is told, to whoever owes then.
      const next = await playUntilOther(game.gameId);
      expect(next).not.toBe(mover);
      await app.notifier.idle();
      clock.advance(DIGEST_MS);
      await hooks.waitFor(before + 1);
      await app.notifier.idle();
      const sent = hooks.received.slice(before);
      expect(sent.map((r) => r.path)).toEqual([`/m/seat${String(next)}`]);
      expect(sent[0]?.body.notices.map((n) => n.seat)).toEqual([next]);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'sends one digest when several decisions come at once',
    async () => {
      // Without galaxy building every seat decides at once (the Market).
      const game = await fullLobby(url, 3);
      await http(
        url,
        'PUT',
        `/api/games/${game.gameId}/notifications/table`,
        { webhookUrl: hooks.url('/c/table') },
        game.tokens[0],
      );
      const before = hooks.received.length;
      await startGame(url, game);
      const owed = await owing(game.gameId);
      expect(owed.length).toBeGreaterThan(1);
      await app.notifier.idle();
      clock.advance(DIGEST_MS);
      await hooks.waitFor(before + 1);
      await app.notifier.idle();
      const [digest, ...more] = hooks.received.slice(before);
      expect(more).toEqual([]);
      expect(digest?.body.notices.map((n) => n.seat).sort()).toEqual([...owed].sort());
      expect(digest?.body.content).toContain(`${String(owed.length)} decisions wait`);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'a receiver that is down, slow or answers 500 costs the game nothing',
    async () => {
      const game = await buildGame();
      const slow = await HookReceiver.start();
      slow.mode = 'hold';
      const failing = await HookReceiver.start();
      failing.mode = 'fail';
      const downPort = await freePort();
      await http(
        url,
        'PUT',
        `/api/games/${game.gameId}/notifications/table`,
        { webhookUrl: slow.url('/slow') },
        game.tokens[0],
      );
      await setSeatHook(game, 1, failing.url('/fail'));
      await setSeatHook(game, 2, `http://127.0.0.1:${String(downPort)}/down`);
      await startGame(url, game);
      await app.notifier.idle();
      clock.advance(DIGEST_MS);
      await slow.waitFor(1);
      // The table's receiver holds its request open; play on meanwhile: every move goes through.
      const start = (await app.games.read(game.gameId))?.seq ?? 0;
      for (let i = 0; i < 4; i++) {
        await playUntilOther(game.gameId);
        clock.advance(DIGEST_MS);
      }
      expect(slow.held).toBeGreaterThanOrEqual(1);
      expect((await app.games.read(game.gameId))?.seq).toBeGreaterThanOrEqual(start + 4);
      slow.release();
      slow.mode = 'ok';

      await Promise.all([slow.close(), failing.close()]);
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'tries a notice again with back-off: a receiver that answered 500, one that was down',
    async () => {
      const game = await buildGame();
      const failing = await HookReceiver.start();
      failing.mode = 'fail';
      const downPort = await freePort();
      await http(
        url,
        'PUT',
        `/api/games/${game.gameId}/notifications/table`,
        { webhookUrl: failing.url('/r/table') },
        game.tokens[0],
      );
      for (const seat of [0, 1, 2]) {
        await setSeatHook(game, seat, `http://127.0.0.1:${String(downPort)}/r/seat`);
      }
      await startGame(url, game);
      const [builder] = await owing(game.gameId);
      await app.notifier.idle();
      clock.advance(DIGEST_MS);
      await failing.waitFor(1);
      await app.notifier.idle();
      // Up again: the next tries, 2 s later, land; the game did not wait for any of it.
      failing.mode = 'ok';
      const back = await HookReceiver.start(downPort);
      clock.advance(2000);
      await failing.waitFor(2);
      await back.waitFor(1);
      await app.notifier.idle();
      expect(failing.received.map((r) => r.body)).toEqual([
        failing.received[0]?.body,
        failing.received[0]?.body,
      ]);
      expect(back.received.map((r) => r.body.notices[0]?.seat)).toEqual([builder]);
      await Promise.all([failing.close(), back.close()]);
    },
    HEAVY_TEST_TIMEOUT,
  );
});

/** A loopback port nothing listens on: one a receiver had, then gave up. */
async function freePort(): Promise<number> {
  const probe = await HookReceiver.start();
  const { port } = probe;
  await probe.close();
  return port;
}
