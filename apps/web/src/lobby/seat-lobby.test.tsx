// @vitest-environment happy-dom
import { createGame, view } from '@outer-rim/rules';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { Api } from '../net/api';
import type { GameRecord, SeatRecord } from '../net/protocol';
import { PlayersPanel } from '../play/players-panel';
import { SeatLobby } from './seat-lobby';

const token = 'A'.repeat(43);

function record(seats: Partial<SeatRecord>[]): GameRecord {
  return {
    id: 'bots-game',
    title: "Hana's game",
    status: 'lobby',
    options: { playerCount: seats.length },
    seats: seats.map((s, seat) => ({
      seat,
      name: null,
      race: 'random',
      ready: false,
      taken: false,
      ...s,
    })),
    creatorSeat: 0,
    seedCommitment: '0'.repeat(64),
    seed: null,
    seq: 0,
    winner: null,
    winners: null,
    createdAt: new Date(0).toISOString(),
  };
}

/** The lobby with a server that records what it is asked and answers with the record. */
function lobby(game: GameRecord, mySeat: number) {
  const asked: { method: string; path: string; body: unknown; auth: string | null }[] = [];
  const api = new Api('', (url, init) => {
    const headers = new Headers(init?.headers);
    asked.push({
      method: init?.method ?? 'GET',
      path: url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      auth: headers.get('authorization'),
    });
    return Promise.resolve(new Response(JSON.stringify(game)));
  });
  const el = document.body.appendChild(document.createElement('div'));
  render(
    <SeatLobby
      record={game}
      stored={{ seat: mySeat, token, name: game.seats[mySeat]?.name ?? '' }}
      api={api}
      onClaimed={() => undefined}
      onLeft={() => undefined}
    />,
    el,
  );
  return { el, asked };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('bots in the lobby', () => {
  const game = record([
    { name: 'Host', taken: true },
    { name: 'Bot 2', taken: true, ready: true, race: 'sol', bot: 'heuristic' },
    {},
  ]);

  it('the creator adds a bot to a free seat, choosing how it plays, and removes one', async () => {
    const { el, asked } = lobby(game, 0);
    const free = el.querySelector('tr[data-seat="2"]');
    const select = free?.querySelector<HTMLSelectElement>('select[name="bot-policy"]');
    expect(select).toBeTruthy();
    // Each choice in players' words, never the policy's id.
    expect([...(select?.options ?? [])].map((o) => o.textContent)).toEqual([
      'plays sensibly',
      'plays at random',
    ]);
    await act(() => {
      if (select) select.value = 'random';
      select?.dispatchEvent(new Event('change'));
    });
    await act(async () => {
      free?.querySelector<HTMLButtonElement>('button[name="add-bot"]')?.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(asked).toContainEqual({
      method: 'PUT',
      path: '/api/games/bots-game/seats/2/bot',
      body: { policy: 'random' },
      auth: `Bearer ${token}`,
    });

    const botRow = el.querySelector('tr[data-seat="1"]');
    expect(botRow?.querySelector('[data-testid="bot-mark"]')?.textContent).toBe('bot');
    expect(botRow?.querySelector('button[name="add-bot"]')).toBeNull();
    await act(async () => {
      botRow?.querySelector<HTMLButtonElement>('button[name="remove-bot"]')?.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(asked.at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/api/games/bots-game/seats/1/bot',
    });
  });

  it('another player sees the bot but has no bot buttons', () => {
    const { el } = lobby(
      record([
        { name: 'Host', taken: true },
        { name: 'Bot 2', taken: true, ready: true, bot: 'random' },
        { name: 'Guest', taken: true },
        {},
      ]),
      2,
    );
    expect(el.querySelectorAll('[data-testid="bot-mark"]')).toHaveLength(1);
    expect(el.querySelector('button[name="add-bot"]')).toBeNull();
    expect(el.querySelector('button[name="remove-bot"]')).toBeNull();
  });
});

describe('bots at the table', () => {
  it('marks a bot seat and a seat played by a bot while its player is away', () => {
    const state = createGame(
      { players: [{ name: 'Ann' }, { name: 'Bot 2' }, { name: 'Cy' }] },
      's',
    );
    const seats = record([
      { name: 'Ann', taken: true },
      { name: 'Bot 2', taken: true, bot: 'heuristic' },
      { name: 'Cy', taken: true, handedOver: true },
    ]).seats;
    const el = document.body.appendChild(document.createElement('div'));
    render(<PlayersPanel view={view(state, 0)} seat={0} active={[]} seats={seats} />, el);
    const mark = (seat: number) =>
      el.querySelector(`[data-seat="${String(seat)}"] [data-testid="bot-mark"]`)?.textContent;
    expect(mark(0)).toBeUndefined();
    expect(mark(1)).toBe('bot');
    expect(mark(2)).toBe('played by a bot while away');
  });
});

describe('the waiting table', () => {
  const game = record([
    { name: 'Hana', taken: true },
    { name: 'Bo', taken: true },
  ]);

  it('is headed by the game’s name', () => {
    const { el } = lobby(game, 1);
    expect(el.querySelector('h2 [data-testid="game-title"]')?.textContent).toBe("Hana's game");
  });

  it('the creator starts the game and is shown no Ready button of its own; the others say ready', () => {
    const host = lobby(game, 0);
    expect(host.el.querySelector('button[name="ready"]')).toBeNull();
    expect(host.el.querySelector('button[name="start"]')).not.toBeNull();
    expect(host.el.querySelector('tr[data-seat="0"] td:last-child')?.textContent).toBe('host');
    document.body.innerHTML = '';
    const guest = lobby(game, 1);
    expect(guest.el.querySelector('button[name="ready"]')?.textContent).toBe('Ready');
    expect(guest.el.querySelector('button[name="start"]')).toBeNull();
  });
});
