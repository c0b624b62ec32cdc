import { describe, expect, it } from 'vitest';
import { sharesInWords, sharesMissing, sharesWaitingFor } from './dice-share.js';

/** Dice no one can choose (docs/fair-dice.md): what the start waits for, in the lobby's words. */
describe('the lobby’s words for the seats’ shares of the dice', () => {
  const seats = [
    { seat: 0, name: 'Ann', taken: true, entropyRevealed: true },
    { seat: 1, name: 'Bo', taken: true },
    { seat: 2, name: 'Bot 3', taken: true, bot: 'heuristic' },
    { seat: 3, name: null, taken: false },
  ];

  it('waits for a player’s share not in yet, not for a free seat nor for a bot’s (the server’s)', () => {
    expect(sharesMissing(seats).map((s) => s.seat)).toEqual([1]);
    expect(sharesWaitingFor(sharesMissing(seats))).toBe(
      "Every player's share of the dice must be revealed before the start. Waiting for Bo.",
    );
  });

  it('counts the shares in, and says when the rest come', () => {
    expect(sharesInWords(seats)).toMatch(/^Dice: 1 of 4 shares of the seed are in\. /);
    expect(sharesInWords(seats.map((s) => ({ ...s, entropyRevealed: true })))).toBe(
      "Dice: every seat's share of the seed is in (4 of 4).",
    );
  });
});
