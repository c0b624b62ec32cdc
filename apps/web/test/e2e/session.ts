import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { GameState } from '@outer-rim/rules';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { AppDeps } from '../../../server/src/app.js';
import { launchChromium, rest, TestServer } from './harness';

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
   * undefined) as a spectator; resolved once the status line says who it is. `before` runs on the
   * new page before it loads anything (an init script, say).
   */
  openAs(
    viewport: Viewport,
    gameId: string,
    seat: number | undefined,
    token?: string,
    name?: string,
    before?: (page: Page) => Promise<void>,
  ): Promise<Page>;
}

/**
 * One test server and one Chromium for a test file: started before its tests, and closed after them with
 * every context they opened. Call it at the top of the file's `describe`; the returned function gives the
 * running session inside a test.
 */
export function useE2eSession(startTimeout?: number, deps?: AppDeps): () => E2eSession {
  let started: { server: TestServer; browser: Browser } | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    if (SHOTS) await mkdir(shotsDir, { recursive: true });
    const server = await TestServer.start(deps);
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
      async openAs(viewport, gameId, seat, token = '', name = '', before) {
        const page = await newPage(viewport);
        await before?.(page);
        // The lobby first, then the game: the game's link is followed right after `load`, as
        // quickly as a test can, before the page has had a frame.
        await storeSeat(
          page,
          server.url,
          gameId,
          seat === undefined ? undefined : { seat, token, name },
        );
        await page.goto(`${server.url}/#/game/${gameId}`);
        try {
          await page
            .getByTestId('status-line')
            .filter({ hasText: seat === undefined ? 'spectator' : `you are ${name}` })
            .waitFor();
        } catch (error) {
          // Which page it is on says more than the time-out: the lobby, a table, an error.
          const shown = await page
            .evaluate(
              () =>
                `${location.hash} shows ${document.querySelector('main')?.className ?? 'no page'}: ${document.body.innerText.slice(0, 300)}`,
            )
            .catch(() => 'a page that does not answer');
          throw new Error(
            `${seat === undefined ? 'a spectator' : `seat ${String(seat)}`}: no status line; ${shown}`,
            { cause: error },
          );
        }
        return page;
      },
    };
  };
}

/** Loads the lobby and, for a seat, stores its token for `gameId` as the lobby does after a claim. */
export async function storeSeat(
  page: Page,
  url: string,
  gameId: string,
  seat?: { seat: number; token: string; name: string },
): Promise<void> {
  await page.goto(`${url}/`);
  if (seat === undefined) return;
  await page.evaluate(
    ([id, stored]) => {
      localStorage.setItem(`outer-rim:seat:${id ?? ''}`, stored ?? '');
    },
    [gameId, JSON.stringify(seat)],
  );
}

/**
 * A renderer starved of CPU right after `load`, as on a loaded machine: for its first 1.5 s the
 * page's animation frames and short timers (up to 100 ms) come 400 ms late, so whatever waits for
 * a frame (Preact's passive effects) runs after the test's next navigation.
 */
export async function lateFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const late = () => performance.now() < 1500;
    const timeout = window.setTimeout.bind(window);
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) =>
      timeout(
        handler,
        late() && ms !== undefined && ms > 0 && ms <= 100 ? ms + 400 : ms,
        ...args,
      )) as typeof window.setTimeout;
    const frame = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) =>
      late()
        ? frame((time) => {
            timeout(() => {
              callback(time);
            }, 400);
          })
        : frame(callback);
  });
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

/** Waits until the page's table shows action `seq` last again: an undo took back what came after. */
export async function waitForSeqBack(page: Page, seq: number): Promise<void> {
  await page.waitForFunction(
    (n) => Number(document.querySelector('.table')?.getAttribute('data-seq') ?? -1) === n,
    seq,
  );
}

/** A game the test created through the lobby's REST routes and started: its id and each seat's token. */
export interface StartedTable {
  readonly gameId: string;
  readonly tokens: readonly string[];
}

/** Creates a game for `names` (the first hosts), seats the others and readies them; not started. */
export async function seatTable(
  session: E2eSession,
  names: readonly string[],
  options: Record<string, unknown>,
  races?: readonly string[],
): Promise<StartedTable & { readonly hostToken: string }> {
  const url = session.server.url;
  const created = await rest<{ gameId: string; token: string }>(url, 'POST', '/api/games', {
    name: names[0],
    options: { playerCount: names.length, ...options },
  });
  // Races the test names (else the lobby's picks): a scenario that needs a race's leaders or
  // abilities does not depend on which seat the lobby gave which race.
  const race = (seat: number) => (races?.[seat] === undefined ? {} : { race: races[seat] });
  if (races?.[0] !== undefined) {
    await rest(url, 'PATCH', `/api/games/${created.gameId}/seats/me`, race(0), created.token);
  }
  const tokens = [created.token];
  for (const [i, name] of names.slice(1).entries()) {
    const joined = await rest<{ token: string }>(
      url,
      'POST',
      `/api/games/${created.gameId}/seats`,
      {
        name,
      },
    );
    tokens.push(joined.token);
    await rest(
      url,
      'PATCH',
      `/api/games/${created.gameId}/seats/me`,
      { ...race(i + 1), ready: true },
      joined.token,
    );
  }
  return { gameId: created.gameId, tokens, hostToken: created.token };
}

/** Creates a game for `names` (the first hosts), seats the others, readies them and starts it. */
export async function startTable(
  session: E2eSession,
  names: readonly string[],
  options: Record<string, unknown>,
  races?: readonly string[],
): Promise<StartedTable> {
  const { gameId, tokens, hostToken } = await seatTable(session, names, options, races);
  await rest(session.server.url, 'POST', `/api/games/${gameId}/start`, undefined, hostToken);
  return { gameId, tokens };
}

/**
 * Starts a game for `names` and rewrites its stored state with `prepare` (test-only, through the
 * server's store); returns the table and what `prepare` returned beside the state.
 */
export async function startPrepared<T extends { state: GameState }>(
  session: E2eSession,
  names: readonly string[],
  options: Record<string, unknown>,
  prepare: (stored: GameState) => T,
  races?: readonly string[],
): Promise<{ table: StartedTable; prepared: T }> {
  const table = await startTable(session, names, options, races);
  let prepared: T | undefined;
  await session.server.prepareGame(table.gameId, (state) => {
    prepared = prepare(state);
    return prepared.state;
  });
  if (prepared === undefined) throw new Error('the game was not prepared');
  return { table, prepared };
}

/** Opens the game as a seat (its token stored as the lobby stores it) or, without a seat, as a spectator. */
export async function openGame(
  session: E2eSession,
  viewport: Viewport,
  gameId: string,
  seat?: { seat: number; token: string; name: string },
): Promise<Page> {
  return session.openAs(viewport, gameId, seat?.seat, seat?.token, seat?.name);
}

/** Opens `table` as one of its seats, named from `names`. */
export function seatOpener(
  session: E2eSession,
  viewport: Viewport,
  table: StartedTable,
  names: readonly string[],
): (seat: number) => Promise<Page> {
  return (seat) =>
    openGame(session, viewport, table.gameId, {
      seat,
      token: table.tokens[seat] ?? '',
      name: names[seat] ?? '',
    });
}

/**
 * Clicks a control that sends an action and waits until the page shows the action landed, with
 * no refusal shown beside the table.
 */
export async function sendFrom(page: Page, selector: string): Promise<void> {
  const before = await seqOf(page);
  await page.locator(selector).first().click();
  await waitForSeq(page, before + 1);
  const refusals = await page.locator('.table-side .error').allTextContents();
  if (refusals.length > 0) throw new Error(`${selector} landed, yet shows: ${refusals.join(' ')}`);
}

/** Clicks a system on the board (forced: what is drawn in a hex lies over its shape). */
export async function clickHex(page: Page, key: string): Promise<void> {
  await page.locator(`.board-svg [data-hex="${key}"]`).click({ force: true });
}

/**
 * In the move form: picks `count` ships of `unit` in the system `from`, waits until `lit` lights
 * up as a place they may go, and returns every lit system.
 */
export async function pickShips(
  page: Page,
  from: string,
  unit: string,
  count: number,
  lit: string,
): Promise<string[]> {
  await page.locator('.move-panel').waitFor();
  await clickHex(page, from);
  await page.locator(`.move-panel input[data-unit="${unit}"]`).fill(String(count));
  await page.locator(`.board-svg .hex-legal[data-hex="${lit}"]`).waitFor();
  return page
    .locator('.board-svg .hex-legal')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-hex') ?? ''));
}

/**
 * Starts a game for `names` (no leaders) with the state `prepare` makes of it, and opens it as
 * the seat `prepare` names (the one whose turn it is), its move form shown.
 */
export async function openPrepared<T extends { state: GameState; seat: number }>(
  session: E2eSession,
  viewport: Viewport,
  names: readonly string[],
  prepare: (stored: GameState) => T,
): Promise<{ table: StartedTable; prepared: T; page: Page }> {
  const { table, prepared } = await startPrepared(session, names, { leaders: false }, prepare);
  const page = await session.openAs(
    viewport,
    table.gameId,
    prepared.seat,
    table.tokens[prepared.seat],
    names[prepared.seat],
  );
  await page.locator('.move-panel').waitFor();
  return { table, prepared, page };
}
