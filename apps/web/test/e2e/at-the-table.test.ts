import { hexKey, tileById, type HexKey } from '@outer-rim/map';
import { decisions, type GameState } from '@outer-rim/rules';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { advanceTo, mustApply, passAction } from '@outer-rim/rules/testing';
import { rest } from './harness';
import {
  SHOTS,
  seatOpener,
  seatTable,
  seqOf,
  shotsDir,
  waitForSeq,
  startPrepared,
  storeSeat,
  useE2eSession,
} from './session';

const env = useE2eSession(180_000);

const viewport = { width: 1280, height: 720 };

/**
 * A page on a game as a seat (its token stored as the lobby stores it) or as a spectator, with the
 * client's wait for the game's state shortened through its address (the client's real config).
 */
async function openWithShortWait(
  gameId: string,
  seat?: { seat: number; token: string; name: string },
): Promise<Page> {
  const { server } = env();
  const page = await env().newPage(viewport);
  await storeSeat(page, server.url, gameId, seat);
  await page.goto(`${server.url}/?stateWaitMs=100#/game/${gameId}`);
  return page;
}

/**
 * Purchase Units of the first round (hands emptied, so no action-card window opens), with Ann
 * (Sol: Jord's Spacedock places 8) holding 41 credits and Corporate Sponsorship's 10 (BG-9).
 */
function atPurchase(stored: GameState): { state: GameState } {
  const emptied: GameState = {
    ...stored,
    actionDiscard: [...stored.actionDiscard, ...stored.players.flatMap((p) => p.hand)],
    players: stored.players.map((p) => ({ ...p, hand: [] })),
  };
  const s = advanceTo(emptied, 'purchase-units');
  return {
    state: {
      ...s,
      players: s.players.map((p, i) => (i === 0 ? { ...p, credits: 41, hand: [] } : p)),
      cardEffects: [
        ...s.cardEffects,
        { card: 'corporate-sponsorship', seat: 0, target: { count: 10 }, until: 'phase' },
      ],
    },
  };
}

/**
 * The last round's Technology phase (a one-round game), where only seat 0 has still to pass,
 * and no player holds a planet: at the round limit both stand at Warlord with nothing, tied on
 * every tie-break, so they share the victory (BG-10).
 */
function sharedEnd(stored: GameState): { state: GameState } {
  let s: GameState = { ...stored, options: { ...stored.options, roundLimit: 1 } };
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
  s = {
    ...s,
    planets: Object.fromEntries(
      Object.entries(s.planets).map(([name, p]) => [name, { ...p, owner: null }]),
    ),
  };
  const a = passAction(s, 1);
  if (a !== undefined && s.phase.name === 'technology' && !s.phase.done.includes(1))
    s = mustApply(s, 1, a);
  return { state: s };
}

/**
 * The active seat's first Movement segment (hands emptied), with a Carrier and three Ground
 * Forces in a system of two neutral planets, away from every home and minor race.
 */
function twoPlanetLanding(stored: GameState): {
  state: GameState;
  seat: number;
  hex: HexKey;
  planets: [string, string];
} {
  const emptied: GameState = {
    ...stored,
    actionDiscard: [...stored.actionDiscard, ...stored.players.flatMap((p) => p.hand)],
    players: stored.players.map((p) => ({ ...p, hand: [] })),
  };
  const s = advanceTo(emptied, 'individual-turns');
  if (s.phase.name !== 'individual-turns') throw new Error('no turn');
  const seat = s.phase.active;
  const taken = new Set<string>([
    ...s.galaxy.homes.map(hexKey),
    ...s.minorRaces.map((m) => m.hex),
    '0,0',
  ]);
  const found = (Object.entries(s.galaxy.tiles) as [HexKey, { tileId: string }][]).find(
    ([hex, placed]) =>
      !taken.has(hex) &&
      tileById(placed.tileId)?.planets.length === 2 &&
      tileById(placed.tileId)?.anomaly === undefined,
  );
  if (found === undefined) throw new Error('no two-planet system on this galaxy');
  const [hex, placed] = found;
  const names = (tileById(placed.tileId)?.planets ?? []).map((p) => p.name);
  const [a, b] = names;
  if (a === undefined || b === undefined) throw new Error('two planets expected');
  const planetOf = (name: string) => {
    const planet = s.planets[name];
    if (planet === undefined) throw new Error(`no planet ${name}`);
    return planet;
  };
  return {
    seat,
    hex,
    planets: [a, b],
    state: {
      ...s,
      planets: {
        ...s.planets,
        [a]: { ...planetOf(a), owner: null },
        [b]: { ...planetOf(b), owner: null },
      },
      units: {
        ...s.units,
        [hex]: {
          space: [{ owner: seat, units: { carrier: 1, 'ground-force': 3 } }],
          planets: {},
        },
      },
    },
  };
}

describe('At the table (real server on PGlite, real Chromium)', () => {
  it('BG-7: the Invasion Combat segment lists where forces can land, each form follows the latest view, and ending the turn asks first', async () => {
    const names = ['Ann', 'Bo'];
    const { table, prepared } = await startPrepared(
      env(),
      names,
      { leaders: false },
      twoPlanetLanding,
    );
    const { seat, hex, planets } = prepared;
    const me = await seatOpener(env(), viewport, table, names)(seat);
    // Movement, then Space Battle, end without a move: the Invasion Combat segment opens.
    const landing = me.getByTestId('landing');
    for (let i = 0; i < 3 && (await landing.count()) === 0; i++) {
      const before = await seqOf(me);
      await me.locator('.decision-panel button[data-action="end-segment"]').click();
      await waitForSeq(me, before + 1);
    }
    // Where forces can land is listed by system, lit on the board, with a form per planet.
    const system = landing.locator(`.landing-system[data-hex="${hex}"]`);
    await system.waitFor();
    expect(await me.locator(`.board-svg .hex-legal[data-hex="${hex}"]`).count()).toBe(1);
    const [first, second] = planets;
    const formOf = (planet: string) => system.locator(`.landing-planet[data-planet="${planet}"]`);
    expect(await formOf(first).locator('input[data-land="groundForces"]').inputValue()).toBe('3');
    expect(await formOf(second).locator('input[data-land="groundForces"]').inputValue()).toBe('3');
    if (SHOTS) await landing.screenshot({ path: `${shotsDir}invasion-panel.png` });

    // Two land on the first planet; the second's form now offers the one that is left.
    await formOf(first).locator('input[data-land="groundForces"]').fill('2');
    let before = await seqOf(me);
    await formOf(first).locator('button[data-action="land"]').click();
    await waitForSeq(me, before + 1);
    const field = formOf(second).locator('input[data-land="groundForces"]');
    await me
      .locator(`.landing-planet[data-planet="${second}"] input[data-land="groundForces"][max="1"]`)
      .waitFor();
    expect(await field.inputValue()).toBe('1');

    // Ending the turn with a landing still possible asks first; Cancel sends nothing.
    const endTurn = me.locator('.decision-panel button[data-action="end-turn"]');
    await endTurn.click();
    const confirm = me.getByTestId('confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Your forces can still land in');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await confirm.count()).toBe(0);

    before = await seqOf(me);
    await formOf(second).locator('button[data-action="land"]').click();
    await waitForSeq(me, before + 1);
    expect(await me.locator('.table-side .error').count()).toBe(0);
    await me.locator(`.planet[data-planet="${second}"] .planet-disc[fill]`).first().waitFor();
    expect(await seqOf(me)).toBe(before + 1);
  });

  it('BG-10: a shared victory names its winners and why, marks them, and says it alike everywhere', async () => {
    const names = ['Ann', 'Bo'];
    const { table } = await startPrepared(env(), names, { leaders: false }, sharedEnd, [
      'sol',
      'letnev',
    ]);
    const ann = await seatOpener(env(), viewport, table, names)(0);
    const spectator = await env().openAs(viewport, table.gameId, undefined);
    await ann.locator('[data-action="pass-technology"]').first().click();
    const sentence =
      'Ann (Federation of Sol) and Bo (Barony of Letnev) share the victory: they stood highest on the progression chart when the round limit was reached, and tied on influence and on resources (BG-10).';
    for (const page of [ann, spectator]) {
      await page.getByTestId('end-screen').waitFor();
      expect(await page.getByTestId('end-winner').textContent()).toBe(sentence);
      expect(
        await page.locator('.end-screen tbody tr[data-winner="true"] th').allTextContents(),
      ).toEqual(['Ann (Federation of Sol) · winner', 'Bo (Barony of Letnev) · winner']);
      expect(await page.getByTestId('status-line').textContent()).toContain(`— ${sentence}`);
    }
    if (SHOTS) {
      await ann.evaluate(() => {
        window.scrollTo(0, 0);
      });
      await ann.screenshot({ path: `${shotsDir}end-screen-winners.png` });
    }
    // The replay's log ends on the same words (this prepared game replays as its log only).
    await spectator.getByRole('link', { name: 'Watch the replay' }).click();
    await spectator
      .locator('.log-lines', {
        hasText:
          'The game is over. Ann and Bo share the victory: they stood highest on the progression chart when the round limit was reached, and tied on influence and on resources (BG-10).',
      })
      .waitFor();
  });

  it('BG-2: one Buy buys the whole basket as one action, Corporate Sponsorship counted in the total', async () => {
    const names = ['Ann', 'Bo'];
    const { table } = await startPrepared(env(), names, { leaders: false }, atPurchase, [
      'sol',
      'letnev',
    ]);
    const ann = await seatOpener(env(), viewport, table, names)(0);
    const form = ann.getByTestId('purchase-form');
    await form.waitFor();
    await form.locator('input[name=carrier]').fill('1');
    await form.locator('input[name=cruiser]').fill('2');
    await form.locator('input[name=ground-force]').fill('2');
    await form.locator('input[name=pds]').fill('1');
    // 10 + 12 + 8 + 10 = 40, of which the sponsorship pays the PDS's 10.
    expect(await ann.getByTestId('running-total').textContent()).toMatch(
      /^Total: 30 of 41 credits \(40 less 10 from Corporate Sponsorship\)/,
    );
    if (SHOTS) await form.screenshot({ path: `${shotsDir}purchase-basket.png` });
    const before = await seqOf(ann);
    await form.locator('button[type=submit]').click();
    await ann
      .getByTestId('pending-units')
      .filter({ hasText: '1 Carrier, 2 Cruisers, 2 Ground Forces, 1 PDS' })
      .waitFor();
    // One intent, one action: the basket moved the game on by one step.
    expect(await seqOf(ann)).toBe(before + 1);
    await ann.locator('[data-testid=credits-0]').filter({ hasText: /^11$/ }).waitFor();
    expect(await ann.locator('.decision-panel .error').count()).toBe(0);
  });

  it('the waiting room shows no error while the game has not started, nor after it starts', async () => {
    const { gameId, hostToken } = await seatTable(env(), ['Ann', 'Bo'], { leaders: false });
    const host = await openWithShortWait(gameId, { seat: 0, token: hostToken, name: 'Ann' });
    const spectator = await openWithShortWait(gameId);
    for (const page of [host, spectator]) {
      // The page's wait for a state has run out (an event of the client), or it has given up.
      await page
        .locator('[data-testid="notice"], main[data-state-wait="not-started"]')
        .first()
        .waitFor();
      expect(await page.getByTestId('notice').count()).toBe(0);
    }
    await rest(env().server.url, 'POST', `/api/games/${gameId}/start`, undefined, hostToken);
    for (const page of [host, spectator]) {
      await page.locator('main[data-state-wait="received"]').waitFor();
      await page.getByTestId('status-line').waitFor();
      expect(await page.getByTestId('notice').count()).toBe(0);
    }
  });
});
