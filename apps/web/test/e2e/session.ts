import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { GameState } from '@outer-rim/rules';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
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

/** Clicks a control that sends an action and waits until the page shows the action landed. */
export async function sendFrom(page: Page, selector: string): Promise<void> {
  const before = await seqOf(page);
  await page.locator(selector).first().click();
  await waitForSeq(page, before + 1);
}
