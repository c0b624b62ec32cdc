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

describe('Game log lines name things as a player does (issue 11)', () => {
  it('BG-2 Place New Units: a loss for want of room is not a blockade', () => {
    const lost = (reason: string): GameEvent => ({
      type: 'units-lost',
      seat: 0,
      unit: 'cruiser',
      count: 2,
      reason,
    });
    expect(describeEvent(lost('no room'), ['Ann'])).toBe(
      'Ann loses 2 Cruisers (no Spacedock had room left).',
    );
    expect(describeEvent(lost('blockade'), ['Ann'])).toBe(
      'Ann loses 2 Cruisers (enemy ships blockade the Spacedocks).',
    );
  });

  it('cards, technologies, tiles and the end of the game by their printed names', () => {
    expect(describeEvent({ type: 'card-discarded', seat: 0, card: 'good-year#2' }, ['Ann'])).toBe(
      'Ann discards Good Year.',
    );
    expect(
      describeEvent(
        { type: 'technology-bought', seat: 0, technology: 'xrd-transporter', cost: 4 },
        ['Ann'],
      ),
    ).toBe('Ann acquires XRD Transporter for 4 credits.');
    expect(
      describeEvent(
        { type: 'tile-placed', seat: 0, tileId: 'abyz-fria', hex: { q: 0, r: -2 }, rotation: 0 },
        ['Ann'],
      ),
    ).toMatch(/^Ann places Abyz.*Fria in ring 2\.$/);
    expect(describeEvent({ type: 'game-over', winner: 0, reason: 'round-limit' }, ['Ann'])).toBe(
      'The game is over (the round limit was reached): Ann wins.',
    );
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
