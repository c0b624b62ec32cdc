import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../events.js';
import { createGame } from '../setup/create-game.js';
import { options } from '../testing/fixtures.js';
import { randomPlay } from '../testing/random-play.js';
import { apply } from '../apply.js';
import { describeEvent } from './describe.js';
import { eventsFor } from './events-for.js';

describe('Game log lines', () => {
  it('describes dice with purpose and results, using the display names', () => {
    const e: GameEvent = {
      type: 'dice-rolled',
      purpose: 'first player',
      seat: 1,
      sides: 4,
      rolls: [3],
    };
    expect(describeEvent(e, ['Ann', 'Bo'])).toBe('Bo: first player: rolled 3 (d4).');
    expect(describeEvent({ type: 'turn-started', seat: 0 })).toBe("Seat 1's turn.");
  });

  it('has a sentence for every event a random game produces', () => {
    const start = createGame(options(4, { galaxy: { mode: 'build' }, roundLimit: 2 }), 'log');
    const seen = new Set<string>();
    for (const e of start.setupEvents) {
      expect(describeEvent(e).length).toBeGreaterThan(5);
      seen.add(e.type);
    }
    let s = start;
    const game = randomPlay(start, 3000, 5);
    for (const { seat, action } of game.played) {
      const r = apply(s, seat, action);
      if (!r.ok) throw new Error(r.error.message);
      for (const e of r.events) {
        expect(describeEvent(e).length).toBeGreaterThan(5);
        seen.add(e.type);
      }
      s = r.state;
    }
    expect(seen.has('game-over')).toBe(true);
    expect(seen.size).toBeGreaterThan(20);
  });
});

describe('Events per viewer', () => {
  it('shows drawn cards and dealt tiles only to their owner', () => {
    const drawn: GameEvent = { type: 'cards-drawn', seat: 0, count: 1, cards: ['sabotage#1'] };
    const dealt: GameEvent = { type: 'tiles-dealt', seat: 1, count: 2, tiles: ['a', 'b'] };
    expect(eventsFor([drawn, dealt], 0)).toEqual([
      drawn,
      { type: 'tiles-dealt', seat: 1, count: 2 },
    ]);
    expect(eventsFor([drawn, dealt], 'spectator')).toEqual([
      { type: 'cards-drawn', seat: 0, count: 1 },
      { type: 'tiles-dealt', seat: 1, count: 2 },
    ]);
  });
});
