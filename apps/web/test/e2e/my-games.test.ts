import { describe, expect, it } from 'vitest';
import type { MyGamesResponse } from '../../src/net/protocol';
import { rest } from './harness';
import { seatTable, startTable, useE2eSession } from './session';

const env = useE2eSession(180_000);
const NAMES = ['Ann', 'Bo', 'Cy'];
// BG-4 galaxy building: one seat places a tile at a time, so the others wait.
const BUILD = { galaxy: { mode: 'build' } };

/** Which seats of a started game owe a decision now, asked as the page asks it. */
async function owing(url: string, gameId: string, tokens: readonly string[]): Promise<Set<number>> {
  const answer = await rest<MyGamesResponse>(url, 'POST', '/api/my-games', {
    seats: [{ gameId, token: tokens[0] }],
  });
  return new Set(answer.games[0]?.owing.map((o) => o.seat));
}

describe('my games', () => {
  it('lists three games this browser holds seats in, "your move" first, linked from the lobby', async () => {
    const session = env();
    const url = session.server.url;
    const first = await startTable(session, NAMES, BUILD);
    const second = await startTable(session, NAMES, BUILD);
    const waiting = await seatTable(session, NAMES, {});
    const owedFirst = await owing(url, first.gameId, first.tokens);
    const owedSecond = await owing(url, second.gameId, second.tokens);
    // In one game a seat that owes a decision, in the other one that does not.
    const mover = [0, 1, 2].find((s) => owedFirst.has(s));
    const idle = [0, 1, 2].find((s) => !owedSecond.has(s));
    if (mover === undefined || idle === undefined) throw new Error('no such seats at the start');
    const held = [
      { gameId: waiting.gameId, seat: 2, token: waiting.tokens[2] ?? '' },
      { gameId: second.gameId, seat: idle, token: second.tokens[idle] ?? '' },
      { gameId: first.gameId, seat: mover, token: first.tokens[mover] ?? '' },
    ];

    const page = await session.newPage({ width: 1280, height: 720 });
    await page.goto(`${url}/`);
    await page.evaluate(
      (seats) => {
        for (const s of seats) {
          localStorage.setItem(
            `outer-rim:seat:${s.gameId}`,
            JSON.stringify({ seat: s.seat, token: s.token, name: s.name }),
          );
        }
      },
      held.map((h) => ({ ...h, name: NAMES[h.seat] ?? '' })),
    );
    await page.getByRole('link', { name: 'My games' }).click();
    const items = page.locator('.my-games-list > li');
    await items.nth(2).waitFor();
    expect(await items.count()).toBe(3);
    expect(await items.evaluateAll((li) => li.map((e) => e.getAttribute('data-game')))).toEqual([
      first.gameId,
      // Both wait on others; the older game first.
      second.gameId,
      waiting.gameId,
    ]);
    const top = items.nth(0);
    expect(await top.getAttribute('data-your-move')).toBe('yes');
    expect(await top.innerText()).toContain(`you are ${NAMES[mover] ?? ''}`);
    expect(await top.locator('.your-move-mark').innerText()).toMatch(/^Your move: ./);
    const middle = await items.nth(1).innerText();
    expect(middle).toContain('Waiting for ');
    expect(middle).toContain('Galaxy Building');
    expect(await items.nth(2).innerText()).toContain('Waiting in the lobby');

    // The game's link opens its table as the seat held.
    await top.getByRole('link').click();
    await page
      .getByTestId('status-line')
      .filter({ hasText: `you are ${NAMES[mover] ?? ''}` })
      .waitFor();
  });
});
