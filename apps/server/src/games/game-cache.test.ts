import { describe, expect, it } from 'vitest';
import { createGame } from '@outer-rim/rules';
import type { GameState } from '@outer-rim/rules';
import { options } from '@outer-rim/rules/testing';
import { GameCache } from './game-cache.js';
import { refusal } from './refusal.js';

describe('what a process holds of the games it runs: GameCache', () => {
  const state = createGame(options(3), 'game-cache');
  const over = {
    ...state,
    phase: { name: 'game-over', reason: 'imperium-rex' },
  } as unknown as GameState;
  const refused = refusal('ILLEGAL_ACTION', 'Not now.');

  it('an evicted game loses its head and steps, and keeps its refusals', () => {
    const cache = new GameCache();
    cache.remember('g', { seq: 4, state }, { seat: 1, clientId: 'a' });
    cache.rememberRefusal('g', '0\u0000b', refused);
    expect(cache.get('g')?.seq).toBe(4);
    expect(cache.stepsOf('g')?.get(4)?.clientId).toBe('a');
    cache.evict('g');
    expect(cache.has('g')).toBe(false);
    expect(cache.stepsOf('g')).toBeUndefined();
    expect(cache.refusal('g', '0\u0000b')).toBe(refused);
  });

  it('a forgotten game, or one that ended, keeps nothing', () => {
    const cache = new GameCache();
    cache.remember('cut', { seq: 2, state });
    cache.rememberRefusal('cut', '0\u0000b', refused);
    cache.forget('cut');
    expect(cache.refusal('cut', '0\u0000b')).toBeUndefined();

    cache.remember('ends', { seq: 7, state });
    cache.rememberRefusal('ends', '0\u0000b', refused);
    cache.remember('ends', { seq: 8, state: over });
    expect(cache.has('ends')).toBe(false);
    expect(cache.stepsOf('ends')).toBeUndefined();
    expect(cache.refusal('ends', '0\u0000b')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most a thousand heads, letting go of the one remembered longest ago', () => {
    const cache = new GameCache();
    for (let n = 0; n < 1000; n++) cache.remember(`g${String(n)}`, { seq: 0, state });
    // Remembered again: now the newest.
    cache.remember('g0', { seq: 1, state });
    cache.remember('g1000', { seq: 0, state });
    expect(cache.size).toBe(1000);
    expect(cache.has('g0')).toBe(true);
    expect(cache.has('g1')).toBe(false);
    expect(cache.stepsOf('g1')).toBeUndefined();
    expect([...cache.heads()].at(-1)?.[0]).toBe('g1000');
  });
});
