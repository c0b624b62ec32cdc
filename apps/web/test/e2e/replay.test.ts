import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BotTable } from '../../../server/test/support/bot-table.js';
import { LoadProbe } from '../../../server/test/support/load-probe.js';
import { rest } from './harness';
import { SHOTS, shotsDir, useE2eSession, waitForSeq } from './session';

const env = useE2eSession(180_000);
const viewport = { width: 1280, height: 800 };
/** Long enough that the log runs to hundreds of lines, many times what its view shows. */
const STEPS = 300;

/** Eight random bots play a game over real sockets until a spectator has seen `steps` actions. */
async function playLongGame(steps: number): Promise<string> {
  const table = await BotTable.open(env().server.url, {
    seats: 8,
    spectators: 0,
    bot: 'random',
    seed: 1,
    probe: new LoadProbe(),
    roundLimit: 50,
  });
  try {
    const watcher = await env().openAs(viewport, table.gameId, undefined);
    // On a busy machine a few hundred actions take the bots a while.
    watcher.setDefaultTimeout(150_000);
    table.play();
    await waitForSeq(watcher, steps);
  } finally {
    table.close();
  }
  return table.gameId;
}

/** Is the element's whole box inside the box of `within` (shown, not scrolled out of its view)? */
async function inside(element: Locator, within: Locator): Promise<boolean> {
  const [box, view] = await Promise.all([element.boundingBox(), within.boundingBox()]);
  if (box === null || view === null) return false;
  return (
    box.y >= view.y - 1 &&
    box.y + box.height <= view.y + view.height + 1 &&
    box.height > 0 &&
    box.x >= view.x - 1
  );
}

/** The first step from `from` on whose action and the next's each have a line in the log. */
async function stepWithLines(gameId: string, from: number): Promise<number> {
  const page = await rest<{ entries: { seq: number; events: unknown[] }[] }>(
    env().server.url,
    'GET',
    `/api/games/${gameId}/actions?from=${String(from)}`,
  );
  const worded = page.entries.filter((e) => e.events.length > 0).map((e) => e.seq);
  const step = worded.find((seq) => worded.includes(seq + 1));
  if (step === undefined) throw new Error(`no two worded steps in a row from ${String(from)}`);
  return step;
}

async function boardAt(page: Page, step: number): Promise<void> {
  await page.locator(`.table[data-replay-seq="${String(step)}"][aria-busy="false"]`).waitFor();
}

describe('the replay of a long game', () => {
  it("seeks far with the slider: the step's board, and its log line shown at the head of the log and marked", async () => {
    const gameId = await playLongGame(STEPS);
    const page = await env().newPage(viewport);
    await page.goto(`${env().server.url}/#/game/${gameId}/replay`);
    const stepLine = page.getByTestId('replay-step');
    await stepLine.filter({ hasText: /^Step (\d+) of \1$/ }).waitFor({ timeout: 60_000 });
    const total = Number(/of (\d+)/.exec(await stepLine.innerText())?.[1]);
    expect(total).toBeGreaterThanOrEqual(STEPS);
    await boardAt(page, total);

    // Far back in one move of the slider, as a drag or a key press sends it.
    const far = await stepWithLines(gameId, Math.floor(total / 4));
    await page.getByRole('slider', { name: 'Step' }).fill(String(far));
    await stepLine.filter({ hasText: `Step ${String(far)} of ${String(total)}` }).waitFor();
    await boardAt(page, far);

    const log = page.getByRole('region', { name: 'Game log' });
    const view = log.locator('.log-view');
    const current = log.locator('li[aria-current="step"]');
    await current.first().waitFor();
    // The step's lines head the log, in its view, and say which step they are.
    expect(await current.first().getAttribute('aria-posinset')).toBe('1');
    expect(await current.first().locator('.seq').innerText()).toBe(`#${String(far)}`);
    for (const line of await current.all()) {
      expect(await line.locator('.seq').innerText()).toBe(`#${String(far)}`);
    }
    expect(await inside(current.first(), view)).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${shotsDir}replay.png`, fullPage: true });
    // Nothing after the step, and only the lines near the view drawn, each placed in the whole.
    const drawn = log.locator('.log-lines > li');
    const count = await drawn.count();
    const setSize = Number(await drawn.first().getAttribute('aria-setsize'));
    expect(setSize).toBeGreaterThanOrEqual(far);
    expect(count).toBeLessThan(100);
    expect(count).toBeLessThan(setSize);
    const seqs = (await log.locator('.log-lines .seq').allInnerTexts()).map((s) =>
      Number(s.slice(1)),
    );
    expect(Math.max(...seqs)).toBe(far);

    // Scrolling the log to its end reaches the game's first step. A line is drawn a little before
    // it scrolls into view (the list draws a few beyond its edges), so the wheel turns on until
    // the first step's line is in the view, or the log ends without showing it.
    await view.hover();
    const first = log.locator(`.log-lines > li[aria-posinset="${String(setSize)}"]`);
    const shown = async (): Promise<boolean> => (await first.count()) > 0 && inside(first, view);
    for (let turns = 0; turns < setSize && !(await shown()); turns++) {
      await page.mouse.wheel(0, 2_000);
    }
    expect(await first.locator('.seq').innerText()).toBe('#1');
    expect(await inside(first, view)).toBe(true);

    // A step forward brings the log back to the new step's lines.
    await page.getByRole('button', { name: 'One step forward' }).click();
    await boardAt(page, far + 1);
    await log.locator(`li[aria-current="step"][aria-posinset="1"]`).waitFor();
    expect(await current.first().locator('.seq').innerText()).toBe(`#${String(far + 1)}`);
    await page.waitForFunction(
      () => document.querySelector('.replay-page .log-view')?.scrollTop === 0,
    );
    expect(await inside(current.first(), view)).toBe(true);
  }, 180_000);
});
