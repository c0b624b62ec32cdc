import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameState } from '@outer-rim/rules';
import { withHand, openWindow, Draft, advanceTo } from '@outer-rim/rules/testing';
import {
  openGame,
  SHOTS,
  sendFrom,
  seqOf,
  shotsDir,
  seatOpener,
  startPrepared,
  useE2eSession,
  waitForSeq,
} from './session';

const env = useE2eSession();
const viewport = { width: 1280, height: 720 };
const names = ['Ann', 'Bo', 'Cy'];

/**
 * The prepared game (test-only, written through the server's store): the first
 * turn of a three-player game, its player holding Flank Speed, the next seat a
 * Sabotage and the third seat no card, with the action-card window that opens
 * just before the Movement segment open (as the engine opens it there).
 */
function prepareCards(stored: GameState): { state: GameState; active: number } {
  const start = advanceTo(stored, 'individual-turns');
  if (start.phase.name !== 'individual-turns') throw new Error('not in the turns');
  const active = start.phase.active;
  let s = start;
  for (let seat = 0; seat < s.players.length; seat++) s = withHand(s, seat, []);
  s = withHand(s, active, ['flank-speed']);
  s = withHand(s, (active + 1) % 3, ['sabotage']);
  const d = new Draft(s);
  if (!openWindow(d, { kind: 'movement-start', seat: active })) throw new Error('no window');
  return { state: d.finish(), active };
}

async function textOf(page: Page): Promise<string> {
  return (await page.locator('.table').textContent()) ?? '';
}

describe('BG-9: an action card answered by a Sabotage in the browser (real server on PGlite, real Chromium)', () => {
  it('the player plays Flank Speed, the next seat cancels it with a Sabotage; a third seat and a spectator see the cards only once played', async () => {
    const session = env();
    const {
      table,
      prepared: { active },
    } = await startPrepared(session, names, { leaders: false }, prepareCards);
    const saboteur = (active + 1) % 3;
    const third = (active + 2) % 3;
    const open = seatOpener(session, viewport, table, names);
    const player = await open(active);
    const answerer = await open(saboteur);
    const watcher = await open(third);
    const spectator = await openGame(session, viewport, table.gameId);
    const [who, by] = [names[active] ?? '', names[saboteur] ?? ''];

    // The window is open for everyone; only the two seats holding cards are asked.
    for (const page of [player, answerer, watcher, spectator]) {
      await page.getByTestId('card-window').waitFor();
    }
    const flank = player.locator('.hand-card.playable[data-card="Flank Speed"]');
    await flank.waitFor();
    expect(await answerer.locator('.hand-card[data-card="Sabotage"]').count()).toBe(1);
    // Sabotage answers a card being played: nothing to answer yet, so it is not lit.
    expect(await answerer.locator('.hand-card.playable').count()).toBe(0);
    expect(await answerer.locator('button[data-action="pass-card"]').count()).toBe(1);
    expect(await watcher.locator('button[data-action="pass-card"]').count()).toBe(0);
    // Hands stay hidden: the third seat and the spectator read no card of another hand.
    for (const page of [watcher, spectator]) {
      const text = await textOf(page);
      expect(text).not.toContain('Flank Speed');
      expect(text).not.toContain('Sabotage');
    }
    expect(await textOf(player)).not.toContain('Sabotage');
    expect(await textOf(answerer)).not.toContain('Flank Speed');

    // The player plays it: everyone sees it on the stack, and the Sabotage lights up for its holder.
    await sendFrom(player, '.hand-card[data-card="Flank Speed"] button[data-action="play-card"]');
    const played = await seqOf(player);
    for (const page of [answerer, watcher, spectator]) {
      await waitForSeq(page, played);
      await page
        .getByTestId('card-stack')
        .filter({ hasText: `${who} plays Flank Speed` })
        .waitFor();
    }
    await answerer.locator('.hand-card.playable[data-card="Sabotage"]').waitFor();
    expect(await textOf(watcher)).not.toContain('Sabotage');
    if (SHOTS) await answerer.screenshot({ path: `${shotsDir}sabotage.png` });

    // The answer: Sabotage cancels Flank Speed; the window closes and the turn goes on at Movement.
    await sendFrom(answerer, '.hand-card[data-card="Sabotage"] button[data-action="play-card"]');
    const answered = await seqOf(answerer);
    const cancelled = `${by}'s Sabotage cancels ${who}'s Flank Speed.`;
    for (const page of [player, answerer, watcher, spectator]) {
      await waitForSeq(page, answered);
      await page.locator('.log-lines').filter({ hasText: cancelled }).waitFor();
      expect(await page.getByTestId('card-window').count()).toBe(0);
      const log = (await page.locator('.log-lines').textContent()) ?? '';
      expect(log).toContain(`${who} plays Flank Speed.`);
      expect(log).toContain(`${by} plays Sabotage.`);
      // The cancelled card never took effect.
      expect(log).not.toContain(`${who}'s Flank Speed takes effect.`);
      // Both cards are spent: each seat's card count reads 0.
      for (const seat of [active, saboteur]) {
        const row = page.locator(`.players-panel .player[data-seat="${seat}"]`);
        expect(await row.locator('dt:has-text("Action cards") + dd').textContent()).toBe('0');
      }
    }
    await player.locator('.decision-panel button[data-action="end-segment"]').waitFor();
    expect(await player.locator('.hand-empty').textContent()).toBe('You hold no action cards.');
  }, 120_000);
});

/**
 * The prepared game (test-only): the first turn of a two-player game with leaders, its player in
 * the leaders' segment holding only Good Year (no card for the moment Movement begins), the other
 * seat holding Signal Jamming, which fits it.
 */
function prepareEndTurn(stored: GameState): { state: GameState; active: number } {
  const start = advanceTo(stored, 'individual-turns');
  if (start.phase.name !== 'individual-turns' || start.phase.segment !== 'leaders-board') {
    throw new Error('the turn does not open in the leaders’ segment (is the leaders option on?)');
  }
  const active = start.phase.active;
  const s = withHand(withHand(start, active, ['good-year']), 1 - active, ['signal-jamming']);
  return { state: s, active };
}

describe('BG-2 / BG-9: ending the turn as Movement begins, in the browser', () => {
  it('the player who ends the turn is not stopped by the card window; the other seat is asked, passes, and the turn ends', async () => {
    const session = env();
    const two = names.slice(0, 2);
    const {
      table,
      prepared: { active },
    } = await startPrepared(session, two, { leaders: true }, prepareEndTurn);
    const other = 1 - active;
    const open = seatOpener(session, viewport, table, two);
    const player = await open(active);
    const holder = await open(other);
    const [who, them] = [two[active] ?? '', two[other] ?? ''];

    await sendFrom(player, '.decision-panel button[data-action="end-turn"]');
    // The window opened for the card Signal Jamming may answer; the ending player holds nothing
    // for it and is not asked, the holder is.
    const opened = await seqOf(player);
    await waitForSeq(holder, opened);
    await holder.getByTestId('card-window').waitFor();
    await holder.locator('.hand-card.playable[data-card="Signal Jamming"]').waitFor();
    expect(await player.locator('button[data-action="pass-card"]').count()).toBe(0);
    expect(await player.locator('.decision-panel button[data-action="end-turn"]').count()).toBe(0);

    await sendFrom(holder, 'button[data-action="pass-card"]');
    const passed = await seqOf(holder);
    for (const page of [player, holder]) {
      await waitForSeq(page, passed);
      const log = page.locator('.log-lines');
      await log.filter({ hasText: `${who} ends the turn.` }).waitFor();
      expect(await log.textContent()).toContain(`${them}'s turn.`);
      expect(await page.getByTestId('card-window').count()).toBe(0);
    }
    // Nothing is left for the player who ended the turn to click.
    expect(await player.locator('.decision-panel button[data-action="end-turn"]').count()).toBe(0);
    await holder.locator('.decision-panel button[data-action="end-turn"]').waitFor();
  }, 120_000);
});
