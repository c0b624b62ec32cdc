import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEAT_COLOURS } from '../../src/ui/colours';
import { prepareScenario } from './scenario';
import {
  clickHex,
  openGame,
  openPrepared,
  pickShips,
  seatOpener,
  sendFrom,
  SHOTS,
  shotsDir,
  useE2eSession,
  seqOf,
  waitForSeq,
} from './session';

const env = useE2eSession();

const viewport = { width: 1280, height: 720 };

/** The page from its top, where the board and the fight's panel begin (the side column's top too). */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    document.querySelector('.table-side')?.scrollTo(0, 0);
  });
  await page.screenshot({ path: `${shotsDir}${name}.png` });
}

describe('BG-5 BG-6 fleets move and fight in the browser (real server on PGlite, real Chromium)', () => {
  it('a fleet stops in a nebula, a carrier leaves a rift, a fleet fights a minor race, an invasion captures a planet; every seat and a spectator watch', async () => {
    const names = ['Ann', 'Bo'];
    // The galaxy and races come from the server's seed; the dice of the prepared turn from a
    // chosen one (scenario.ts); the test acts until each fight ends, whatever they roll.
    const {
      table,
      prepared: sc,
      page: me,
    } = await openPrepared(env(), viewport, names, prepareScenario);
    const other = await seatOpener(env(), viewport, table, names)((sc.seat + 1) % 2);
    const watcher = await openGame(env(), viewport, table.gameId);

    // BG-5 + OR-4.1: the Cruisers are picked, the Nebula lights up, and there they stop.
    await pickShips(me, sc.nebulaFrom, 'cruiser', 2, sc.nebula);
    await clickHex(me, sc.nebula);
    expect(await me.locator('.board-svg .move-route').getAttribute('data-route')).toBe(
      `${sc.nebulaFrom} ${sc.nebula}`,
    );
    await sendFrom(me, '.move-panel button[data-action="move"]');
    const inNebula = me.locator(`[data-content="${sc.nebula}"] .unit-row[data-owner="${sc.seat}"]`);
    expect(await inNebula.locator('title').textContent()).toContain('2 Cruiser');

    // OR-4.2: the Carrier rolls, the roll is shown, the allowed sides light up, it leaves with its Fighters.
    await clickHex(me, sc.rift);
    await sendFrom(me, '.move-panel button[data-action="rift-roll"]');
    const roll = (await me.getByTestId('rift-roll').textContent()) ?? '';
    expect(roll).toMatch(/rolled \d+/);
    const lit = await me
      .locator('.board-svg .hex-marked')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-hex') ?? ''));
    expect(lit.length).toBeGreaterThan(0);
    const exit = lit[0] ?? '';
    await clickHex(me, exit);
    await sendFrom(me, '.move-panel button[data-action="rift-exit"]');
    const landed = me.locator(`[data-content="${exit}"] .unit-row[data-owner="${sc.seat}"] title`);
    expect(await landed.textContent()).toMatch(/1 Carrier, 2 Fighter/);
    expect(await me.locator('.log-lines').textContent()).toMatch(/out of the rift/);

    // BG-6 + OR-2.2: three Dreadnoughts go in against the minor race.
    await clickHex(me, sc.battleFrom);
    await me.locator('.move-panel input[data-unit="dreadnought"]').fill('3');
    await clickHex(me, sc.battle);
    await sendFrom(me, '.move-panel button[data-action="move"]');
    await sendFrom(me, '.decision-panel button[data-action="end-segment"]');
    await me.getByTestId('battle-panel').waitFor();

    // Keep choosing until the battle ends, whatever the dice: casualties as offered, then fight on.
    let shotTaken = false;
    for (let i = 0; i < 30; i++) {
      const state = await me.waitForFunction(() => {
        if (document.querySelector('[data-testid="casualty-picker"]')) return 'casualties';
        if (document.querySelector('button[data-action="fight-on"]')) return 'retreat';
        // The scenario deals no cards, so no window may stop the fight (it would wait here).
        if (document.querySelector('[data-testid="card-window"]')) return 'card-window';
        const end = document.querySelector('.fight[data-over="true"]');
        return end === null ? false : 'over';
      });
      const what = await state.jsonValue();
      if (what === 'over') break;
      expect(what).not.toBe('card-window');
      if (SHOTS && !shotTaken) {
        await shot(me, 'battle');
        shotTaken = true;
      }
      if (what === 'casualties') {
        expect(await me.getByTestId('casualty-check').textContent()).toBe('Allowed.');
        await sendFrom(me, 'button[data-action="choose-casualties"]');
      } else {
        await sendFrom(me, 'button[data-action="fight-on"]');
      }
    }
    if (SHOTS && !shotTaken) await shot(me, 'battle');
    const dice = me.locator('.battle-panel .die');
    expect(await dice.count()).toBeGreaterThan(0);
    // Every die says what it needed and whether it hit, on screen and in the log.
    const label = (await dice.first().getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^\d+ \(needed \d+\+\): (hit|miss)$/);
    expect(await me.locator('.log-lines').textContent()).toMatch(/needed \d+\+\): (hit|miss)/);
    const endWords = (await me.getByTestId('fight-end').textContent()) ?? '';
    // The other seat and the spectator saw the same fight, die for die.
    for (const page of [other, watcher]) {
      await waitForSeq(page, await seqOf(me));
      expect(await page.getByTestId('fight-end').textContent()).toBe(endWords);
      expect(await page.locator('.battle-panel .die').count()).toBe(await dice.count());
    }

    // BG-7: to the Invasion Combat segment; five Ground Forces land, a Dreadnought bombards.
    if ((await me.locator('.decision-panel button[data-action="end-segment"]').count()) > 0) {
      await sendFrom(me, '.decision-panel button[data-action="end-segment"]');
    }
    const form = me.locator(`.landing-planet[data-planet="${sc.planet}"]`);
    await form.waitFor();
    const bombard = form.locator('input[data-land="bombard"]');
    if ((await bombard.count()) > 0) await bombard.fill('1');
    await sendFrom(me, `.landing-planet[data-planet="${sc.planet}"] button[data-action="land"]`);
    await me.locator('.fight[data-over="true"]').waitFor();
    expect(await me.getByTestId('fight-end').textContent()).toContain(
      `${names[sc.seat] ?? ''} holds the planet`,
    );
    // The planet is the invader's now, on every board.
    for (const page of [me, other, watcher]) {
      await waitForSeq(page, await seqOf(me));
      const disc = page.locator(`.planet[data-planet="${sc.planet}"] .planet-disc`);
      expect(await disc.getAttribute('fill')).toBe(SEAT_COLOURS[sc.seat]);
    }
    if (SHOTS) await shot(me, 'invasion');
    // Nothing of the panels reaches past the window's edge at 1280×720.
    const wide = await me.evaluate(
      () =>
        [...document.querySelectorAll('.move-panel *, .battle-panel *, .table-main *')].filter(
          (e) => e.getBoundingClientRect().right > window.innerWidth + 0.5,
        ).length,
    );
    expect(wide).toBe(0);
  }, 180_000);
});
