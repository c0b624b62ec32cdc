// @vitest-environment happy-dom
import { createGame, legalActions, view } from '@outer-rim/rules';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { legalHexes } from '../play/action-groups';
import { Board } from './board';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('board component (BG-4 galaxy as SVG)', () => {
  it('draws every hex, highlights the legal ones and reports a click', async () => {
    const state = createGame(
      { players: [{ name: 'Ann' }, { name: 'Bo' }, { name: 'Cy' }], galaxy: { mode: 'build' } },
      'board-component',
    );
    const seat =
      state.phase.name === 'galaxy-building' ? (state.phase.order[state.phase.step] ?? 0) : 0;
    const v = view(state, seat);
    const highlighted = legalHexes(legalActions(v, seat));
    const clicked: string[] = [];
    const el = document.body.appendChild(document.createElement('div'));
    render(
      <Board
        view={v}
        names={['Ann', 'Bo', 'Cy']}
        highlighted={highlighted}
        onSelect={(key) => clicked.push(key)}
      />,
      el,
    );
    expect(el.querySelectorAll('[data-hex]')).toHaveLength(61);
    const legal = [...el.querySelectorAll('.hex-legal')].map((g) => g.getAttribute('data-hex'));
    expect(new Set(legal)).toEqual(highlighted);
    const target = el.querySelector<SVGGElement>('.hex-legal');
    await act(() => {
      target?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(clicked).toEqual([target?.getAttribute('data-hex')]);
  });

  it('names each home system after its player and spells out a hovered hex', async () => {
    const state = createGame({ players: [{ name: 'Ann' }, { name: 'Bo' }] }, 'board-hover');
    const el = document.body.appendChild(document.createElement('div'));
    render(<Board view={view(state, 'spectator')} names={['Ann', 'Bo']} />, el);
    const labels = [...el.querySelectorAll('.hex-label.race')].map((t) => t.textContent);
    expect(labels).toContain('Ann');
    expect(labels).toContain('Bo');
    await act(() => {
      el.querySelector('[data-hex="0,0"]')?.dispatchEvent(new Event('pointerenter'));
    });
    expect(el.querySelector('.hex-details')?.textContent).toContain('Mecatol Rex');
  });
});
