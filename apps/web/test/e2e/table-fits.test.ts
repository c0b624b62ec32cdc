import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS, shotsDir, startTable, useE2eSession, type Viewport } from './session';

const env = useE2eSession(180_000);

const NAMES = ['Hana', 'Bo', 'Cyrus', 'Dita', 'Emeka', 'Farah', 'Goran', 'Ines'];

/** A started game of `players` seats, opened as seat 0 at `viewport`, once the board is drawn. */
async function tableOf(players: number, viewport: Viewport): Promise<Page> {
  const names = NAMES.slice(0, players);
  const { gameId, tokens } = await startTable(env(), names, {});
  const page = await env().openAs(viewport, gameId, 0, tokens[0], names[0]);
  await page.locator('.board-svg [data-hex]').first().waitFor();
  return page;
}

interface Fit {
  hexes: number;
  /** Hexes whose box leaves the board's visible area or the window. */
  outside: string[];
  /** The page itself scrolls (it should not: the panels do). */
  pageScrolls: boolean;
  /** What reaches below the window outside the side column, to say why the page scrolls. */
  below: string[];
  sideOverflow: string;
  /** The log and talk's box, against the window's height. */
  talkBottom: number;
  height: number;
}

function measureFit(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const board = document.querySelector('.board')?.getBoundingClientRect();
    const outside: string[] = [];
    let hexes = 0;
    for (const hex of document.querySelectorAll('[data-hex] polygon')) {
      hexes++;
      const r = hex.getBoundingClientRect();
      const key = hex.parentElement?.getAttribute('data-hex') ?? '';
      if (
        board === undefined ||
        r.left < board.left - 0.5 ||
        r.right > board.right + 0.5 ||
        r.top < board.top - 0.5 ||
        r.bottom > board.bottom + 0.5 ||
        r.bottom > window.innerHeight + 0.5 ||
        r.right > window.innerWidth + 0.5
      ) {
        outside.push(`${key} [${Math.round(r.top)}, ${Math.round(r.bottom)}]`);
      }
    }
    const side = document.querySelector('.table-side');
    return {
      hexes,
      outside,
      pageScrolls: document.documentElement.scrollHeight > window.innerHeight + 1,
      below: [...document.querySelectorAll('body *')]
        .filter(
          (e) =>
            e.closest('.table-side') === null &&
            e.getBoundingClientRect().bottom > window.innerHeight + 0.5,
        )
        .slice(0, 6)
        .map(
          (e) =>
            `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''} ${String(Math.round(e.getBoundingClientRect().bottom))}`,
        ),
      sideOverflow: side === null ? 'none' : getComputedStyle(side).overflowY,
      talkBottom: document.querySelector('.side-talk')?.getBoundingClientRect().bottom ?? Infinity,
      height: window.innerHeight,
    };
  });
}

describe('the board fits the window; the side panels scroll on their own (real server, real Chromium)', () => {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ]) {
    const tag = `${String(viewport.width)}x${String(viewport.height)}`;
    it(`at ${tag}: every hex of a 3-, 6- and 8-player galaxy is inside the board on load, the page does not scroll, the log stays in the window`, async () => {
      for (const players of [3, 6, 8]) {
        const page = await tableOf(players, viewport);
        const fit = await measureFit(page);
        expect(fit.hexes, `${String(players)} players`).toBeGreaterThan(30);
        expect(fit.outside, `${String(players)} players at ${tag}`).toEqual([]);
        expect(
          fit.pageScrolls,
          `${String(players)} players at ${tag}: ${fit.below.join(', ')}`,
        ).toBe(false);
        expect(fit.sideOverflow).toBe('auto');
        expect(fit.talkBottom).toBeLessThanOrEqual(fit.height + 0.5);

        // Scrolling the side column moves neither the page nor the board.
        const boardTop = await page
          .locator('.board')
          .evaluate((b) => b.getBoundingClientRect().top);
        await page.locator('.table-side').hover();
        await page.mouse.wheel(0, 600);
        await page.waitForFunction(
          () => (document.querySelector('.table-side')?.scrollTop ?? 0) > 0,
        );
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        expect(await page.locator('.board').evaluate((b) => b.getBoundingClientRect().top)).toBe(
          boardTop,
        );
        if (SHOTS && players === 8) {
          await page.locator('.table-side').evaluate((s) => {
            s.scrollTop = 0;
          });
          await page.screenshot({ path: `${shotsDir}board-in-play-${tag}.png` });
        }
        await page.context().close();
      }
    }, 240_000);
  }

  it('on a phone (390×844) the board comes first and opens readable, a few systems across; the fit button shows the whole galaxy', async () => {
    const page = await tableOf(6, { width: 390, height: 844 });
    const first = await page.evaluate(() => {
      const board = document.querySelector('.board')?.getBoundingClientRect();
      const side = document.querySelector('.table-side')?.getBoundingClientRect();
      // Planet names drawn inside the window, and their size on screen.
      const sizes = [...document.querySelectorAll<SVGTextElement>('.hex-planet')]
        .filter((t) => {
          const r = t.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= 390;
        })
        .map((t) => (t.getScreenCTM()?.a ?? 0) * parseFloat(getComputedStyle(t).fontSize));
      return {
        boardTop: board?.top ?? Infinity,
        boardHeight: board?.height ?? 0,
        sideTop: side?.top ?? 0,
        sizes,
        pageWidth: document.documentElement.scrollWidth,
      };
    });
    expect(first.boardTop).toBeLessThan(260);
    expect(first.boardHeight).toBeGreaterThan(300);
    expect(first.sideTop).toBeGreaterThan(first.boardTop);
    expect(first.pageWidth).toBeLessThanOrEqual(390);
    expect(first.sizes.length).toBeGreaterThan(0);
    expect(Math.min(...first.sizes)).toBeGreaterThanOrEqual(10);
    if (SHOTS) await page.screenshot({ path: `${shotsDir}board-in-play-390x844.png` });
    await page.getByRole('button', { name: 'Show the whole galaxy' }).click();
    const whole = await measureFit(page);
    expect(whole.outside).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('a system’s details follow the mouse, and never stay over the board after a pan', async () => {
    const page = await tableOf(3, { width: 1280, height: 720 });
    const hex = page.locator('[data-hex="0,0"] polygon');
    await hex.hover();
    await page.locator('.hex-details').waitFor();
    const box = await hex.boundingBox();
    if (box === null) throw new Error('Mecatol Rex is not drawn');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(x + i * 25, y + i * 10);
    await page.mouse.up();
    await page.locator('.hex-details').waitFor({ state: 'detached' });
    expect(await page.locator('.hex-details').count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
