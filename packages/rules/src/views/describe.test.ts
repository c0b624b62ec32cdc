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

describe('Game log lines name things as a player does', () => {
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
      'The game is over. Ann wins: Ann stood highest on the progression chart when the round limit was reached.',
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

describe('Combat log lines (BG-6, BG-7, OR-2.2, OR-6.1)', () => {
  const names = ['Sol', 'Letnev'];
  const minor = 'minor:naalu' as const;
  it('says what happened in plain words', () => {
    const lines = (
      [
        { type: 'battle-started', hex: '0,0', attacker: 0, defender: minor },
        { type: 'battle-started', hex: '0,0', attacker: 0, defender: null },
        { type: 'hits-scored', hex: '0,0', by: 1, against: 0, hits: 2, reason: 'PDS fire' },
        {
          type: 'units-destroyed',
          hex: '0,0',
          owner: minor,
          units: { fighter: 2, cruiser: 1 },
          reason: 'space battle round 1',
        },
        { type: 'fleet-withdrew', hex: '0,0', seat: 0, to: '0,-1', units: { cruiser: 2 } },
        { type: 'units-landed', hex: '0,0', planet: 'Jord', seat: 1, units: { 'ground-force': 3 } },
        { type: 'planet-captured', hex: '0,0', planet: 'Jord', from: 0, to: 1 },
        { type: 'shock-force-promoted', hex: '0,0', planet: 'Jord', owner: 1, count: 2 },
        {
          type: 'installations-captured',
          hex: '0,0',
          planet: 'Jord',
          seat: 1,
          units: { spacedock: 1, pds: 2 },
        },
      ] satisfies GameEvent[]
    ).map((e) => describeEvent(e, names));
    expect(lines).toEqual([
      'Battle in a system: Sol attacks the Naalu Collective (minor race).',
      "PDS fire at Sol's ships in a system.",
      'Letnev scores 2 hits on Sol (PDS fire).',
      'The Naalu Collective (minor race) loses 2 Fighters and 1 Cruiser in a system (space battle round 1).',
      'Sol withdraws 2 Cruisers from a system to a system in ring 1.',
      'Letnev lands 3 Ground Forces on Jord.',
      'Letnev takes Jord from Sol.',
      'Letnev: 2 Ground Forces become Shock Forces on Jord.',
      "Letnev's Shock Forces capture 1 Spacedock and 2 PDS on Jord.",
    ]);
  });
});
