import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameState } from '@outer-rim/rules';
import { advanceTo, openCouncil } from '@outer-rim/rules/testing';
import { rest } from './harness';
import { SHOTS, shotsDir, useE2eSession, seqOf, waitForSeq } from './session';

const env = useE2eSession();

const viewport = { width: 1280, height: 720 };
const AGENDA = 'conventions-of-nxill#1';

const openAs = (gameId: string, seat: number | undefined, token = '', name = '') =>
  env().openAs(viewport, gameId, seat, token, name);

/**
 * The prepared game: the first round's Political phase of a three-player
 * game, opened again with Conventions of Nxill on top of the deck (test-only:
 * written into the test database, as the fleets e2e test prepares its board).
 * Nobody is asked about action cards, so the vote is all there is to do.
 */
function prepareVote(stored: GameState): { state: GameState; order: number[] } {
  const reached = advanceTo(stored, 'political');
  const { window: _open, ...rest } = reached;
  const quiet: GameState = { ...rest, neverAsk: reached.players.map((_, seat) => seat) };
  const { state } = openCouncil(quiet, [AGENDA]);
  if (state.phase.name !== 'political' || state.phase.agenda !== AGENDA) {
    throw new Error('the vote did not open');
  }
  return { state, order: state.phase.order };
}

describe('BG-8: a vote in the browser (real server on PGlite, real Chromium)', () => {
  it('the agenda, the voting order with influence, each seat votes in turn with all its influence, the law passes and stays listed; a spectator watches', async () => {
    const { server } = env();
    const names = ['Ann', 'Bo', 'Cy'];
    const created = await rest<{ gameId: string; token: string }>(
      server.url,
      'POST',
      '/api/games',
      { name: names[0], options: { playerCount: 3, leaders: false } },
    );
    // Races whose abilities leave the vote itself alone (no Letnev Isolation, no Xxcha Veto).
    const races = ['sol', 'hacan', 'jol-nar'];
    await rest(
      server.url,
      'PATCH',
      `/api/games/${created.gameId}/seats/me`,
      { race: races[0] },
      created.token,
    );
    const tokens = [created.token];
    for (const [i, name] of names.slice(1).entries()) {
      const joined = await rest<{ token: string }>(
        server.url,
        'POST',
        `/api/games/${created.gameId}/seats`,
        { name },
      );
      tokens.push(joined.token);
      await rest(
        server.url,
        'PATCH',
        `/api/games/${created.gameId}/seats/me`,
        { race: races[i + 1], ready: true },
        joined.token,
      );
    }
    await rest(server.url, 'POST', `/api/games/${created.gameId}/start`, undefined, created.token);
    let order: number[] = [];
    await server.prepareGame(created.gameId, (state) => {
      const prepared = prepareVote(state);
      order = prepared.order;
      return prepared.state;
    });
    expect(order).toHaveLength(3);
    const pages = new Map<number, Page>();
    for (const seat of order) {
      pages.set(seat, await openAs(created.gameId, seat, tokens[seat], names[seat]));
    }
    const watcher = await openAs(created.gameId, undefined);

    // Everyone sees the agenda by name and text, and the order: least influence first.
    for (const page of [...pages.values(), watcher]) {
      await page.getByTestId('agenda-card').waitFor();
      expect(await page.locator('.agenda-name').textContent()).toBe('Conventions of Nxill');
      expect(await page.locator('.agenda-text').textContent()).toContain('one round');
    }
    const rows = await watcher
      .locator('[data-testid=voting-order] tbody tr td:nth-child(2)')
      .allTextContents();
    expect(rows).toEqual(order.map((seat) => names[seat]));
    const influence = (
      await watcher.locator('[data-testid=voting-order] tbody tr td:nth-child(3)').allTextContents()
    ).map(Number);
    expect([...influence].sort((a, b) => a - b)).toEqual(influence);

    // Only the seat whose turn it is gets the vote control.
    const ballots = ['for', 'against', 'for'] as const;
    for (const [i, seat] of order.entries()) {
      const page = pages.get(seat);
      if (page === undefined) throw new Error('no page');
      for (const [other, otherPage] of pages) {
        if (other !== seat) {
          expect(await otherPage.getByTestId('vote-control').count()).toBe(0);
        }
      }
      await page.getByTestId('vote-control').waitFor();
      if (i === 2 && SHOTS) await page.screenshot({ path: `${shotsDir}vote.png` });
      const before = await seqOf(page);
      await page.locator(`[data-testid=vote-control] button[data-ballot="${ballots[i]}"]`).click();
      await waitForSeq(watcher, before + 1);
      const cell = watcher.locator(
        `[data-testid=voting-order] tbody tr:nth-child(${i + 1}) td:nth-child(4)`,
      );
      if (i < 2) {
        expect(await cell.textContent()).toBe(
          `${ballots[i] === 'for' ? 'For' : 'Against'} (${influence[i] ?? 0})`,
        );
      }
    }

    // 1st + 3rd (for) outweigh the 2nd (against) unless a tie: the result and the law show.
    const forVotes = (influence[0] ?? 0) + (influence[2] ?? 0);
    const against = influence[1] ?? 0;
    await watcher.getByTestId('vote-result').waitFor();
    const result = (await watcher.getByTestId('vote-result').textContent()) ?? '';
    expect(result).toContain(`For ${forVotes}`);
    if (forVotes > against) {
      expect(result).toContain('Conventions of Nxill: passed.');
      await watcher.getByTestId('laws-panel').waitFor();
      expect(await watcher.getByTestId('laws-panel').textContent()).toContain(
        'Conventions of Nxill',
      );
    }
    const log = (await watcher.locator('.log-lines').textContent()) ?? '';
    const first = influence[0] ?? 0;
    // "1 vote", "3 votes": the log counts like a person would.
    expect(log).toContain(
      `${names[order[0] ?? 0] ?? ''} casts ${String(first)} ${first === 1 ? 'vote' : 'votes'} for.`,
    );
    if (forVotes > against) expect(log).toContain('Conventions of Nxill passes.');
  });
});
