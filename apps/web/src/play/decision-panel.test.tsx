// @vitest-environment happy-dom
import {
  RULE_LINES,
  apply,
  createGame,
  decisions,
  legalActions,
  PURCHASABLE_UNITS,
  unitCost,
  view,
  type Action,
  type GameState,
} from '@outer-rim/rules';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { actionWords } from './action-words';
import { DecisionPanel, distinctChoices } from './decision-panel';
import { recorder, root } from './panel-fixture';
import type { WordsContext } from './action-words';

const state = createGame(
  { players: [{ name: 'Ann' }, { name: 'Bo' }, { name: 'Cy' }] },
  'decision-panel',
);
const names = state.players.map((p) => p.name);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('decision panel: only legal choices, plainly worded', () => {
  it('says what the game waits for, for me and for the others', () => {
    const v = view(state, 0);
    const waiting = decisions(v);
    const el = root();
    render(
      <DecisionPanel
        decisions={waiting}
        seat={0}
        actions={legalActions(v, 0)}
        names={names}
        onAct={() => Promise.resolve()}
        busy={false}
        over={false}
      />,
      el,
    );
    const mine = waiting.find((d) => d.seat === 0);
    expect(el.querySelector('[data-testid=my-prompt]')?.textContent).toBe(mine?.prompt);
    const others = waiting.filter((d) => d.seat !== 0);
    expect(others.length).toBeGreaterThan(0);
    expect(el.querySelector('.prompt.other')?.textContent).toContain('Waiting for');
  });

  it('offers exactly the legal actions and sends the one clicked', async () => {
    const v = view(state, 1);
    const actions = legalActions(v, 1);
    const sent: Action[] = [];
    const el = root();
    render(
      <DecisionPanel
        decisions={decisions(v)}
        seat={1}
        actions={actions}
        names={names}
        onAct={recorder(sent)}
        busy={false}
        over={false}
      />,
      el,
    );
    const labels = [
      ...[...el.querySelectorAll('button.action')].map((b) => b.textContent),
      ...[...el.querySelectorAll('option')].map((o) => o.textContent),
    ];
    // Offers are composed in their own form (amounts are the player's to choose).
    for (const action of actions.filter((a) => a.type !== 'make-offer')) {
      expect(labels).toContain(actionWords(action, names));
    }
    const last = [...el.querySelectorAll<HTMLButtonElement>('button.action')].at(-1);
    await act(() => {
      last?.click();
    });
    expect(sent).toHaveLength(1);
    expect(actions).toContainEqual(sent[0]);
  });

  it('offers a spectator nothing to click, and shows a refusal in words', () => {
    const v = view(state, 'spectator');
    const el = root();
    render(
      <DecisionPanel
        decisions={decisions(v)}
        seat={undefined}
        actions={[]}
        names={names}
        onAct={() => Promise.resolve()}
        busy={false}
        over={false}
        error="That is not your decision."
      />,
      el,
    );
    expect(el.querySelectorAll('button.action')).toHaveLength(0);
    expect(el.querySelector('[data-testid=my-prompt]')).toBeNull();
    expect(el.querySelector('[role=alert]')?.textContent).toBe('That is not your decision.');
    // It names no rule: no "Why not?" line.
    expect(el.querySelector('[data-testid=why-not]')).toBeNull();
  });

  it('"Why not?": a refusal that names its rule is followed by that rule in one line', () => {
    const el = root();
    render(
      <DecisionPanel
        decisions={[]}
        seat={0}
        actions={[]}
        names={names}
        onAct={() => Promise.resolve()}
        busy={false}
        over={false}
        error="That costs 46 credits; you have 41. Nothing was bought (BG-2)"
      />,
      el,
    );
    expect(el.querySelector('[data-testid=why-not]')?.textContent).toBe(
      `Why not? ${RULE_LINES['BG-2'] ?? ''} (BG-2)`,
    );
  });
});

/** Passes through the game (closing each decision) until it waits in `phase`. */
function advanceTo(start: GameState, phase: string): GameState {
  let s = start;
  for (let i = 0; i < 300 && s.phase.name !== phase; i++) {
    const d = decisions(s)[0];
    if (d === undefined) break;
    const legal = legalActions(s, d.seat);
    const close =
      legal.find((a) =>
        ['end-market', 'end-purchase', 'end-turn', 'pass-technology', 'end-placement'].includes(
          a.type,
        ),
      ) ?? legal[0];
    const r = apply(s, d.seat, close);
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  if (s.phase.name !== phase) throw new Error(`did not reach ${phase}`);
  return s;
}

function contextOf(s: GameState, seat: number): WordsContext {
  const p = s.players[seat];
  return {
    credits: p?.credits ?? 0,
    hand: p?.hand ?? [],
    purchases: p?.purchases ?? {},
    unitCosts: Object.fromEntries(PURCHASABLE_UNITS.map((u) => [u, unitCost(s, seat, u) ?? 0])),
  };
}

function panel(s: GameState, seat: number, sent: Action[]): HTMLElement {
  const el = root();
  const v = view(s, seat);
  render(
    <DecisionPanel
      decisions={decisions(v)}
      seat={seat}
      actions={legalActions(v, seat)}
      names={names}
      onAct={recorder(sent)}
      busy={false}
      over={false}
      context={contextOf(s, seat)}
    />,
    el,
  );
  return el;
}

async function type(input: HTMLInputElement | null, value: string): Promise<void> {
  await act(() => {
    if (input === null) throw new Error('no such input');
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the choices a table needs', () => {
  it('Market: offers any amount of credits and the cards picked', async () => {
    const s = advanceTo(
      createGame({ players: [{ name: 'Ann' }, { name: 'Bo' }, { name: 'Cy' }] }, 'market-form'),
      'market',
    );
    const sent: Action[] = [];
    const el = panel(s, 0, sent);
    const credits = s.players[0]?.credits ?? 0;
    expect(credits).toBeGreaterThan(3);
    await type(el.querySelector<HTMLInputElement>('input[name=credits]'), '3');
    const card = el.querySelector<HTMLInputElement>('input[name=card]');
    if (card !== null) {
      await act(() => {
        card.click();
      });
    }
    const to = el.querySelector<HTMLSelectElement>('select[name=to]');
    await act(() => {
      if (to === null) throw new Error('no recipient');
      to.value = '2';
      to.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(() => {
      el.querySelector<HTMLFormElement>('[data-testid=offer-form]')?.requestSubmit();
    });
    expect(sent).toEqual([
      { type: 'make-offer', to: 2, credits: 3, cards: card === null ? [] : [card.value] },
    ]);
    // More credits than the player has cannot be offered.
    await type(el.querySelector<HTMLInputElement>('input[name=credits]'), String(credits + 1));
    expect(
      el.querySelector<HTMLButtonElement>('[data-testid=offer-form] button[type=submit]')?.disabled,
    ).toBe(true);
  });

  it('Purchase Units: how many of each unit, with a running total; Buy sends the whole basket as one action', async () => {
    const s = advanceTo(
      createGame({ players: [{ name: 'Ann' }, { name: 'Bo' }, { name: 'Cy' }] }, 'buy-form'),
      'purchase-units',
    );
    const seat = decisions(s)[0]?.seat ?? 0;
    const sent: Action[] = [];
    const el = panel(s, seat, sent);
    const cost = unitCost(s, seat, 'ground-force') ?? 0;
    const fighter = unitCost(s, seat, 'fighter') ?? 0;
    await type(el.querySelector<HTMLInputElement>('input[name=ground-force]'), '2');
    await type(el.querySelector<HTMLInputElement>('input[name=fighter]'), '1');
    expect(el.querySelector('[data-testid=running-total]')?.textContent).toContain(
      `Total: ${2 * cost + fighter} of ${s.players[seat]?.credits ?? 0} credits`,
    );
    await act(() => {
      el.querySelector<HTMLFormElement>('[data-testid=purchase-form]')?.requestSubmit();
    });
    expect(sent).toEqual([{ type: 'purchase', units: { fighter: 1, 'ground-force': 2 } }]);
    // Nothing bought shows in the view (as after a refusal): the form keeps the basket.
    expect(el.querySelector<HTMLInputElement>('input[name=ground-force]')?.value).toBe('2');
    expect(el.querySelector<HTMLInputElement>('input[name=fighter]')?.value).toBe('1');
  });

  it('asks before ending placement with units still waiting (they would be lost)', async () => {
    const sent: Action[] = [];
    const el = root();
    render(
      <DecisionPanel
        decisions={[{ seat: 0, kind: 'place-units', prompt: 'Place your new units.' }]}
        seat={0}
        actions={[{ type: 'end-placement' }]}
        names={names}
        onAct={recorder(sent)}
        busy={false}
        over={false}
        context={{ purchases: { cruiser: 2 } }}
      />,
      el,
    );
    await act(() => {
      el.querySelector<HTMLButtonElement>('button[data-action=end-placement]')?.click();
    });
    expect(sent).toEqual([]);
    expect(el.querySelector('[data-testid=confirm]')?.textContent).toContain('2 Cruisers');
    await act(() => {
      el.querySelector<HTMLButtonElement>('[data-testid=confirm] button.danger')?.click();
    });
    expect(sent).toEqual([{ type: 'end-placement' }]);
  });

  it('BG-2 Place New Units: several of one unit at one dock, as one action', async () => {
    const sent: Action[] = [];
    const el = root();
    render(
      <DecisionPanel
        decisions={[{ seat: 0, kind: 'place-units', prompt: 'Place your new units.' }]}
        seat={0}
        actions={[
          { type: 'place-unit', unit: 'cruiser', planet: 'Jord' },
          { type: 'place-unit', unit: 'fighter', planet: 'Jord' },
          { type: 'end-placement' },
        ]}
        names={names}
        onAct={recorder(sent)}
        busy={false}
        over={false}
        context={{ purchases: { cruiser: 3, fighter: 1 }, dockRoom: { Jord: 8 } }}
      />,
      el,
    );
    const row = el.querySelector('.place-row[data-unit=cruiser]');
    expect(row?.querySelector('button')?.textContent).toBe('Place 3 Cruisers at Jord');
    await type(row?.querySelector<HTMLInputElement>('input') ?? null, '2');
    await act(() => {
      row?.querySelector<HTMLButtonElement>('button')?.click();
    });
    expect(sent).toEqual([{ type: 'place-unit', unit: 'cruiser', planet: 'Jord', count: 2 }]);
  });

  it('lists each distinct choice once', () => {
    const actions: Action[] = [
      { type: 'place-tile', tileId: 'empty-1', hex: { q: 0, r: -2 } },
      { type: 'place-tile', tileId: 'empty-2', hex: { q: 0, r: -2 } },
      { type: 'place-tile', tileId: 'empty-1', hex: { q: 1, r: -2 } },
    ];
    const choices = distinctChoices(actions, (a) => actionWords(a, names));
    expect(choices.map((c) => c.label)).toEqual([
      'Place empty space in ring 2, place 1 of 12 clockwise from the top',
      'Place empty space in ring 2, place 2 of 12 clockwise from the top',
    ]);
  });

  it('says "Waiting for Bo to …", never "Waiting for Bo: Your turn: …"', () => {
    const el = root();
    render(
      <DecisionPanel
        decisions={[{ seat: 1, kind: 'turn', prompt: 'Movement segment of your turn.' }]}
        seat={0}
        actions={[]}
        names={names}
        onAct={() => Promise.resolve()}
        busy={false}
        over={false}
        context={{ segment: 'movement' }}
      />,
      el,
    );
    expect(el.querySelector('.prompt.other')?.textContent).toBe(
      'Waiting for Bo to play the Movement segment of their turn.',
    );
    expect(el.textContent).not.toContain('Your turn');
  });
});

describe('BG-1 Xxcha: Veto in the decision panel', () => {
  it('tells the other seats what the Xxcha decides, in words', () => {
    const el = root();
    render(
      <DecisionPanel
        decisions={[{ seat: 2, kind: 'veto-agenda', prompt: 'Veto: pay 5 credits …' }]}
        seat={0}
        actions={[]}
        names={names}
        onAct={() => Promise.resolve()}
        busy={false}
        over={false}
      />,
      el,
    );
    expect(el.querySelector('.prompt.other')?.textContent).toBe(
      'Waiting for Cy to veto the agenda for 5 credits or let it stand.',
    );
  });
});
