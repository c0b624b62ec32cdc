import { hexKey, parseHexKey } from '@outer-rim/map';
import { RULE_LINES } from '@outer-rim/rules';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { prepareScenario } from './scenario';
import { SHOTS, shotsDir, startPrepared, useE2eSession } from './session';

const env = useE2eSession();

const viewport = { width: 1280, height: 720 };

async function clickHex(page: Page, key: string): Promise<void> {
  await page.locator(`.board-svg [data-hex="${key}"]`).click({ force: true });
}

/** Hovers a hex with the mouse and reads the "Why not?" its details show. */
async function whyNotAt(page: Page, key: string): Promise<{ rule: string; text: string }> {
  await page.locator(`.board-svg [data-hex="${key}"]`).hover({ force: true });
  const why = page.getByTestId('hex-why-not');
  await why.waitFor();
  return {
    rule: (await why.getAttribute('data-rule')) ?? '',
    text: (await why.textContent()) ?? '',
  };
}

describe('"Why not?" on the board: a system the player cannot move to says which rule keeps it out (real server on PGlite, real Chromium)', () => {
  it('BG-5 / OR-4.1: hovering a system with no ships, then a system past a Nebula, names the rule and its line', async () => {
    const names = ['Ann', 'Bo'];
    const { table, prepared: sc } = await startPrepared(
      env(),
      names,
      { leaders: false },
      prepareScenario,
    );
    const me = await env().openAs(
      viewport,
      table.gameId,
      sc.seat,
      table.tokens[sc.seat],
      names[sc.seat],
    );
    await me.locator('.move-panel').waitFor();

    // BG-5: before a fleet is chosen, a system without the player's ships is not lit, and says why.
    const empty = await whyNotAt(me, sc.nebula);
    expect(empty.rule).toBe('BG-5');
    expect(empty.text).toMatch(/You have no ships in .* to move\./);
    expect(empty.text).toContain(`${RULE_LINES['BG-5'] ?? '?'} (BG-5)`);

    // OR-4.1: two Cruisers (move 2) beside the Nebula; the system straight past it is two steps
    // away as the crow flies, but the Nebula stops whatever enters it.
    await clickHex(me, sc.nebulaFrom);
    await me.locator('.move-panel input[data-unit="cruiser"]').fill('2');
    await me.locator(`.board-svg .hex-legal[data-hex="${sc.nebula}"]`).waitFor();
    const from = parseHexKey(sc.nebulaFrom);
    const mid = parseHexKey(sc.nebula);
    const past = hexKey({ q: 2 * mid.q - from.q, r: 2 * mid.r - from.r });
    expect(await me.locator(`.board-svg .hex-legal[data-hex="${past}"]`).count()).toBe(0);
    const why = await whyNotAt(me, past);
    expect(why.rule).toBe('OR-4.1');
    expect(why.text).toMatch(/Why not\? A ship that enters the Nebula .* stops there\./);
    expect(why.text).toContain(`${RULE_LINES['OR-4.1'] ?? '?'} (OR-4.1)`);
    if (SHOTS) await me.screenshot({ path: `${shotsDir}why-not.png` });

    // A lit system has no "why not": it is a place the fleet may go.
    await me.locator(`.board-svg [data-hex="${sc.nebula}"]`).hover({ force: true });
    await me.locator('.hex-details').waitFor();
    expect(await me.getByTestId('hex-why-not').count()).toBe(0);
  });

  it('OR-4.1 on a phone: tapping a system that is not lit says why (no hover on a touch screen)', async () => {
    const names = ['Ann', 'Bo'];
    const { table, prepared: sc } = await startPrepared(
      env(),
      names,
      { leaders: false },
      prepareScenario,
    );
    const me = await env().openAs(
      { width: 390, height: 844 },
      table.gameId,
      sc.seat,
      table.tokens[sc.seat],
      names[sc.seat],
    );
    await me.locator('.move-panel').waitFor();
    await me.getByRole('button', { name: 'Show the whole galaxy' }).click();
    await clickHex(me, sc.nebulaFrom);
    await me.locator('.move-panel input[data-unit="cruiser"]').fill('2');
    await me.locator(`.board-svg .hex-legal[data-hex="${sc.nebula}"]`).waitFor();
    const from = parseHexKey(sc.nebulaFrom);
    const mid = parseHexKey(sc.nebula);
    const past = hexKey({ q: 2 * mid.q - from.q, r: 2 * mid.r - from.r });
    await clickHex(me, past);
    const why = me.getByTestId('hex-why-not');
    await why.waitFor();
    expect(await why.getAttribute('data-rule')).toBe('OR-4.1');
    // The details never hide a system: a tap on one they cover reaches it.
    const box = await me.locator('.hex-details').boundingBox();
    const under = await me
      .locator('.board-svg [data-hex]:not(.hex-legal)')
      .evaluateAll((els, b) => {
        for (const el of els) {
          const r = el.getBoundingClientRect();
          const x = r.x + r.width / 2;
          const y = r.y + r.height / 2;
          if (b && x > b.x && x < b.x + b.width && y > b.y && y < b.y + b.height) {
            return { key: el.getAttribute('data-hex') ?? '', x, y };
          }
        }
        return undefined;
      }, box);
    expect(under).toBeDefined();
    await me.mouse.click(under?.x ?? 0, under?.y ?? 0);
    await me.waitForFunction(
      (key) => document.querySelector('.hex-details h3 small')?.textContent === `(${key})`,
      under?.key,
    );
  });
});
