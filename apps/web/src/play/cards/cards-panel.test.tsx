// @vitest-environment happy-dom
import { apply, type Action, type GameState } from '@outer-rim/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { quietPair, turnOf, withArrivals, withUnits, withHand } from '@outer-rim/rules/testing';
import { showPanel } from '../panel-fixture';
import { CardsPanel, targetWords } from './cards-panel';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A space battle about to begin: Ann (Sol) holds Morale Boost and Good Year, Bo (Letnev) a Sabotage. */
function battleWindow(): GameState {
  const base = turnOf(0, 'movement', { players: [{ race: 'sol' }, { race: 'letnev' }] });
  const [x, y] = quietPair(base);
  let s = withUnits(base, x, 0, { dreadnought: 1 });
  s = withUnits(s, x, 1, { cruiser: 1 });
  s = withArrivals(s, [x], { [x]: [y] });
  s = withHand(withHand(s, 0, ['morale-boost', 'good-year']), 1, ['sabotage']);
  s = { ...s, players: s.players.map((p, i) => ({ ...p, name: ['Ann', 'Bo'][i] ?? p.name })) };
  const r = apply(s, 0, { type: 'end-segment' });
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

function show(s: GameState, seat: number, sent: Action[]): HTMLElement {
  return showPanel(CardsPanel, s, seat, sent);
}

describe('BG-9 cards panel', () => {
  it('shows the own hand by name and text, lights the playable card and plays it', () => {
    const s = battleWindow();
    const sent: Action[] = [];
    const el = show(s, 0, sent);
    const cards = [...el.querySelectorAll('.hand-card')];
    expect(cards.map((c) => c.querySelector('.card-name')?.textContent)).toEqual([
      'Morale Boost',
      'Good Year',
    ]);
    expect(cards.map((c) => c.classList.contains('playable'))).toEqual([true, false]);
    expect(el.textContent).toContain('your units get +1 on their rolls this round');
    expect(el.textContent).not.toMatch(/#\d/);
    el.querySelector<HTMLButtonElement>('[data-action="play-card"]')?.click();
    expect(sent).toEqual([{ type: 'play-card', card: s.players[0]?.hand[0] }]);
  });

  it('the other seat sees the card on the stack by name, and answers with its Sabotage or passes', () => {
    const s = battleWindow();
    const played = apply(s, 0, { type: 'play-card', card: s.players[0]?.hand[0] ?? '' });
    if (!played.ok) throw new Error(played.error.message);
    const sent: Action[] = [];
    const el = show(played.state, 1, sent);
    expect(el.querySelector('[data-testid="card-stack"]')?.textContent).toBe(
      'Ann plays Morale Boost',
    );
    expect(el.querySelector('.hand-card.playable .card-name')?.textContent).toBe('Sabotage');
    el.querySelector<HTMLButtonElement>('[data-action="pass-card"]')?.click();
    el.querySelector<HTMLButtonElement>('[data-action="play-card"]')?.click();
    expect(sent.map((a) => a.type)).toEqual(['pass-card', 'play-card']);
    // Ann's hand stays hidden from Bo.
    expect(el.textContent).not.toContain('Good Year');
  });

  it('sends the "never ask me" setting', () => {
    const sent: Action[] = [];
    const el = show(battleWindow(), 1, sent);
    el.querySelector<HTMLInputElement>('[data-testid="never-ask"]')?.dispatchEvent(
      new Event('change'),
    );
    expect(sent).toEqual([{ type: 'card-prompts', ask: false }]);
  });

  it('lists the trade agreements in force by the partners’ names', () => {
    const s = battleWindow();
    const traded = {
      ...s,
      tradeAgreements: [{ seats: [0, 1] as [number, number], card: 'trade-agreement#1' }],
    };
    const el = show(traded, 0, []);
    expect(el.querySelector('[data-testid="trade-panel"]')?.textContent).toContain('Ann and Bo');
    // BG-11: a partner's cancel is a word of its own, never glued to the name ("Bocancel").
    const line = el.querySelector('[data-testid="trade-panel"] li')?.textContent ?? '';
    expect(line).toBe('Ann and Bo — cancel');
  });

  it('OR-6.2: a seat with an Agent and no card may sacrifice it to cancel the card being played', () => {
    const base = turnOf(0, 'movement', {
      leaders: true,
      players: [{ race: 'letnev' }, { race: 'sol' }],
    });
    const [x, y] = quietPair(base);
    let s = withUnits(base, x, 0, { dreadnought: 1 });
    s = withUnits(s, x, 1, { cruiser: 1 });
    s = withArrivals(s, [x], { [x]: [y] });
    s = withHand(withHand(s, 0, ['morale-boost']), 1, []);
    s = { ...s, players: s.players.map((p, i) => ({ ...p, name: ['Ann', 'Bo'][i] ?? p.name })) };
    const opened = apply(s, 0, { type: 'end-segment' });
    if (!opened.ok) throw new Error(opened.error.message);
    const played = apply(opened.state, 0, {
      type: 'play-card',
      card: opened.state.players[0]?.hand[0] ?? '',
    });
    if (!played.ok) throw new Error(played.error.message);
    const sent: Action[] = [];
    const el = show(played.state, 1, sent);
    const button = el.querySelector<HTMLButtonElement>('[data-action="sacrifice-agent"]');
    expect(button?.textContent).toBe(
      'Sacrifice the Federation of Sol Agent to cancel Morale Boost',
    );
    expect(el.textContent).toContain('You hold no action cards.');
    expect(el.textContent).not.toMatch(/agent:|sol-agent/);
    button?.click();
    const agent = s.players[1]?.leaders.find((l) => l.type === 'agent')?.id ?? '';
    expect(sent).toEqual([{ type: 'play-card', card: `agent:${agent}` }]);
    // Ann sees no such choice: her hand holds nothing more, and she has no Agent.
    expect(show(played.state, 0, []).querySelector('[data-action="sacrifice-agent"]')).toBeNull();
  });
});

describe('OR-6.2 the leaders’ ship in a card’s move', () => {
  it('OR-6.2: a Spatial Jump that names the leaders’ Fighter is its own target, worded as the move form’s line', () => {
    const s = turnOf(0, 'movement', { players: [{ race: 'sol' }, { race: 'letnev' }] });
    const [x, y] = quietPair(s);
    const aboard = (hex: string, kind: string) =>
      hex === x && kind === 'fighter' ? 'Fighter with the Admiral aboard' : undefined;
    const plain = targetWords({ hex: x, toHex: y }, ['Ann', 'Bob'], s.galaxy, aboard);
    const named = targetWords(
      { hex: x, toHex: y, leaderShips: ['fighter'] },
      ['Ann', 'Bob'],
      s.galaxy,
      aboard,
    );
    expect(named).toBe(`${plain}, the Fighter with the Admiral aboard among them`);
  });
});
