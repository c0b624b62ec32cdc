import { describeEvent, type GameEvent } from '@outer-rim/rules';
import { describe, expect, it } from 'vitest';
import { logLines } from './log-lines';

const names = ['Ann', 'Bo', 'Cy'];
const roll: GameEvent = {
  type: 'dice-rolled',
  purpose: 'space battle',
  seat: 1,
  sides: 10,
  rolls: [3, 9],
};
const log = [
  { seq: 1, seat: 0, events: [{ type: 'market-ended', seat: 0 } as GameEvent] },
  { seq: 2, seat: 1, events: [roll, { type: 'turn-ended', seat: 1 } as GameEvent] },
  {
    seq: 3,
    seat: 2,
    events: [
      { type: 'offer-made', offerId: 1, from: 2, to: 0, credits: 3, cardCount: 0 } as GameEvent,
    ],
  },
];

describe('game log: every event in words, with dice, newest first, by player', () => {
  it('lists every event newest first in the rules package’s words', () => {
    const lines = logLines(log, names);
    expect(lines.map((l) => l.seq)).toEqual([3, 2, 2, 1]);
    expect(lines[3]?.text).toBe(describeEvent({ type: 'market-ended', seat: 0 }, names));
  });

  it('carries the dice of a roll', () => {
    expect(logLines(log, names).find((l) => l.rolls !== undefined)?.rolls).toEqual([3, 9]);
  });

  it('spells out every die of a hit roll with the value it needed (BG-6)', () => {
    const battle: GameEvent = {
      type: 'dice-rolled',
      purpose: 'space battle round 1: Cruisers, hit on 7+',
      seat: 0,
      sides: 10,
      rolls: [3, 7],
    };
    const [line] = logLines([{ seq: 1, seat: 0, events: [battle] }], names);
    expect(line?.text).toBe(
      `${describeEvent(battle, names)} Dice: 3 (needed 7+): miss; 7 (needed 7+): hit.`,
    );
  });

  it('filters by player: their own actions and events that name them', () => {
    expect(logLines(log, names, 1).map((l) => l.seq)).toEqual([2, 2]);
    // Ann is the receiver of Cy's offer, so it is hers to see too.
    expect(logLines(log, names, 0).map((l) => l.seq)).toEqual([3, 1]);
  });
});

describe("the game's own log lines are nobody's colour", () => {
  it('gives a line the seat it is about, and none to phases, rounds and minor-race dice', () => {
    const entry = {
      seq: 7,
      // Bo's action closed the phase; what follows is the game's, not Bo's.
      seat: 1,
      events: [
        { type: 'placement-ended', seat: 1 },
        { type: 'round-started', round: 2 },
        { type: 'phase-started', round: 2, phase: 'market' },
        { type: 'dice-rolled', purpose: 'minor race', sides: 10, rolls: [4] },
        { type: 'credits-received', seat: 2, amount: 3, total: 9 },
      ] as GameEvent[],
    };
    expect(logLines([entry], names).map((l) => l.seat)).toEqual([
      2,
      undefined,
      undefined,
      undefined,
      1,
    ]);
  });
});
