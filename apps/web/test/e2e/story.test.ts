import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rest } from './harness';
import { SHOTS, shotsDir, useE2eSession } from './session';

const env = useE2eSession();

const viewport = { width: 1280, height: 720 };

/** The lines of each chart of the story on `page`: their number, and the points of each. */
function chartLines(page: Page): Promise<{ measure: string; lines: number; points: number[] }[]> {
  return page.locator('[data-testid="story"] .story-chart').evaluateAll((charts) =>
    charts.map((chart) => ({
      measure: chart.getAttribute('data-measure') ?? '',
      lines: chart.querySelectorAll('path.story-line').length,
      points: [...chart.querySelectorAll('.story-player')].map(
        (g) => g.querySelectorAll('circle').length,
      ),
    })),
  );
}

describe('the story of the game: charts per round for every player (real server on PGlite, real Chromium)', () => {
  it('a game played to its round limit: the end screen, the replay and the lobby tell its story', async () => {
    const { server } = env();
    // The host never connects: after a second its seat is played by a bot, as the two others are.
    const created = await rest<{ gameId: string; token: string }>(
      server.url,
      'POST',
      '/api/games',
      {
        name: 'Hana',
        title: 'Three rounds to the rim',
        options: { playerCount: 3, roundLimit: 3, leaders: false, handOverAfterSeconds: 1 },
      },
    );
    const { gameId, token } = created;
    for (const seat of [1, 2]) {
      await rest(server.url, 'PUT', `/api/games/${gameId}/seats/${String(seat)}/bot`, {}, token);
    }
    await rest(server.url, 'POST', `/api/games/${gameId}/start`, undefined, token);

    const spectator = await env().openAs(viewport, gameId, undefined);
    // While it is played, a spectator may open the story beside the table.
    await spectator.getByTestId('story').waitFor();
    await spectator.getByTestId('end-screen').waitFor({ timeout: 480_000 });

    const screen = spectator.getByTestId('end-screen');
    const story = screen.getByTestId('story');
    await story.locator('.story-chart').first().waitFor();
    const charts = await chartLines(spectator);
    expect(charts.map((c) => c.measure)).toEqual([
      'planets',
      'resources',
      'influence',
      'credits',
      'fleet',
      'bracket',
    ]);
    for (const chart of charts) {
      // A line per player, a point per round.
      expect(chart.lines, chart.measure).toBe(3);
      expect(chart.points, chart.measure).toEqual([3, 3, 3]);
    }
    expect(await story.locator('.story-legend li').allTextContents()).toEqual([
      'Hana',
      'Bot 2',
      'Bot 3',
    ]);
    if (SHOTS) {
      await story.scrollIntoViewIfNeeded();
      await spectator.screenshot({ path: `${shotsDir}story.png` });
    }

    // The replay tells the same story.
    const replay = await env().newPage(viewport);
    await replay.goto(`${server.url}/#/game/${gameId}/replay`);
    await replay.locator('[data-testid="story"] summary').click();
    await replay.locator('[data-testid="story"] .story-chart').first().waitFor();
    expect(await chartLines(replay)).toEqual(charts);

    // The lobby lists it as finished, under its name, with who won as the end screen says it.
    const lobby = await env().newPage(viewport);
    await lobby.goto(`${server.url}/`);
    const entry = lobby.locator(`[data-list="replay"] li[data-game="${gameId}"]`);
    await entry.waitFor();
    expect(await entry.getByTestId('game-title').textContent()).toBe('Three rounds to the rim');
    const state = (await entry.getByTestId('game-state').textContent()) ?? '';
    expect(state).toMatch(/^Finished: /);
    // "Finished: Hana wins", "Finished: Hana (…) and Bo (…) share the victory", or no winner.
    const words = state.replace(/^Finished: /, '');
    const ended = (await screen.getByTestId('end-winner').textContent()) ?? '';
    const winners =
      words === 'no winner'
        ? []
        : words
            .replace(/ (wins|share the victory)$/, '')
            .split(/, | and /)
            .map((w) => w.replace(/ \(.*\)$/, ''));
    for (const name of winners) expect(ended).toContain(name);
    if (winners.length === 0) expect(ended).toMatch(/no winner|nobody/i);
  }, 600_000);
});
