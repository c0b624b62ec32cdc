// @vitest-environment happy-dom
import { hexKey } from '@outer-rim/map';
import { apply, legalActions, view, type Action, type GameState } from '@outer-rim/rules';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cleared,
  openNeighbour,
  turnOf,
  withUnits,
} from '../../../../../packages/rules/src/testing/battle';
import { withDice } from '../../../../../packages/rules/src/testing/dice';
import type { LogEntry } from '../live-game';
import { BattlePanel } from './battle-panel';

afterEach(() => {
  document.body.innerHTML = '';
});

function step(s: GameState, seat: number, a: Action, log: LogEntry[], dice: number[] = []) {
  const r = withDice(dice, () => apply(s, seat, a));
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  log.push({ seq: log.length + 1, seat, events: r.events });
  return r.state;
}

function show(s: GameState, viewer: number | 'spectator', log: LogEntry[], sent: Action[]) {
  document.body.innerHTML = '';
  const el = document.body.appendChild(document.createElement('div'));
  const v = view(s, viewer);
  const seat = viewer === 'spectator' ? undefined : viewer;
  render(
    <BattlePanel
      view={v}
      seat={seat}
      actions={seat === undefined ? [] : legalActions(v, seat)}
      log={log}
      busy={false}
      onAct={(a) => {
        sent.push(a);
        return Promise.resolve();
      }}
    />,
    el,
  );
  return el;
}

describe('the invasion in the browser (BG-7, OR-6.1): landing, bombardment, promotion, capture', () => {
  it('lands with a bombardment, shows every die and the promotion, then offers the Shock Forces’ capture', async () => {
    const s0 = turnOf(0, 'movement', { players: [{ race: 'sol' }, { race: 'letnev' }] });
    const target = hexKey(s0.galaxy.homes[1] ?? { q: 0, r: 0 });
    const start = openNeighbour(s0, target);
    let s = cleared(s0, target);
    s = withUnits(s, target, 1, { 'ground-force': 1, spacedock: 1 }, 'Arc Prime');
    s = withUnits(s, start, 0, { carrier: 1, dreadnought: 1, 'ground-force': 3 });
    const log: LogEntry[] = [];
    s = step(
      s,
      0,
      {
        type: 'move',
        from: start,
        path: [target],
        ships: { carrier: 1, dreadnought: 1 },
        load: [{ hex: start, unit: 'ground-force', count: 3 }],
      },
      log,
    );
    s = step(s, 0, { type: 'end-segment' }, log);
    s = step(s, 0, { type: 'end-segment' }, log);

    // The landing form: every Ground Force, and the Dreadnought may bombard first.
    const sent: Action[] = [];
    let el = show(s, 0, log, sent);
    const form = el.querySelector('.landing-planet[data-planet="Arc Prime"]');
    expect(form).not.toBeNull();
    const bombard = form?.querySelector<HTMLInputElement>('input[data-land="bombard"]');
    if (bombard === null || bombard === undefined) throw new Error('no bombardment input');
    await act(() => {
      bombard.value = '1';
      bombard.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(() => {
      form?.querySelector<HTMLButtonElement>('button[data-action="land"]')?.click();
    });
    expect(sent).toEqual([
      {
        type: 'land',
        hex: target,
        planet: 'Arc Prime',
        groundForces: 3,
        shockForces: 0,
        pds: 0,
        bombard: 1,
      },
    ]);
    // Bombardment 1 (miss); round 1: 10 (hit), 1, 1 against 1; promotion die 10.
    s = step(s, 0, sent[0] as Action, log, [1, 10, 1, 1, 1, 10]);

    el = show(s, 0, log, sent);
    const lines = [...el.querySelectorAll('.dice-lines li')].map((li) => li.textContent);
    expect(lines.filter((l) => /bombardment/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /promotion/.test(l))).toHaveLength(1);
    expect(el.querySelectorAll('.die').length).toBe(6);
    expect(el.querySelector('.fight-results')?.textContent).toMatch(/becomes a Shock Force/);
    const take = el.querySelector<HTMLButtonElement>(
      'button[data-action="capture-installations"][data-capture="true"]',
    );
    expect(take?.textContent).toBe('Take the Spacedock and PDS as your own');
    await act(() => {
      take?.click();
    });
    s = step(s, 0, sent[1] as Action, log);
    expect(s.planets['Arc Prime']?.owner).toBe(0);

    // The other seat and a spectator read the same end, and get no buttons.
    for (const viewer of [1, 'spectator'] as const) {
      const watcher = show(s, viewer, log, []);
      expect(watcher.querySelector('[data-testid="fight-end"]')?.textContent).toMatch(
        /holds the planet/,
      );
      expect(watcher.querySelectorAll('button').length).toBe(0);
    }
  });
});
