import { decisions, TECH_IDS, type GameState } from '@outer-rim/rules';
import { describe, expect, it } from 'vitest';
import { mustApply, passAction } from '@outer-rim/rules/testing';
import { SHOTS, shotsDir, startTable, useE2eSession } from './session';

const env = useE2eSession();

const viewport = { width: 1280, height: 720 };

const openAs = (gameId: string, seat: number | undefined, token = '', name = '') =>
  env().openAs(viewport, gameId, seat, token, name);

/**
 * The prepared game (test-only, written into the test server's database): the
 * first round's Technology phase, where only seat 0 has still to finish.
 * Seat 0 holds every planet but seat 1's home, nine technologies, and stands
 * at Dominion: the next Progression phase lifts it to Imperium Rex.
 */
function nearTheEnd(stored: GameState): GameState {
  // Hands are emptied on the way: no action-card window stops the prepared round.
  let s = stored;
  for (let i = 0; s.phase.name !== 'technology'; i++) {
    if (i > 500) throw new Error('did not reach the Technology phase');
    s = {
      ...s,
      actionDiscard: [...s.actionDiscard, ...s.players.flatMap((p) => p.hand)],
      players: s.players.map((p) => ({ ...p, hand: [] })),
    };
    const next = decisions(s)[0];
    const a = next === undefined ? undefined : passAction(s, next.seat);
    if (next === undefined || a === undefined) throw new Error(`stuck in ${s.phase.name}`);
    s = mustApply(s, next.seat, a);
  }
  const theirs = new Set(
    Object.entries(s.planets)
      .filter(([, p]) => p.owner === 1)
      .map(([n]) => n),
  );
  s = {
    ...s,
    planets: Object.fromEntries(
      Object.entries(s.planets).map(([n, p]) => [n, { ...p, owner: theirs.has(n) ? 1 : 0 }]),
    ),
    players: s.players.map((p, i) =>
      i === 0 ? { ...p, bracket: 3, technologies: TECH_IDS.slice(0, 9) } : p,
    ),
  };
  // Seat 1 passes; seat 0's choice is left for the browser (nobody bought units: Place New Units is skipped).
  for (let i = 0; i < 20; i++) {
    const a = passAction(s, 1);
    if (a === undefined || s.phase.name !== 'technology' || s.phase.done.includes(1)) break;
    s = mustApply(s, 1, a);
  }
  return s;
}

describe('BG-10: the end screen in the browser (real server on PGlite, real Chromium)', () => {
  it('Imperium Rex ends the game: the winner, why, the final table, the revealed seed and the replay', async () => {
    const { server } = env();
    const { gameId, tokens } = await startTable(env(), ['Ann', 'Bo'], { leaders: false });
    await server.prepareGame(gameId, nearTheEnd);

    const ann = await openAs(gameId, 0, tokens[0], 'Ann');
    const spectator = await openAs(gameId, undefined);
    expect(await ann.getByTestId('end-screen').count()).toBe(0);
    await ann.locator('[data-action="pass-technology"]').first().click();

    for (const page of [ann, spectator]) {
      const screen = page.getByTestId('end-screen');
      await screen.waitFor();
      expect(await page.getByTestId('end-winner').textContent()).toMatch(
        /^Ann \(.+\) wins: Ann reached Imperium Rex, the top of the progression chart\.$/,
      );
      const rows = await screen.locator('tbody tr').allTextContents();
      expect(rows).toHaveLength(2);
      expect(rows[0]).toContain('Imperium Rex');
      expect(rows[1]).toContain('Warlord');
      // The seed is revealed once the game is over, and the replay is one click away.
      await page.getByTestId('end-seed').waitFor();
      expect((await page.getByTestId('end-seed').textContent())?.length).toBeGreaterThan(8);
      expect(
        await screen.getByRole('link', { name: 'Watch the replay' }).getAttribute('href'),
      ).toBe(`#/game/${gameId}/replay`);
    }
    if (SHOTS) {
      await ann.evaluate(() => {
        window.scrollTo(0, 0);
      });
      await ann.screenshot({ path: `${shotsDir}end-screen.png` });
    }
  });
});
