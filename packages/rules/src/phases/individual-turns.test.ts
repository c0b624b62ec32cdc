import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import { legalActions } from '../legal-actions.js';
import { createGame } from '../setup/create-game.js';
import { influenceOf } from '../state/economy.js';
import { TURN_SEGMENTS } from '../state/phase.js';
import type { GameState } from '../state/types.js';
import { advanceTo, mustApply, passWindows } from '../testing/fixtures.js';
import { turnOrder } from './turn-order.js';

function turns(seed = 'turns'): GameState {
  const s = createGame(
    { players: [{ race: 'sol' }, { race: 'letnev' }, { race: 'hacan' }, { race: 'xxcha' }] },
    seed,
  );
  return advanceTo(s, 'individual-turns');
}

describe('BG-2 Individual Turns', () => {
  it('orders players by influence, highest first', () => {
    const s = turns();
    const inf = s.turnOrder.map((seat) => influenceOf(s, seat));
    expect(inf).toEqual([...inf].sort((a, b) => b - a));
    if (s.phase.name !== 'individual-turns') throw new Error('not in turns');
    expect(s.phase.active).toBe(s.turnOrder[0]);
    expect(decisions(s).map(({ seat, kind }) => ({ seat, kind }))).toEqual([
      { seat: s.phase.active, kind: 'turn' },
    ]);
  });

  it('breaks influence ties by resources, technologies, credits, then the seeded roll', () => {
    const s = turns();
    const same = {
      ...s,
      planets: Object.fromEntries(
        Object.entries(s.planets).map(([k, p]) => [k, { ...p, owner: null }]),
      ),
      players: s.players.map((p) => ({ ...p, technologies: [], captives: [], credits: 10 })),
    };
    expect(turnOrder(same, [0, 1, 2, 3], [5, 80, 20, 80])).toEqual([1, 3, 2, 0]);
    const richer = {
      ...same,
      players: same.players.map((p, i) => (i === 2 ? { ...p, credits: 11 } : p)),
    };
    expect(turnOrder(richer, [0, 1, 2, 3], [5, 80, 20, 80])[0]).toBe(2);
    const techier = {
      ...same,
      players: same.players.map((p, i) =>
        i === 0 ? { ...p, technologies: ['antimass-deflectors'] } : p,
      ),
    };
    expect(turnOrder(techier, [0, 1, 2, 3], [5, 80, 20, 80])[0]).toBe(0);
  });

  it('runs a turn through its segments in order, and lets it end at any point', () => {
    let s = turns();
    if (s.phase.name !== 'individual-turns') throw new Error('not in turns');
    const seat = s.phase.active;
    const seen = [s.phase.segment];
    // OR-6.2: in the leaders-board segment the leaders at home may also go aboard the ships there.
    const first = legalActions(s, seat);
    expect(first.slice(-2)).toEqual([{ type: 'end-segment' }, { type: 'end-turn' }]);
    expect(first.slice(0, -2).every((a) => a.type === 'board-leader')).toBe(true);
    for (let i = 1; i < TURN_SEGMENTS.length; i++) {
      // BG-9: a card window may open as a segment begins; everyone passes here.
      s = passWindows(mustApply(s, seat, { type: 'end-segment' }));
      if (s.phase.name !== 'individual-turns') throw new Error('left turns');
      seen.push(s.phase.segment);
    }
    expect(seen).toEqual([...TURN_SEGMENTS]);
    expect(legalActions(s, seat)).toEqual([{ type: 'end-turn' }]);
    const past = apply(s, seat, { type: 'end-segment' });
    expect(!past.ok && past.error.code).toBe('ILLEGAL_ACTION');
    s = mustApply(s, seat, { type: 'end-turn' });
    if (s.phase.name !== 'individual-turns') throw new Error('left turns');
    expect(s.phase.active).not.toBe(seat);
    expect(s.phase.done).toEqual([seat]);
  });

  it('gives everyone exactly one turn, and only the active player may act', () => {
    let s = turns('one-each');
    const order: number[] = [];
    while (s.phase.name === 'individual-turns') {
      s = passWindows(s);
      if (s.phase.name !== 'individual-turns') break;
      const active = s.phase.active;
      const other = (active + 1) % 4;
      const r = apply(s, other, { type: 'end-turn' });
      expect(!r.ok && r.error.code).toBe('NOT_YOUR_DECISION');
      // BG-9: ending the turn may stop at a card window as the Movement segment begins.
      if (order[order.length - 1] !== active) order.push(active);
      s = mustApply(s, active, { type: 'end-turn' });
    }
    expect(order.slice().sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('OR-6.2 leaders in the turn', () => {
  it('opens the turn with leaders boarding only when leaders are in play', () => {
    const off = advanceTo(
      createGame({ players: [{ race: 'sol' }, { race: 'hacan' }], leaders: false }, 'no-leaders'),
      'individual-turns',
    );
    expect(off.phase.name === 'individual-turns' && off.phase.segment).toBe('movement');
    const on = turns();
    expect(on.phase.name === 'individual-turns' && on.phase.segment).toBe('leaders-board');
  });

  it('skips the leaders boarding step for a player with no leader on the board: the turn opens at Movement', () => {
    const s = turns();
    if (s.phase.name !== 'individual-turns') throw new Error('not in a turn');
    const active = s.phase.active;
    const killed = (state: GameState, seats: readonly number[]): GameState => ({
      ...state,
      players: state.players.map((p, i) =>
        seats.includes(i)
          ? { ...p, leaders: p.leaders.map((l) => ({ ...l, status: 'killed' as const })) }
          : p,
      ),
    });
    // Ends the active player's turn, through the card window that opens at its Movement (BG-9).
    const endTurn = (state: GameState): GameState => {
      let t = state;
      for (
        let i = 0;
        i < 5 && t.phase.name === 'individual-turns' && t.phase.active === active;
        i++
      )
        t = passWindows(mustApply(t, active, { type: 'end-turn' }));
      return t;
    };
    // The next player still has its leaders at home: its turn opens with boarding.
    const kept = endTurn(s);
    if (kept.phase.name !== 'individual-turns') throw new Error('the turns ended');
    const next = kept.phase.active;
    expect(kept.phase.segment).toBe('leaders-board');
    // Every leader of the next player is gone (killed, say): nothing to board, no empty prompt.
    const skipped = endTurn(killed(s, [next]));
    expect(skipped.phase.name === 'individual-turns' && skipped.phase.segment).toBe('movement');
    expect(decisions(skipped).map((d) => d.prompt)).not.toContain(
      'Leaders Board Ships segment of your turn.',
    );
  });
});
