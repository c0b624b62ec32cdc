import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rest } from './harness';
import { seatTable, useE2eSession } from './session';

const env = useE2eSession(180_000);

const viewport = { width: 1280, height: 720 };

/**
 * A page on a game as a seat (its token stored as the lobby stores it) or as a spectator, with the
 * client's wait for the game's state shortened through its address (the client's real config).
 */
async function openWithShortWait(
  gameId: string,
  seat?: { seat: number; token: string; name: string },
): Promise<Page> {
  const { server } = env();
  const page = await env().newPage(viewport);
  await page.goto(`${server.url}/`);
  if (seat !== undefined) {
    await page.evaluate(
      ([id, stored]) => {
        localStorage.setItem(`outer-rim:seat:${id ?? ''}`, stored ?? '');
      },
      [gameId, JSON.stringify(seat)],
    );
  }
  await page.goto(`${server.url}/?stateWaitMs=100#/game/${gameId}`);
  return page;
}

describe('At the table (real server on PGlite, real Chromium)', () => {
  it('the waiting room shows no error while the game has not started, nor after it starts', async () => {
    const { gameId, hostToken } = await seatTable(env(), ['Ann', 'Bo'], { leaders: false });
    const host = await openWithShortWait(gameId, { seat: 0, token: hostToken, name: 'Ann' });
    const spectator = await openWithShortWait(gameId);
    for (const page of [host, spectator]) {
      // The page's wait for a state has run out (an event of the client), or it has given up.
      await page
        .locator('[data-testid="notice"], main[data-state-wait="not-started"]')
        .first()
        .waitFor();
      expect(await page.getByTestId('notice').count()).toBe(0);
    }
    await rest(env().server.url, 'POST', `/api/games/${gameId}/start`, undefined, hostToken);
    for (const page of [host, spectator]) {
      await page.locator('main[data-state-wait="received"]').waitFor();
      await page.getByTestId('status-line').waitFor();
      expect(await page.getByTestId('notice').count()).toBe(0);
    }
  });
});
