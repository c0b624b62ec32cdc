import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startTable, useE2eSession } from './session';

const env = useE2eSession();

/** An eight-seat game of 32-character names, started through the REST API, opened as seat 0. */
async function eightLongNames(viewport: { width: number; height: number }): Promise<Page> {
  const { server, browser } = env();
  const names = Array.from({ length: 8 }, (_, i) =>
    `Player ${i + 1} of the Outer Rim Fleet`.padEnd(32, '!'),
  );
  const { gameId, tokens } = await startTable(env(), names, {});
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(`${server.url}/`);
  await page.evaluate(
    ([id, stored]) => {
      localStorage.setItem(`outer-rim:seat:${id ?? ''}`, stored ?? '');
    },
    [gameId, JSON.stringify({ seat: 0, token: tokens[0], name: names[0] })],
  );
  await page.goto(`${server.url}/#/game/${gameId}`);
  await page.locator('.board-svg [data-hex]').first().waitFor();
  return page;
}

interface Measure {
  /** Texts and unit rows whose box leaves their hex, by hex and what they say. */
  outside: string[];
  /** Smallest rendered size (px) of a planet name, and of a unit symbol. */
  planetFont: number;
  symbol: number;
  garrison: number;
  planets: number;
  unitRows: number;
  scrollWidth: number;
  /** Elements reaching past the window's right edge (outermost first), to say what overflows. */
  wide: string[];
}

/** Measures the board as drawn: every label against its own hexagon, and the sizes on screen. */
function measureBoard(page: Page): Promise<Measure> {
  return page.evaluate(() => {
    const outside: string[] = [];
    let planetFont = Infinity;
    let symbol = Infinity;
    let garrison = Infinity;
    let planets = 0;
    let unitRows = 0;
    for (const content of document.querySelectorAll<SVGGElement>('[data-content]')) {
      const key = content.getAttribute('data-content') ?? '';
      const polygon = document.querySelector(`[data-hex="${key}"] polygon`);
      if (polygon === null) continue;
      const hex = polygon.getBoundingClientRect();
      const cx = hex.left + hex.width / 2;
      const cy = hex.top + hex.height / 2;
      // The polygon's box includes half its border; the hexagon inside the border is a little smaller.
      const r = hex.width / 2;
      const inside = (x: number, y: number) => {
        const dx = Math.abs(x - cx);
        const dy = Math.abs(y - cy);
        return dy <= (r * Math.sqrt(3)) / 2 + 1 && dx <= r - dy / Math.sqrt(3) + 1;
      };
      const parts = content.querySelectorAll<SVGGraphicsElement>('text, .unit-row');
      for (const part of parts) {
        const b = part.getBoundingClientRect();
        if (b.width === 0) continue;
        const corners: [number, number][] = [
          [b.left, b.top],
          [b.right, b.top],
          [b.left, b.bottom],
          [b.right, b.bottom],
        ];
        if (!corners.every(([x, y]) => inside(x, y))) {
          outside.push(`${key}: ${part.textContent}`);
        }
      }
      for (const text of content.querySelectorAll<SVGTextElement>('.hex-planet')) {
        const scale = text.getScreenCTM()?.a ?? 0;
        planetFont = Math.min(planetFont, scale * parseFloat(getComputedStyle(text).fontSize));
        planets++;
      }
      // Ships in space; a garrison on its planet's line is drawn a little smaller.
      for (const use of content.querySelectorAll<SVGUseElement>(':scope > .unit-row use')) {
        symbol = Math.min(symbol, use.getBoundingClientRect().width);
      }
      for (const use of content.querySelectorAll<SVGUseElement>('.planet .unit-row use')) {
        garrison = Math.min(garrison, use.getBoundingClientRect().width);
      }
      unitRows += content.querySelectorAll('.unit-row').length;
    }
    return {
      outside,
      planetFont,
      symbol,
      garrison,
      planets,
      unitRows,
      scrollWidth: document.documentElement.scrollWidth,
      // The board and the movement/battle panels (the market and lobby are tested with their own layout).
      wide: [...document.querySelectorAll('.table-main *, .move-panel *, .battle-panel *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .slice(0, 5)
        .map((e) => `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''}`),
    };
  });
}

describe('the board is readable at the default zoom (real server, real Chromium)', () => {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ]) {
    it(`eight seats of 32-character names at ${viewport.width}×${viewport.height}: every label inside its hex, readable, nothing on the board past the window's edge`, async () => {
      const page = await eightLongNames(viewport);
      const m = await measureBoard(page);
      process.stdout.write(
        `board at ${viewport.width}×${viewport.height}: planet names ${m.planetFont.toFixed(1)} px, ships ${m.symbol.toFixed(1)} px, garrisons ${m.garrison.toFixed(1)} px, ${m.planets} planets, ${m.unitRows} unit rows\n`,
      );
      expect(m.outside).toEqual([]);
      expect(m.planets).toBeGreaterThan(40);
      // Every home holds a fleet and a garrison.
      expect(m.unitRows).toBeGreaterThanOrEqual(16);
      // The whole galaxy shows on load (table-fits.test.ts): at 1920×1080 its names read as they
      // are; at 1280×720 the eight-player galaxy is drawn smaller, to be zoomed into. Each game
      // deals its own galaxy, whose extent sets the scale: the bounds hold for every deal seen.
      const large = viewport.width >= 1920;
      expect(m.planetFont).toBeGreaterThanOrEqual(large ? 9.5 : 6);
      expect(m.symbol).toBeGreaterThanOrEqual(large ? 7 : 4.2);
      expect(m.garrison).toBeGreaterThanOrEqual(large ? 6 : 3.6);
      expect(m.wide).toEqual([]);
      process.stdout.write(`page scroll width ${m.scrollWidth} px\n`);
      // The shortened home titles keep the full name for the hover title.
      const titles = await page
        .locator('.hex-label.race')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-full') ?? ''));
      expect(titles.filter((t) => t.startsWith('Player '))).toHaveLength(8);
      await page.context().close();
    }, 120_000);
  }
});
