import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rest } from './harness';
import { seatTable, SHOTS, shotsDir, storeSeat, useE2eSession, type Viewport } from './session';

const env = useE2eSession();

/** A page holding `seat`'s token of `gameId`, on the game's page. */
async function asSeat(
  viewport: Viewport,
  gameId: string,
  seat: { seat: number; token: string; name: string } | undefined,
): Promise<Page> {
  const { server } = env();
  const page = await env().newPage(viewport);
  await storeSeat(page, server.url, gameId, seat);
  await page.goto(`${server.url}/#/game/${gameId}`);
  await page.locator('table.seats').waitFor();
  return page;
}

/** What of the seats table a player cannot read whole: headers on two lines, cut names. */
function unreadable(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth)
      out.push('the page scrolls sideways');
    for (const th of document.querySelectorAll('table.seats th')) {
      const range = document.createRange();
      range.selectNodeContents(th);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) out.push(`header "${th.textContent}" on ${String(lines.size)} lines`);
    }
    for (const name of document.querySelectorAll<HTMLElement>('table.seats .name')) {
      if (name.scrollWidth > name.clientWidth + 0.5) out.push(`name "${name.textContent}" cut`);
    }
    return out;
  });
}

/**
 * The selects matching `selector` whose chosen option does not fit inside them (their padding
 * and arrow taken off): each said with its text and the room it had.
 */
function cutChoices(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const select of document.querySelectorAll<HTMLSelectElement>(sel)) {
      const style = getComputedStyle(select);
      const probe = document.createElement('span');
      probe.style.font = style.font;
      probe.style.whiteSpace = 'pre';
      probe.textContent = select.selectedOptions[0]?.textContent ?? '';
      document.body.append(probe);
      const text = probe.getBoundingClientRect().width;
      probe.remove();
      // The room inside: the select's width less its padding and its arrow.
      const room =
        select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
      if (text > room) out.push(`choice "${probe.textContent}" cut (${String(room)} px)`);
    }
    return out;
  }, selector);
}

describe('the lobby: names, seats and who sees what (real server on PGlite, real Chromium)', () => {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    const tag = `${String(viewport.width)}x${String(viewport.height)}`;
    it(`at ${tag}: the waiting table reads whole — "Seat", every name, the bot's choice; the host has no Ready button`, async () => {
      const { gameId, tokens, hostToken } = await seatTable(env(), ['Hana', 'Cyrus'], {
        playerCount: 4,
      });
      await rest(env().server.url, 'PUT', `/api/games/${gameId}/seats/2/bot`, {}, hostToken);
      const host = await asSeat(viewport, gameId, { seat: 0, token: hostToken, name: 'Hana' });
      await host.locator('tr[data-seat="2"] [data-testid="bot-mark"]').waitFor();
      expect(await host.getByTestId('game-title').textContent()).toBe("Hana's game");
      expect(await unreadable(host)).toEqual([]);
      expect(await cutChoices(host, 'select[name=bot-policy]')).toEqual([]);
      expect(await host.locator('button[name=ready]').count()).toBe(0);
      await host.locator('button[name=start]').waitFor();
      if (SHOTS && viewport.width === 1280) await host.screenshot({ path: `${shotsDir}seats.png` });

      const cyrus = await asSeat(viewport, gameId, {
        seat: 1,
        token: tokens[1] ?? '',
        name: 'Cyrus',
      });
      await cyrus.locator('button[name=ready]').waitFor();
      expect(await unreadable(cyrus)).toEqual([]);
      expect(await cutChoices(cyrus, 'select[name=bot-policy]')).toEqual([]);
      await host.context().close();
      await cyrus.context().close();
    }, 120_000);
  }

  it('the create form fits at 1280×720 and at 390×844: every field lies inside the form, every choice reads whole', async () => {
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 390, height: 844 },
    ]) {
      const page = await env().newPage(viewport);
      await page.goto(`${env().server.url}/`);
      const form = page.locator('form.create-game');
      await form.waitFor();
      // Every field the form can show: the map string's too, and the longest choices chosen.
      await form.locator('select[name=galaxy]').selectOption('map-string');
      await form.locator('select[name=variant]').selectOption('long-parsecs');
      await form.locator('select[name=clockExpiry]').selectOption('bot');
      const box = await form.boundingBox();
      if (box === null) throw new Error('the create form has no box');
      const fields = form.locator('select, input, textarea');
      const outside: string[] = [];
      for (const field of await fields.all()) {
        const at = await field.boundingBox();
        const name = (await field.getAttribute('name')) ?? '?';
        if (at === null) outside.push(`${name} has no box`);
        else if (
          at.x < box.x - 0.5 ||
          at.y < box.y - 0.5 ||
          at.x + at.width > box.x + box.width + 0.5 ||
          at.y + at.height > box.y + box.height + 0.5
        )
          outside.push(`${name} at ${JSON.stringify(at)} outside ${JSON.stringify(box)}`);
      }
      expect(await fields.count()).toBeGreaterThan(10);
      expect(outside, `${String(viewport.width)}×${String(viewport.height)}`).toEqual([]);
      expect(await cutChoices(page, 'form.create-game select')).toEqual([]);
      await page.context().close();
    }
  }, 120_000);

  it('games are listed by name; a full game is never offered to join; a spectator of a full game gets no invite link', async () => {
    const { server } = env();
    const open = await seatTable(env(), ['Hana'], { playerCount: 3 });
    const full = await seatTable(env(), ['Ines', 'Jo'], { playerCount: 2 });
    const named = await rest<{ gameId: string }>(server.url, 'POST', '/api/games', {
      name: 'Kai',
      title: 'Friday in the Outer Rim',
      options: { playerCount: 2 },
    });

    const lobby = await env().newPage({ width: 1280, height: 720 });
    await lobby.goto(`${server.url}/`);
    const join = lobby.locator('[data-list="join"]');
    const watch = lobby.locator('[data-list="watch"]');
    await join.locator(`li[data-game="${named.gameId}"]`).waitFor();
    expect(
      await join
        .locator(`li[data-game="${named.gameId}"] [data-testid="game-title"]`)
        .textContent(),
    ).toBe('Friday in the Outer Rim');
    expect(
      await join.locator(`li[data-game="${open.gameId}"] [data-testid="game-title"]`).textContent(),
    ).toBe("Hana's game");
    expect(await join.locator(`li[data-game="${full.gameId}"]`).count()).toBe(0);
    expect(await watch.locator(`li[data-game="${full.gameId}"] a`).textContent()).toBe('Watch');
    if (SHOTS) await lobby.screenshot({ path: `${shotsDir}lobby-games.png` });

    // A spectator of the full game: nothing to invite anyone to. Of the open game: the link.
    const watcher = await asSeat({ width: 1280, height: 720 }, full.gameId, undefined);
    expect(await watcher.getByTestId('invite').count()).toBe(0);
    const visitor = await asSeat({ width: 1280, height: 720 }, open.gameId, undefined);
    await visitor.getByTestId('invite-url').waitFor();
  }, 120_000);

  it('"About the rules": a "Read more" link opens the rules notes on the page itself', async () => {
    const { server } = env();
    const page = await env().newPage({ width: 1280, height: 720 });
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'About the rules: what works today' }).click();
    const link = page.locator('tr[data-rule] a', { hasText: 'our values: Rules notes' }).first();
    await link.click();
    await page.waitForFunction(() => location.hash === '#/rules/notes');
    const notes = page.locator('#rules-notes');
    await notes.locator('h3').first().waitFor();
    // The notes are scrolled to: their heading is inside the window.
    await page.waitForFunction(() => {
      const top = document.querySelector('#rules-notes h2')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < window.innerHeight;
    });
    expect(await notes.locator('li').count()).toBeGreaterThan(5);
  }, 60_000);
});
