// @vitest-environment happy-dom
import { createGame, decisions, legalActions, view, type Action } from '@outer-rim/rules';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { actionWords } from './action-words';
import { DecisionPanel } from './decision-panel';

const state = createGame(
  { players: [{ name: 'Ann' }, { name: 'Bo' }, { name: 'Cy' }] },
  'decision-panel',
);
const names = state.players.map((p) => p.name);
const root = () => document.body.appendChild(document.createElement('div'));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('decision panel (issue 5: only legal choices, plainly worded)', () => {
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
    expect(el.querySelector('[data-testid=my-prompt]')?.textContent).toBe(
      `Your turn: ${mine?.prompt ?? ''}`,
    );
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
        onAct={(a) => {
          sent.push(a);
          return Promise.resolve();
        }}
        busy={false}
        over={false}
      />,
      el,
    );
    const labels = [
      ...[...el.querySelectorAll('button.action')].map((b) => b.textContent),
      ...[...el.querySelectorAll('option')].map((o) => o.textContent),
    ];
    for (const action of actions) expect(labels).toContain(actionWords(action, names));
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
  });
});
