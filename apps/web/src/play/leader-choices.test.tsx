// @vitest-environment happy-dom
import { hexKey, parseHexKey, tileById, type HexKey } from '@outer-rim/map';
import { view, type Action, type GameState } from '@outer-rim/rules';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cleared,
  home,
  landing,
  setOwner,
  turnOf,
  withUnits,
  advanceTo,
  newGame,
  withPlayer,
  step,
  SOL_LETNEV,
  withLeader,
} from '@outer-rim/rules/testing';
import { emptyChat } from './chat';
import { useMoveUi, type MoveUi } from './movement/move-panel';
import { root, seatProps } from './panel-fixture';
import { Table } from './table';

/**
 * OR-6.2 leaders in the browser: each choice the Leader Table gives reaches
 * the seat that makes it, in printed names, and sends the action.
 */

afterEach(() => {
  document.body.innerHTML = '';
});

function named(s: GameState): GameState {
  return { ...s, players: s.players.map((p, i) => ({ ...p, name: ['Ann', 'Bo'][i] ?? p.name })) };
}

function show(s: GameState, seat: number, sent: Action[]): HTMLElement {
  const el = document.body.appendChild(document.createElement('div'));
  render(
    <Table
      view={view(s, seat)}
      seq={0}
      seat={seat}
      log={[]}
      chat={emptyChat()}
      onAct={(a) => {
        sent.push(a);
        return Promise.resolve(undefined);
      }}
      onOpenChannel={() => undefined}
      onChat={() => Promise.resolve(undefined)}
    />,
    el,
  );
  return el;
}

function buttons(el: HTMLElement, type: string): HTMLButtonElement[] {
  return [...el.querySelectorAll<HTMLButtonElement>(`button[data-action="${type}"]`)];
}

function noIds(el: HTMLElement): void {
  expect(el.textContent).not.toMatch(/sol-|letnev-|jol-nar-|\d+,-?\d+/);
}

/** Ann's Cruiser with her Diplomat at x, Bo's Cruiser at y, and z beyond it in a straight line. */
function passageBoard(): { s: GameState; x: HexKey; y: HexKey; z: HexKey } {
  const base = named(turnOf(0, 'movement', SOL_LETNEV));
  const quiet = (k: HexKey): boolean => {
    const placed = base.galaxy.tiles[k];
    const tile = placed === undefined ? undefined : tileById(placed.tileId);
    return tile?.kind === 'system' && tile.anomaly === undefined && base.units[k] === undefined;
  };
  for (const x of Object.keys(base.galaxy.tiles) as HexKey[]) {
    const a = parseHexKey(x);
    const y = hexKey({ q: a.q + 1, r: a.r });
    const z = hexKey({ q: a.q + 2, r: a.r });
    if (!quiet(x) || !quiet(y) || !quiet(z)) continue;
    let s = withUnits(base, x, 0, { cruiser: 1 });
    s = withUnits(s, y, 1, { cruiser: 1 });
    s = withLeader(s, 0, 'diplomat', { hex: x, ship: 'cruiser' });
    return { s, x, y, z };
  }
  throw new Error('no three quiet systems in a line');
}

describe('OR-6.2 leaders in the browser', () => {
  it("the Diplomat's delay is offered to its owner only, by name, and sent", () => {
    let s = turnOf(0, 'invasion-combat', SOL_LETNEV);
    const target = home(s, 1);
    s = cleared(s, target);
    s = setOwner(s, 'Wren Terra', null);
    s = withUnits(s, target, 1, { 'ground-force': 1 }, 'Arc Prime');
    s = withUnits(s, target, 0, { carrier: 1, 'ground-force': 1 });
    s = named(s);
    s = step(s, 0, landing(target, 'Arc Prime', { groundForces: 1 }));
    const sent: Action[] = [];
    const bo = show(s, 1, sent);
    expect(bo.querySelector('[data-testid="my-prompt"]')?.textContent).toBe(
      'Ann is landing on Arc Prime: the Barony of Letnev Diplomat there may delay the invasion by one turn.',
    );
    const choices = buttons(bo, 'diplomat-delay');
    expect(choices.map((b) => b.textContent)).toEqual([
      'Delay the invasion by one turn with your Diplomat',
      'Let the invasion go on',
    ]);
    choices[0]?.click();
    expect(sent).toEqual([{ type: 'diplomat-delay', delay: true }]);
    noIds(bo);
    const ann = show(s, 0, []);
    expect(buttons(ann, 'diplomat-delay')).toEqual([]);
    expect(ann.textContent).toContain(
      'Waiting for Bo to decide whether their Diplomat delays the invasion.',
    );
  });

  it('a fleet with the Diplomat asks to pass; the owner of the ships answers', () => {
    const { s, x, y, z } = passageBoard();
    const sent: Action[] = [];
    const ann = show(s, 0, sent);
    const ask = buttons(ann, 'move');
    expect(ask).toHaveLength(1);
    expect(ask[0]?.textContent).toMatch(
      /^Move 1 Cruiser with your Diplomat past Bo's ships to .+ \(asks Bo\)$/,
    );
    ask[0]?.click();
    expect(sent).toEqual([{ type: 'move', from: x, path: [y, z], ships: { cruiser: 1 } }]);
    noIds(ann);
    const asked = step(s, 0, sent[0]);
    const answers: Action[] = [];
    const bo = show(asked, 1, answers);
    expect(bo.querySelector('[data-testid="my-prompt"]')?.textContent).toMatch(
      /^Ann asks to pass your ships in .+ with a fleet carrying its Diplomat: let it pass, or refuse\.$/,
    );
    const choices = buttons(bo, 'answer-passage');
    expect(choices.map((b) => b.textContent)).toEqual(['Let the fleet pass', 'Refuse passage']);
    choices[1]?.click();
    expect(answers).toEqual([{ type: 'answer-passage', accept: false }]);
    noIds(bo);
  });

  it('the owner of an escaping leader chooses the planet it goes to', () => {
    let s = turnOf(0, 'invasion-combat', SOL_LETNEV);
    const target = home(s, 1);
    const far = Object.entries(s.planets).find(
      ([, p]) => p.owner === null && p.hex !== home(s, 0) && p.hex !== target,
    );
    if (far === undefined) throw new Error('no neutral planet');
    s = cleared(s, target);
    s = withUnits(s, target, 1, { 'ground-force': 1 }, 'Arc Prime');
    s = withUnits(s, target, 1, { 'ground-force': 1 }, 'Wren Terra');
    s = setOwner(s, far[0], 1);
    s = withUnits(s, far[1].hex, 1, { 'ground-force': 1 }, far[0]);
    s = withUnits(s, target, 0, { carrier: 1, 'ground-force': 2 });
    s = withLeader(s, 1, 'general', { hex: target, planet: 'Arc Prime' });
    s = withLeader(s, 1, 'admiral', { status: 'killed' });
    s = withLeader(s, 1, 'diplomat', { status: 'killed' });
    s = named(s);
    const land = landing(target, 'Arc Prime', { groundForces: 2 });
    s = step(s, 0, land, [10, 10, 1, 1, 7]);
    const sent: Action[] = [];
    const bo = show(s, 1, sent);
    const choices = buttons(bo, 'escape-leader');
    expect(choices.map((b) => b.textContent)).toEqual([
      'Send the Barony of Letnev General to Wren Terra',
      `Send the Barony of Letnev General to ${far[0]}`,
    ]);
    choices[1]?.click();
    expect(sent).toEqual([{ type: 'escape-leader', leader: 'letnev-general-1', planet: far[0] }]);
    noIds(bo);
    expect(show(s, 0, []).textContent).toContain(
      'Waiting for Bo to choose where their escaping leader goes.',
    );
  });

  it("the Scientist's PDS is bought in Purchase Units on its planet", () => {
    const start = advanceTo(
      newGame(2, { leaders: true, players: [{ race: 'jol-nar' }, { race: 'sol' }] }, 'sci'),
      'purchase-units',
    );
    const s = named(withPlayer(start, 0, { credits: 20, purchases: {}, spacedockOrders: [] }));
    const sent: Action[] = [];
    const ann = show(s, 0, sent);
    const buy = buttons(ann, 'purchase-scientist-pds');
    expect(buy.map((b) => b.textContent)).toEqual(["Buy the Scientist's PDS on Nar for 5 credits"]);
    buy[0]?.click();
    expect(sent).toEqual([{ type: 'purchase-scientist-pds', planet: 'Nar' }]);
    expect(buttons(show(s, 1, []), 'purchase-scientist-pds')).toEqual([]);
  });

  it('on the board: the system past the ships lights up, marked, and the move panel asks', async () => {
    const { s, x, y, z } = passageBoard();
    const sent: Action[] = [];
    let ui: MoveUi | undefined;
    const props = { ...seatProps(s, 0, sent), actions: [] };
    function Probe() {
      ui = useMoveUi(props);
      return ui.panel;
    }
    const el = root();
    render(<Probe />, el);
    await act(() => {
      ui?.onHex(x);
    });
    // OR-6.2: its only Cruiser carries the Diplomat: one line, the Diplomat's ship, no other count.
    expect(el.querySelector('input[data-unit="cruiser"]')).toBeNull();
    const line = el.querySelector<HTMLInputElement>('input[data-leader-ship="cruiser"]');
    expect(line?.closest('label')?.textContent).toMatch(/^Cruiser with the Diplomat aboard/);
    await act(() => {
      if (line === null) throw new Error('no line for the Diplomat’s Cruiser');
      line.click();
    });
    expect(ui?.highlighted?.has(z)).toBe(true);
    expect(ui?.marked?.has(z)).toBe(true);
    await act(() => {
      ui?.onHex(z);
    });
    expect(ui?.route).toEqual([x, y, z]);
    expect(el.querySelector('[data-testid="move-destination"]')?.textContent).toMatch(
      /past Bo's ships with your Diplomat: Bo is asked first\.$/,
    );
    const button = el.querySelector<HTMLButtonElement>('button[data-action="move"]');
    expect(button?.textContent).toBe('Ask Bo to let the fleet pass');
    button?.click();
    expect(sent).toEqual([{ type: 'move', from: x, path: [y, z], ships: { cruiser: 1 } }]);
    noIds(el);
  });
});
