// @vitest-environment happy-dom
import { decisions, type Action, type GameState } from '@outer-rim/rules';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { movementTable, addUnits as withUnits } from '@outer-rim/rules/testing';
import type { LogEntry } from '../live-game';
import { logged as step, showPanel } from '../panel-fixture';
import { BattlePanel } from './battle-panel';
import { CasualtyPicker } from './casualty-picker';
import { diceOf, dieWords } from './fight';

afterEach(() => {
  document.body.innerHTML = '';
});

const TOP2 = '0,-2';
const TOP1 = '0,-1';

describe('the battle in the browser (BG-6): dice with what they needed, casualties checked live', () => {
  it('marks every die hit or miss against the value its purpose names, in words too', () => {
    expect(diceOf('space battle round 1: Cruisers, hit on 7+', [3, 7, 10])).toEqual([
      { value: 3, needed: 7, hit: false },
      { value: 7, needed: 7, hit: true },
      { value: 10, needed: 7, hit: true },
    ]);
    expect(dieWords({ value: 3, needed: 7, hit: false })).toBe('3 (needed 7+): miss');
    expect(diceOf('Shock Force promotion on Jord', [9])).toEqual([{ value: 9 }]);
  });

  it('a fleet attacks: both sides and every die shown to all; each owner picks legal casualties until it ends', async () => {
    const { state, seat } = movementTable('web-battle');
    const other = (seat + 1) % 2;
    let s = withUnits(withUnits(state, TOP2, seat, { cruiser: 3, dreadnought: 1 }), TOP1, other, {
      cruiser: 3,
      fighter: 1,
    });
    const log: LogEntry[] = [];
    s = step(
      s,
      seat,
      { type: 'move', from: TOP2, path: [TOP1], ships: { cruiser: 3, dreadnought: 1 } },
      log,
    );
    s = step(s, seat, { type: 'end-segment' }, log);
    const sent: Action[] = [];
    let casualtyChoices = 0;
    for (let guard = 0; guard < 40; guard++) {
      const owing = decisions(s).filter((d) => d.kind === 'casualties' || d.kind === 'retreat');
      if (owing.length === 0) break;
      const d = owing[0];
      if (d === undefined) break;
      const el = showPanel(BattlePanel, s, d.seat, sent, { log, alone: true });
      // Every die on screen says what it needed and whether it hit.
      const dice = [...el.querySelectorAll('.die')];
      expect(dice.length).toBeGreaterThan(0);
      for (const die of dice) {
        const label = die.getAttribute('aria-label') ?? '';
        const [value, needed] = [Number(die.textContent), Number(/needed (\d+)/.exec(label)?.[1])];
        expect(die.classList.contains('hit')).toBe(value >= needed);
      }
      expect(el.querySelectorAll('.side').length).toBe(2);
      if (d.kind === 'retreat') {
        el.querySelector<HTMLButtonElement>('button[data-action="fight-on"]')?.click();
      } else {
        casualtyChoices++;
        const picker = el.querySelector('[data-testid="casualty-picker"]');
        expect(picker).not.toBeNull();
        const button = el.querySelector<HTMLButtonElement>(
          'button[data-action="choose-casualties"]',
        );
        // The engine's first legal choice is offered; raising a count past it is refused live.
        expect(button?.disabled).toBe(false);
        const input = el.querySelector<HTMLInputElement>('input[data-loss]');
        if (input !== null && Number(input.max) > Number(input.value)) {
          const before = input.value;
          await act(() => {
            input.value = String(Number(input.value) + 1);
            input.dispatchEvent(new Event('input', { bubbles: true }));
          });
          expect(el.querySelector('[data-testid="casualty-check"]')?.textContent).toMatch(
            /^Not allowed/,
          );
          expect(
            el.querySelector<HTMLButtonElement>('button[data-action="choose-casualties"]')
              ?.disabled,
          ).toBe(true);
          await act(() => {
            input.value = before;
            input.dispatchEvent(new Event('input', { bubbles: true }));
          });
        }
        el.querySelector<HTMLButtonElement>('button[data-action="choose-casualties"]')?.click();
      }
      const chosen = sent[sent.length - 1];
      if (chosen === undefined) throw new Error('the panel sent nothing');
      s = step(s, d.seat, chosen, log);
    }
    expect(casualtyChoices).toBeGreaterThan(0);
    // A spectator sees the same record, to its end.
    const watcher = showPanel(BattlePanel, s, 'spectator', [], { log, alone: true });
    const rolled = log.flatMap((e) => e.events).filter((e) => e.type === 'dice-rolled');
    expect(watcher.querySelectorAll('.dice-lines li').length).toBe(
      rolled.filter((e) => /hit on/.test(e.purpose)).length,
    );
    expect(watcher.querySelector('[data-testid="fight-end"]')?.textContent).toMatch(/wins|Nobody/);
    expect(watcher.querySelectorAll('button').length).toBe(0);
  });
});

describe('BG-1 Mentak: Ambush in the battle panel', () => {
  it('shows the Cruisers’ ambush dice before the first round, and the opponent picks its losses', () => {
    const { state, seat } = movementTable('web-ambush');
    const other = (seat + 1) % 2;
    let s: GameState = {
      ...state,
      players: state.players.map((p, i) => (i === seat ? { ...p, race: 'mentak' } : p)),
    };
    s = withUnits(withUnits(s, TOP2, seat, { cruiser: 3 }), TOP1, other, {
      cruiser: 1,
      carrier: 1,
    });
    const log: LogEntry[] = [];
    s = step(s, seat, { type: 'move', from: TOP2, path: [TOP1], ships: { cruiser: 3 } }, log);
    s = step(s, seat, { type: 'end-segment' }, log, [10, 10]);
    const el = showPanel(BattlePanel, s, other, [], { log });
    expect(el.textContent).toContain('Ambush: Cruisers, hit on');
    // Two hits, no return fire: the opponent loses both ships and the battle is over at once.
    expect(decisions(s).some((d) => d.kind === 'casualties')).toBe(false);
    expect(log.flatMap((e) => e.events).filter((e) => e.type === 'battle-round')).toEqual([]);
  });
});

describe('BG-6 casualties are asked as hits on ships', () => {
  it('carried Ground Forces are no choice: the cargo a lost Carrier takes with it is said', async () => {
    const sent: Action[] = [];
    const el = document.body.appendChild(document.createElement('div'));
    render(
      <CasualtyPicker
        options={[
          { type: 'choose-casualties', losses: { carrier: 1, 'ground-force': 2 } },
          { type: 'choose-casualties', losses: { cruiser: 1 } },
        ]}
        busy={false}
        onAct={(a) => {
          sent.push(a);
          return Promise.resolve();
        }}
      />,
      el,
    );
    expect(el.querySelector('.prompt')?.textContent).toBe(
      'Take 1 hit on your ships: choose which ships are lost.',
    );
    expect(
      [...el.querySelectorAll('input[data-loss]')].map((i) => i.getAttribute('data-loss')),
    ).toEqual(['cruiser', 'carrier']);
    expect(el.querySelector('[data-testid="casualty-cargo"]')?.textContent).toContain(
      'Lost with them: 2 Ground Forces',
    );
    await act(() => {
      el.querySelector<HTMLButtonElement>('button[data-action="choose-casualties"]')?.click();
    });
    expect(sent).toEqual([
      { type: 'choose-casualties', losses: { carrier: 1, 'ground-force': 2 } },
    ]);
  });
});
