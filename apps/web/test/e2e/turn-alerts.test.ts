import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HookReceiver } from '../../../server/test/support/hook-receiver.js';
import { seqOf, startTable, useE2eSession, waitForSeq } from './session';

const env = useE2eSession(180_000);
const NAMES = ['Ann', 'Bo', 'Cy'];
const viewport = { width: 1280, height: 720 };

/** Every system notification the page shows, kept where the test can read it. */
async function recordNotifications(page: Page): Promise<void> {
  await page.context().grantPermissions(['notifications']);
  await page.addInitScript(() => {
    const Real = window.Notification;
    const shown: { title: string; body: string }[] = [];
    (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body ?? '' });
      }
    }
    window.Notification = Recorded;
  });
}

const shownOn = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { shownNotifications: { title: string; body: string }[] })
        .shownNotifications,
  );

/**
 * The player goes to another tab: it takes the focus from the game's page. (Playwright makes
 * every page believe it has the focus unless told not to, so it is told not to here.)
 */
async function leave(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
  const other = await page.context().newPage();
  await other.bringToFront();
}

const marked = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    icon: document.querySelector('link[rel="icon"]')?.getAttribute('data-your-move') ?? 'none',
  }));

describe('your move: the tab, a sound, a system notification and a webhook', () => {
  let hooks: HookReceiver;
  beforeAll(async () => {
    hooks = await HookReceiver.start();
  });
  afterAll(async () => {
    await hooks.close();
  });

  it("the title and icon say it is this seat's move; in the background a notification tells it once, and its webhook", async () => {
    const { gameId, tokens } = await startTable(env(), NAMES, { galaxy: { mode: 'build' } });
    const pages = await Promise.all(
      NAMES.map((name, seat) =>
        env().openAs(viewport, gameId, seat, tokens[seat] ?? '', name, recordNotifications),
      ),
    );
    const owes = async (page: Page) => (await page.getByTestId('my-prompt').count()) > 0;
    let builder: Page | undefined;
    for (const page of pages) if (await owes(page)) builder = page;
    if (builder === undefined) throw new Error('nobody is asked to place a tile');
    const waiting = pages.filter((p) => p !== builder);
    await builder.waitForFunction(() => document.title.startsWith('(Your move) '));
    expect(await marked(builder)).toEqual({ title: '(Your move) Outer Rim online', icon: 'yes' });
    for (const page of waiting) {
      expect(await marked(page)).toEqual({ title: 'Outer Rim online', icon: 'no' });
      // The player chooses a system notification for their seat, then leaves the tab for another.
      await page.getByTestId('alert-settings').locator('summary').click();
      await page.locator('input[name="alert-system"]').check();
      expect(await page.locator('input[name="alert-system"]').isChecked()).toBe(true);
      // And a webhook for the seat, for when the page is closed.
      const seat = pages.indexOf(page);
      await page.locator('input[name="notice-webhook"]').fill(hooks.url(`/seat${String(seat)}`));
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      await leave(page);
      await page.waitForFunction(() => !document.hasFocus());
    }

    const tile = builder.locator('.tile-picker .tile-card:not([disabled])').first();
    await tile.click();
    const before = await seqOf(builder);
    await builder.locator('.board-svg .hex-legal').first().click({ force: true });
    await waitForSeq(builder, before + 1);
    await builder.waitForFunction(() => !document.title.startsWith('('));
    expect(await marked(builder)).toEqual({ title: 'Outer Rim online', icon: 'no' });

    // The next builder's tab says so, and it was told once, in the rules' words.
    let next: Page | undefined;
    for (const page of waiting) {
      await waitForSeq(page, before + 1);
      if (await owes(page)) next = page;
    }
    if (next === undefined) throw new Error('nobody is asked to place the next tile');
    await next.waitForFunction(() => document.title.startsWith('(Your move) '));
    expect((await marked(next)).icon).toBe('yes');
    await next.waitForFunction(
      () => (window as unknown as { shownNotifications: unknown[] }).shownNotifications.length > 0,
    );
    const prompt = await next.getByTestId('my-prompt').first().innerText();
    const notes = await shownOn(next);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.title).toBe('Your move — Outer Rim online');
    expect(prompt).toContain(notes[0]?.body.split('\n')[0] ?? '-');
    // Its webhook too, with the same words; nobody else's.
    await hooks.waitFor(1);
    const seatOfNext = pages.indexOf(next);
    expect(hooks.received.map((r) => r.path)).toEqual([`/seat${String(seatOfNext)}`]);
    expect(hooks.received[0]?.body.notices[0]?.owed[0]).toBe(notes[0]?.body.split('\n')[0]);
    for (const page of waiting.filter((p) => p !== next)) {
      expect(await shownOn(page)).toEqual([]);
      expect((await marked(page)).icon).toBe('no');
    }
  }, 120_000);
});
