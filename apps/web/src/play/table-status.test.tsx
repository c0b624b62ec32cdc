// @vitest-environment happy-dom
import { decisions, view, type GameState } from '@outer-rim/rules';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { Draft, openWindow, turnOf, withHand } from '@outer-rim/rules/testing';
import { emptyChat } from './chat';
import { Table } from './table';

afterEach(() => {
  document.body.innerHTML = '';
});

function opened(s: GameState, trigger: Parameters<typeof openWindow>[1]): GameState {
  const d = new Draft(s);
  if (!openWindow(d, trigger)) throw new Error('nobody can play a card there');
  return d.finish();
}

function show(s: GameState, seat: number): HTMLElement {
  const el = document.body.appendChild(document.createElement('div'));
  render(
    <Table
      view={view(s, seat)}
      seq={1}
      seat={seat}
      log={[]}
      chat={emptyChat()}
      onAct={() => Promise.resolve(undefined)}
      onOpenChannel={() => undefined}
      onChat={() => Promise.resolve(undefined)}
    />,
    el,
  );
  return el;
}

describe('the table while an action-card window is open (BG-9)', () => {
  it('the header names the phase whose opening window is open, not the phase before it', () => {
    const s = opened(withHand(turnOf(0, 'invasion-combat'), 0, ['corporate-sponsorship']), {
      kind: 'phase-start',
      phase: 'purchase-units',
    });
    const line = show(s, 1).querySelector('[data-testid="status-line"]')?.textContent ?? '';
    expect(line).toContain('Purchase Units phase, action cards first');
    expect(line).not.toContain('Invasion Combat');
  });

  it('waiting for another seat to play or pass a card: the move form is disabled and says who', async () => {
    const s = opened(withHand(turnOf(0, 'movement'), 1, ['signal-jamming']), {
      kind: 'movement-start',
      seat: 0,
    });
    expect(decisions(s).map((d) => [d.seat, d.kind])).toEqual([[1, 'card']]);
    const el = show(s, 0);
    const players = s.players.map((p) => p.name);
    expect(el.querySelector('[data-testid="card-hold"]')?.textContent).toBe(
      `Waiting for ${players[1] ?? ''} to play or pass an action card; your other choices wait until then (BG-9).`,
    );
    // A fleet is picked on the board as usual, but its Move button stays disabled.
    const lit = el.querySelector('.board-svg .hex-legal[data-hex]');
    expect(lit).not.toBeNull();
    await act(() => {
      lit?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    const ship = el.querySelector<HTMLInputElement>('.move-panel input[data-unit]');
    await act(() => {
      if (ship === null) return;
      ship.value = '1';
      ship.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const to = el.querySelector('.board-svg .hex-legal[data-hex]');
    await act(() => {
      to?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    // A route is chosen: only the window holds the move back.
    expect(el.querySelector('.board-svg .move-route')).not.toBeNull();
    const move = el.querySelector<HTMLButtonElement>('.move-panel button[data-action="move"]');
    expect(move).not.toBeNull();
    expect(move?.disabled).toBe(true);
  });
});
