import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rest } from './harness';
import { seatTable, seqOf, useE2eSession } from './session';

const env = useE2eSession(180_000);
const viewport = { width: 1440, height: 1000 };

const openSeat = (gameId: string, seat: number, token: string, name: string) =>
  env().openAs(viewport, gameId, seat, token, name);

/**
 * What a page offers its seat: an action-card window (BG-9), a trade agreement a bot proposed
 * (refused: it stays a step), a vote (BG-8) or a decision.
 */
const ENDING = [
  'button.action[data-action="pass-card"]:not([disabled])',
  'button.action[data-action="refuse-trade"]:not([disabled])',
  'button.action[data-action="vote"]:not([disabled])',
  '.decision-panel button.action[data-action^="end-"]:not([disabled])',
].join(', ');
/**
 * Every other choice a seat can owe, in whichever panel asks it: the generic list, a fight's
 * casualties (the first legal choice is filled in) or retreat, the political phase's own
 * questions (BG-1 Veto, the agenda pick, Hopes End, Eavesdrop), a gravity rift's roll or stay.
 * A card is never played from here: the window is passed instead.
 */
const ANY = [
  ENDING,
  '.decision-panel button.action:not([disabled])',
  '.battle-panel button.action:not([disabled])',
  '.politics-panel button.action:not([disabled])',
  '.move-panel.rift button.action:not([disabled])',
].join(', ');

const asked = async (page: Page) => (await page.locator(ANY).count()) > 0;

/** Clicks one action the page offers (ending the step when it can), if it offers any. */
async function actIfAsked(page: Page): Promise<boolean> {
  const ending = page.locator(ENDING);
  if (!(await asked(page))) return false;
  const button = (await ending.count()) > 0 ? ending.first() : page.locator(ANY).first();
  await button.click({ timeout: 2000 }).catch(() => undefined);
  return true;
}

/** Plays `page`'s seat whenever it is asked, until `done` holds (or the time runs out). */
async function playUntil(page: Page, done: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) {
      // What the table waited for, in the page's own words, so that a failure says why.
      const waiting = await page.locator('.decision-panel').textContent();
      throw new Error(`timed out playing on; the page says: ${waiting ?? '(no decision panel)'}`);
    }
    if (!(await actIfAsked(page))) await page.waitForTimeout(150);
  }
}

const logText = async (page: Page) => (await page.locator('.log-lines').textContent()) ?? '';
const markOf = (page: Page, seat: number) =>
  page.locator(`.players-panel [data-seat="${String(seat)}"] [data-testid="bot-mark"]`);

describe('bots at the table (real server on PGlite, real Chromium)', () => {
  it('a host creates a three-player game, seats two bots, starts, and plays with them', async () => {
    const { server } = env();
    const host = await env().newPage(viewport);
    await host.goto(`${server.url}/`);
    await host.locator('form.create-game input[name=name]').fill('Ann');
    await host.locator('select[name=players]').selectOption('3');
    await host.locator('input[name=handOverAfter]').fill('30');
    await host.locator('form.create-game button[type=submit]').click();
    await host.waitForURL(/#\/game\/[A-Za-z0-9_-]+$/);
    await host.getByText('a bot plays for a player away longer than 30 seconds').waitFor();

    // Seat 2 plays sensibly, seat 3 at random; a bot can be taken out again before the start.
    const seat2 = host.locator('tr[data-seat="1"]');
    await seat2.locator('button[name="add-bot"]').click();
    await seat2.getByTestId('bot-mark').waitFor();
    await seat2.locator('button[name="remove-bot"]').click();
    await seat2.locator('button[name="add-bot"]').waitFor();
    await seat2.locator('button[name="add-bot"]').click();
    await seat2.getByTestId('bot-mark').waitFor();
    const seat3 = host.locator('tr[data-seat="2"]');
    await seat3.locator('select[name="bot-policy"]').selectOption('random');
    await seat3.locator('button[name="add-bot"]').click();
    await seat3.getByTestId('bot-mark').waitFor();
    expect(await seat2.locator('.name').textContent()).toBe('Bot 2');
    expect(await seat3.locator('.name').textContent()).toBe('Random bot 3');
    // Bots pick a race and are ready: the host can start at once.
    await host.locator('button[name=start]:not([disabled])').click();
    await host.locator('.table').waitFor();
    expect(await markOf(host, 1).textContent()).toBe('bot');
    expect(await markOf(host, 2).textContent()).toBe('bot');

    // The bots act on their own; the host gets its own decisions and plays them.
    let mine = 0;
    await playUntil(host, async () => {
      const text = await logText(host);
      if (await asked(host)) mine++;
      return text.includes('Bot 2') && text.includes('Random bot 3') && mine > 0;
    });
    const before = await seqOf(host);
    await playUntil(host, async () => (await seqOf(host)) >= before + 10);
    expect(await host.locator('.decision-panel .error').count()).toBe(0);
    // A lobby, a start and a stretch of play: past the default 5 s on a loaded machine.
  }, 120_000);

  it("an away player's seat is played by a bot after the host's time, and given back on return", async () => {
    const { server } = env();
    const { gameId, tokens, hostToken } = await seatTable(env(), ['Ann', 'Zed'], {
      playerCount: 3,
      handOverAfterSeconds: 2,
    });
    await rest(server.url, 'PUT', `/api/games/${gameId}/seats/2/bot`, {}, hostToken);
    await rest(server.url, 'POST', `/api/games/${gameId}/start`, undefined, hostToken);
    const host = await openSeat(gameId, 0, hostToken, 'Ann');
    let zed = await openSeat(gameId, 1, tokens[1] ?? '', 'Zed');
    expect(await markOf(host, 1).count()).toBe(0);

    // Zed closes the page. Two seconds later a bot plays Zed's seat, and the table sees it.
    await zed.context().close();
    await markOf(host, 1).filter({ hasText: 'played by a bot while away' }).waitFor();
    const away = await seqOf(host);
    // The table's log shows Zed's seat acting while Zed is away (the public log says whose it was).
    await playUntil(host, async () => {
      const lines = await host.locator('.log-lines li').allTextContents();
      if (
        !lines.some((line) => Number(/#(\d+)/.exec(line)?.[1] ?? 0) > away && line.includes('Zed'))
      ) {
        return false;
      }
      const log = await rest<{ entries: { seq: number; seat: number }[] }>(
        server.url,
        'GET',
        `/api/games/${gameId}/actions?from=${String(away + 1)}`,
      );
      return log.entries.some((entry) => entry.seat === 1);
    });

    // Zed comes back with the seat token: the seat is Zed's again, and Zed is asked to decide.
    zed = await openSeat(gameId, 1, tokens[1] ?? '', 'Zed');
    await markOf(host, 1).waitFor({ state: 'detached' });
    await playUntil(host, () => asked(zed));
    const back = await seqOf(zed);
    await actIfAsked(zed);
    await zed.waitForFunction(
      (n) => Number(document.querySelector('.table')?.getAttribute('data-seq') ?? -1) > n,
      back,
    );
    expect(await markOf(zed, 1).count()).toBe(0);
    // Two hand-overs and a stretch of play for two seats: longer than one e2e step on a busy machine.
  }, 150_000);
});
