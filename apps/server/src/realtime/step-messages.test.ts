import {
  apply,
  createGame,
  decisions,
  eventsFor,
  randomBot,
  view,
  type GameState,
  type Viewer,
} from '@outer-rim/rules';
import { describe, expect, it } from 'vitest';
import { UpdateMessageSchema, viewHash, applyViewPatch } from '@outer-rim/protocol';
import { stepMessages } from './step-messages.js';
import type { SentViews } from './step-messages.js';

const PLAYERS = 6;
const VIEWERS: Viewer[] = [...Array.from({ length: PLAYERS }, (_, s) => s), 'spectator'];
const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('stepMessages', () => {
  it('gives every viewer, at every step of a game, the update that rebuilds its own view', () => {
    let state: GameState = createGame(
      {
        players: Array.from({ length: PLAYERS }, () => ({ race: 'random' as const })),
        galaxy: { mode: 'build' },
        leaders: true,
      },
      'step-messages',
    );
    const bots = VIEWERS.map((_, seat) => randomBot(seat + 1));
    // What each client holds, as a client holds it: parsed from the wire.
    const held = new Map<Viewer, unknown>(VIEWERS.map((v) => [v, json(view(state, v))]));
    let sent: SentViews | undefined;
    let patches = 0;
    let wholes = 0;
    // Updates whose events had something cut for their viewer (dealt tiles, drawn cards).
    let hidden = 0;
    for (let seq = 1; seq <= 250 && state.phase.name !== 'game-over'; seq++) {
      const next = decisions(state)[0];
      if (next === undefined) break;
      const action = bots[next.seat]?.choose(view(state, next.seat), next.seat);
      const result = apply(state, next.seat, action);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
      // Some steps leave a viewer out (no socket on this process then): its next update is whole.
      const viewers = VIEWERS.filter((v) => (seq + VIEWERS.indexOf(v)) % 11 !== 0);
      const seed = seq % 50 === 0 ? `seed-${String(seq)}` : undefined;
      const step = { gameId: 'g1', seq, seat: next.seat, events: result.events, state, seed };
      const out = stepMessages(step, sent, viewers);
      expect([...out.messages.keys()]).toEqual(viewers);
      for (const viewer of viewers) {
        const message = UpdateMessageSchema.parse(JSON.parse(out.messages.get(viewer) ?? ''));
        const expected = json(view(state, viewer));
        expect(message).toMatchObject({ gameId: 'g1', seq, seat: next.seat });
        expect(message.seed).toBe(seed);
        const cut = eventsFor(result.events, viewer);
        expect(message.events).toEqual(json(cut));
        if (cut.some((event, i) => event !== result.events[i])) hidden++;
        let rebuilt: unknown;
        if (message.patch !== undefined) {
          patches++;
          expect(sent?.parts.has(viewer)).toBe(true);
          rebuilt = applyViewPatch(held.get(viewer), message.patch);
        } else {
          wholes++;
          rebuilt = message.view;
        }
        expect(rebuilt).toEqual(expected);
        expect(message.hash).toBe(viewHash(expected));
        expect(viewHash(rebuilt)).toBe(message.hash);
        held.set(viewer, rebuilt);
      }
      sent = out.sent;
    }
    expect(patches).toBeGreaterThan(600);
    expect(wholes).toBeGreaterThan(50);
    expect(hidden).toBeGreaterThan(0);
  });
});
