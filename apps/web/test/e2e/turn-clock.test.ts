import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../../server/src/clock/manual-clock.js';
import type { GameRecord } from '../../src/net/protocol';
import { rest } from './harness';
import { seqOf, startTable, useE2eSession, waitForSeq } from './session';

const HOUR = 3_600_000;
const clock = new ManualClock(Date.now());
const env = useE2eSession(180_000, { clock });
const NAMES = ['Ann', 'Bo', 'Cy'];
const viewport = { width: 1280, height: 720 };

const clockOf = (page: Page, seat: number) =>
  page.locator(`[data-testid="turn-clocks"] li[data-seat="${String(seat)}"]`);

describe('turn clock in the browser', () => {
  it('every seat sees every clock; a seat answers a day later, then runs out, a bot plays it, and it gets its seat back', async () => {
    const session = env();
    const { gameId, tokens } = await startTable(session, NAMES, {
      galaxy: { mode: 'build' },
      turnClock: { bankSeconds: 48 * 3600, onExpiry: 'bot' },
    });
    const open = (seat: number) =>
      session.openAs(viewport, gameId, seat, tokens[seat] ?? '', NAMES[seat] ?? '');
    const pages = await Promise.all([0, 1, 2].map(open));
    const owes = async (page: Page) => (await page.getByTestId('my-prompt').count()) > 0;
    let builder = -1;
    for (const [seat, page] of pages.entries()) if (await owes(page)) builder = seat;
    const builderPage = pages[builder];
    if (builderPage === undefined) throw new Error('nobody is asked to place a tile');
    // Every page shows all three clocks, the builder's running.
    for (const page of pages) {
      await clockOf(page, 2).waitFor();
      expect(await clockOf(page, builder).getAttribute('class')).toContain('running');
      expect(await clockOf(page, (builder + 1) % 3).innerText()).toBe(
        `${NAMES[(builder + 1) % 3] ?? ''}: 2 d 00:00:00`,
      );
    }

    // A day later the builder answers: a day came off its bank, and everyone sees it.
    clock.advance(24 * HOUR);
    await builderPage.locator('.tile-picker .tile-card:not([disabled])').first().click();
    const before = await seqOf(builderPage);
    await builderPage.locator('.board-svg .hex-legal').first().click({ force: true });
    for (const page of pages) {
      await waitForSeq(page, before + 1);
      await clockOf(page, builder)
        .filter({ hasText: `${NAMES[builder] ?? ''}: 1 d 00:00:00` })
        .waitFor();
    }

    // The next builder is away (its page closed) and its two days run out.
    let next = -1;
    for (const [seat, page] of pages.entries()) if (await owes(page)) next = seat;
    const watcher = pages[(next + 1) % 3];
    if (next < 0 || watcher === undefined) throw new Error('nobody is asked next');
    await pages[next]?.close();
    // The server must know the player is away before the clock runs out, or the bot runner gives
    // the seat straight back to a player it still counts as here.
    await watcher
      .locator(`.player[data-seat="${String(next)}"] [data-testid=presence][data-online=no]`)
      .waitFor();
    clock.advance(48 * HOUR);
    const seq = await seqOf(watcher);
    // The clock's timer fires as the test moves time on; a bot takes the seat and plays.
    await vi.waitFor(
      async () => {
        clock.advance(10_000);
        const game = await rest<GameRecord>(session.server.url, 'GET', `/api/games/${gameId}`);
        expect(game.seats[next]?.handedOver).toBe(true);
      },
      { timeout: 20_000, interval: 100 },
    );
    await waitForSeq(watcher, seq + 1);
    await clockOf(watcher, next).filter({ hasText: 'out of time' }).waitFor();

    // The player returns: the seat is theirs again.
    await open(next);
    await vi.waitFor(
      async () => {
        const game = await rest<GameRecord>(session.server.url, 'GET', `/api/games/${gameId}`);
        expect(game.seats[next]?.handedOver ?? false).toBe(false);
      },
      { timeout: 20_000, interval: 100 },
    );
  }, 150_000);
});

describe('pause by vote in the browser', () => {
  it('two of three seats vote to pause: the table page says so and the clocks stop', async () => {
    const session = env();
    const { gameId, tokens } = await startTable(session, NAMES, {
      galaxy: { mode: 'build' },
      turnClock: { bankSeconds: 24 * 3600, onExpiry: 'wait' },
    });
    const [ann, bo] = await Promise.all(
      [0, 1].map((seat) =>
        session.openAs(viewport, gameId, seat, tokens[seat] ?? '', NAMES[seat] ?? ''),
      ),
    );
    if (ann === undefined || bo === undefined) throw new Error('no pages');
    await ann.getByRole('button', { name: 'Vote to pause' }).click();
    await ann
      .getByTestId('pause-vote')
      .filter({ hasText: 'To pause: Ann (1 of 2 votes)' })
      .waitFor();
    await bo.getByRole('button', { name: 'Vote to pause' }).click();
    await bo.getByTestId('pause-vote').filter({ hasText: 'Paused by the table' }).waitFor();
    await bo.getByRole('button', { name: 'Vote to resume' }).waitFor();
    const clocks = await rest<{ clocks: { running: boolean }[] }>(
      session.server.url,
      'GET',
      `/api/games/${gameId}/clocks`,
    );
    expect(clocks.clocks.map((c) => c.running)).toEqual([false, false, false]);
  }, 120_000);
});
