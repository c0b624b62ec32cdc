import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { heuristicBot } from '../bots/heuristic-bot.js';
import { createGame } from '../setup/create-game.js';
import type { GameState } from '../state/types.js';
import { playBots } from '../testing/bot-play.js';
import { options } from '../testing/fixtures.js';
import { cardRule, RULED_CARDS, type Moment } from './catalogue.js';

/** Every state of a bot game of `players` seats, from its start. */
function statesOf(players: number, seed: string): GameState[] {
  const opts = options(players, { leaders: true, shockForces: true, roundLimit: 6 });
  const start = createGame(opts, seed);
  const bots = Array.from({ length: players }, (_, s) => heuristicBot(7 * players + s));
  const { actions } = playBots(start, bots, 20_000);
  const out = [start];
  let state = start;
  for (const { seat, action } of actions) {
    const r = apply(state, seat, action);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    out.push(state);
  }
  return out;
}

/** The moments whose cards answer `some` without listing their targets. */
function moments(s: GameState): Moment[] {
  return [
    ...s.players.map((_, seat): Moment => ({
      kind: 'trigger',
      trigger: { kind: 'movement-start', seat },
    })),
    { kind: 'trigger', trigger: { kind: 'phase-start', phase: 'receive-credits' } },
    { kind: 'trigger', trigger: { kind: 'phase-start', phase: 'place-new-units' } },
    { kind: 'trigger', trigger: { kind: 'political', step: 'before-draw' } },
  ];
}

describe('BG-9 a card rule asked whether it can be played', () => {
  it('answers as its list of targets does, at every moment of whole games', () => {
    const ruled = RULED_CARDS.filter((id) => cardRule(id).some !== undefined);
    expect(ruled.length).toBeGreaterThan(5);
    let yes = 0;
    let no = 0;
    for (const [players, seed] of [
      [3, 'some-3'],
      [6, 'some-6'],
    ] as const) {
      const states = statesOf(players, seed);
      for (let i = 0; i < states.length; i += 7) {
        const s = states[i] as GameState;
        for (const m of moments(s)) {
          for (const id of ruled) {
            const rule = cardRule(id);
            for (let seat = 0; seat < s.players.length; seat++) {
              const card = `${id}#1`;
              const some = rule.some?.(s, seat, m, card);
              expect(some, `${id} seat ${seat} at state ${i}`).toBe(
                rule.plays(s, seat, m, card).length > 0,
              );
              if (some === true) yes++;
              else no++;
            }
          }
        }
      }
    }
    // Both answers came up many times.
    expect(yes).toBeGreaterThan(100);
    expect(no).toBeGreaterThan(100);
  });
});
