// @vitest-environment happy-dom
import { apply, legalActions, view, type Action, type GameState } from '@outer-rim/rules';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { councilTable, openCouncil, withLaw } from '@outer-rim/rules/testing';
import { root, showPanel } from '../panel-fixture';
import { LawsPanel, PoliticsPanel } from './politics-panel';

afterEach(() => {
  document.body.innerHTML = '';
});

function named(s: GameState): GameState {
  return {
    ...s,
    players: s.players.map((p, i) => ({ ...p, name: ['Ann', 'Bo', 'Cy'][i] ?? p.name })),
  };
}

function must(s: GameState, seat: number, a: Action): GameState {
  const r = apply(s, seat, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

describe('BG-8 politics panel', () => {
  it('shows the agenda by name and text, the voting order with influence, and sends the vote clicked', async () => {
    const { state } = openCouncil(named(councilTable()), ['free-trade#1']);
    const sent: Action[] = [];
    const el = showPanel(PoliticsPanel, state, 1, sent);
    expect(el.querySelector('.agenda-name')?.textContent).toBe('Free Trade');
    expect(el.querySelector('.agenda-text')?.textContent).toContain('+5 credits');
    const rows = [...el.querySelectorAll('[data-testid=voting-order] tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['1', 'Bo', '2', 'voting…'],
      ['2', 'Ann', '4', ''],
      ['3', 'Cy', '4', ''],
    ]);
    const buttons = [...el.querySelectorAll('[data-testid=vote-control] button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Vote for', 'Vote against', 'Abstain']);
    await act(() => {
      (buttons[1] as HTMLButtonElement).click();
    });
    expect(sent).toEqual([{ type: 'vote', ballot: 'against' }]);
  });

  it('a seat not voting now and a spectator get no vote control; ballots cast are shown', () => {
    const { state } = openCouncil(named(councilTable()), ['free-trade#1']);
    const after = must(state, 1, { type: 'vote', ballot: 'for' });
    for (const seat of [2, undefined]) {
      const el = showPanel(PoliticsPanel, after, seat ?? 'spectator');
      expect(el.querySelector('[data-testid=vote-control]')).toBeNull();
      expect(
        el.querySelector('[data-testid=voting-order] tbody tr td:last-child')?.textContent,
      ).toBe('For (2)');
    }
  });

  it('an election lists its targets by name', () => {
    const { state } = openCouncil(named(councilTable()), ['minister-of-war#1']);
    const el = showPanel(PoliticsPanel, state, 1);
    expect(
      [...el.querySelectorAll('[data-testid=vote-control] button')].map((b) => b.textContent),
    ).toEqual(['Elect Ann', 'Elect Bo', 'Elect Cy', 'Abstain']);
  });

  it('lists the laws in force with their texts and who they name', () => {
    let s = named(councilTable());
    s = withLaw(s, 'minister-of-war#1', { elected: { player: 2 } });
    s = withLaw(s, 'humane-labor#1');
    const el = root();
    render(<LawsPanel view={view(s, 0)} />, el);
    const items = [...el.querySelectorAll('[data-testid=laws-panel] li')].map(
      (li) => li.textContent,
    );
    expect(items[0]).toContain('Minister of War — Cy');
    expect(items[1]).toContain('Humane Labor');
    expect(items[1]).toContain('at most 2 units');
  });
});

describe('BG-1 Letnev: Isolation in the politics panel', () => {
  it('says why the Letnev, in no trade agreement, may only abstain, and offers only that', () => {
    const { state } = openCouncil({ ...named(councilTable()), tradeAgreements: [] }, [
      'free-trade#1',
    ]);
    const v = view(state, 1);
    const el = root();
    render(
      <PoliticsPanel
        view={v}
        seat={1}
        actions={legalActions(v, 1)}
        log={[]}
        busy={false}
        onAct={() => Promise.resolve()}
      />,
      el,
    );
    expect(el.querySelector('[data-testid=vote-barred]')?.textContent).toBe(
      'Isolation: the Barony of Letnev may not vote while in no active trade agreement, so you may only abstain.',
    );
    expect(
      [...el.querySelectorAll('[data-testid=vote-control] button')].map((b) => b.textContent),
    ).toEqual(['Abstain']);
  });
});

describe('BG-1 Xxcha: Veto in the politics panel', () => {
  it('offers the Xxcha the veto by the card’s printed name, and sends the choice', async () => {
    const xxcha = { ...named(councilTable()) };
    xxcha.players = xxcha.players.map((p, i) =>
      i === 2 ? { ...p, race: 'xxcha', credits: 6 } : p,
    );
    const { state } = openCouncil(xxcha, ['free-trade#1']);
    const v = view(state, 2);
    const sent: Action[] = [];
    const el = root();
    render(
      <PoliticsPanel
        view={v}
        seat={2}
        actions={legalActions(v, 2)}
        log={[]}
        busy={false}
        onAct={(a) => {
          sent.push(a);
          return Promise.resolve();
        }}
      />,
      el,
    );
    const buttons = [...el.querySelectorAll('[data-testid=xxcha-veto] button')];
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Pay 5 credits: veto Free Trade',
      'Let Free Trade stand',
    ]);
    expect(el.querySelector('[data-testid=vote-control]')).toBeNull();
    await act(() => {
      (buttons[0] as HTMLButtonElement).click();
    });
    expect(sent).toEqual([{ type: 'veto-agenda', veto: true }]);
  });
});

describe('BG-1 Yssaril: Eavesdrop in the politics panel', () => {
  it('offers the Yssaril a look at each other player’s action cards by name, and sends it', async () => {
    const table = named(councilTable());
    table.players = table.players.map((p, i) => (i === 0 ? { ...p, race: 'yssaril' } : p));
    const { state } = openCouncil(table, ['free-trade#1']);
    const voting = must(state, 1, { type: 'vote', ballot: 'abstain' });
    const v = view(voting, 0);
    const sent: Action[] = [];
    const el = root();
    render(
      <PoliticsPanel
        view={v}
        seat={0}
        actions={legalActions(v, 0)}
        log={[]}
        busy={false}
        onAct={(a) => {
          sent.push(a);
          return Promise.resolve();
        }}
      />,
      el,
    );
    const buttons = [...el.querySelectorAll('[data-testid=eavesdrop] button')];
    expect(buttons.map((b) => b.textContent)).toEqual([
      "Look at Bo's action cards",
      "Look at Cy's action cards",
    ]);
    await act(() => {
      (buttons[1] as HTMLButtonElement).click();
    });
    expect(sent).toEqual([{ type: 'eavesdrop', seat: 2 }]);
  });
});
