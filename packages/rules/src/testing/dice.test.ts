import { describe, expect, it } from 'vitest';
import { createGame } from '../setup/create-game.js';
import { Draft } from '../state/draft.js';
import { withDice } from './dice.js';
import { options } from './fixtures.js';

describe('test-only fixed dice', () => {
  const state = createGame(options(3), 'fixed-dice');

  it('rolls the forced results in order, then the PRNG again', () => {
    const d = new Draft(state);
    const rolls = withDice([3, 10], () => d.roll('test', 10, 2));
    expect(rolls).toEqual([3, 10]);
    expect(d.events.at(-1)).toEqual({
      type: 'dice-rolled',
      purpose: 'test',
      sides: 10,
      rolls: [3, 10],
    });
    const plain = new Draft(state).roll('test', 10, 2);
    const again = new Draft(state).roll('test', 10, 2);
    expect(plain).toEqual(again);
  });

  it('refuses a result that does not fit the die, and dice left unrolled', () => {
    expect(() => withDice([11], () => new Draft(state).roll('test', 10, 1))).toThrow(/d10/);
    expect(() => withDice([1, 2], () => new Draft(state).roll('test', 10, 1))).toThrow(
      /never rolled/,
    );
  });
});
