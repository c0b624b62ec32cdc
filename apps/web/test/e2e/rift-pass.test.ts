import { hexKey, neighbours, parseHexKey } from '@outer-rim/map';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { prepareScenario, type Scenario } from './scenario';
import { SHOTS, shotsDir, startPrepared, useE2eSession, seqOf, waitForSeq } from './session';

const env = useE2eSession();

const viewport = { width: 1280, height: 720 };

/** Clicks a button that sends an action and waits until the action has landed. */
async function send(page: Page, selector: string): Promise<void> {
  const before = await seqOf(page);
  await page.locator(selector).click();
  await waitForSeq(page, before + 1);
  expect(await page.locator('.table-side .error').count()).toBe(0);
}

async function clickHex(page: Page, key: string): Promise<void> {
  await page.locator(`.board-svg [data-hex="${key}"]`).click({ force: true });
}

/** The fleets scenario, with one Cruiser more beside the Gravity Rift. */
function withCruiserBesideRift(stored: Parameters<typeof prepareScenario>[0]) {
  const sc: Scenario = prepareScenario(stored);
  const beside = hexKey(neighbours(parseHexKey(sc.rift))[0] ?? { q: 0, r: 0 });
  const sys = sc.state.units[beside] ?? { space: [], planets: {} };
  const state = {
    ...sc.state,
    units: {
      ...sc.state.units,
      [beside]: { ...sys, space: [...sys.space, { owner: sc.seat, units: { cruiser: 1 } }] },
    },
  };
  return { ...sc, state, beside };
}

describe('OR-4.2 in the browser: passing through a Gravity Rift (real server on PGlite, real Chromium)', () => {
  it('a Cruiser enters the rift, rolls at once, and the exit prompt in the middle of its move takes it on with the movement it has left', async () => {
    const names = ['Ann', 'Bo'];
    const { table, prepared: sc } = await startPrepared(
      env(),
      names,
      { leaders: false },
      withCruiserBesideRift,
    );
    const me = await env().openAs(
      viewport,
      table.gameId,
      sc.seat,
      table.tokens[sc.seat],
      names[sc.seat],
    );

    // BG-5: the Cruiser is picked beside the rift and sent into it.
    await me.locator('.move-panel').waitFor();
    await clickHex(me, sc.beside);
    await me.locator('.move-panel input[data-unit="cruiser"]').fill('1');
    await me.locator(`.board-svg .hex-legal[data-hex="${sc.rift}"]`).waitFor();
    await clickHex(me, sc.rift);
    await send(me, '.move-panel button[data-action="move"]');

    // OR-4.2: entering did not end the move: the roll is shown at once, with the movement left.
    const roll = (await me.getByTestId('rift-roll').textContent()) ?? '';
    expect(roll).toMatch(/Your Cruiser rolled \d+/);
    expect(await me.getByTestId('rift-left').textContent()).toMatch(/goes on with 1 movement left/);
    const lit = await me
      .locator('.board-svg .hex-legal')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-hex') ?? ''));
    expect(lit.length).toBeGreaterThan(0);
    if (SHOTS) await me.screenshot({ path: `${shotsDir}rift-exit.png` });
    // The farthest way out the roll allows: a system past the one the rift whips it into.
    const around = new Set<string>(neighbours(parseHexKey(sc.rift)).map(hexKey));
    const exit = lit.find((k) => !around.has(k)) ?? lit[0] ?? '';
    // The roll decides the way out, which may lead where more of this seat's Cruisers stand.
    const landed = me.locator(`[data-content="${exit}"] .unit-row[data-owner="${sc.seat}"] title`);
    const cruisers = async (): Promise<number> =>
      (await landed.count()) === 0
        ? 0
        : Number(/(\d+) Cruiser/.exec((await landed.textContent()) ?? '')?.[1] ?? 0);
    const before = await cruisers();
    await clickHex(me, exit);
    await send(me, '.move-panel button[data-action="rift-exit"]');
    expect(await cruisers()).toBe(before + 1);
    expect(await me.locator('.log-lines').textContent()).toMatch(/out of the rift/);
    expect(await me.getByTestId('rift-roll').count()).toBe(0);
  });
});
