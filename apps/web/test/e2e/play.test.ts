import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rest } from './harness';
import {
  lateFrames,
  SHOTS,
  shotsDir,
  startTable,
  useE2eSession,
  seqOf,
  waitForSeq,
} from './session';

const env = useE2eSession();
const newPage = (): Promise<Page> => env().newPage(viewport);

const viewport = { width: 1440, height: 1000 };

async function shot(page: Page, name: string): Promise<void> {
  const png = await page.screenshot({ ...(SHOTS ? { path: `${shotsDir}${name}.png` } : {}) });
  expect(png.byteLength).toBeGreaterThan(10_000);
}

async function statusLine(page: Page): Promise<string> {
  return (await page.getByTestId('status-line').textContent()) ?? '';
}

/** Clicks a legal action the page offers (ending the current step when it can) and waits for it to land. */
async function takeLegalAction(page: Page): Promise<void> {
  const before = await seqOf(page);
  // An action-card window (BG-9) is answered in the cards panel and a vote (BG-8) in the politics
  // panel: passing the window or casting the vote ends that step too.
  const ending = page.locator(
    [
      'button.action[data-action="pass-card"]:not([disabled])',
      'button.action[data-action="vote"]:not([disabled])',
      '.decision-panel button.action[data-action^="end-"]:not([disabled])',
    ].join(', '),
  );
  const button =
    (await ending.count()) > 0
      ? ending.first()
      : page.locator('.decision-panel button.action:not([disabled])').first();
  await button.click();
  await waitForSeq(page, before + 1);
  expect(await page.locator('.decision-panel .error').count()).toBe(0);
}

async function claimSeat(page: Page, gameId: string, name: string, race: string): Promise<void> {
  await page.goto(`${env().server.url}/#/game/${gameId}`);
  await page.locator('form.claim input[name=name]').fill(name);
  await page.locator('form.claim button[type=submit]').click();
  await page.locator('select[name=race]').selectOption(race);
  await page.waitForFunction(
    (r) => document.querySelector<HTMLSelectElement>('select[name=race]')?.value === r,
    race,
  );
  await page.locator('button[name=ready]').click();
  await page.locator('button[name=ready]', { hasText: 'Not ready' }).waitFor();
}

describe('the browser client end to end (real server on PGlite, real Chromium)', () => {
  it('three players create, join and start a game, each acts; a spectator sees the same board; reload and restart keep the game', async () => {
    const { server } = env();
    // Ann creates a three-player game in the lobby.
    const ann = await newPage();
    await ann.goto(`${server.url}/`);
    await ann.locator('form.create-game').waitFor();
    // First render of the production build, as the browser measured it.
    const paint = await ann.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
    );
    process.stdout.write(`web first contentful paint: ${Math.round(paint)} ms\n`);
    expect(paint).toBeGreaterThan(0);
    expect(paint).toBeLessThan(5000);
    await ann.locator('form.create-game input[name=name]').fill('Ann');
    await ann.locator('select[name=players]').selectOption('3');
    await ann.locator('form.create-game button[type=submit]').click();
    await ann.waitForURL(/#\/game\/[A-Za-z0-9_-]+$/);
    const gameId = ann.url().split('/').at(-1) ?? '';
    const commitment = await ann.getByTestId('seed-commitment').textContent();
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    await ann.locator('select[name=race]').selectOption('letnev');

    // Bo and Cy find it in the lobby list and take the other seats.
    const bo = await newPage();
    await bo.goto(`${server.url}/`);
    await bo.locator(`li[data-game="${gameId}"] a`).waitFor();
    await claimSeat(bo, gameId, 'Bo', 'hacan');
    const cy = await newPage();
    await claimSeat(cy, gameId, 'Cy', 'sol');

    if (SHOTS) {
      const lobby = await newPage();
      await rest(server.url, 'POST', '/api/games', {
        name: 'Dee',
        options: { playerCount: 6, variant: 'long-parsecs', galaxy: { mode: 'build' } },
      });
      await lobby.goto(`${server.url}/`);
      await lobby.locator(`li[data-game="${gameId}"]`).waitFor();
      await shot(lobby, 'lobby');
    }

    // Ann starts it; every seat sees the table.
    const start = ann.locator('button[name=start]:not([disabled])');
    await start.click();
    const players: [Page, string][] = [
      [ann, 'Ann'],
      [bo, 'Bo'],
      [cy, 'Cy'],
    ];
    for (const [page, name] of players) {
      await page
        .getByTestId('status-line')
        .filter({ hasText: `you are ${name}` })
        .waitFor();
      expect(await page.locator('.board-svg [data-hex]').count()).toBe(61);
    }
    expect(await ann.getByTestId('my-hand').count()).toBe(1);

    // Each takes a legal action through the decision panel.
    for (const [page] of players) await takeLegalAction(page);
    for (const [page] of players) await waitForSeq(page, 3);
    expect(await ann.locator('.log-lines li').count()).toBeGreaterThan(0);

    // A spectator sees the same board, and no one's hand.
    const watcher = await newPage();
    await watcher.goto(`${server.url}/#/game/${gameId}`);
    await watcher.getByTestId('status-line').filter({ hasText: 'spectator' }).waitFor();
    await waitForSeq(watcher, 3);
    await waitForSeq(ann, 3);
    expect(await seqOf(watcher)).toBe(await seqOf(ann));
    expect(await watcher.locator('.board-svg').textContent()).toBe(
      await ann.locator('.board-svg').textContent(),
    );
    expect(await watcher.getByTestId('my-hand').count()).toBe(0);
    expect(await watcher.locator('.decision-panel button.action').count()).toBe(0);
    await shot(watcher, 'spectator');

    // Table talk: a private word from Bo reaches Ann with a notice and an unread marker, and no one else.
    await bo.getByTestId('chat-tab').click();
    await bo.locator('.chat-tabs button[data-channel="0"]').click();
    await bo.locator('.chat-panel input').fill('Psst, Ann: truce?');
    await bo.locator('.chat-panel button[type=submit]').click();
    await ann.getByTestId('notice').filter({ hasText: 'private message from Bo' }).waitFor();
    await ann.getByTestId('chat-tab').click();
    await ann.locator('.chat-tabs button[data-channel="1"] .unread').waitFor();
    await ann.locator('.chat-tabs button[data-channel="1"]').click();
    await ann.locator('.chat-lines li', { hasText: 'truce?' }).waitFor();
    await cy.getByTestId('chat-tab').click();
    await cy.locator('.chat-tabs button[data-channel="1"]').click();
    expect(await cy.locator('.chat-lines li').count()).toBe(0);

    // The replay steps back and forth through the public log.
    const replay = await newPage();
    await replay.goto(`${server.url}/#/game/${gameId}/replay`);
    await replay.getByTestId('replay-step').filter({ hasText: 'Step 3 of 3' }).waitFor();
    await replay.getByRole('button', { name: 'One step back' }).click();
    await replay.getByTestId('replay-step').filter({ hasText: 'Step 2 of 3' }).waitFor();
    expect(await replay.locator('.log-lines .seq', { hasText: '#3' }).count()).toBe(0);
    // The game still runs, yet every step has its board: the server's spectator view at that seq.
    await replay.locator('.table[data-replay-seq="2"][aria-busy="false"]').waitFor();
    expect(await replay.locator('.board-svg [data-hex]').count()).toBe(61);
    await replay.getByRole('button', { name: 'To the start' }).click();
    await replay.locator('.table[data-replay-seq="0"][aria-busy="false"]').waitFor();
    expect(await replay.locator('.board-svg [data-hex]').count()).toBe(61);
    expect(await replay.getByTestId('my-hand').count()).toBe(0);

    // A reload keeps the seat (the token stays in the browser).
    await bo.reload();
    await bo.getByTestId('status-line').filter({ hasText: 'you are Bo' }).waitFor();
    expect(await statusLine(bo)).toContain('you are Bo');

    // A server restart shows the banner; on return the game goes on.
    const restarting = server.restart(1500);
    await ann.getByTestId('reconnecting').waitFor({ state: 'visible' });
    await restarting;
    await ann.getByTestId('reconnecting').waitFor({ state: 'detached' });
    const seq = await seqOf(ann);
    let actor: Page | undefined;
    for (const [page] of players) {
      if (actor === undefined && (await page.getByTestId('my-prompt').count()) > 0) actor = page;
    }
    if (actor === undefined) throw new Error('no seat owes a decision after the restart');
    await takeLegalAction(actor);
    await waitForSeq(ann, seq + 1);
    await waitForSeq(watcher, seq + 1);
  }, 180_000);

  it('a page whose first frames come late (a loaded machine) still follows the link it was sent to', async () => {
    // The lobby's `load` fires before the page's first frame; a game link followed in between
    // left the page on the lobby, and a spectator waited for a status line that never came.
    const { gameId, tokens } = await startTable(env(), ['Ann', 'Bo'], {});
    const spectator = await env().openAs(viewport, gameId, undefined, '', '', lateFrames);
    expect(await spectator.getByTestId('status-line').textContent()).toContain(
      'watching as a spectator',
    );
    const seat = await env().openAs(viewport, gameId, 1, tokens[1] ?? '', 'Bo', lateFrames);
    expect(await seat.getByTestId('status-line').textContent()).toContain('you are Bo');
  }, 60_000);

  it('draws an eight-player galaxy with every home system', async () => {
    const names = ['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Fay', 'Gus', 'Hal'];
    const { gameId, tokens } = await startTable(env(), names, {});
    const page = await env().openAs(viewport, gameId, 0, tokens[0] ?? '', 'Ann');
    const homes = await page.locator('.board-svg .hex-label.race').allTextContents();
    for (const name of names) expect(homes).toContain(name);
    // Hovering a hex spells it out.
    await page.locator('.board-svg [data-hex="0,0"]').hover();
    expect(await page.locator('.hex-details').textContent()).toContain('Mecatol Rex');
    await shot(page, 'board-8-players');
  }, 120_000);

  it('BG-4 galaxy building: choose a dealt tile, the legal hexes light up, a click places it', async () => {
    const names = ['Ann', 'Bo', 'Cy'];
    const { gameId, tokens } = await startTable(env(), names, { galaxy: { mode: 'build' } });
    const pages = await Promise.all(
      names.map((name, seat) => env().openAs(viewport, gameId, seat, tokens[seat] ?? '', name)),
    );
    let builder: Page | undefined;
    for (const page of pages) {
      if (builder === undefined && (await page.getByTestId('my-prompt').count()) > 0)
        builder = page;
    }
    if (builder === undefined) throw new Error('nobody is asked to place a tile');
    const tile = builder.locator('.tile-picker .tile-card:not([disabled])').first();
    const tileId = await tile.getAttribute('data-tile');
    await tile.click();
    const legal = builder.locator('.board-svg .hex-legal');
    expect(await legal.count()).toBeGreaterThan(0);
    const target = await legal.first().getAttribute('data-hex');
    expect(await builder.locator(`.board-svg [data-hex="${target ?? ''}"].hex-empty`).count()).toBe(
      1,
    );
    const before = await seqOf(builder);
    await legal.first().click({ force: true });
    await waitForSeq(builder, before + 1);
    // Everyone sees the tile where it was put, and it has left the builder's hand.
    for (const page of pages) {
      await waitForSeq(page, before + 1);
      expect(await page.locator(`.board-svg [data-hex="${target ?? ''}"].hex-tile`).count()).toBe(
        1,
      );
    }
    expect(await builder.locator(`.tile-card[data-tile="${tileId ?? ''}"]`).count()).toBe(0);
  }, 120_000);
});
