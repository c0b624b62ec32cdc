import { parseHexKey } from '@outer-rim/map';
import { RULE_LINES, systemName } from '@outer-rim/rules';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { prepareScenario, straightPast } from './scenario';
import { clickHex, openPrepared, pickShips, SHOTS, shotsDir, useE2eSession } from './session';

const env = useE2eSession();

const names = ['Ann', 'Bo'];

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

/** Hovers a lit hex with the mouse and reads what its details say moving there means. */
async function moveThereAt(page: Page, key: string): Promise<string> {
  await page.locator(`.board-svg [data-hex="${key}"]`).hover({ force: true });
  const there = page.getByTestId('hex-move-there');
  await there.waitFor();
  expect(await page.getByTestId('hex-why-not').count()).toBe(0);
  return (await there.textContent()) ?? '';
}

describe('"Why not?" on the board: a system the player cannot move to says which rule keeps it out, a lit one what the move there means (real server on PGlite, real Chromium)', () => {
  it('BG-5 / OR-4.1 / BG-6: hovering a system with no ships, a system past a Nebula, the Nebula, a minor race’s ships', async () => {
    const { prepared: sc, page: me } = await openPrepared(
      env(),
      { width: 1280, height: 720 },
      names,
      prepareScenario,
    );
    const name = (hex: string) => systemName(parseHexKey(hex), sc.state.galaxy);

    // BG-5: before a fleet is chosen, a system without the player's ships is not lit, and says why.
    const empty = await whyNotAt(me, sc.nebula);
    expect(empty.rule).toBe('BG-5');
    expect(empty.text).toMatch(/You have no ships in .* to move\./);
    expect(empty.text).toContain(`${RULE_LINES['BG-5'] ?? '?'} (BG-5)`);
    // A lit one is where a fleet stands: it says which ships there may move, and how far.
    expect(await moveThereAt(me, sc.nebulaFrom)).toBe(
      'Move from here: 2 Cruisers (move 2) may move; click to choose which.',
    );

    // OR-4.1: two Cruisers (move 2) beside the Nebula; the system straight past it is two steps
    // away as the crow flies, but the Nebula stops whatever enters it.
    await pickShips(me, sc.nebulaFrom, 'cruiser', 2, sc.nebula);
    const past = straightPast(sc.nebulaFrom, sc.nebula);
    expect(await me.locator(`.board-svg .hex-legal[data-hex="${past}"]`).count()).toBe(0);
    const why = await whyNotAt(me, past);
    expect(why.rule).toBe('OR-4.1');
    expect(why.text).toMatch(/Why not\? A ship that enters the Nebula .* stops there\./);
    expect(why.text).toContain(`${RULE_LINES['OR-4.1'] ?? '?'} (OR-4.1)`);
    if (SHOTS) await me.screenshot({ path: `${shotsDir}why-not.png` });

    // A lit system says what moving there means: the way, its steps, and what waits there.
    expect(await moveThereAt(me, sc.nebula)).toBe(
      `Move here: To ${name(sc.nebula)} (1 step).` +
        'The Nebula stops the fleet: it moves no further this turn. (OR-4.1)',
    );
    if (SHOTS) await me.screenshot({ path: `${shotsDir}move-there.png` });

    // BG-6: three Dreadnoughts beside a minor race's ships: moving in means a space battle.
    await me.locator('.move-panel button', { hasText: 'Another system' }).click();
    await pickShips(me, sc.battleFrom, 'dreadnought', 3, sc.battle);
    const battle = await moveThereAt(me, sc.battle);
    expect(battle).toContain(`Move here: To ${name(sc.battle)} (1 step).`);
    expect(battle).toMatch(/\.A space battle with the .+ \(minor race\)\. \(BG-6\)$/);
  });

  it('OR-4.1 on a phone: tapping a system that is not lit says why, tapping a lit one what the move there means (no hover on a touch screen)', async () => {
    const { prepared: sc, page: me } = await openPrepared(
      env(),
      { width: 390, height: 844 },
      names,
      prepareScenario,
    );
    await me.getByRole('button', { name: 'Show the whole galaxy' }).click();
    await pickShips(me, sc.nebulaFrom, 'cruiser', 2, sc.nebula);
    await clickHex(me, straightPast(sc.nebulaFrom, sc.nebula));
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
    await clickHex(me, sc.nebula);
    const there = me.getByTestId('hex-move-there');
    await there.waitFor();
    expect(await there.locator('[data-rule="OR-4.1"]').count()).toBe(1);
  });
});
