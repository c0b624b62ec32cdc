import { hexKey, neighbours, tileById, type HexKey } from '@outer-rim/map';
import {
  apply,
  createGame,
  decisions,
  legalActions,
  type GameState,
  type GameView,
  type LeaderState,
} from '@outer-rim/rules';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { advanceTo } from '@outer-rim/rules/testing';
import {
  clickHex,
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

/**
 * The same game with the fleet moved: the active player's Cruisers (two, its
 * Agent aboard one) and a Carrier came from home into the empty system next
 * to it, where the other player's Dreadnought waits; the Movement segment
 * ends next. The dice stay the seeded PRNG's; the seed is the first of a
 * fixed list whose round 1, played by the engine as the test will play it,
 * leaves the active player owing one casualty of its own choice.
 */
function prepareCasualty(stored: GameState): Prepared {
  const p = prepareHome(true)(stored);
  const { seat, home, next } = p;
  const s = p.state;
  if (s.phase.name !== 'individual-turns') throw new Error('not in the turns');
  const other = 1 - seat;
  const base: GameState = {
    ...s,
    units: {
      ...s.units,
      [home]: { ...(s.units[home] ?? { planets: {} }), space: [] },
      [next]: {
        space: [
          { owner: seat, units: { cruiser: 2, carrier: 1 } },
          { owner: other, units: { dreadnought: 1 } },
        ],
        planets: {},
      },
    },
    players: s.players.map((pl, i) =>
      i !== seat
        ? pl
        : {
            ...pl,
            leaders: pl.leaders.map((l) =>
              l.type === 'agent' ? { ...l, hex: next, ship: 'cruiser' as const } : l,
            ),
          },
    ),
    phase: {
      ...s.phase,
      movement: {
        moved: {},
        riftTried: {},
        arrived: [next],
        cameFrom: { [next]: [home] },
        nextId: 1,
        begun: true,
      },
    },
  };
  for (let i = 1; i <= 60; i++) {
    const state: GameState = {
      ...base,
      prng: createGame({ players: [{}, {}] }, `leader-casualty-${String(i)}`).prng,
    };
    const r = apply(state, seat, { type: 'end-segment' });
    if (!r.ok) continue;
    const owes = decisions(r.state).some((d) => d.seat === seat && d.kind === 'casualties');
    const choices = legalActions(r.state, seat).filter((a) => a.type === 'choose-casualties');
    if (owes && choices.length > 1) return { ...p, state };
  }
  throw new Error('no seed of the list leaves a casualty to choose');
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

  it('the Agent aboard one of two Cruisers hit in a space battle: the casualty form shows its ship as its own line, and the Cruiser picked there is the one lost', async () => {
    const session = env();
    const { table, prepared } = await startPrepared(
      session,
      names,
      { leaders: true, shockForces: false },
      prepareCasualty,
      ['sol', 'l1z1x'],
    );
    const { seat, next } = prepared;
    const page = await seatOpener(session, viewport, table, names)(seat);
    await sendFrom(page, '.decision-panel button[data-action="end-segment"]');
    const picker = page.getByTestId('casualty-picker');
    await picker.waitFor();
    await picker
      .locator('label.leader-ship')
      .filter({ hasText: 'Cruiser with the Agent aboard' })
      .waitFor();
    expect(await picker.locator('input[data-loss="cruiser"]').getAttribute('max')).toBe('1');
    // Picked, the Agent's Cruiser takes the place of the other one: one ship for one hit.
    await picker.locator('input[data-leader-loss="cruiser"]').check();
    expect(await picker.locator('input[data-loss="cruiser"]').inputValue()).toBe('0');
    expect(await page.getByTestId('casualty-check').textContent()).toBe('Allowed.');
    if (SHOTS) {
      await page.evaluate(() => {
        window.scrollTo(0, 0);
      });
      await page.screenshot({ path: `${shotsDir}leader-ship-casualty.png` });
    }
    await sendFrom(page, '[data-testid="casualty-picker"] button[data-action="choose-casualties"]');
    // Lost in a space battle: its fate die says killed (odd) or captured (even).
    await page
      .locator('.log-lines')
      .filter({ hasText: /Agent .*(is killed|is captured)/ })
      .waitFor();

    const client = await seatSocket(session.server.url, table, seat);
    client.close();
    const { view } = client.state;
    expect(view.players[seat]?.leaders.find((l) => l.type === 'agent')?.status).not.toBe('active');
    expect(view.units[next]?.space.find((g) => g.owner === seat)?.units.cruiser).toBe(1);
  }, 120_000);
});
