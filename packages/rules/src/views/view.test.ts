import { describe, expect, it, vi } from 'vitest';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import { legalActions } from '../legal-actions.js';
import { createGame } from '../setup/create-game.js';
import type { GameState, Viewer } from '../state/types.js';
import { advanceTo, mustApply, options, withPlayer } from '../testing/fixtures.js';
import { councilTable, openCouncil } from '../testing/politics.js';
import { randomPlay } from '../testing/random-play.js';
import { eventsFor } from './events-for.js';
import { view } from './view.js';

// Whole random games: generous when the machine is shared with other test runs.
vi.setConfig({ testTimeout: 60_000 });

const SEED = 'very-secret-seed-4711';

/** Every secret of `owner` that another viewer must never see. */
function secretsOf(s: GameState, owner: number): string[] {
  const p = s.players[owner];
  if (p === undefined) return [];
  return [...p.hand, ...p.dealtTiles].map((x) => JSON.stringify(x));
}

function leaks(s: GameState, viewer: Viewer): string[] {
  const text = JSON.stringify(view(s, viewer));
  const found: string[] = [];
  s.players.forEach((_, owner) => {
    if (owner === viewer) return;
    for (const secret of secretsOf(s, owner)) if (text.includes(secret)) found.push(secret);
  });
  for (const n of s.prng)
    if (Math.abs(n) > 99_999 && text.includes(String(n))) found.push(`prng ${n}`);
  if (text.includes(SEED)) found.push('seed');
  if (text.includes('"prng"') || text.includes('"actionDeck"') || text.includes('"tileStock"')) {
    found.push('secret field');
  }
  return found;
}

describe('Hidden information in views', () => {
  it('shows a seat its own hand and dealt tiles, and only counts of the others', () => {
    const s = createGame(options(3, { galaxy: { mode: 'build' } }), SEED);
    const v = view(s, 1);
    expect(v.players[1]?.dealtTiles).toEqual(s.players[1]?.dealtTiles);
    expect(v.players[0]?.dealtTiles).toBeUndefined();
    expect(v.players[0]?.dealtTileCount).toBe(s.players[0]?.dealtTiles.length);
    expect(v.players[0]?.hand).toBeUndefined();
    expect(v.players[0]?.handCount).toBe(s.players[0]?.hand.length);
    expect(v.viewer).toBe(1);
    expect(v.actionDeckCount).toBe(s.actionDeck.length);
    for (const viewer of [0, 1, 2, 'spectator'] as const) expect(leaks(s, viewer)).toEqual([]);
  });

  it('never leaks the cards or tiles of another seat, the PRNG state or the seed during random games', () => {
    for (const n of [2, 5, 8]) {
      const start = createGame(options(n, { galaxy: { mode: 'build' } }), SEED);
      let checked = 0;
      randomPlay(start, 400, n, (_before, after, seat) => {
        if (checked++ % 7 !== 0) return;
        expect(leaks(after, 'spectator')).toEqual([]);
        expect(leaks(after, (seat + 1) % n)).toEqual([]);
      });
      expect(checked).toBeGreaterThan(100);
    }
  });

  it('never shows a spectator or another seat the cards or tiles of a seat in the events of random games', () => {
    for (const n of [3, 6]) {
      const start = createGame(options(n, { galaxy: { mode: 'build' } }), SEED);
      const secretsAfter = (s: GameState, viewer: Viewer) =>
        s.players.flatMap((_, owner) => (owner === viewer ? [] : secretsOf(s, owner)));
      expect(secretsAfter(start, 'spectator').length).toBeGreaterThan(0);
      const setupText = JSON.stringify(eventsFor(start.setupEvents, 'spectator'));
      for (const secret of secretsAfter(start, 'spectator'))
        expect(setupText).not.toContain(secret);
      let drawsSeen = 0;
      randomPlay(start, 600, n + 11, (_before, after, seat, _action, events) => {
        if (events.some((e) => e.type === 'cards-drawn')) drawsSeen++;
        for (const viewer of ['spectator', (seat + 1) % n] as const) {
          const text = JSON.stringify(eventsFor(events, viewer));
          for (const secret of secretsAfter(after, viewer)) expect(text).not.toContain(secret);
        }
      });
      expect(drawsSeen).toBeGreaterThan(0);
    }
  });

  it('hides the cards of a market offer from third parties, not from its two parties', () => {
    let s = advanceTo(createGame(options(3), SEED), 'market');
    s = withPlayer(s, 0, { hand: ['sabotage#1'] });
    s = mustApply(s, 0, { type: 'make-offer', to: 1, credits: 0, cards: ['sabotage#1'] });
    expect(JSON.stringify(view(s, 2))).not.toContain('sabotage#1');
    expect(JSON.stringify(view(s, 1))).toContain('sabotage#1');
    const r = apply(withPlayer(s, 0, { hand: ['x#1'] }), 0, {
      type: 'make-offer',
      to: 2,
      credits: 0,
      cards: ['x#1'],
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(JSON.stringify(eventsFor(r.events, 1))).not.toContain('x#1');
    expect(JSON.stringify(eventsFor(r.events, 2))).toContain('x#1');
  });

  it('gives the viewers a market phase hides the same offers from one cut, each offer hidden once', () => {
    let s = advanceTo(createGame(options(4), SEED), 'market');
    s = withPlayer(s, 0, { hand: ['sabotage#1'] });
    s = mustApply(s, 0, { type: 'make-offer', to: 1, credits: 0, cards: ['sabotage#1'] });
    const offersFor = (viewer: Viewer) => {
      const phase = view(s, viewer).phase;
      if (phase.name !== 'market') throw new Error(phase.name);
      return phase.offers;
    };
    // Party to every offer: the phase itself. Party to none: one cut for all of them.
    expect(view(s, 0).phase).toBe(s.phase);
    expect(view(s, 1).phase).toBe(s.phase);
    expect(view(s, 2).phase).toBe(view(s, 'spectator').phase);
    expect(view(s, 3).phase).toBe(view(s, 'spectator').phase);
    expect(JSON.stringify(offersFor(2))).not.toContain('sabotage#1');
    s = withPlayer(s, 2, { hand: ['x#1'] });
    s = mustApply(s, 2, { type: 'make-offer', to: 3, credits: 0, cards: ['x#1'] });
    // Party to one of two: its own cut, which shows that offer's cards and hides the other's with
    // the very object everyone else is shown.
    expect(JSON.stringify(offersFor(0))).toContain('sabotage#1');
    expect(JSON.stringify(offersFor(0))).not.toContain('x#1');
    expect(JSON.stringify(offersFor(3))).toContain('x#1');
    expect(JSON.stringify(offersFor(3))).not.toContain('sabotage#1');
    expect(offersFor(3)[0]).toBe(offersFor('spectator')[0]);
    expect(offersFor(0)[1]).toBe(offersFor('spectator')[1]);
    expect(JSON.stringify(offersFor('spectator'))).not.toMatch(/sabotage#1|x#1/);
  });

  it('BG-1 Yssaril Eavesdrop: the hand looked at reaches only the Yssaril, in views and events', () => {
    let s = withPlayer(councilTable(), 0, { race: 'yssaril' });
    s = withPlayer(s, 1, { hand: ['sabotage#1', 'disclosure#1'] });
    s = openCouncil(s, ['free-trade#1']).state;
    s = mustApply(s, 1, { type: 'vote', ballot: 'abstain' });
    const r = apply(s, 0, { type: 'eavesdrop', seat: 1 });
    if (!r.ok) throw new Error(r.error.message);
    const hand = secretsOf(r.state, 1);
    expect(hand.length).toBe(2);
    for (const viewer of [2, 'spectator'] as const) {
      expect(leaks(r.state, viewer)).toEqual([]);
      const text = JSON.stringify(eventsFor(r.events, viewer));
      for (const secret of hand) expect(text).not.toContain(secret);
    }
    const mine = JSON.stringify(eventsFor(r.events, 0));
    for (const secret of hand) expect(mine).toContain(secret);
  });

  it('is plain JSON, like the state', () => {
    const start = createGame(options(4), SEED);
    randomPlay(start, 300, 9, (_before, after) => {
      expect(JSON.parse(JSON.stringify(after))).toStrictEqual(after);
      const v = view(after, 'spectator');
      expect(JSON.parse(JSON.stringify(v))).toStrictEqual(v);
    });
  });
});

describe('legalActions and decisions from a view', () => {
  it('give the same answer on the view of a seat as on the full state', () => {
    for (const n of [2, 4, 7]) {
      const start = createGame(options(n, { galaxy: { mode: 'build' } }), `view-${n}`);
      let compared = 0;
      randomPlay(start, 600, n * 3, (before) => {
        const ds = decisions(before);
        for (let seat = 0; seat < n; seat++) {
          const v = view(before, seat);
          expect(legalActions(v, seat)).toEqual(legalActions(before, seat));
          expect(decisions(v)).toEqual(ds);
          compared++;
        }
      });
      expect(compared).toBeGreaterThan(1000);
    }
  });
});
