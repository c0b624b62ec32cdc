import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  SHOTS,
  seatTable,
  shotsDir,
  startTable,
  storeSeat,
  useE2eSession,
  type Viewport,
} from './session';

const env = useE2eSession(180_000);

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

const newPage = (viewport: Viewport = SIZES[0]): Promise<Page> => env().newPage(viewport);

/** Eight names of exactly 32 characters, one of them a single unbreakable word. */
const LONG_NAMES = [
  'W'.repeat(32),
  'Annabelle Featherstonehaugh-Smit',
  'Bartholomew Cholmondeley-Ffoulke',
  'Cassiopeia Wolfeschlegelsteinhau',
  'Dorothea Marjoribanks-Leveson Go',
  'Evangeline Saltonstall-Pennyfeat',
  'Fitzwilliam Throckmorton-Higgins',
  'Gwendolyn Montmorency-Bracegirdl',
];

async function seatPage(
  gameId: string,
  seat: number,
  token: string,
  name: string,
  viewport: { width: number; height: number } = SIZES[0],
): Promise<Page> {
  const { server } = env();
  const page = await newPage(viewport);
  await storeSeat(page, server.url, gameId, { seat, token, name });
  await page.goto(`${server.url}/#/game/${gameId}`);
  return page;
}

/**
 * Layout: the page never scrolls sideways and no element's right edge leaves the
 * viewport. Returns the offenders (tag, class, right edge) so a failure says where.
 */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      out.push(`page scrollWidth ${document.documentElement.scrollWidth} > ${width}`);
    }
    for (const el of document.querySelectorAll('body *')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      if (rect.right > width + 0.5 || rect.left < -0.5) {
        out.push(
          `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} [${Math.round(rect.left)}, ${Math.round(rect.right)}]`,
        );
      }
    }
    return out;
  });
}

/** Each select inside `card` ends inside it. */
async function selectsInside(page: Page, card: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const out: string[] = [];
    for (const box of document.querySelectorAll(selector)) {
      const outer = box.getBoundingClientRect();
      for (const select of box.querySelectorAll('select')) {
        const r = select.getBoundingClientRect();
        if (r.right > outer.right + 0.5) {
          out.push(select.getAttribute('name') ?? select.getAttribute('aria-label') ?? '');
        }
      }
    }
    return out;
  }, card);
}

/** Names that do not fit are shortened inside their panel, the whole name on hover. */
async function namesFit(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      const parent = el.closest('.panel') ?? document.body;
      const r = el.getBoundingClientRect();
      if (r.right > parent.getBoundingClientRect().right + 0.5) out.push(`${el.title}: outside`);
      if (el.scrollWidth > el.clientWidth && el.title === '') out.push('shortened without title');
    }
    return out;
  }, selector);
}

async function shot(page: Page, name: string): Promise<void> {
  const png = await page.screenshot({ ...(SHOTS ? { path: `${shotsDir}${name}.png` } : {}) });
  expect(png.byteLength).toBeGreaterThan(10_000);
}

describe('words, layout and the choices a table needs (real server, real Chromium)', () => {
  it('no horizontal scroll at 1280×720 and 1920×1080 with 32-character names in all eight seats', async () => {
    const { server } = env();
    const playing = await startTable(env(), LONG_NAMES, {});
    const waiting = await seatTable(env(), LONG_NAMES, { variant: 'long-parsecs' });
    const building = await startTable(env(), LONG_NAMES, { galaxy: { mode: 'build' } });
    for (const size of SIZES) {
      const tag = `${size.width}x${size.height}`;
      // The lobby, with the create form's Map select and a full game in the list.
      const lobby = await newPage(size);
      await lobby.goto(`${server.url}/`);
      await lobby.locator(`li[data-game="${waiting.gameId}"]`).waitFor();
      expect(await overflowing(lobby), `lobby ${tag}`).toEqual([]);
      expect(await selectsInside(lobby, 'form.create-game'), `create form ${tag}`).toEqual([]);

      // A full table waiting to start, as its creator sees it.
      const host = await seatPage(
        waiting.gameId,
        0,
        waiting.tokens[0] ?? '',
        LONG_NAMES[0] ?? '',
        size,
      );
      await host.locator('table.seats').waitFor();
      await host.getByTestId('invite-url').waitFor();
      expect(await overflowing(host), `seat lobby ${tag}`).toEqual([]);
      expect(await namesFit(host, 'table.seats .name'), `seat names ${tag}`).toEqual([]);

      // The running game as a seat (the Market's forms and drop-downs) and as a spectator.
      const seat = await seatPage(
        playing.gameId,
        1,
        playing.tokens[1] ?? '',
        LONG_NAMES[1] ?? '',
        size,
      );
      await seat.getByTestId('status-line').filter({ hasText: 'you are' }).waitFor();
      await seat.locator('.decision-panel .action-group').first().waitFor();
      expect(await overflowing(seat), `table ${tag}`).toEqual([]);
      expect(await selectsInside(seat, '.decision-panel'), `decision selects ${tag}`).toEqual([]);
      expect(await namesFit(seat, '.players-panel .name'), `player names ${tag}`).toEqual([]);
      const shortened = seat.locator('.players-panel .player[data-seat="0"] .name');
      expect(await shortened.getAttribute('title')).toBe(LONG_NAMES[0]);
      if (size.width === 1280) await shot(seat, 'table-1280x720');

      const watcher = await newPage(size);
      await watcher.goto(`${server.url}/#/game/${playing.gameId}`);
      await watcher.getByTestId('status-line').filter({ hasText: 'spectator' }).waitFor();
      expect(await overflowing(watcher), `spectator ${tag}`).toEqual([]);
      if (size.width === 1920) await shot(watcher, 'spectator-1920x1080');

      // Galaxy building: the one seat placing a tile has the long drop-down of placements.
      let builder: Page | undefined;
      for (let i = 0; i < LONG_NAMES.length && builder === undefined; i++) {
        const page = await seatPage(
          building.gameId,
          i,
          building.tokens[i] ?? '',
          LONG_NAMES[i] ?? '',
          size,
        );
        await page.getByTestId('status-line').filter({ hasText: 'you are' }).waitFor();
        if ((await page.getByTestId('my-prompt').count()) > 0) builder = page;
        else await page.close();
      }
      if (builder === undefined) throw new Error('nobody is asked to place a tile');
      const placements = builder.locator('.decision-panel select');
      await placements.first().waitFor();
      const labels = await placements.first().locator('option').allTextContents();
      expect(new Set(labels).size, `each placement listed once ${tag}`).toBe(labels.length);
      expect(await overflowing(builder), `galaxy building ${tag}`).toEqual([]);
      expect(await selectsInside(builder, '.decision-panel'), `placement select ${tag}`).toEqual(
        [],
      );

      const replay = await newPage(size);
      await replay.goto(`${server.url}/#/game/${playing.gameId}/replay`);
      await replay.getByTestId('replay-step').waitFor();
      expect(await overflowing(replay), `replay ${tag}`).toEqual([]);
      // The replay's controls are drawn, not font glyphs.
      expect(await replay.locator('.replay-controls button svg.icon').count()).toBe(4);
      expect(await replay.locator('.replay-controls').textContent()).not.toMatch(/[⏮⏭◀▶]/u);
    }
  }, 240_000);

  it('invite link, leaving a seat, presence, and full games offered to watch, not to join', async () => {
    const { server } = env();
    // A three-seat game with only its creator seated.
    const { gameId, tokens } = await seatTable(env(), ['Ann'], { playerCount: 3 });
    const ann = await seatPage(gameId, 0, tokens[0] ?? '', 'Ann');
    await ann.locator('table.seats').waitFor();
    await ann.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url,
    });
    const link = await ann.getByTestId('invite-url').inputValue();
    expect(link).toBe(`${server.url}/#/game/${gameId}`);
    await ann.getByTestId('copy-invite').click();
    expect(await ann.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // Bo follows the link, takes a seat; Ann sees him connected.
    const bo = await newPage();
    await bo.goto(link);
    await bo.locator('form.claim input[name=name]').fill('Bo');
    await bo.locator('form.claim button[type=submit]').click();
    await bo.locator('button[name=leave]').waitFor();
    const boOnAnn = ann.locator('tr[data-seat="1"] [data-testid=presence]');
    await ann.locator('tr[data-seat="1"] [data-testid=presence][data-online=yes]').waitFor();
    expect(await boOnAnn.getAttribute('title')).toBe('connected now');
    expect(
      await ann.locator('tr[data-seat="0"] [data-testid=presence]').getAttribute('data-online'),
    ).toBe('yes');

    // Bo leaves the seat: it is free again for everyone, and Bo may take one again.
    await bo.locator('button[name=leave]').click();
    await bo.locator('form.claim').waitFor();
    await ann.locator('tr[data-seat="1"] i', { hasText: 'free' }).waitFor();

    // Cy takes a seat and closes the page: Ann sees the seat's player go.
    const cy = await newPage();
    await cy.goto(link);
    await cy.locator('form.claim input[name=name]').fill('Cy');
    await cy.locator('form.claim button[type=submit]').click();
    await ann.locator('[data-testid=presence][data-online=yes]').nth(1).waitFor();
    const cySeat = await cy.locator('tr.me').getAttribute('data-seat');
    await cy.close();
    await ann
      .locator(`tr[data-seat="${cySeat ?? ''}"] [data-testid=presence][data-online=no]`)
      .waitFor();

    // The creator's hint and the server's refusal say the same about who must be ready.
    const hint = (await ann.getByTestId('start-hint').textContent()) ?? '';
    const refusal = await fetch(`${server.url}/api/games/${gameId}/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[0] ?? ''}` },
    }).then((r) => r.json() as Promise<{ error: { code: string; message: string } }>);
    expect(refusal.error.code).toBe('NOT_READY');
    expect(refusal.error.message).toBe(hint);

    // A full game waiting to start is offered to watch, not to join.
    const full = await seatTable(env(), ['Di', 'Ed'], {});
    const lobby = await newPage();
    await lobby.goto(`${server.url}/`);
    const entry = lobby.locator(`li[data-game="${full.gameId}"]`);
    await entry.waitFor();
    expect(await entry.locator('a').textContent()).toBe('Watch');
    expect(await lobby.locator(`li[data-game="${gameId}"] a`).textContent()).toBe('Join');
  }, 180_000);

  it('a stale seat token on a running game shows the spectator view and says why', async () => {
    const { gameId } = await startTable(env(), ['Ann', 'Bo'], {});
    const page = await seatPage(gameId, 0, 'not-the-token-of-any-seat', 'Ann');
    await page.getByTestId('seat-refused').waitFor();
    await page.getByTestId('status-line').filter({ hasText: 'spectator' }).waitFor();
    expect(await page.locator('form.claim').count()).toBe(0);
    expect(await page.locator('button[name=ready]').count()).toBe(0);
    expect(await page.locator('.decision-panel button.action').count()).toBe(0);
  }, 120_000);

  it('spectators have their own channel, which the players do not see during the game', async () => {
    const { gameId, tokens } = await startTable(env(), ['Ann', 'Bo'], {});
    const ann = await seatPage(gameId, 0, tokens[0] ?? '', 'Ann');
    await ann.getByTestId('status-line').filter({ hasText: 'you are Ann' }).waitFor();
    const x = await newPage();
    await x.goto(`${env().server.url}/#/game/${gameId}`);
    await x.getByTestId('status-line').filter({ hasText: 'spectator' }).waitFor();
    // During play too, each seat shows whether its player is connected: Ann is, Bo never came.
    await x.locator('.player[data-seat="0"] [data-testid=presence][data-online=yes]').waitFor();
    await x.locator('.player[data-seat="1"] [data-testid=presence][data-online=no]').waitFor();
    await x.getByTestId('chat-tab').click();
    await x.locator('.chat-tabs button[data-channel="spectators"]').click();
    await x.locator('[data-testid=spectator-form] input[aria-label="Your name"]').fill('Xena');
    await x
      .locator('[data-testid=spectator-form] input[aria-label="Message to the spectators"]')
      .fill('Ann should take Mecatol now');
    await x.locator('[data-testid=spectator-form] button[type=submit]').click();
    await x.locator('[data-testid=spectator-lines] li', { hasText: 'take Mecatol' }).waitFor();

    const y = await newPage();
    await y.goto(`${env().server.url}/#/game/${gameId}`);
    await y.getByTestId('chat-tab').click();
    await y.locator('.chat-tabs button[data-channel="spectators"]').click();
    await y.locator('[data-testid=spectator-lines] li', { hasText: 'Xena' }).waitFor();

    await ann.getByTestId('chat-tab').click();
    expect(await ann.locator('.chat-tabs button[data-channel="spectators"]').count()).toBe(0);
    expect(await ann.content()).not.toContain('take Mecatol');
  }, 120_000);

  it('choosing amounts: an offer of any credits in the Market, units by count with a running total', async () => {
    // Two players: no Political phase (BG-8) stands between the Market and Purchase Units.
    const names = ['Ann', 'Bo'];
    const { gameId, tokens } = await startTable(env(), names, {});
    const pages = await Promise.all(
      names.map((name, seat) => seatPage(gameId, seat, tokens[seat] ?? '', name)),
    );
    const [ann, bo] = pages as [Page, Page];
    await ann.getByTestId('offer-form').waitFor();
    const credits = Number(await ann.locator('[data-testid=credits-0]').textContent());
    expect(credits).toBeGreaterThan(3);
    await ann.locator('[data-testid=offer-form] select[name=to]').selectOption('1');
    await ann.locator('[data-testid=offer-form] input[name=credits]').fill('3');
    await ann.locator('[data-testid=offer-form] button[type=submit]').click();
    await bo.locator('button.action', { hasText: "Accept Ann's offer of 3 credits" }).click();
    await bo.locator('[data-testid=credits-1]').filter({ hasText: /\d/ }).waitFor();
    await ann
      .locator('[data-testid=credits-0]')
      .filter({ hasText: String(credits - 3) })
      .waitFor();
    // Everyone leaves the Market; in Purchase Units, a seat chooses counts.
    for (const page of pages) {
      await page.locator('button.action[data-action="end-market"]').click();
    }
    const buyer = await (async () => {
      // Action-card windows at the start of Receive Credits and Purchase Units (BG-9): everyone passes.
      for (let round = 0; round < 6; round++) {
        for (const page of pages) {
          const pass = page.locator('button.action[data-action="pass-card"]:not([disabled])');
          if ((await pass.count()) > 0) await pass.first().click();
        }
        if (
          (await Promise.all(pages.map((p) => p.getByTestId('purchase-form').count()))).some(
            (n) => n > 0,
          )
        )
          break;
        await pages[0]?.waitForTimeout(500);
      }
      for (const page of pages) {
        const form = page.getByTestId('purchase-form');
        try {
          await form.waitFor({ timeout: 5000 });
          return page;
        } catch {
          // not this seat
        }
      }
      throw new Error('nobody is asked to buy');
    })();
    await buyer.locator('input[name=ground-force]').fill('2');
    const total = (await buyer.getByTestId('running-total').textContent()) ?? '';
    expect(total).toMatch(/^Total: \d+ of \d+ credits/);
    expect(total).not.toMatch(/^Total: 0 /);
    await buyer.locator('[data-testid=purchase-form] button[type=submit]').click();
    await buyer.getByTestId('pending-units').filter({ hasText: '2 Ground Forces' }).waitFor();
    expect(await buyer.getByTestId('pending-units').textContent()).toContain('Spacedocks');
    await shot(buyer, 'purchase');
  }, 180_000);
});
