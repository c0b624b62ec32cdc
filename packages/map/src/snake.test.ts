import { describe, expect, it } from 'vitest';
import { dealHands, snakeOrder } from './snake.js';

describe('BG-4 snake order', () => {
  it('goes clockwise from the first player, then back', () => {
    expect(snakeOrder(3, 1, 9)).toEqual([1, 2, 0, 0, 2, 1, 1, 2, 0]);
    expect(snakeOrder(2, 0, 5)).toEqual([0, 1, 1, 0, 0]);
  });

  it('every seat places the same number of tiles, give or take one', () => {
    for (let players = 2; players <= 8; players++) {
      const order = snakeOrder(players, players - 1, 53);
      const counts = Array.from({ length: players }, (_, s) => order.filter((x) => x === s).length);
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      expect(counts.reduce((a, b) => a + b)).toBe(53);
    }
  });

  it('rejects a first seat outside the table', () => {
    expect(() => snakeOrder(4, 4, 10)).toThrow(expect.objectContaining({ code: 'BAD_SEAT' }));
    expect(() => snakeOrder(0, 0, 10)).toThrow(
      expect.objectContaining({ code: 'BAD_PLAYER_COUNT' }),
    );
  });

  it('deals each seat exactly the tiles it will lay', () => {
    const order = snakeOrder(3, 0, 7);
    const hands = dealHands(['a', 'b', 'c', 'd', 'e', 'f', 'g'], order, 3);
    expect(hands).toEqual([
      ['a', 'f', 'g'],
      ['b', 'e'],
      ['c', 'd'],
    ]);
  });
});
