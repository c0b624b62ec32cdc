import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalActions } from '@outer-rim/rules';
import type { Action, GameState } from '@outer-rim/rules';
import { addUnits, movementTable, withTiles } from '@outer-rim/rules/testing';
import type {
  ActionLogResponse,
  ErrorResponse,
  ReplayViewResponse,
  UndoNotice,
  UndoOutcome,
  UndoStatus,
} from '@outer-rim/protocol';
import { buildApp } from '../src/app.js';
import type { App } from '../src/app.js';
import { HEAVY_TEST_TIMEOUT, prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';
import { fullLobby, startGame } from './support/play.js';
import type { SeatedGame } from './support/play.js';
import { overwriteSnapshot } from './support/prepared.js';
import { Client, http } from './support/server.js';

const RIFT = '0,-1';
const move = (cruiser: number): Action => ({
  type: 'move',
  from: '-1,-1',
  path: ['-2,0'],
  ships: { cruiser },
});

/** The active seat's Movement, two Cruisers beside open space and one in a Gravity Rift. */
function board(): { state: GameState; seat: number } {
  const { state, seat } = movementTable('rift');
  const laid = withTiles(state, { [RIFT]: 'gravity-rift' }, 0);
  return {
    state: addUnits(addUnits(laid, '-1,-1', seat, { cruiser: 2 }), RIFT, seat, { cruiser: 1 }),
    seat,
  };
}

/** The seat holding `token` asks to take back its action at `seq`, as planned on `head`. */
function askUndo(
  base: string,
  gameId: string,
  plan: { seq: number; head: number },
  token?: string,
) {
  return http<UndoOutcome>(base, 'POST', `/api/games/${gameId}/undo`, plan, token);
}

/** What the seat holding `token` would take back now. */
function undoStatus(base: string, gameId: string, token?: string) {
  return http<UndoStatus>(base, 'GET', `/api/games/${gameId}/undo`, undefined, token);
}

/** The seat holding `token` answers the undo waiting for it. */
function consentToUndo(
  base: string,
  gameId: string,
  answer: { seq: number; agree: boolean },
  token?: string,
) {
  return http<UndoOutcome>(base, 'POST', `/api/games/${gameId}/undo/consent`, answer, token);
}

async function listening(app: App): Promise<string> {
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = app.fastify.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${String(address.port)}`;
}

describe('Taking back a misclick (undo), on a real server and PostgreSQL', () => {
  let backend: Backend;
  let app: App;
  let url: string;
  beforeAll(async () => {
    backend = await prepareBackend('postgres', 'undo');
    app = await buildApp(backend.config({ BOT_TICK_MS: '100000' }));
    url = await listening(app);
  });
  afterAll(async () => {
    await app.fastify.close();
    await backend.dispose();
  });

  /** A started two-seat game whose start is the prepared board. */
  async function prepared(): Promise<{ game: SeatedGame; seat: number; other: number }> {
    const game = await fullLobby(url, 2, { leaders: false });
    await startGame(url, game);
    const { state, seat } = board();
    await app.games.read(game.gameId);
    await overwriteSnapshot(app.database.db, game.gameId, 0, state);
    app.games.forget(game.gameId);
    return { game, seat, other: seat === 0 ? 1 : 0 };
  }

  /** The prepared game, its acting seat connected and holding the start. */
  async function seatedAtStart() {
    const { game, seat, other } = await prepared();
    const token = game.tokens[seat] ?? '';
    const me = await Client.connect(url, { gameId: game.gameId, token });
    await me.waitFor(() => me.latest?.seq === 0);
    return { game, seat, other, token, me };
  }

  const act = (client: Client, action: unknown, seq: number) =>
    client.send('action', { id: randomUUID(), action, seq });

  it(
    'an undone action sent again under its client id is refused with UNDONE, after the game is reloaded too, and changes nothing',
    async () => {
      const { game, token, me } = await seatedAtStart();
      try {
        const sent = { id: randomUUID(), action: move(2), seq: 0 };
        expect(await me.send('action', sent)).toEqual({ ok: true, seq: 1 });
        const done = await askUndo(url, game.gameId, { seq: 1, head: 1 }, token);
        expect(done.body).toMatchObject({ outcome: 'done', toSeq: 0 });
        await me.waitFor(() => me.latest?.seq === 0);

        // A retry of the first send (its answer lost): refused, the game still at its start.
        expect(await me.send('action', sent)).toMatchObject({
          ok: false,
          error: { code: 'UNDONE' },
        });
        // The process loads the game afresh (as after a restart): the audit log still says so.
        app.games.forget(game.gameId);
        expect(await me.send('action', sent)).toMatchObject({
          ok: false,
          error: { code: 'UNDONE' },
        });
        expect((await app.games.read(game.gameId))?.seq).toBe(0);
        const log = await http<ActionLogResponse>(url, 'GET', `/api/games/${game.gameId}/actions`);
        expect(log.body.entries).toEqual([]);
        // A new id for the same move is a new action.
        expect(await act(me, move(2), 0)).toEqual({ ok: true, seq: 1 });
      } finally {
        me.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'a move is taken back: the log of record and every view (spectator, replay) as if it never happened, the audit log keeps it marked, a stale action is STALE_STATE',
    async () => {
      const { game, seat } = await prepared();
      const token = game.tokens[seat] ?? '';
      const me = await Client.connect(url, { gameId: game.gameId, token });
      const watcher = await Client.connect(url, { gameId: game.gameId });
      try {
        await me.waitFor(() => me.latest?.seq === 0);
        expect(await act(me, move(2), 0)).toEqual({ ok: true, seq: 1 });
        await watcher.waitFor(() => watcher.latest?.seq === 1);

        // Told first what it would undo, in the log's words.
        const status = await undoStatus(url, game.gameId, token);
        expect(status.body.head).toBe(1);
        expect(status.body.plan).toMatchObject({ ok: true, seq: 1, toSeq: 0, consentFrom: [] });
        if (!status.body.plan.ok) return;
        expect(status.body.plan.lines.join(' ')).toMatch(/moves 2 Cruisers from .* to /);

        const done = await askUndo(url, game.gameId, { seq: 1, head: 1 }, token);
        expect(done.body).toMatchObject({ outcome: 'done', toSeq: 0 });
        // Every viewer is bumped with a whole state at the lower seq, equal to the start's view.
        await me.waitFor(() => me.latest?.seq === 0);
        await watcher.waitFor(() => watcher.latest?.seq === 0);
        const start = await http<ReplayViewResponse>(
          url,
          'GET',
          `/api/games/${game.gameId}/views/0`,
        );
        expect(watcher.latest?.view).toEqual(start.body.view);
        expect(watcher.raw.some((r) => r.includes('"done"'))).toBe(true);

        // An action decided on the state cut off is stale.
        const stale = await act(me, move(1), 1);
        expect(stale).toMatchObject({ ok: false, error: { code: 'STALE_STATE' } });

        // Played again differently: seq 1 is now the new move, and the replay shows only it.
        expect(await act(me, move(1), 0)).toEqual({ ok: true, seq: 1 });
        await watcher.waitFor(() => watcher.latest?.seq === 1);
        expect(watcher.mismatches).toEqual([]);
        const log = await http<ActionLogResponse>(url, 'GET', `/api/games/${game.gameId}/actions`);
        expect(log.body.entries.map((e) => e.seq)).toEqual([1]);
        expect(JSON.stringify(log.body.entries[0]?.events)).toMatch(/"cruiser":1/);
        const replayed = await http<ReplayViewResponse>(
          url,
          'GET',
          `/api/games/${game.gameId}/views/1`,
        );
        expect(replayed.body.view).toEqual(watcher.latest?.view);

        // The audit log keeps the undone move, marked with who took it back.
        const audit = await app.fastify.undo.store.undone(game.gameId);
        expect(audit.map((a) => [a.seq, a.seat, a.type, a.undoneBy])).toEqual([
          [1, seat, 'move', seat],
        ]);
        expect(JSON.stringify(audit[0]?.events)).toMatch(/"cruiser":2/);
      } finally {
        me.close();
        watcher.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    'after a die roll (OR-4.2 rift roll) the undo is refused in words and nothing changes',
    async () => {
      const { game, token, me } = await seatedAtStart();
      try {
        expect(await act(me, move(1), 0)).toEqual({ ok: true, seq: 1 });
        expect(await act(me, { type: 'rift-roll', hex: RIFT, unit: 'cruiser' }, 1)).toEqual({
          ok: true,
          seq: 2,
        });
        const status = await undoStatus(url, game.gameId, token);
        expect(status.body.plan).toMatchObject({ ok: false, reason: 'dice' });
        const refused = await http<ErrorResponse>(
          url,
          'POST',
          `/api/games/${game.gameId}/undo`,
          { seq: 2, head: 2 },
          token,
        );
        expect(refused.status).toBe(409);
        expect(refused.body.error.code).toBe('UNDO_REFUSED');
        expect(refused.body.error.message).toMatch(
          /^Cannot take back: dice were rolled since: .*rolls \d+ and .*What the dice decide stands\.$/,
        );
        expect((await app.games.read(game.gameId))?.seq).toBe(2);
        expect(await app.fastify.undo.store.undone(game.gameId)).toEqual([]);
      } finally {
        me.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );

  it(
    "another seat's step after it goes back only with that seat's consent, which it is asked for",
    async () => {
      const { game, seat, other } = await prepared();
      const mine = await Client.connect(url, {
        gameId: game.gameId,
        token: game.tokens[seat] ?? '',
      });
      const theirs = await Client.connect(url, {
        gameId: game.gameId,
        token: game.tokens[other] ?? '',
      });
      try {
        await mine.waitFor(() => mine.latest?.seq === 0);
        expect(await act(mine, move(1), 0)).toEqual({ ok: true, seq: 1 });
        expect(await act(mine, { type: 'end-turn' }, 1)).toMatchObject({ ok: true, seq: 2 });
        await theirs.waitFor(() => theirs.latest?.seq === 2);
        const head = await app.games.read(game.gameId);
        if (head === undefined) throw new Error('no game');
        // The other seat's first step of its turn: ending a segment rolls nothing.
        const step = legalActions(head.state, other).find(
          (a) => a.type === 'end-segment' || a.type === 'end-turn',
        );
        if (step === undefined) throw new Error(`seat ${String(other)} cannot end a segment`);
        expect(await act(theirs, step, 2)).toMatchObject({ ok: true, seq: 3 });

        const status = await undoStatus(url, game.gameId, game.tokens[seat]);
        expect(status.body.plan).toMatchObject({
          ok: true,
          seq: 2,
          toSeq: 1,
          consentFrom: [other],
        });
        const asked = await askUndo(url, game.gameId, { seq: 2, head: 3 }, game.tokens[seat]);
        expect(asked.body).toMatchObject({
          outcome: 'waiting',
          pending: { seat, needs: [other], consents: [] },
        });
        // The other seat is asked, live, with what would be undone.
        await theirs.waitFor(() =>
          theirs.raw.some((r) => r.includes('"needs":[' + String(other) + ']')),
        );
        expect((await app.games.read(game.gameId))?.seq).toBe(3);
        // The asking seat cannot consent for it.
        const self = await http<ErrorResponse>(
          url,
          'POST',
          `/api/games/${game.gameId}/undo/consent`,
          { seq: 2, agree: true },
          game.tokens[seat],
        );
        expect(self.body.error.code).toBe('FORBIDDEN');

        const agreed = await consentToUndo(
          url,
          game.gameId,
          { seq: 2, agree: true },
          game.tokens[other],
        );
        expect(agreed.body).toMatchObject({ outcome: 'done', toSeq: 1 });
        await mine.waitFor(() => mine.latest?.seq === 1);
        await theirs.waitFor(() => theirs.latest?.seq === 1);
        const audit = await app.fastify.undo.store.undone(game.gameId);
        expect(audit.map((a) => [a.seq, a.seat, a.undoneBy, a.consentedBy])).toEqual([
          [2, seat, seat, [other]],
          [3, other, seat, [other]],
        ]);
        const notice = theirs.raw
          .map((r) => JSON.parse(r) as Partial<UndoNotice>)
          .find((n) => n.done !== undefined);
        expect(notice?.done).toMatchObject({ seat, toSeq: 1 });
      } finally {
        mine.close();
        theirs.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );
});

describe('Undo with two server processes (CLUSTER=on, one PostgreSQL)', () => {
  let backend: Backend;
  let a: App;
  let b: App;
  let urlA: string;
  let urlB: string;
  beforeAll(async () => {
    backend = await prepareBackend('postgres', 'undo-cluster');
    a = await buildApp(backend.config({ CLUSTER: 'on', BOT_TICK_MS: '100000' }));
    b = await buildApp(backend.config({ CLUSTER: 'on', BOT_TICK_MS: '100000' }));
    urlA = await listening(a);
    urlB = await listening(b);
  });
  afterAll(async () => {
    await a.fastify.close();
    await b.fastify.close();
    await backend.dispose();
  });

  it(
    "the other process's viewers get the state gone back to, and its next action follows the cut log without a fork",
    async () => {
      const game = await fullLobby(urlA, 2, { leaders: false });
      await startGame(urlA, game);
      const { state, seat } = board();
      await a.games.read(game.gameId);
      await overwriteSnapshot(a.database.db, game.gameId, 0, state);
      a.games.forget(game.gameId);
      b.games.forget(game.gameId);
      const token = game.tokens[seat] ?? '';
      const onA = await Client.connect(urlA, { gameId: game.gameId, token });
      const onB = await Client.connect(urlB, { gameId: game.gameId, token });
      const watcherB = await Client.connect(urlB, { gameId: game.gameId });
      try {
        await onA.waitFor(() => onA.latest?.seq === 0);
        await watcherB.waitFor(() => watcherB.latest?.seq === 0);
        const send = (client: Client, action: unknown, seq: number) =>
          client.send('action', { id: randomUUID(), action, seq });
        expect(await send(onA, move(2), 0)).toEqual({ ok: true, seq: 1 });
        await watcherB.waitFor(() => watcherB.latest?.seq === 1);
        const done = await askUndo(urlA, game.gameId, { seq: 1, head: 1 }, token);
        expect(done.body).toMatchObject({ outcome: 'done', toSeq: 0 });
        // Process B heard of the undo: its viewers hold the start again.
        await watcherB.waitFor(() =>
          watcherB.states.some((s) => s.seq === 0 && s !== watcherB.states[0]),
        );
        await onB.waitFor(() => onB.latest?.seq === 0);
        // Played on B: decided on the start, stored as step 1 of the cut log.
        expect(await send(onB, move(1), 0)).toEqual({ ok: true, seq: 1 });
        await watcherB.waitFor(() => watcherB.latest?.seq === 1);
        expect(watcherB.mismatches).toEqual([]);
        const log = await http<ActionLogResponse>(urlA, 'GET', `/api/games/${game.gameId}/actions`);
        expect(log.body.entries.map((e) => e.seq)).toEqual([1]);
        expect(JSON.stringify(log.body.entries[0]?.events)).toMatch(/"cruiser":1/);
        expect((await a.games.read(game.gameId))?.seq).toBe(1);
      } finally {
        onA.close();
        onB.close();
        watcherB.close();
      }
    },
    HEAVY_TEST_TIMEOUT,
  );
});
