import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, TestServer } from './harness';

// Screenshots are rewritten only on request (npm run screenshots), so a test run leaves the tree alone.
export const SHOTS = process.env['UPDATE_SCREENSHOTS'] === '1';
export const shotsDir = fileURLToPath(new URL('../../screenshots/', import.meta.url));

export interface Viewport {
  width: number;
  height: number;
}

export interface E2eSession {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A page in a context of its own (its own storage, so its own seat token), closed after the file. */
  newPage(viewport: Viewport): Promise<Page>;
  /**
   * A page on a game's table: as the seat whose token the lobby stored after a claim, or (seat
   * undefined) as a spectator; resolved once the status line says who it is.
   */
  openAs(
    viewport: Viewport,
    gameId: string,
    seat: number | undefined,
    token?: string,
    name?: string,
  ): Promise<Page>;
}

/**
 * One test server and one Chromium for a test file: started before its tests, and closed after them with
 * every context they opened. Call it at the top of the file's `describe`; the returned function gives the
 * running session inside a test.
 */
export function useE2eSession(startTimeout?: number): () => E2eSession {
  let started: { server: TestServer; browser: Browser } | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    if (SHOTS) await mkdir(shotsDir, { recursive: true });
    const server = await TestServer.start();
    try {
      started = { server, browser: await launchChromium() };
    } catch (error) {
      await server.stop();
      throw error;
    }
  }, startTimeout);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await started?.browser.close();
    await started?.server.stop();
  });

  return () => {
    if (started === undefined) throw new Error('the server or the browser did not start');
    const { server, browser } = started;
    const newPage = async (viewport: Viewport) => {
      const context = await browser.newContext({ viewport });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      return page;
    };
    return {
      server,
      browser,
      newPage,
      async openAs(viewport, gameId, seat, token = '', name = '') {
        const page = await newPage(viewport);
        await page.goto(`${server.url}/`);
        if (seat !== undefined) {
          await page.evaluate(
            ([id, stored]) => {
              localStorage.setItem(`outer-rim:seat:${id ?? ''}`, stored ?? '');
            },
            [gameId, JSON.stringify({ seat, token, name })],
          );
        }
        await page.goto(`${server.url}/#/game/${gameId}`);
        await page
          .getByTestId('status-line')
          .filter({ hasText: seat === undefined ? 'spectator' : `you are ${name}` })
          .waitFor();
        return page;
      },
    };
  };
}

/** The action sequence number the page's table has shown last. */
export async function seqOf(page: Page): Promise<number> {
  return Number(await page.locator('.table').getAttribute('data-seq'));
}

export async function waitForSeq(page: Page, atLeast: number): Promise<void> {
  await page.waitForFunction(
    (n) => Number(document.querySelector('.table')?.getAttribute('data-seq') ?? -1) >= n,
    atLeast,
  );
}
