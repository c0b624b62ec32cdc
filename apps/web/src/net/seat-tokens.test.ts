// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetSeat, loadSeat, saveSeat } from './seat-tokens';

describe('seat tokens in the browser', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('keeps a claimed seat per game across loads', () => {
    saveSeat(localStorage, 'game-aaaa', { seat: 2, token: 't'.repeat(43), name: 'Ann' });
    expect(loadSeat(localStorage, 'game-aaaa')).toEqual({
      seat: 2,
      token: 't'.repeat(43),
      name: 'Ann',
    });
    expect(loadSeat(localStorage, 'game-bbbb')).toBeUndefined();
  });

  it('ignores a damaged entry instead of failing', () => {
    localStorage.setItem('outer-rim:seat:game-aaaa', '{"seat":"two"');
    expect(loadSeat(localStorage, 'game-aaaa')).toBeUndefined();
    localStorage.setItem('outer-rim:seat:game-aaaa', '{"seat":"two","token":"x","name":"y"}');
    expect(loadSeat(localStorage, 'game-aaaa')).toBeUndefined();
  });

  it('forgets a seat', () => {
    saveSeat(localStorage, 'game-aaaa', { seat: 0, token: 'x', name: 'Bo' });
    forgetSeat(localStorage, 'game-aaaa');
    expect(loadSeat(localStorage, 'game-aaaa')).toBeUndefined();
  });
});
