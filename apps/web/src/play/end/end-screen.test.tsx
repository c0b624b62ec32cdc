// @vitest-environment happy-dom
import { createGame, view, type GameState } from '@outer-rim/rules';
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { EndScreen } from './end-screen';

const start = createGame(
  {
    players: [
      { name: 'Ann', race: 'letnev' },
      { name: 'Bo', race: 'xxcha' },
      { name: 'Cy', race: 'jol-nar' },
    ],
  },
  'end-screen',
);

function over(winner: number | null, reason: string): GameState {
  return {
    ...start,
    round: 7,
    winner,
    players: start.players.map((p, i) => ({ ...p, bracket: i === winner ? 4 : 2 })),
    phase: { name: 'game-over', reason },
  };
}

afterEach(() => {
  document.body.innerHTML = '';
});

function show(state: GameState, seed?: string): HTMLElement {
  const el = document.body.appendChild(document.createElement('div'));
  render(<EndScreen view={view(state, 'spectator')} gameId="g1" seed={seed} />, el);
  return el;
}

describe('BG-10 end screen', () => {
  it('names the winner and why in words, with the final brackets, planets and influence', () => {
    const el = show(over(1, 'imperium-rex'), 'ab12');
    expect(el.querySelector('[data-testid="end-winner"]')?.textContent).toBe(
      'Bo (Xxcha Kingdom) wins: Bo reached Imperium Rex, the top of the progression chart.',
    );
    const rows = [...el.querySelectorAll('tbody tr')].map((r) =>
      [...r.children].map((c) => c.textContent),
    );
    expect(rows.map((r) => r[0]?.split(' ')[0])).toEqual(['Ann', 'Bo', 'Cy']);
    expect(rows.map((r) => r[1])).toEqual(['Consortium', 'Imperium Rex', 'Consortium']);
    // Each starts with its home planets: the table shows counts, not blanks.
    for (const r of rows) expect(Number(r[2])).toBeGreaterThan(0);
    expect(el.querySelector('[data-testid="end-seed"]')?.textContent).toBe('ab12');
    expect(el.querySelector('a')?.getAttribute('href')).toContain('g1');
  });

  it('says when the round limit ended it, and when the victory is shared', () => {
    expect(show(over(2, 'round-limit')).textContent).toContain('when the round limit was reached');
    document.body.innerHTML = '';
    const shared: GameState = {
      ...over(null, 'round-limit'),
      phase: { name: 'game-over', reason: 'round-limit', winners: [0, 2] },
    };
    const el = show(shared);
    expect(el.querySelector('[data-testid="end-winner"]')?.textContent).toBe(
      'Ann (Barony of Letnev) and Cy (Universities of Jol-Nar) share the victory: they stood highest on the progression chart when the round limit was reached, and tied on influence and on resources (BG-10).',
    );
    // The winners are marked in the standing.
    expect(
      [...el.querySelectorAll('tbody tr[data-winner="true"] th')].map((th) => th.textContent),
    ).toEqual(['Ann (Barony of Letnev) · winner', 'Cy (Universities of Jol-Nar) · winner']);
  });

  it('shows nothing while the game goes on', () => {
    expect(show(start).textContent).toBe('');
  });
});
