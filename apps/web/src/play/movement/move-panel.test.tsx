// @vitest-environment happy-dom
import type { HexKey } from '@outer-rim/map';
import { apply, movementOptions, view, type Action, type GameState } from '@outer-rim/rules';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import {
  movementTable,
  withTiles,
  addUnits as withUnits,
  withDice,
} from '@outer-rim/rules/testing';
import { defaultLoad, fleetCapacity, fleetDestinations, fleetMove } from './fleet';
import { root, seatProps, withAgentAboard } from '../panel-fixture';
import { useMoveUi, type MoveUi } from './move-panel';

afterEach(() => {
  document.body.innerHTML = '';
});

// A line down the middle of the board, as the engine's own movement tests use it.
const TOP2 = '0,-2';
const TOP1 = '0,-1';

/** Renders the move UI for one seat's view and exposes what it asks of the board. */
function mount(state: GameState, seat: number, sent: Action[]) {
  let ui: MoveUi | undefined;
  const props = seatProps(state, seat, sent);
  function Probe() {
    ui = useMoveUi(props);
    return ui.panel;
  }
  const el = root();
  render(<Probe />, el);
  return {
    el,
    ui: () => {
      if (ui === undefined) throw new Error('not rendered');
      return ui;
    },
  };
}

async function setCount(el: Element, selector: string, n: number) {
  const input = el.querySelector<HTMLInputElement>(selector);
  if (input === null) throw new Error(`no ${selector}`);
  await act(() => {
    input.value = String(n);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('BG-5 Movement in the browser: pick ships, destinations light up, one fleet move', () => {
  it('builds a fleet move with its cargo that apply accepts whole; the fleet stops in a nebula (OR-4.1)', async () => {
    const { state, seat } = movementTable('web-move');
    const s = withUnits(withTiles(state, { [TOP1]: 'nebula-1' }), TOP2, seat, {
      carrier: 1,
      cruiser: 2,
      'ground-force': 2,
    });
    const options = movementOptions(view(s, seat), seat);
    const system = options.systems.find((x) => x.hex === TOP2);
    if (system === undefined) throw new Error('the fleet cannot move');
    // The fleet goes as far as its slowest ship; no path runs through the nebula.
    const both = fleetDestinations(system, { carrier: 1, cruiser: 2 });
    const cruisers = fleetDestinations(system, { cruiser: 2 });
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(cruisers.length);
    expect(both.map((d) => d.hex)).toContain(TOP1);
    for (const d of cruisers) expect(d.path.slice(0, -1)).not.toContain(TOP1);
    expect(fleetCapacity(system, { carrier: 1, cruiser: 2 })).toBe(5);
    expect(defaultLoad(system, { carrier: 1 })).toEqual({ [`${TOP2}||ground-force`]: 2 });

    const sent: Action[] = [];
    const { el, ui } = mount(s, seat, sent);
    // Nothing picked: the player's systems light up; a click picks one.
    expect(ui().highlighted).toEqual(new Set([TOP2]));
    await act(() => {
      expect(ui().onHex(TOP2 as HexKey)).toBe(true);
    });
    await setCount(el, 'input[data-unit="carrier"]', 1);
    await setCount(el, 'input[data-unit="cruiser"]', 2);
    expect(el.querySelector('[data-testid="carrier-room"]')?.textContent).toBe(
      'Aboard the Carriers: 2 of 5',
    );
    expect(ui().highlighted).toEqual(new Set(both.map((d) => d.hex)));
    // A lit system says what the move there means; one out of reach says nothing of the kind.
    expect(ui().moveThere?.(TOP1)?.route).toMatch(/^To [^.]+ \(1 step\)\.$/);
    expect(
      ui()
        .moveThere?.(TOP1)
        ?.waits.map((w) => w.rule),
    ).toEqual(['OR-4.1']);
    expect(ui().moveThere?.('3,-3')).toBeUndefined();
    // A system out of reach is not taken; the nebula is.
    expect(ui().onHex('3,-3')).toBe(false);
    await act(() => {
      expect(ui().onHex(TOP1 as HexKey)).toBe(true);
    });
    expect(ui().route).toEqual([TOP2, TOP1]);
    // One step: the destination is named once, never "To X via X".
    expect(el.querySelector('[data-testid="move-destination"]')?.textContent).toMatch(
      /^To [^.]+\.$/,
    );
    expect(el.querySelector('[data-testid="move-destination"]')?.textContent).not.toContain('via');
    await act(() => {
      el.querySelector<HTMLButtonElement>('button[data-action="move"]')?.click();
    });
    expect(sent).toEqual([
      {
        type: 'move',
        from: TOP2,
        path: [TOP1],
        ships: { carrier: 1, cruiser: 2 },
        load: [{ hex: TOP2, unit: 'ground-force', count: 2 }],
      },
    ]);
    const r = apply(s, seat, sent[0]);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.state.units[TOP1]?.space).toEqual([
      { owner: seat, units: { carrier: 1, cruiser: 2, 'ground-force': 2 } },
    ]);
    // Without Carriers, no load goes with the fleet.
    const lone = both[0];
    if (lone === undefined) throw new Error('no destination');
    expect(fleetMove(system, { cruiser: 1 }, lone, {}).load).toBeUndefined();
  });

  it('OR-4.2: a ship in a rift rolls first; the roll is shown and the allowed sides light up', async () => {
    const { state, seat } = movementTable('web-rift');
    const s = withUnits(withTiles(state, { [TOP1]: 'gravity-rift' }), TOP1, seat, {
      carrier: 1,
      fighter: 2,
    });
    const sent: Action[] = [];
    const first = mount(s, seat, sent);
    await act(() => {
      expect(first.ui().onHex(TOP1 as HexKey)).toBe(true);
    });
    await act(() => {
      first.el.querySelector<HTMLButtonElement>('button[data-action="rift-roll"]')?.click();
    });
    expect(sent).toEqual([{ type: 'rift-roll', hex: TOP1, unit: 'carrier' }]);
    // A 3 lets it out through side 3 only (sides counted from the board), or it stays.
    const rolled = withDice([3], () => apply(s, seat, sent[0]));
    if (!rolled.ok) throw new Error(rolled.error.message);
    document.body.innerHTML = '';
    const after = mount(rolled.state, seat, sent);
    expect(after.el.querySelector('[data-testid="rift-roll"]')?.textContent).toContain('rolled 3');
    expect(after.ui().marked).toEqual(new Set(['1,-1']));
    // The way out a lit side offers, in words, as a fleet's destination says it.
    expect(after.ui().moveThere?.('1,-1')?.route).toMatch(/^To [^.]+\.$/);
    const lit = [...(after.ui().highlighted ?? [])];
    expect(lit).toContain('1,-1');
    await act(() => {
      expect(after.ui().onHex('1,-1')).toBe(true);
    });
    await act(() => {
      after.el.querySelector<HTMLButtonElement>('button[data-action="rift-exit"]')?.click();
    });
    const exit = sent[1];
    expect(exit?.type).toBe('rift-exit');
    const left = apply(rolled.state, seat, exit);
    if (!left.ok) throw new Error(left.error.message);
    // The fighters aboard follow the carrier without a roll.
    expect(left.state.units['1,-1']?.space).toEqual([
      { owner: seat, units: { carrier: 1, fighter: 2 } },
    ]);
  });

  it('OR-6.2: a ship leaving a rift may be its kind’s leaders’ ship: its own line in the rift prompt, and the exit names it', async () => {
    const { state, seat } = movementTable('web-rift-leader');
    let s = withAgentAboard(state, seat, TOP1, 'cruiser');
    s = withUnits(withTiles(s, { [TOP1]: 'gravity-rift' }), TOP1, seat, { cruiser: 2 });
    // 8: any side.
    const rolled = withDice([8], () =>
      apply(s, seat, { type: 'rift-roll', hex: TOP1, unit: 'cruiser' }),
    );
    if (!rolled.ok) throw new Error(rolled.error.message);
    const sent: Action[] = [];
    const ui = mount(rolled.state, seat, sent);
    const line = ui.el.querySelector<HTMLInputElement>('input[data-leader-ship="cruiser"]');
    expect(line?.parentElement?.textContent).toContain('Cruiser with the Agent aboard');
    await act(() => {
      expect(ui.ui().onHex('1,-1')).toBe(true);
    });
    await act(() => {
      line?.click();
    });
    await act(() => {
      ui.el.querySelector<HTMLButtonElement>('button[data-action="rift-exit"]')?.click();
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 'rift-exit', leaderShips: ['cruiser'] });
    expect(sent[0]?.type === 'rift-exit' ? sent[0].path.at(-1) : undefined).toBe('1,-1');
    const left = apply(rolled.state, seat, sent[0]);
    if (!left.ok) throw new Error(left.error.message);
    expect(left.state.players[seat]?.leaders[0]).toMatchObject({ hex: '1,-1', ship: 'cruiser' });
  });

  it('OR-6.2: a leader aboard one of the Fighters in space is its own line among the Carrier’s loads, and the move names that Fighter', async () => {
    const { state, seat } = movementTable('web-fighter-leader');
    let s = withAgentAboard(state, seat, TOP2, 'fighter');
    s = withUnits(s, TOP2, seat, { carrier: 1, fighter: 2 });
    const sent: Action[] = [];
    const ui = mount(s, seat, sent);
    await act(() => {
      ui.ui().onHex(TOP2);
    });
    await setCount(ui.el, 'input[data-unit="carrier"]', 1);
    const line = ui.el.querySelector<HTMLInputElement>('input[data-leader-ship="fighter"]');
    expect(line?.parentElement?.textContent).toContain('Fighter with the Agent aboard');
    // The count beside it is of the other Fighter only.
    const others = ui.el.querySelector<HTMLInputElement>('input[data-load^="' + TOP2 + '"]');
    expect(others?.max).toBe('1');
    // Both Fighters go by default, the leaders' among them; the other one stays.
    expect(line?.checked).toBe(true);
    await setCount(ui.el, 'input[data-load^="' + TOP2 + '"]', 0);
    expect(line?.checked).toBe(true);
    // Unticked, the leaders' Fighter stays too; ticked again, it goes alone with the Carrier.
    await act(() => {
      line?.click();
    });
    expect(line?.checked).toBe(false);
    await act(() => {
      line?.click();
    });
    expect(line?.checked).toBe(true);
    await act(() => {
      ui.ui().onHex(TOP1);
    });
    await act(() => {
      ui.el.querySelector<HTMLButtonElement>('button[data-action="move"]')?.click();
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: 'move',
      ships: { carrier: 1 },
      load: [{ hex: TOP2, unit: 'fighter', count: 1 }],
      leaderShips: ['fighter'],
    });
    const moved = apply(s, seat, sent[0]);
    if (!moved.ok) throw new Error(moved.error.message);
    expect(moved.state.players[seat]?.leaders[0]).toMatchObject({ hex: TOP1, ship: 'fighter' });
  });

  it('BG-5: a Carrier (move 1) that enters one end of a wormhole is offered the other end, and the move is accepted', async () => {
    const { state, seat } = movementTable('web-wormhole');
    const far = '2,-2';
    const s = withUnits(
      withTiles(state, { [TOP1]: 'alpha-wormhole', [far]: 'alpha-wormhole' }),
      TOP2,
      seat,
      { carrier: 1 },
    );
    const sent: Action[] = [];
    const { el, ui } = mount(s, seat, sent);
    await act(() => {
      expect(ui().onHex(TOP2 as HexKey)).toBe(true);
    });
    await setCount(el, 'input[data-unit="carrier"]', 1);
    expect(ui().highlighted).toContain(far);
    await act(() => {
      expect(ui().onHex(far as HexKey)).toBe(true);
    });
    expect(ui().route).toEqual([TOP2, TOP1, far]);
    await act(() => {
      el.querySelector<HTMLButtonElement>('button[data-action="move"]')?.click();
    });
    expect(sent).toEqual([{ type: 'move', from: TOP2, path: [TOP1, far], ships: { carrier: 1 } }]);
    const r = apply(s, seat, sent[0]);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.state.units[far]?.space).toEqual([{ owner: seat, units: { carrier: 1 } }]);
  });
});
