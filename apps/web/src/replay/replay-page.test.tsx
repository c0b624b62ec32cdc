// @vitest-environment happy-dom
import { createHash } from 'node:crypto';
import {
  apply,
  createGame,
  decisions,
  eventsFor,
  legalActions,
  LobbyOptionsSchema,
  view,
  type GameState,
} from '@outer-rim/rules';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Board } from '../board/board';
import { Api } from '../net/api';
import type { ActionLogEntry, GameRecord } from '../net/protocol';
import { ReplayPage } from './replay-page';
import { startOptions } from './replay-steps';

const gameId = 'replay-page-game';
const seed = 'replay-page-seed';
const STEPS = 6;

/**
 * A game played by the rules package, and the three REST answers the server gives for it: the
 * lobby record, the public log (actions only once over) and the spectator view at each seq.
 */
function served(over: boolean) {
  const record: GameRecord = {
    id: gameId,
    status: over ? 'over' : 'playing',
    // Galaxy building: every step places a tile, so each step's board is its own.
    options: LobbyOptionsSchema.parse({ playerCount: 3, galaxy: { mode: 'build' } }),
    seats: ['Ann', 'Bo', 'Cy'].map((name, seat) => ({
      seat,
      name,
      race: 'random',
      ready: true,
      taken: true,
    })),
    creatorSeat: 0,
    seedCommitment: createHash('sha256').update(seed).digest('hex'),
    seed: over ? seed : null,
    seq: STEPS,
    winner: null,
    winners: null,
    createdAt: new Date(0).toISOString(),
  };
  const options = startOptions(record);
  if (options === undefined) throw new Error('the record does not give start options');
  let state = createGame(options, seed);
  const states: GameState[] = [state];
  const entries: ActionLogEntry[] = [];
  for (let seq = 1; seq <= STEPS; seq++) {
    const seat = decisions(state)[0]?.seat ?? 0;
    const action = legalActions(state, seat).at(-1);
    const result = apply(state, seat, action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    states.push(state);
    entries.push({
      seq,
      seat,
      type: action?.type ?? '',
      events: eventsFor(result.events, 'spectator'),
      ...(over ? { action } : {}),
      at: new Date(0).toISOString(),
    });
  }
  const asked: number[] = [];
  const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)));
  const fetchImpl = (url: string) => {
    const path = new URL(url, 'http://server').pathname + new URL(url, 'http://server').search;
    if (path === `/api/games/${gameId}`) return json(record);
    const from = /\/actions\?from=(\d+)$/.exec(path);
    if (from) {
      const first = Number(from[1]);
      return json({
        gameId,
        status: record.status,
        seed: record.seed,
        entries: entries.filter((e) => e.seq >= first),
      });
    }
    const at = /\/views\/(\d+)$/.exec(path);
    const atState = states[Number(at?.[1])];
    if (at && atState) {
      asked.push(Number(at[1]));
      return json({ seq: Number(at[1]), view: view(atState, 'spectator') });
    }
    return Promise.resolve(
      new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: path } }), {
        status: 404,
      }),
    );
  };
  return { api: new Api('', fetchImpl), asked, states };
}

afterEach(() => {
  render(null, document.body);
  document.body.innerHTML = '';
});

const table = () => document.querySelector('.table');
const stepText = () => document.querySelector('[data-testid="replay-step"]')?.textContent;
const click = (label: string) =>
  act(() => {
    document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)?.click();
  });
const boardAt = async (seq: number) => {
  await vi.waitFor(() => {
    expect(table()?.getAttribute('data-replay-seq')).toBe(String(seq));
    expect(table()?.getAttribute('aria-busy')).toBe('false');
  });
};

const shownBoard = () => document.querySelector('.board-svg')?.outerHTML;
/** The board component's own drawing of a spectator's view of `state`. */
const boardOf = (state: GameState | undefined) => {
  if (state === undefined) throw new Error('no such step');
  const v = view(state, 'spectator');
  const el = document.createElement('div');
  render(<Board view={v} names={v.players.map((p) => p.name)} />, el);
  const html = el.querySelector('.board-svg')?.outerHTML;
  render(null, el);
  return html;
};

describe('replay page', () => {
  it('shows the board of a running game at every step, fetching each once', async () => {
    const { api, asked, states } = served(false);
    render(<ReplayPage gameId={gameId} api={api} />, document.body);
    await vi.waitFor(() => {
      expect(stepText()).toContain(`Step ${String(STEPS)} of ${String(STEPS)}`);
    });
    await boardAt(STEPS);
    expect(document.querySelectorAll('.board-svg [data-hex]').length).toBeGreaterThan(0);
    await click('One step back');
    await boardAt(STEPS - 1);
    expect(boardOf(states[STEPS - 1])).not.toBe(boardOf(states[STEPS]));
    expect(shownBoard()).toBe(boardOf(states[STEPS - 1]));
    expect(document.querySelectorAll('.log-lines .seq').length).toBeGreaterThan(0);
    expect(
      [...document.querySelectorAll('.log-lines .seq')].some((e) =>
        e.textContent.includes(`#${String(STEPS)}`),
      ),
    ).toBe(false);
    await click('To the start');
    await boardAt(0);
    await click('One step forward');
    await boardAt(1);
    await click('To the end');
    await boardAt(STEPS);
    expect(asked).toEqual([STEPS, STEPS - 1, 0, 1]);
  });

  it('asks for a step reached after a pause at once, and for a drag only where it rests', async () => {
    // The page's clock stands still unless moved here: steps set at one instant are one drag.
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const { api, asked } = served(false);
      render(<ReplayPage gameId={gameId} api={api} />, document.body);
      await boardAt(STEPS);
      const slide = (to: number) =>
        act(() => {
          const slider = document.querySelector<HTMLInputElement>('input[aria-label="Step"]');
          if (slider === null) throw new Error('no slider');
          slider.value = String(to);
          slider.dispatchEvent(new Event('input', { bubbles: true }));
        });
      vi.advanceTimersByTime(1_000);
      await slide(3);
      expect(asked).toEqual([STEPS, 3]);
      await boardAt(3);
      vi.advanceTimersByTime(1_000);
      await slide(2);
      await slide(1);
      await slide(0);
      expect(asked).toEqual([STEPS, 3, 2]);
      await boardAt(0);
      expect(asked).toEqual([STEPS, 3, 2, 0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rebuilds a finished game in the browser from the checked seed, asking for no views', async () => {
    const { api, asked } = served(true);
    render(<ReplayPage gameId={gameId} api={api} />, document.body);
    await boardAt(STEPS);
    await click('One step back');
    await boardAt(STEPS - 1);
    await vi.waitFor(() => {
      expect(document.querySelector('.seed-badge')?.textContent).toContain(
        'matches its commitment',
      );
    });
    expect(asked).toEqual([]);
  });
});
