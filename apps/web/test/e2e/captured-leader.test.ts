import { hexKey, type HexKey } from '@outer-rim/map';
import { describe, expect, it } from 'vitest';
import {
  apply,
  createGame,
  influenceOf,
  RULE_CONSTANTS,
  type Action,
  type GameEvent,
  type GameState,
} from '@outer-rim/rules';
import { advanceTo } from '@outer-rim/rules/testing';
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
const names = ['Ann', 'Bo'];

interface Prepared {
  state: GameState;
  invader: number;
  owner: number;
  hex: HexKey;
  planet: string;
  /** How many times the invader ends a segment to reach Invasion Combat. */
  segments: number;
  landing: Action;
}

/**
 * The prepared game (test-only, written through the server's store): the
 * invader's Movement segment, with a Carrier and four Ground Forces over a
 * planet of the other player held by one Ground Force and that player's
 * Admiral (OR-6.2), nothing else in the system, no action cards in any hand.
 * The dice stay the seeded PRNG's; the seed is the first of a fixed list whose
 * invasion, played by the engine as the test will play it, takes the planet and
 * captures the Admiral (a roll of 1-5), so every run is the same.
 */
function prepareCapture(stored: GameState): Prepared {
  const start = advanceTo(stored, 'individual-turns');
  if (start.phase.name !== 'individual-turns') throw new Error('not in the turns');
  const invader = start.phase.active;
  const owner = 1 - invader;
  const homes = new Set(start.galaxy.homes.map(hexKey));
  const target = Object.entries(start.planets).find(
    ([, p]) =>
      p.owner === null && !homes.has(p.hex) && p.hex !== '0,0' && start.units[p.hex] === undefined,
  );
  if (target === undefined) throw new Error('no free planet');
  const [planet, { hex }] = target;
  const admiral = start.players[owner]?.leaders.find((l) => l.type === 'admiral');
  if (admiral === undefined) throw new Error('no Admiral');
  const base: GameState = {
    ...start,
    phase: { ...start.phase, segment: 'movement' },
    neverAsk: [0, 1],
    actionDiscard: [...start.actionDiscard, ...start.players.flatMap((p) => p.hand)],
    planets: { ...start.planets, [planet]: { hex, owner } },
    units: {
      ...start.units,
      [hex]: {
        space: [{ owner: invader, units: { carrier: 1, 'ground-force': 4 } }],
        planets: { [planet]: [{ owner, units: { 'ground-force': 1 } }] },
      },
    },
    players: start.players.map((p, seat) => ({
      ...p,
      hand: [],
      leaders:
        seat !== owner
          ? p.leaders
          : p.leaders.map((l) =>
              l.id === admiral.id ? { id: l.id, type: l.type, status: 'active', hex, planet } : l,
            ),
    })),
  };
  const landing: Action = {
    type: 'land',
    hex,
    planet,
    groundForces: 4,
    shockForces: 0,
    pds: 0,
    bombard: 0,
  };
  for (let i = 1; i <= 60; i++) {
    const s: GameState = { ...base, prng: createGame({ players: [{}, {}] }, `capture-${i}`).prng };
    let state = s;
    let segments = 0;
    const events: GameEvent[] = [];
    const step = (action: Action): boolean => {
      const r = apply(state, invader, action);
      if (!r.ok) return false;
      state = r.state;
      events.push(...r.events);
      return true;
    };
    while (state.phase.name === 'individual-turns' && state.phase.segment !== 'invasion-combat') {
      if (!step({ type: 'end-segment' })) break;
      segments++;
    }
    if (!step(landing)) continue;
    const captured = events.some(
      (e) => e.type === 'leader-fate' && e.fate === 'captured' && e.leader === admiral.id,
    );
    if (captured && state.planets[planet]?.owner === invader) {
      return { state: s, invader, owner, hex, planet, segments, landing };
    }
  }
  throw new Error('no seed of the list captures the Admiral');
}

describe('OR-6.2: a leader captured in an invasion, in the browser (real server on PGlite, real Chromium)', () => {
  it('the invader takes the planet and its Admiral: the captor holds the captive (+2 influence), the owner sees it lost, a spectator both', async () => {
    const session = env();
    const { table, prepared } = await startPrepared(
      session,
      names,
      { leaders: true, shockForces: false },
      prepareCapture,
      // Both races have an Admiral, whichever seat invades.
      ['sol', 'naalu'],
    );
    const { invader, owner, planet, segments } = prepared;
    const open = seatOpener(session, viewport, table, names);
    const captor = await open(invader);
    const loser = await open(owner);
    const spectator = await openGame(session, viewport, table.gameId);
    const [who, whose] = [names[invader] ?? '', names[owner] ?? ''];
    const influenceCell = (page: typeof captor, seat: number) =>
      page.locator(`.players-panel .player[data-seat="${seat}"] dt:has-text("Influence") + dd`);

    // Before: the Admiral stands on the planet; nobody holds a captive.
    for (const page of [captor, loser, spectator]) {
      expect(await page.getByTestId(`leaders-${owner}`).textContent()).toContain(
        `Admiral (on ${planet})`,
      );
      expect(await page.getByTestId(`captives-${invader}`).count()).toBe(0);
    }
    const before = Number(await influenceCell(captor, invader).textContent());

    // To the Invasion Combat segment, and the four Ground Forces land.
    for (let i = 0; i < segments; i++) {
      await sendFrom(captor, '.decision-panel button[data-action="end-segment"]');
    }
    const form = captor.locator(`.landing-planet[data-planet="${planet}"]`);
    await form.waitFor();
    await form.locator('input[data-land="groundForces"]').fill('4');
    await sendFrom(captor, `.landing-planet[data-planet="${planet}"] button[data-action="land"]`);
    await captor.locator('.fight[data-over="true"]').waitFor();
    const done = await seqOf(captor);

    const fate = `is captured by ${who}`;
    for (const page of [captor, loser, spectator]) {
      await waitForSeq(page, done);
      await page.locator('.log-lines').filter({ hasText: fate }).waitFor();
      // The captor holds the captive, counted in its influence; the owner's Admiral is lost to it.
      const captives = (await page.getByTestId(`captives-${invader}`).textContent()) ?? '';
      expect(captives).toMatch(
        new RegExp(
          `^Captives \\(\\+${RULE_CONSTANTS.captiveLeaderInfluence} influence each\\): ${whose}'s [A-Z][\\w' -]+ Admiral$`,
        ),
      );
      expect(await page.getByTestId(`leaders-${owner}`).textContent()).toContain(
        `Admiral (captured by ${who})`,
      );
    }
    // +2 for the captive beside the planet's own influence, on the captor's screen as the rules count it.
    const after = Number(await influenceCell(captor, invader).textContent());
    const s = prepared.state;
    const planetInfluence =
      influenceOf(
        { ...s, planets: { ...s.planets, [planet]: { hex: prepared.hex, owner: invader } } },
        invader,
      ) - influenceOf(s, invader);
    expect(after).toBe(before + planetInfluence + RULE_CONSTANTS.captiveLeaderInfluence);
    expect(Number(await influenceCell(loser, invader).textContent())).toBe(after);
    // The owner no longer has the Admiral on the board: it is in no list of its own leaders on a planet.
    expect(await loser.getByTestId(`leaders-${owner}`).textContent()).not.toContain(
      `Admiral (on ${planet})`,
    );
    if (SHOTS) {
      await captor.evaluate(() => {
        window.scrollTo(0, 0);
      });
      await captor.screenshot({ path: `${shotsDir}captured-leader.png`, fullPage: true });
    }
  }, 120_000);
});
