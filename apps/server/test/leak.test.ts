import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apply,
  createGame,
  decisions,
  gameOptionsFromLobby,
  legalActions,
  LobbyOptionsSchema,
} from '@outer-rim/rules';
import type { Action, GameEvent, GameState, GameView, Viewer } from '@outer-rim/rules';
import { diceSeed, hashToken } from '../src/games/secrets.js';
import type { ActionLogResponse, GameRecord, ResyncAck } from '@outer-rim/protocol';
import { HEAVY_TEST_TIMEOUT, prepareBackend } from './support/backends.js';
import type { Backend, BackendKind } from './support/backends.js';
import { expectOwnSecretsOnly } from './support/hidden.js';
import { fullLobby, startGame } from './support/play.js';
import { Client, http, startServer } from './support/server.js';
import type { RunningServer } from './support/server.js';

/**
 * Keep it closed: a whole game played by random legal actions, with table talk and whispers,
 * resyncs and HTTP reads along the way; afterwards every payload every viewer received is searched
 * for every secret that viewer could not know at that point: the other seats' hands and dealt
 * tiles, the deck and its order, the generator state, the seed before the end, the whispers of
 * others, and every token and token hash.
 */

interface Received {
  viewer: Viewer | 'public';
  /** the seq the game was at, as far as this payload tells or its receiver knew */
  seq: number;
  text: string;
  /** the payload itself says the game is over (the final update, a lobby record, a log) */
  over: boolean;
}

function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 0x1_0000_0000;
  };
}

const PLAYERS = 3;
const MAX_STEPS = 600;

/** Records every payload a client receives, with the seq it belongs to. */
function record(client: Client, viewer: Viewer, into: Received[]): void {
  let seq = -1;
  client.socket.onAny((event: string, payload: unknown) => {
    const p = payload as { seq?: unknown; game?: { status?: unknown }; seed?: unknown };
    if ((event === 'state' || event === 'update') && typeof p.seq === 'number') {
      seq = Math.max(seq, p.seq);
    }
    const over =
      (event === 'update' && typeof p.seed === 'string') ||
      (event === 'lobby' && p.game?.status === 'over');
    into.push({
      viewer,
      seq: typeof p.seq === 'number' && event !== 'chat' ? p.seq : seq,
      text: JSON.stringify(payload),
      over,
    });
  });
}

describe.each<[BackendKind, number]>([
  ['pglite', 1],
  ['postgres', 2],
])('no secret reaches any viewer on %s with %i process(es)', (kind, processes) => {
  let backend: Backend;
  let servers: RunningServer[];

  beforeAll(async () => {
    backend = await prepareBackend(kind, 'leak');
    const config = backend.config({
      SNAPSHOT_EVERY: '7',
      RESYNC_BURST: '1000',
      CHAT_BURST: '1000',
      CLUSTER: processes > 1 ? 'on' : 'off',
    });
    servers = [];
    for (let i = 0; i < processes; i++) servers.push(await startServer(config));
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    await backend.dispose();
  });

  it(
    'a whole game by random legal actions: every payload to every seat and spectator, and every HTTP read',
    async () => {
      const url = (i: number) => (servers[i % servers.length] as RunningServer).url;
      const game = await fullLobby(url(0), PLAYERS, { roundLimit: 1, galaxy: { mode: 'build' } });
      const received: Received[] = [];
      const seats = await Promise.all(
        game.tokens.map((token, seat) => Client.connect(url(seat), { gameId: game.gameId, token })),
      );
      seats.forEach((c, seat) => {
        record(c, seat, received);
      });
      const spectators = await Promise.all(
        servers.map((s) => Client.connect(s.url, { gameId: game.gameId })),
      );
      for (const c of spectators) record(c, 'spectator', received);
      const everyone = [...seats, ...spectators];
      await startGame(url(1), game);
      for (const c of everyone) await c.waitFor(() => c.states.length > 0);

      const rnd = lcg(kind === 'pglite' ? 7 : 11);
      const whispers: { from: number; to: number; text: string }[] = [];
      const httpReads = async (seq: number) => {
        const id = game.gameId;
        for (const path of [
          `/api/games/${id}`,
          '/api/games',
          `/api/games/${id}/actions`,
          `/api/games/${id}/views/${String(seq)}`,
        ]) {
          const answer = await http(url(Math.floor(rnd() * 2)), 'GET', path);
          const text = JSON.stringify(answer.body);
          const over = text.includes('"status":"over"');
          received.push({ viewer: 'public', seq, text, over });
        }
      };

      let seq = 0;
      for (let step = 0; step < MAX_STEPS; step++) {
        const views = seats.map((c) => c.latest?.view as GameView);
        const owing = decisions(views[0] as GameView);
        if (owing.length === 0) break;
        const decision = owing[Math.floor(rnd() * owing.length)];
        if (!decision) break;
        const legal = legalActions(views[decision.seat] as GameView, decision.seat);
        const ending = legal.filter((a) => a.type.startsWith('end-') || a.type.startsWith('pass'));
        const pool = ending.length > 0 && rnd() < 0.6 ? ending : legal;
        const action = pool[Math.floor(rnd() * pool.length)] as Action;
        const client = seats[decision.seat] as Client;
        const ack = await client.send('action', {
          id: `leak-${String(step)}`,
          action,
          seq: client.latest?.seq,
        });
        if (!ack.ok) throw new Error(`legal action refused: ${JSON.stringify(ack.error)}`);
        seq = ack.seq;
        await Promise.all(everyone.map((c) => c.waitFor(() => (c.latest?.seq ?? -1) >= seq)));

        if (rnd() < 0.2) {
          const from = Math.floor(rnd() * PLAYERS);
          const to = (from + 1 + Math.floor(rnd() * (PLAYERS - 1))) % PLAYERS;
          const text = `whisper-${String(from)}-${String(to)}-${String(step)}-zq`;
          whispers.push({ from, to, text });
          await (seats[from] as Client).send('chat', { id: `w-${String(step)}`, to, text });
          await (seats[0] as Client).send('chat', {
            id: `p-${String(step)}`,
            text: `public ${String(step)}`,
          });
        }
        if (rnd() < 0.1) {
          const who = Math.floor(rnd() * everyone.length);
          const c = everyone[who] as Client;
          const ack = await c.send<ResyncAck>('resync', {
            sinceSeq: Math.floor(rnd() * (seq + 1)),
          });
          expect(ack.ok).toBe(true);
          if (ack.ok) {
            received.push({
              viewer: who < PLAYERS ? who : 'spectator',
              seq: ack.seq,
              text: JSON.stringify(ack),
              over: false,
            });
          }
        }
        if (rnd() < 0.1) await httpReads(seq);
      }
      const finalSeq = seq;
      await httpReads(finalSeq);
      // Late joiners get the chat history and the final state too.
      const late = await Promise.all([
        ...game.tokens.map((token, seat) =>
          Client.connect(url(seat + 1), { gameId: game.gameId, token }),
        ),
        Client.connect(url(1), { gameId: game.gameId }),
      ]);
      late.forEach((c, i) => {
        record(c, i < PLAYERS ? i : 'spectator', received);
      });
      for (const c of late) await c.waitFor(() => c.states.length > 0);
      await new Promise((resolve) => setTimeout(resolve, 500));

      // The game ran to its end; its record now reveals the seed and the actions.
      const lobby = (await http<GameRecord>(url(0), 'GET', `/api/games/${game.gameId}`)).body;
      expect(lobby.status).toBe('over');
      const seed = lobby.seed ?? '';
      expect(seed).toMatch(/^[0-9a-f]{64}$/);
      const log = (
        await http<ActionLogResponse>(url(0), 'GET', `/api/games/${game.gameId}/actions?limit=1000`)
      ).body.entries;
      expect(log).toHaveLength(finalSeq);

      // Every state of the game, rebuilt from the seed: the ground truth of what was secret when.
      const options = gameOptionsFromLobby(
        LobbyOptionsSchema.parse(lobby.options),
        lobby.seats.map((s) => ({ name: s.name ?? '', race: s.race as never })),
      );
      const shares = lobby.seats.flatMap((s) => (s.entropy === undefined ? [] : [s.entropy]));
      const states: GameState[] = [createGame(options, diceSeed(seed, shares))];
      /** what each step told, uncut: `stepEvents[i]` made `states[i]` */
      const stepEvents: GameEvent[][] = [[]];
      for (const entry of log) {
        const result = apply(states.at(-1) as GameState, entry.seat, entry.action);
        if (!result.ok) throw new Error(`the log does not replay at ${String(entry.seq)}`);
        states.push(result.state);
        stepEvents.push(result.events);
      }

      // What each viewer knew by each seq: its own hand and tiles ever, the discard pile and the
      // board ever, the offers it was party to, the hands it looked at (BG-1 Yssaril Eavesdrop).
      const viewers: Viewer[] = [...Array.from({ length: PLAYERS }, (_, s) => s), 'spectator'];
      const knownCards = new Map<Viewer, Set<string>[]>();
      const knownTiles = new Map<Viewer, Set<string>[]>();
      for (const v of viewers) {
        const cards = new Set<string>();
        const tiles = new Set<string>();
        knownCards.set(v, []);
        knownTiles.set(v, []);
        for (const [at, state] of states.entries()) {
          for (const e of stepEvents[at] ?? []) {
            if (e.type === 'hand-revealed' && e.seat === v)
              for (const c of e.cards ?? []) cards.add(c);
          }
          for (const c of state.actionDiscard) cards.add(c);
          for (const t of Object.values(state.galaxy.tiles)) tiles.add(t.tileId);
          if (v !== 'spectator') {
            for (const c of state.players[v]?.hand ?? []) cards.add(c);
            for (const t of state.players[v]?.dealtTiles ?? []) tiles.add(t);
          }
          if (state.phase.name === 'market') {
            for (const o of state.phase.offers) {
              if (o.from === v || o.to === v) for (const c of o.cards) cards.add(c);
            }
          }
          knownCards.get(v)?.push(new Set(cards));
          knownTiles.get(v)?.push(new Set(tiles));
        }
      }
      const tokenSecrets = game.tokens.flatMap((t) => [t, hashToken(t)]);

      const leaks: string[] = [];
      const searched = new Map<string, number>();
      let checked = 0;
      for (const r of received) {
        checked++;
        const at = Math.max(0, Math.min(r.seq, finalSeq));
        const state = states[at] as GameState;
        const v: Viewer = r.viewer === 'public' ? 'spectator' : r.viewer;
        const found = (what: string, secret: string) => {
          searched.set(what, (searched.get(what) ?? 0) + 1);
          if (r.text.includes(secret))
            leaks.push(`${String(r.viewer)} at ${String(at)}: ${what} ${secret}`);
        };
        for (const secret of tokenSecrets) found('token', secret);
        found('generator state', JSON.stringify(state.prng));
        if (!r.over) found('seed', seed);
        if (state.actionDeck.length >= 3) {
          found('deck order', JSON.stringify(state.actionDeck.slice(0, 3)).slice(1, -1));
        }
        const cardsKnown = knownCards.get(v)?.[at] ?? new Set();
        const allCards = [
          ...state.actionDeck,
          ...state.players.flatMap((p) => p.hand),
          ...(state.phase.name === 'market' ? state.phase.offers.flatMap((o) => o.cards) : []),
        ];
        for (const card of allCards) if (!cardsKnown.has(card)) found('card', `"${card}"`);
        const tilesKnown = knownTiles.get(v)?.[at] ?? new Set();
        for (const p of state.players) {
          for (const tile of p.dealtTiles)
            if (!tilesKnown.has(tile)) found('dealt tile', `"${tile}"`);
        }
        for (const w of whispers) {
          if (v === 'spectator' || (w.from !== v && w.to !== v)) found('whisper', w.text);
        }
      }
      // And the structure of every view: no other seat's hand or tiles, no generator, no deck.
      for (const c of [...seats, ...spectators, ...late]) {
        const viewer: Viewer = c.states[0]?.viewer ?? 'spectator';
        for (const m of [...c.states, ...c.updates])
          expectOwnSecretsOnly(m.view as GameView, viewer);
      }
      console.info(
        `leak check on ${kind} (${String(processes)} process(es)): ${String(finalSeq)} actions, ${String(whispers.length)} whispers, ${String(checked)} payloads searched`,
      );
      expect(leaks.slice(0, 10)).toEqual([]);
      // The search is not vacuous: every kind of secret was looked for, and in the very form in
      // which it would appear (a seat's own hand does appear, quoted, in its own payloads).
      for (const what of [
        'token',
        'generator state',
        'seed',
        'deck order',
        'card',
        'dealt tile',
        'whisper',
      ]) {
        expect(searched.get(what) ?? 0, what).toBeGreaterThan(0);
      }
      const ownCards = states.flatMap((state) => state.players[0]?.hand ?? []);
      expect(
        ownCards.some((card) =>
          received.some((r) => r.viewer === 0 && r.text.includes(`"${card}"`)),
        ),
      ).toBe(true);
      expect(checked).toBeGreaterThan(finalSeq * (PLAYERS + 1));
      expect(whispers.length).toBeGreaterThan(0);
      for (const c of [...everyone, ...late]) c.close();
    },
    HEAVY_TEST_TIMEOUT * 2,
  );
});
