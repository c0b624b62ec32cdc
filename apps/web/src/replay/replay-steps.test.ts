import {
  apply,
  createGame,
  decisions,
  eventsFor,
  legalActions,
  view,
  type GameOptionsInput,
  type GameState,
} from '@outer-rim/rules';
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../net/protocol';
import { buildReplay, startOptions, type PublicEntry } from './replay-steps';

const options: GameOptionsInput = {
  players: [
    { name: 'Ann', race: 'letnev' },
    { name: 'Bo', race: 'hacan' },
    { name: 'Cy', race: 'random' },
  ],
};
const seed = 'replay-seed';

/** Plays `steps` legal actions the way the server would log them for the public. */
function play(steps: number): { states: GameState[]; log: PublicEntry[] } {
  let state = createGame(options, seed);
  const states = [state];
  const log: PublicEntry[] = [];
  for (let seq = 1; seq <= steps; seq++) {
    const seat = decisions(state)[0]?.seat;
    if (seat === undefined) break;
    const action = legalActions(state, seat).at(-1);
    const result = apply(state, seat, action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    states.push(state);
    log.push({ seq, seat, events: eventsFor(result.events, 'spectator'), action });
  }
  return { states, log };
}

describe('replay from the public log', () => {
  const { states, log } = play(6);

  it('rebuilds every step of a finished game exactly as the server played it', () => {
    expect(log.length).toBe(6);
    const replay = buildReplay(options, seed, log);
    expect(replay.mode).toBe('board');
    expect(replay.views).toHaveLength(log.length + 1);
    replay.views.forEach((v, step) => {
      expect(v).toEqual(view(states[step] ?? (states[0] as GameState), 'spectator'));
    });
  });

  it('asks the server for the boards while the game runs and its actions are secret', () => {
    const running = log.map(({ action: _action, ...entry }) => entry);
    const replay = buildReplay(options, null, running);
    expect(replay.mode).toBe('remote');
    expect(replay.views).toHaveLength(0);
    expect(replay.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('never shows a wrong board: a log that does not replay falls back to the words', () => {
    const tampered = log.map((entry, i) =>
      i === 0 ? { ...entry, action: { type: 'nonsense' } } : entry,
    );
    const replay = buildReplay(options, seed, tampered);
    expect(replay.mode).toBe('log');
    expect(replay.views).toHaveLength(0);
    expect(replay.entries).toHaveLength(6);
  });

  it('asks the server when the start options are unknown here, even with the seed', () => {
    const replay = buildReplay(undefined, seed, log);
    expect(replay.mode).toBe('remote');
    expect(replay.entries).toHaveLength(6);
  });

  it('joins the lobby record into the start options as the server does', () => {
    const record = {
      options: {
        playerCount: 2,
        variant: 'standard',
        galaxy: { mode: 'auto' },
        shockForces: false,
        leaders: true,
      },
      seats: [
        { seat: 0, name: 'Ann', race: 'sol', ready: true, taken: true },
        { seat: 1, name: 'Bo', race: 'random', ready: true, taken: true },
      ],
    } as unknown as GameRecord;
    const start = startOptions(record);
    expect(start?.players).toEqual([
      { name: 'Ann', race: 'sol' },
      { name: 'Bo', race: 'random' },
    ]);
    expect(start?.shockForces).toBe(false);
    expect(startOptions({ ...record, options: { nonsense: true } })).toBeUndefined();
  });
});
