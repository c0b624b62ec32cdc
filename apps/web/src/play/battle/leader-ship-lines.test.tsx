// @vitest-environment happy-dom
import { decisions, type Action, type GameState } from '@outer-rim/rules';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { addUnits, movementTable } from '@outer-rim/rules/testing';
import type { LogEntry } from '../live-game';
import { logged as step, showPanel, withAgentAboard } from '../panel-fixture';
import { BattlePanel } from './battle-panel';

afterEach(() => {
  document.body.innerHTML = '';
});

const TOP2 = '0,-2';
const TOP1 = '0,-1';

/**
 * OR-6.2: the mover's Agent aboard one of two Cruisers (a Carrier beside
 * them) attacks two Dreadnoughts; round 1 (dice fixed) scores one hit on it.
 */
function hitOnce(): { s: GameState; seat: number; log: LogEntry[] } {
  const { state, seat } = movementTable('web-leader-ships');
  const other = (seat + 1) % 2;
  let s = withAgentAboard(state, seat, TOP2, 'cruiser');
  s = addUnits(addUnits(s, TOP2, seat, { cruiser: 2, carrier: 1 }), TOP1, other, {
    dreadnought: 2,
  });
  const log: LogEntry[] = [];
  s = step(
    s,
    seat,
    { type: 'move', from: TOP2, path: [TOP1], ships: { cruiser: 2, carrier: 1 } },
    log,
  );
  // Round 1: the Carrier and both Cruisers miss; one Dreadnought hits.
  s = step(s, seat, { type: 'end-segment' }, log, [1, 1, 1, 10, 1]);
  return { s, seat, log };
}

describe('OR-6.2 the leaders’ ship in the battle panel', () => {
  it('the casualty form shows the Agent’s Cruiser as its own line; picked, the choice names it', async () => {
    const { s, seat, log } = hitOnce();
    expect(decisions(s).map((d) => [d.seat, d.kind])).toEqual([[seat, 'casualties']]);
    const sent: Action[] = [];
    const el = showPanel(BattlePanel, s, seat, sent, { log, alone: true });
    const line = el.querySelector<HTMLInputElement>('input[data-leader-loss="cruiser"]');
    expect(line?.closest('label')?.textContent).toBe('Cruiser with the Agent aboard');
    expect(line?.checked).toBe(false);
    await act(() => {
      line?.click();
    });
    el.querySelector<HTMLButtonElement>('button[data-action="choose-casualties"]')?.click();
    expect(sent).toEqual([
      { type: 'choose-casualties', losses: { cruiser: 1 }, leaderShips: ['cruiser'] },
    ]);
  });

  it('the retreat choice says the Agent’s Cruiser withdraws with the fleet', () => {
    const { s: hit, seat, log } = hitOnce();
    // Another Cruiser is lost: the Agent's ship fights on, and the withdrawal is offered.
    const s = step(hit, seat, { type: 'choose-casualties', losses: { cruiser: 1 } }, log);
    expect(decisions(s).map((d) => [d.seat, d.kind])).toEqual([[seat, 'retreat']]);
    const el = showPanel(BattlePanel, s, seat, [], { log, alone: true });
    expect(el.querySelector('[data-testid="retreat-leader-ships"]')?.textContent).toBe(
      'The whole fleet withdraws, Cruiser with the Agent aboard with it.',
    );
  });
});
