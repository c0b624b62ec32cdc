import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import type { GameEvent } from '../events.js';
import { createGame } from '../setup/create-game.js';
import { countIn, planetsOf } from '../state/board.js';
import type { GameState, Seat } from '../state/types.js';
import { ofType } from '../testing/battle.js';
import { passAction } from '../testing/fixtures.js';
import { describeEvent } from '../views/describe.js';

/** Passes through the game until `until` holds, keeping every event on the way. */
function playUntil(start: GameState, until: (s: GameState) => boolean) {
  let s = start;
  const events: GameEvent[] = [];
  for (let i = 0; i < 2000 && !until(s); i++) {
    const d = decisions(s)[0];
    if (d === undefined) throw new Error(`stuck in ${s.phase.name}`);
    const r = apply(s, d.seat, passAction(s, d.seat));
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

function groundForces(s: GameState, seat: Seat): Record<string, number> {
  return Object.fromEntries(
    planetsOf(s, seat).map((planet) => {
      const hex = s.planets[planet]?.hex;
      const groups = hex === undefined ? undefined : s.units[hex]?.planets[planet];
      return [planet, countIn(groups, seat, 'ground-force')];
    }),
  );
}

describe('BG-1 Sol: Reinforcements', () => {
  const start = createGame(
    { players: [{ race: 'sol' }, { race: 'letnev' }], leaders: false },
    'sol',
  );

  it('places 1 free Ground Force on each planet the Sol controls in the first Place New Units phase', () => {
    const before = playUntil(start, (s) => s.phase.name === 'purchase-units').state;
    const { state, events } = playUntil(before, (s) => s.round === 2);
    const placed = ofType(events, 'unit-placed').filter((e) => e.ability === 'Reinforcements');
    const planets = planetsOf(before, 0);
    expect(planets.length).toBeGreaterThan(0);
    expect(placed.map((e) => [e.owner, e.unit, e.planet])).toEqual(
      planets.map((p) => [0, 'ground-force', p]),
    );
    const was = groundForces(before, 0);
    for (const [planet, n] of Object.entries(groundForces(state, 0)))
      expect(n).toBe((was[planet] ?? 0) + 1);
    // The Letnev, without the ability, gets nothing free.
    expect(groundForces(state, 1)).toEqual(groundForces(before, 1));
    const [first] = placed;
    expect(first && describeEvent(first, ['Ann', 'Bob'])).toBe(
      `Ann places a Ground Force on ${planets[0] ?? ''} (Reinforcements).`,
    );
  });

  it('places nothing free in later rounds', () => {
    const round2 = playUntil(start, (s) => s.round === 2).state;
    const { events } = playUntil(round2, (s) => s.round === 3);
    expect(ofType(events, 'unit-placed').filter((e) => e.ability !== undefined)).toEqual([]);
    expect(round2.round).toBe(2);
  });
});
