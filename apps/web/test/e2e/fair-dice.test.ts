import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FAIR_DICE_STEPS, type GameRecord } from '@outer-rim/protocol';
import { rest } from './harness';
import { useE2eSession } from './session';

const env = useE2eSession();
const viewport = { width: 1280, height: 720 };
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What this browser keeps for its seat of `gameId`: the token, and its share of the dice. */
async function storedSeat(page: Page, gameId: string): Promise<{ seat: number; entropy?: string }> {
  const raw = await page.evaluate((id) => localStorage.getItem(`outer-rim:seat:${id}`), gameId);
  return JSON.parse(raw ?? '{}') as { seat: number; entropy?: string };
}

describe('dice no one can choose, in the browser (real server on PGlite, real Chromium)', () => {
  it('two browsers take seats with bytes of their own, the start waits for both, and the end screen and /docs say how to verify the dice', async () => {
    const { server } = env();
    // Ann creates a two-seat game of one round; a seat away for a second is played by a bot.
    const ann = await env().newPage(viewport);
    await ann.goto(`${server.url}/`);
    await ann.locator('form.create-game input[name=name]').fill('Ann');
    await ann.locator('select[name=players]').selectOption('2');
    await ann.locator('input[name=roundLimit]').fill('1');
    await ann.locator('input[name=handOverAfter]').fill('1');
    await ann.locator('form.create-game button[type=submit]').click();
    await ann.waitForURL(/#\/game\/[A-Za-z0-9_-]+$/);
    const gameId = ann.url().split('/').at(-1) ?? '';
    await ann.getByTestId('dice-shares').filter({ hasText: '0 of 2' }).waitFor();

    // Bo takes the other seat and says ready; both browsers reveal their bytes, and only then
    // may Ann start.
    const bo = await env().newPage(viewport);
    await bo.goto(`${server.url}/#/game/${gameId}`);
    await bo.locator('form.claim input[name=name]').fill('Bo');
    await bo.locator('form.claim button[type=submit]').click();
    await bo.locator('button[name=ready]').click();
    await bo.locator('button[name=ready]', { hasText: 'Not ready' }).waitFor();
    await ann.getByTestId('dice-shares').filter({ hasText: '(2 of 2)' }).waitFor();
    await ann.locator('button[name=start]:not([disabled])').click();
    await ann.locator('.table').waitFor();

    // The game's shares are the bytes each browser drew and kept beside its seat token.
    const started = await rest<GameRecord>(server.url, 'GET', `/api/games/${gameId}`);
    const annSeat = await storedSeat(ann, gameId);
    const boSeat = await storedSeat(bo, gameId);
    expect(annSeat.entropy).toMatch(/^[0-9a-f]{64}$/);
    expect(boSeat.entropy).toMatch(/^[0-9a-f]{64}$/);
    expect(started.seats.map((s) => s.entropy)).toEqual([annSeat.entropy, boSeat.entropy]);
    expect(started.seats.map((s) => s.entropyCommitment)).toEqual([
      sha256(annSeat.entropy ?? ''),
      sha256(boSeat.entropy ?? ''),
    ]);

    // Both leave the table; bots play their seats to the end of the round.
    const annContext = ann.context();
    const boContext = bo.context();
    await ann.close();
    await bo.close();
    let over: GameRecord | undefined;
    const deadline = Date.now() + 150_000;
    while (over === undefined) {
      const record = await rest<GameRecord>(server.url, 'GET', `/api/games/${gameId}`);
      if (record.status === 'over') over = record;
      else if (Date.now() > deadline) throw new Error('the game did not end');
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }

    // Back at the table, each browser's end screen checks the dice itself and says how anyone can.
    const diceSeed = sha256(
      ['outer-rim dice v1', over.seed, annSeat.entropy, boSeat.entropy].join('\n'),
    );
    for (const context of [annContext, boContext]) {
      const page = await context.newPage();
      await page.goto(`${server.url}/#/game/${gameId}`);
      const dice = page.getByTestId('fair-dice');
      await dice.getByTestId('dice-seed').waitFor();
      expect(
        await dice
          .locator('li[data-check]')
          .evaluateAll((lis) =>
            lis.map((li) => [li.getAttribute('data-check'), li.getAttribute('data-ok')]),
          ),
      ).toEqual([
        ['seed', 'yes'],
        ['shares', 'yes'],
        ['mine', 'yes'],
        ['unchanged', 'yes'],
      ]);
      expect(await dice.getByTestId('dice-seed').textContent()).toBe(diceSeed);
      expect(await dice.locator('ol li').allTextContents()).toEqual(
        FAIR_DICE_STEPS.map((step) => step.replaceAll('`', '')),
      );
    }

    // The server's /docs page says the same, from the same words.
    const docs = await annContext.newPage();
    await docs.goto(`${server.url}/docs`);
    await docs.getByText('How anyone verifies a finished game from its public log alone').waitFor();
    const openapi = await rest<{ info: { description: string } }>(server.url, 'GET', '/docs/json');
    for (const step of FAIR_DICE_STEPS) expect(openapi.info.description).toContain(step);
  }, 240_000);

  it('a seat that changes hands after the browsers revealed makes them draw and commit new bytes before the start', async () => {
    const { server } = env();
    const url = server.url;
    const ann = await env().newPage(viewport);
    await ann.goto(`${url}/`);
    await ann.locator('form.create-game input[name=name]').fill('Ann');
    await ann.locator('select[name=players]').selectOption('3');
    await ann.locator('form.create-game button[type=submit]').click();
    await ann.waitForURL(/#\/game\/[A-Za-z0-9_-]+$/);
    const gameId = ann.url().split('/').at(-1) ?? '';
    const bo = await env().newPage(viewport);
    await bo.goto(`${url}/#/game/${gameId}`);
    await bo.locator('form.claim input[name=name]').fill('Bo');
    await bo.locator('form.claim button[type=submit]').click();
    await bo.locator('button[name=ready]').waitFor();

    // Cy, a client of the REST routes, takes the last seat with a commitment of its own.
    const cyBytes = () => {
      const entropy = createHash('sha256').update(String(Math.random())).digest('hex');
      return { entropy, entropyCommitment: sha256(entropy) };
    };
    const cy = cyBytes();
    const claimed = await rest<{ token: string }>(url, 'POST', `/api/games/${gameId}/seats`, {
      name: 'Cy',
      entropyCommitment: cy.entropyCommitment,
    });
    // Every seat committed: both browsers reveal on their own, Cy not yet.
    await ann.getByTestId('dice-shares').filter({ hasText: '2 of 3' }).waitFor();
    const first = [(await storedSeat(ann, gameId)).entropy, (await storedSeat(bo, gameId)).entropy];

    // Cy leaves: the server has seen Ann's and Bo's bytes while a new commitment is to come, so
    // theirs are void; the browsers draw new bytes and commit them, and reveal once Dee is in.
    const left = await fetch(`${url}/api/games/${gameId}/seats/me`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${claimed.token}` },
    });
    expect(left.status).toBe(200);
    const dee = cyBytes();
    const deeSeat = await rest<{ token: string }>(url, 'POST', `/api/games/${gameId}/seats`, {
      name: 'Dee',
      entropyCommitment: dee.entropyCommitment,
    });
    // Both browsers hold new bytes, and the server has their commitments and their reveals.
    let again: (string | undefined)[];
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error('the browsers did not commit anew and reveal');
      again = [(await storedSeat(ann, gameId)).entropy, (await storedSeat(bo, gameId)).entropy];
      const lobby = await rest<GameRecord>(url, 'GET', `/api/games/${gameId}`);
      const seats = lobby.seats.map((s) => [s.entropyCommitment, s.entropyRevealed]);
      const renewed = again[0] !== first[0] && again[1] !== first[1];
      if (
        renewed &&
        JSON.stringify(seats) ===
          JSON.stringify([
            [sha256(again[0] ?? ''), true],
            [sha256(again[1] ?? ''), true],
            [dee.entropyCommitment, undefined],
          ])
      ) {
        break;
      }
      await ann.waitForTimeout(100);
    }
    await ann.getByTestId('dice-shares').filter({ hasText: '2 of 3' }).waitFor();

    // Dee reveals and says ready, Bo says ready: the start waits for nothing more.
    await rest(
      url,
      'PUT',
      `/api/games/${gameId}/seats/me/entropy`,
      { entropy: dee.entropy },
      deeSeat.token,
    );
    await rest(url, 'PATCH', `/api/games/${gameId}/seats/me`, { ready: true }, deeSeat.token);
    await bo.locator('button[name=ready]').click();
    await ann.locator('button[name=start]:not([disabled])').click();
    await ann.locator('.table').waitFor();
    const started = await rest<GameRecord>(url, 'GET', `/api/games/${gameId}`);
    expect(started.seats.map((s) => s.entropy)).toEqual([...again, dee.entropy]);
  }, 120_000);
});
