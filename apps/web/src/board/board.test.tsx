// @vitest-environment happy-dom
import { hexKey } from '@outer-rim/map';
import { createGame, legalActions, view, type GameState } from '@outer-rim/rules';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { legalHexes } from '../play/action-groups';
import { ownerColour, SEAT_COLOURS } from '../ui/colours';
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
      // A mouse's hover (a finger's touch opens nothing: it pans).
      const hover = new Event('pointerenter');
      Object.defineProperty(hover, 'pointerType', { value: 'mouse' });
      el.querySelector('[data-hex="0,0"]')?.dispatchEvent(hover);
    });
    expect(el.querySelector('.hex-details')?.textContent).toContain('Mecatol Rex');
  });

  it('draws units as symbols with counts in the owner’s colour, minor races hatched, full names on hover', () => {
    const names = ['Ann', 'Bartholomew Longname of the Outer Rim', 'Cy'];
    const state = createGame({ players: names.map((name) => ({ name })) }, 'board-units');
    const minor = state.minorRaces[0];
    if (minor === undefined) throw new Error('a three-player galaxy has minor races');
    const s: GameState = structuredClone(state);
    const home = s.galaxy.homes[0];
    const homeKey = hexKey(home ?? { q: 0, r: 0 });
    s.units[homeKey]?.space.push({ owner: 1, units: { dreadnought: 2, fighter: 4 } });
    const el = document.body.appendChild(document.createElement('div'));
    render(<Board view={view(s, 'spectator')} names={names} />, el);

    const content = el.querySelector(`[data-content="${homeKey}"]`);
    const rows = [...(content?.querySelectorAll('.unit-row') ?? [])];
    const bo = rows.find((r) => r.getAttribute('data-owner') === '1');
    const symbols = [...(bo?.querySelectorAll('use') ?? [])];
    expect(symbols.map((u) => u.getAttribute('href'))).toEqual([
      '#unit-dreadnought',
      '#unit-fighter',
    ]);
    expect(symbols.every((u) => u.getAttribute('fill') === SEAT_COLOURS[1])).toBe(true);
    expect([...(bo?.querySelectorAll('.unit-count') ?? [])].map((t) => t.textContent)).toEqual([
      '2',
      '4',
    ]);
    expect(bo?.querySelector('title')?.textContent).toBe(
      'Bartholomew Longname of the Outer Rim: 2 Dreadnought, 4 Fighter',
    );
    // Ann's own fleet and garrison, in her colour.
    const ann = rows.filter((r) => r.getAttribute('data-owner') === '0');
    expect(ann.length).toBeGreaterThan(0);
    expect(ann[0]?.querySelector('use')?.getAttribute('fill')).toBe(ownerColour(0));

    // A minor race's units: hatched with a dashed outline, never a seat colour.
    const minorRows = [
      ...el.querySelectorAll(`[data-content="${minor.hex}"] .unit-row[data-owner^="minor:"]`),
    ];
    expect(minorRows.length).toBeGreaterThan(0);
    for (const use of minorRows.flatMap((r) => [...r.querySelectorAll('use')])) {
      expect(use.getAttribute('fill')).toBe('url(#minor-hatch)');
      expect(use.getAttribute('stroke-dasharray')).not.toBeNull();
    }

    // Bo's home title is shortened on the board; the hex's hover title says it in full.
    const boHome = s.galaxy.homes[1];
    const boKey = `${boHome?.q ?? 0},${boHome?.r ?? 0}`;
    const title = el.querySelector(`[data-content="${boKey}"] .hex-label.race`);
    expect(title?.getAttribute('data-full')).toBe(names[1]);
    expect(title?.textContent).toContain('…');
    expect(el.querySelector(`[data-hex="${boKey}"] > title`)?.textContent).toContain(
      `Home of ${names[1] ?? ''}`,
    );
    // Neutral planets are hollow discs.
    const neutral = el.querySelector('.planet-disc.neutral');
    expect(neutral?.getAttribute('fill')).toBe('none');
  });
});
