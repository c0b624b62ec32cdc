import { hexKey, neighbours, tileById, type HexKey } from '@outer-rim/map';
import type { GameState, GameView, LeaderState } from '@outer-rim/rules';
import type { Page } from 'playwright-core';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { advanceTo } from '../../../../packages/rules/src/testing/fixtures.js';
import {
  SHOTS,
  seatOpener,
  sendFrom,
  shotsDir,
  startPrepared,
  useE2eSession,
  type StartedTable,
} from './session';

const env = useE2eSession();
const viewport = { width: 1280, height: 720 };
const names = ['Ann', 'Bo'];

interface Prepared {
  state: GameState;
  seat: number;
  home: HexKey;
  capital: string;
  /** An empty system next to the home system. */
  next: HexKey;
}

/**
 * The prepared game (test-only, written through the server's store): the
 * active player's Movement segment, two Carriers in its home system, one
 * Ground Force on its capital, and its Agent either on the capital with that
 * Ground Force or aboard one of the Carriers (OR-6.2). No action cards in any
 * hand, so no card window opens.
 */
function prepareHome(agentAboard: boolean) {
  return (stored: GameState): Prepared => {
    const start = advanceTo(stored, 'individual-turns');
    if (start.phase.name !== 'individual-turns') throw new Error('not in the turns');
    const seat = start.phase.active;
    const home = hexKey(start.galaxy.homes[seat] ?? { q: 0, r: 0 });
    const player = start.players[seat];
    const agent = player?.leaders.find((l) => l.type === 'agent');
    const capital = agent?.planet;
    if (player === undefined || agent === undefined || capital === undefined)
      throw new Error('no Agent on a capital');
    const next = neighbours(start.galaxy.homes[seat] ?? { q: 0, r: 0 })
      .map(hexKey)
      .find((k) => {
        const placed = start.galaxy.tiles[k];
        const tile = placed === undefined ? undefined : tileById(placed.tileId);
        return (
          tile?.kind === 'system' && tile.anomaly === undefined && start.units[k] === undefined
        );
      });
    if (next === undefined) throw new Error('no empty system next to home');
    const sys = start.units[home] ?? { space: [], planets: {} };
    const aboard: LeaderState = { id: agent.id, type: 'agent', status: 'active', hex: home };
    const state: GameState = {
      ...start,
      phase: { ...start.phase, segment: 'movement' },
      neverAsk: [0, 1],
      actionDiscard: [...start.actionDiscard, ...start.players.flatMap((p) => p.hand)],
      units: {
        ...start.units,
        [home]: {
          space: [{ owner: seat, units: { carrier: 2 } }],
          planets: {
            ...sys.planets,
            [capital]: [{ owner: seat, units: { 'ground-force': 1, spacedock: 1 } }],
          },
        },
      },
      players: start.players.map((p, i) =>
        i !== seat
          ? { ...p, hand: [] }
          : {
              ...p,
              hand: [],
              leaders: p.leaders.map((l) =>
                l.id !== agent.id
                  ? { id: l.id, type: l.type, status: 'killed' as const }
                  : agentAboard
                    ? { ...aboard, ship: 'carrier' as const }
                    : { ...aboard, planet: capital },
              ),
            },
      ),
    };
    return { state, seat, home, capital, next };
  };
}

/** The seat's own connection, as a client that is not the page: its view, and its actions' answers. */
async function seatSocket(url: string, table: StartedTable, seat: number) {
  const socket = io(url, {
    auth: { gameId: table.gameId, token: table.tokens[seat] },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const state = await new Promise<{ seq: number; view: GameView }>((resolve, reject) => {
    socket.once('state', resolve);
    socket.once('connect_error', reject);
  });
  return {
    state,
    send: (action: unknown) =>
      socket.emitWithAck('action', { id: `e2e-${String(Date.now())}`, action }) as Promise<{
        ok: boolean;
        error?: { code: string; message: string };
      }>,
    close: () => socket.close(),
  };
}

async function clickHex(page: Page, key: string): Promise<void> {
  await page.locator(`.board-svg [data-hex="${key}"]`).click({ force: true });
}

describe('OR-6.2 leaders aboard and on planets, in the browser (real server on PGlite, real Chromium)', () => {
  it('a move that would leave the Agent without troops: the move form says so before the click, and the server refuses it with the reason', async () => {
    const session = env();
    const { table, prepared } = await startPrepared(
      session,
      names,
      { leaders: true, shockForces: false },
      prepareHome(false),
      ['sol', 'l1z1x'],
    );
    const { seat, home, capital, next } = prepared;
    const page = await seatOpener(session, viewport, table, names)(seat);
    await page.locator('.move-panel').waitFor();
    await clickHex(page, home);
    await page.locator('.move-panel input[data-unit="carrier"]').fill('1');
    // The capital's only Ground Force is not on offer, and the form says why.
    const source = `${home}|${capital}|ground-force`;
    const held = page.locator(`.move-panel [data-held="${source}"]`);
    await held.waitFor();
    expect(await held.textContent()).toMatch(
      /1 Ground Force stays with the Agent: a leader cannot exist on a planet with no friendly Ground\/Shock Forces \(OR-6\.2\)/,
    );
    expect(await page.locator(`.move-panel input[data-load="${source}"]`).getAttribute('max')).toBe(
      '0',
    );

    // Sent anyway, from the seat's own connection: refused with the reason, nothing changes.
    const client = await seatSocket(session.server.url, table, seat);
    try {
      const answer = await client.send({
        type: 'move',
        from: home,
        path: [next],
        ships: { carrier: 1 },
        load: [{ hex: home, planet: capital, unit: 'ground-force', count: 1 }],
      });
      expect(answer.ok).toBe(false);
      expect(answer.error?.code).toBe('ILLEGAL_ACTION');
      expect(answer.error?.message).toMatch(
        /Agent cannot exist on a planet with no friendly Ground\/Shock Forces \(OR-6\.2\)/,
      );
    } finally {
      client.close();
    }
    const after = await seatSocket(session.server.url, table, seat);
    after.close();
    expect(after.state.seq).toBe(0);
    expect(after.state.view.players[seat]?.leaders.find((l) => l.type === 'agent')).toMatchObject({
      status: 'active',
      planet: capital,
    });
  }, 120_000);

  it('the Agent aboard one of two Carriers: the move form shows its ship as its own line, and the Carrier picked there is the one that moves', async () => {
    const session = env();
    const { table, prepared } = await startPrepared(
      session,
      names,
      { leaders: true, shockForces: false },
      prepareHome(true),
      ['sol', 'l1z1x'],
    );
    const { seat, home, next } = prepared;
    const page = await seatOpener(session, viewport, table, names)(seat);
    await page.locator('.move-panel').waitFor();
    await clickHex(page, home);
    const line = page.locator('.move-panel label.leader-ship').filter({
      hasText: 'Carrier with the Agent aboard',
    });
    await line.waitFor();
    // The other Carrier is counted apart: one of one.
    expect(await page.locator('.move-panel input[data-unit="carrier"]').getAttribute('max')).toBe(
      '1',
    );
    await page.locator('.move-panel input[data-leader-ship="carrier"]').check();
    await page.locator(`.board-svg .hex-legal[data-hex="${next}"]`).waitFor();
    await clickHex(page, next);
    if (SHOTS) {
      await page.evaluate(() => {
        window.scrollTo(0, 0);
      });
      await page.screenshot({ path: `${shotsDir}leader-ship-move.png` });
    }
    await sendFrom(page, '.move-panel button[data-action="move"]');
    expect(await page.locator('.table-side .error').count()).toBe(0);

    const client = await seatSocket(session.server.url, table, seat);
    client.close();
    const { view } = client.state;
    expect(view.players[seat]?.leaders.find((l) => l.type === 'agent')).toMatchObject({
      status: 'active',
      hex: next,
      ship: 'carrier',
    });
    const carriersAt = (hex: HexKey) =>
      view.units[hex]?.space.find((g) => g.owner === seat)?.units.carrier;
    expect(carriersAt(next)).toBe(1);
    expect(carriersAt(home)).toBe(1);
  }, 120_000);
});
