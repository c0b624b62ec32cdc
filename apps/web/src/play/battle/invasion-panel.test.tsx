// @vitest-environment happy-dom
import { hexKey } from '@outer-rim/map';
import { type Action } from '@outer-rim/rules';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { cleared, openNeighbour, turnOf, withUnits } from '@outer-rim/rules/testing';
import type { LogEntry } from '../live-game';
import { logged as step, showPanel } from '../panel-fixture';
import { BattlePanel } from './battle-panel';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the invasion in the browser (BG-7, OR-6.1): landing, bombardment, promotion, capture', () => {
  it('lands with a bombardment, shows every die and the promotion, then offers the Shock Forces’ capture', async () => {
    const s0 = turnOf(0, 'movement', { players: [{ race: 'sol' }, { race: 'letnev' }] });
    const target = hexKey(s0.galaxy.homes[1] ?? { q: 0, r: 0 });
    const start = openNeighbour(s0, target);
    let s = cleared(s0, target);
    s = withUnits(s, target, 1, { 'ground-force': 2, spacedock: 1 }, 'Arc Prime');
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
    let el = showPanel(BattlePanel, s, 0, sent, { log, alone: true });
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
    // Bombardment 1 (miss); round 1: 10 (hit), 1, 1 against 1, 1; promotion die 10; round 2:
    // the Shock Force 5 (hit), 1, 1 against 1 (a Shock Force promoted in the winning round would
    // not capture: OR-6.1).
    s = step(s, 0, sent[0] as Action, log, [1, 10, 1, 1, 1, 1, 10, 5, 1, 1, 1]);

    el = showPanel(BattlePanel, s, 0, sent, { log, alone: true });
    const lines = [...el.querySelectorAll('.dice-lines li')].map((li) => li.textContent);
    expect(lines.filter((l) => /bombardment/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /promotion/.test(l))).toHaveLength(1);
    expect(el.querySelectorAll('.die').length).toBe(11);
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
      const watcher = showPanel(BattlePanel, s, viewer, [], { log, alone: true });
      expect(watcher.querySelector('[data-testid="fight-end"]')?.textContent).toMatch(
        /holds the planet/,
      );
      expect(watcher.querySelectorAll('button').length).toBe(0);
    }
  });

  it('BG-7: landing on a planet the seat holds already says "Land on", an enemy planet "Invade"', () => {
    const s0 = turnOf(0, 'movement', { players: [{ race: 'sol' }, { race: 'letnev' }] });
    const home = hexKey(s0.galaxy.homes[0] ?? { q: 0, r: 0 });
    const start = openNeighbour(s0, home);
    let s = withUnits(s0, start, 0, { carrier: 1, 'ground-force': 2 });
    const log: LogEntry[] = [];
    s = step(
      s,
      0,
      {
        type: 'move',
        from: start,
        path: [home],
        ships: { carrier: 1 },
        load: [{ hex: start, unit: 'ground-force', count: 2 }],
      },
      log,
    );
    s = step(s, 0, { type: 'end-segment' }, log);
    s = step(s, 0, { type: 'end-segment' }, log);
    const el = showPanel(BattlePanel, s, 0, [], { log, alone: true });
    const button = el.querySelector(
      '.landing-planet[data-planet="Jord"] button[data-action="land"]',
    );
    expect(button?.textContent).toBe('Land on Jord');
  });
});
