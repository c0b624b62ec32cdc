// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetSeat, listSeats, loadSeat, saveSeat } from './seat-tokens';

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

  it('lists every seat held, one per game, and skips damaged entries and other keys', () => {
    saveSeat(localStorage, 'game-aaaa', { seat: 0, token: 'x', name: 'Bo' });
    saveSeat(localStorage, 'game-bbbb', { seat: 3, token: 'y', name: 'Cy' });
    localStorage.setItem('outer-rim:seat:game-cccc', '{"seat":"two"');
    localStorage.setItem('outer-rim:notify:game-aaaa', '{}');
    const held = listSeats(localStorage).sort((a, b) => a.gameId.localeCompare(b.gameId));
    expect(held).toEqual([
      { gameId: 'game-aaaa', seat: { seat: 0, token: 'x', name: 'Bo' } },
      { gameId: 'game-bbbb', seat: { seat: 3, token: 'y', name: 'Cy' } },
    ]);
  });
});
