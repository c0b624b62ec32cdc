import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action } from '../actions/schema.js';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import type { GameEvent } from '../events.js';
import { legalActions } from '../legal-actions.js';
import type { GameState, Seat } from '../state/types.js';
import { movementTable, unitsAt, withTiles, withUnits } from '../testing/board.js';
import { deepFreeze, mustApply, withPlayer } from '../testing/fixtures.js';
import { describeEvent } from '../views/describe.js';
import { view } from '../views/view.js';
import { movementOptions } from './options.js';

// A straight line down the middle of the board: rings 1 and 2 never hold a home.
const TOP2 = '0,-2';
const TOP1 = '0,-1';
const MECATOL = '0,0';
const LOW1 = '0,1';
const LOW2 = '0,2';

function table(tiles: Record<string, string> = {}, technologies: string[] = []) {
  const { state, seat } = movementTable();
  const s = withPlayer(withTiles(state, tiles), seat, { technologies });
  return { s, seat, other: (seat + 1) % 2 };
}

type Ships = { dreadnought?: number; carrier?: number; cruiser?: number };
const move = (from: string, path: string[], ships: Ships, load?: unknown[]): unknown => ({
  type: 'move',
  from,
  path,
  ships,
  ...(load === undefined ? {} : { load }),
});

function ok(s: GameState, seat: Seat, a: unknown): { state: GameState; events: GameEvent[] } {
  const r = apply(s, seat, a);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r;
}

function refusal(s: GameState, seat: Seat, a: unknown): string {
  const r = apply(deepFreeze(s), seat, a);
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(a)}`);
  return `${r.error.code}: ${r.error.message}`;
}

describe('BG-5 Movement', () => {
  it('a ship moves up to its move value from hex to adjacent hex, and no further', () => {
    const { s: base, seat } = table();
    const s = withUnits(base, TOP2, seat, { cruiser: 1, dreadnought: 1 });
    const r = ok(s, seat, move(TOP2, [TOP1, MECATOL], { cruiser: 1 }));
    expect(unitsAt(r.state, MECATOL, seat)).toEqual({ cruiser: 1 });
    expect(unitsAt(r.state, TOP2, seat)).toEqual({ dreadnought: 1 });
    expect(r.events).toContainEqual({
      type: 'ships-moved',
      seat,
      from: TOP2,
      to: MECATOL,
      path: [TOP1, MECATOL],
      units: { cruiser: 1 },
    });
    expect(refusal(s, seat, move(TOP2, [TOP1, MECATOL, LOW1], { cruiser: 1 }))).toMatch(
      /ILLEGAL_ACTION: That path needs 3 movement/,
    );
    expect(refusal(s, seat, move(TOP2, [TOP1, MECATOL], { dreadnought: 1 }))).toMatch(
      /needs 2 movement; these ships have 1/,
    );
    expect(refusal(s, seat, move(TOP2, [MECATOL], { cruiser: 1 }))).toMatch(/not next to/);
    expect(refusal(s, seat, move(TOP2, [TOP1], { carrier: 1 }))).toMatch(/ILLEGAL_ACTION/);
  });

  it('technologies add movement (Type IV Drive: Cruisers and Dreadnoughts +1)', () => {
    const { s: base, seat } = table({}, ['type-iv-drive']);
    const s = withUnits(base, TOP2, seat, { dreadnought: 1 });
    const r = ok(s, seat, move(TOP2, [TOP1, MECATOL], { dreadnought: 1 }));
    expect(unitsAt(r.state, MECATOL, seat)).toEqual({ dreadnought: 1 });
  });

  it('ships move together, as far as the slowest of them', () => {
    const { s: base, seat } = table();
    const s = withUnits(base, TOP2, seat, { cruiser: 2, dreadnought: 1 });
    expect(refusal(s, seat, move(TOP2, [TOP1, MECATOL], { cruiser: 2, dreadnought: 1 }))).toMatch(
      /these ships have 1/,
    );
    const r = ok(s, seat, move(TOP2, [TOP1], { cruiser: 2, dreadnought: 1 }));
    expect(unitsAt(r.state, TOP1, seat)).toEqual({ cruiser: 2, dreadnought: 1 });
    expect(r.state.units[TOP2]).toEqual({ space: [], planets: {} });
  });

  it('a ship that has moved may not move again this turn; the ships that were already there may', () => {
    const { s: base, seat } = table();
    let s = withUnits(base, TOP2, seat, { cruiser: 1 });
    s = withUnits(s, TOP1, seat, { cruiser: 1 });
    s = ok(s, seat, move(TOP2, [TOP1], { cruiser: 1 })).state;
    expect(unitsAt(s, TOP1, seat)).toEqual({ cruiser: 2 });
    const next = ok(s, seat, move(TOP1, [MECATOL, LOW1], { cruiser: 1 })).state;
    expect(refusal(next, seat, move(TOP1, [MECATOL], { cruiser: 1 }))).toMatch(
      /no 1 Cruiser\(s\) in the [A-Z][\w /]+ that may still move/,
    );
    expect(refusal(next, seat, move(LOW1, [LOW2], { cruiser: 1 }))).toMatch(/may still move/);
    if (next.phase.name !== 'individual-turns') throw new Error('not in turns');
    expect(next.phase.movement?.moved).toEqual({ [TOP1]: { cruiser: 1 }, [LOW1]: { cruiser: 1 } });
    expect(next.phase.movement?.arrived).toEqual([TOP1, LOW1]);
    expect(next.phase.movement?.cameFrom).toEqual({ [TOP1]: [TOP2], [LOW1]: [MECATOL] });
  });

  it('Carriers load Ground Forces and PDS from planets and Fighters from space where they start or pass, never where they stop', () => {
    const { s: base, seat } = table({}, ['xrd-transporter']);
    let s = withUnits(base, TOP1, seat, { carrier: 1, fighter: 2 });
    s = withUnits(s, MECATOL, seat, { 'ground-force': 2, pds: 1 }, 'Mecatol Rex');
    const load = [
      { hex: TOP1, unit: 'fighter', count: 2 },
      { hex: MECATOL, planet: 'Mecatol Rex', unit: 'ground-force', count: 2 },
      { hex: MECATOL, planet: 'Mecatol Rex', unit: 'pds', count: 1 },
    ];
    const r = ok(s, seat, move(TOP1, [MECATOL, LOW1], { carrier: 1 }, load));
    expect(unitsAt(r.state, LOW1, seat)).toEqual({
      carrier: 1,
      fighter: 2,
      'ground-force': 2,
      pds: 1,
    });
    expect(unitsAt(r.state, MECATOL, seat, 'Mecatol Rex')).toEqual({});
    expect(r.events.filter((e) => e.type === 'units-loaded')).toEqual([
      { type: 'units-loaded', seat, hex: TOP1, unit: 'fighter', count: 2 },
      {
        type: 'units-loaded',
        seat,
        hex: MECATOL,
        planet: 'Mecatol Rex',
        unit: 'ground-force',
        count: 2,
      },
      { type: 'units-loaded', seat, hex: MECATOL, planet: 'Mecatol Rex', unit: 'pds', count: 1 },
    ]);
    expect(refusal(s, seat, move(TOP1, [MECATOL], { carrier: 1 }, load.slice(1)))).toMatch(
      /load only where they start or pass/,
    );
    expect(
      refusal(
        s,
        seat,
        move(TOP1, [MECATOL, LOW1], { carrier: 1 }, [
          { hex: MECATOL, planet: 'Mecatol Rex', unit: 'ground-force', count: 3 },
        ]),
      ),
    ).toMatch(/not 3 of your Ground Force/);
  });

  it('a Carrier holds 5 (BG-3); cargo left in space must fit aboard the Carriers that stay', () => {
    const { s: base, seat } = table();
    let s = withUnits(base, TOP1, seat, { carrier: 1, 'ground-force': 4, fighter: 2 });
    s = withUnits(s, TOP1, seat, {});
    const six = [
      { hex: TOP1, unit: 'ground-force', count: 4 },
      { hex: TOP1, unit: 'fighter', count: 2 },
    ];
    expect(refusal(s, seat, move(TOP1, [MECATOL], { carrier: 1 }, six))).toMatch(
      /room for 5 units; the move loads 6/,
    );
    expect(refusal(s, seat, move(TOP1, [MECATOL], { carrier: 1 }))).toMatch(
      /cannot hold the 4 units left aboard/,
    );
    const r = ok(
      s,
      seat,
      move(
        TOP1,
        [MECATOL],
        { carrier: 1 },
        six.map((l, i) => (i === 1 ? { ...l, count: 1 } : l)),
      ),
    );
    expect(unitsAt(r.state, MECATOL, seat)).toEqual({ carrier: 1, 'ground-force': 4, fighter: 1 });
    expect(unitsAt(r.state, TOP1, seat)).toEqual({ fighter: 1 });
  });

  it('Fighters with no Carrier room and no Spacedock (2 each) are lost at the end of the movement', () => {
    const { s: base, seat } = table();
    let s = withUnits(base, TOP1, seat, { carrier: 1, fighter: 3 });
    s = withUnits(s, MECATOL, seat, { carrier: 1, fighter: 3 });
    s = withUnits(s, MECATOL, seat, { spacedock: 1 }, 'Mecatol Rex');
    s = ok(s, seat, move(TOP1, [TOP2], { carrier: 1 })).state;
    s = ok(s, seat, move(MECATOL, [LOW1], { carrier: 1 })).state;
    // Nothing is lost before the segment ends: another Carrier could still come for them.
    expect(unitsAt(s, TOP1, seat)).toEqual({ fighter: 3 });
    const r = ok(s, seat, { type: 'end-segment' });
    expect(r.events).toContainEqual({ type: 'fighters-lost', seat, hex: TOP1, count: 3 });
    expect(r.events).toContainEqual({ type: 'fighters-lost', seat, hex: MECATOL, count: 1 });
    expect(unitsAt(r.state, TOP1, seat)).toEqual({});
    expect(unitsAt(r.state, MECATOL, seat)).toEqual({ fighter: 2 });
    const lost = r.events.find((e) => e.type === 'fighters-lost');
    expect(lost && describeEvent(lost, ['Ann', 'Bob'], s.galaxy)).toMatch(
      /loses 3 Fighters at the Empty Space next to Mecatol Rex: no Carrier or Spacedock supports them\./,
    );
  });

  it("no ship passes through a system with another player's or a minor race's ships; entering one ends the move", () => {
    for (const enemy of ['other', 'minor:naalu'] as const) {
      const { s: base, seat, other } = table();
      let s = withUnits(base, TOP2, seat, { cruiser: 1 });
      s = withUnits(s, TOP1, enemy === 'other' ? other : enemy, { fighter: 1 });
      expect(refusal(s, seat, move(TOP2, [TOP1, MECATOL], { cruiser: 1 }))).toMatch(
        /must end in the [A-Z][\w /]+: nothing passes through/,
      );
      const r = ok(s, seat, move(TOP2, [TOP1], { cruiser: 1 }));
      expect(unitsAt(r.state, TOP1, seat)).toEqual({ cruiser: 1 });
      // Around it is fine.
      ok(s, seat, move(TOP2, ['1,-2', '1,-1'], { cruiser: 1 }));
    }
  });

  it("Light/Wave Deflector: ships pass other players' ships, never a minor race's", () => {
    const { s: base, seat, other } = table({}, ['light-wave-deflector']);
    let s = withUnits(base, TOP2, seat, { cruiser: 1 });
    s = withUnits(s, TOP1, other, { dreadnought: 1 });
    const r = ok(s, seat, move(TOP2, [TOP1, MECATOL], { cruiser: 1 }));
    expect(unitsAt(r.state, MECATOL, seat)).toEqual({ cruiser: 1 });
    ok(s, seat, move(TOP2, [TOP1], { cruiser: 1 }));
    const minor = withUnits(s, TOP1, 'minor:naalu', { fighter: 1 });
    expect(refusal(minor, seat, move(TOP2, [TOP1, MECATOL], { cruiser: 1 }))).toMatch(
      /must end in the [A-Z][\w /]+: nothing passes through/,
    );
  });

  it('OR-6.2 an Admiral gives the Dreadnoughts in its system +1 move', () => {
    const { s: base, seat } = table();
    const s = withUnits(base, TOP2, seat, { dreadnought: 1 });
    expect(refusal(s, seat, move(TOP2, [TOP1, MECATOL], { dreadnought: 1 }))).toMatch(/have 1/);
    const admiral = withPlayer(s, seat, {
      leaders: [{ id: 'adm', type: 'admiral', status: 'active', hex: TOP2 }],
    });
    const r = ok(admiral, seat, move(TOP2, [TOP1, MECATOL], { dreadnought: 1 }));
    expect(unitsAt(r.state, MECATOL, seat)).toEqual({ dreadnought: 1 });
    const elsewhere = withPlayer(s, seat, {
      leaders: [{ id: 'adm', type: 'admiral', status: 'active', hex: LOW2 }],
    });
    expect(refusal(elsewhere, seat, move(TOP2, [TOP1, MECATOL], { dreadnought: 1 }))).toMatch(
      /have 1/,
    );
  });

  it('a Supernova is never entered; an Asteroid Field only passed, and only with Antimass Deflectors', () => {
    const { s: base, seat } = table({ [TOP1]: 'supernova-1', [MECATOL]: 'asteroid-field-1' });
    let s = withUnits(base, TOP2, seat, { cruiser: 1 });
    s = withUnits(s, '1,-1', seat, { cruiser: 1 });
    expect(refusal(s, seat, move(TOP2, [TOP1], { cruiser: 1 }))).toMatch(/Supernova/);
    expect(refusal(s, seat, move('1,-1', [MECATOL, LOW1], { cruiser: 1 }))).toMatch(
      /without Antimass Deflectors/,
    );
    const deflected = withPlayer(s, seat, { technologies: ['antimass-deflectors'] });
    expect(refusal(deflected, seat, move('1,-1', [MECATOL], { cruiser: 1 }))).toMatch(
      /No ship stops in an Asteroid Field/,
    );
    const r = ok(deflected, seat, move('1,-1', [MECATOL, LOW1], { cruiser: 1 }));
    expect(unitsAt(r.state, LOW1, seat)).toEqual({ cruiser: 1 });
    const options = movementOptions(deflected, seat);
    const from = options.systems.find((x) => x.hex === '1,-1');
    const hexes = from?.groups[0]?.destinations.map((d) => d.hex) ?? [];
    expect(hexes).toContain(LOW1);
    expect(hexes).not.toContain(MECATOL);
    expect(hexes).not.toContain(TOP1);
  });

  it('BG-5: entering one end of a wormhole costs one step and the ship may stop at or go on from the other end', () => {
    const far = '2,-2';
    const { s: base, seat } = table({ [TOP1]: 'alpha-wormhole', [far]: 'alpha-wormhole' });
    // A Carrier (move 1) enters one end and stops at the other.
    const s = withUnits(base, TOP2, seat, { carrier: 1, cruiser: 1 });
    const r = ok(s, seat, move(TOP2, [TOP1, far], { carrier: 1 }));
    expect(unitsAt(r.state, far, seat)).toEqual({ carrier: 1 });
    const carrier = movementOptions(s, seat).systems[0]?.groups.find((g) => g.unit === 'carrier');
    expect(carrier?.destinations.find((d) => d.hex === far)).toMatchObject({ steps: 1 });
    // A Cruiser (move 2) goes on one system past the other end.
    const past = ok(s, seat, move(TOP2, [TOP1, far, '2,-1'], { cruiser: 1 }));
    expect(unitsAt(past.state, '2,-1', seat)).toEqual({ cruiser: 1 });
    expect(refusal(s, seat, move(TOP2, [TOP1, far, '2,-1', '2,0'], { cruiser: 1 }))).toMatch(
      /needs 3 movement/,
    );
    const beta = withTiles(s, { [far]: 'beta-wormhole' });
    expect(refusal(beta, seat, move(TOP2, [TOP1, far], { cruiser: 1 }))).toMatch(/not next to/);
  });

  it('BG-5: from a ship that starts its move in one end, the other end is an adjacent system (one step)', () => {
    const far = '2,-2';
    const { s: base, seat } = table({ [TOP1]: 'alpha-wormhole', [far]: 'alpha-wormhole' });
    const s = withUnits(base, TOP1, seat, { carrier: 1, cruiser: 1 });
    ok(s, seat, move(TOP1, [far], { carrier: 1 }));
    expect(refusal(s, seat, move(TOP1, [far, '2,-1'], { carrier: 1 }))).toMatch(
      /needs 2 movement; these ships have 1/,
    );
    ok(s, seat, move(TOP1, [far, '2,-1'], { cruiser: 1 }));
  });

  it('moves belong to the Movement segment and the active player only', () => {
    const { s: base, seat, other } = table();
    let s = withUnits(base, TOP2, seat, { cruiser: 1 });
    s = withUnits(s, LOW2, other, { cruiser: 1 });
    expect(refusal(s, other, move(LOW2, [LOW1], { cruiser: 1 }))).toMatch(/NOT_YOUR_DECISION/);
    const battle = mustApply(s, seat, { type: 'end-segment' });
    expect(refusal(battle, seat, move(TOP2, [TOP1], { cruiser: 1 }))).toMatch(
      /cannot be done in the Space Battle segment/,
    );
    expect(legalActions(battle, seat).some((a) => a.type === 'move')).toBe(false);
  });

  it('refuses malformed places with a typed error and changes nothing', () => {
    const { s: base, seat } = table();
    const s = withUnits(base, TOP2, seat, { cruiser: 1 });
    expect(refusal(s, seat, move('-0,-2', [TOP1], { cruiser: 1 }))).toMatch(/no system/);
    expect(refusal(s, seat, move(TOP2, ['9,9'], { cruiser: 1 }))).toMatch(/no system/);
    expect(refusal(s, seat, move(TOP2, [TOP1, TOP2], { cruiser: 1 }))).toMatch(/at most once/);
    expect(refusal(s, seat, move(TOP2, [TOP1], {}))).toMatch(/at least one ship/);
    expect(refusal(s, seat, { type: 'move', from: TOP2, path: [], ships: { cruiser: 1 } })).toMatch(
      /BAD_REQUEST/,
    );
    expect(refusal(s, seat, move(TOP2, [TOP1], { fighter: 1 } as Ships))).toMatch(/BAD_REQUEST/);
  });

  it('legalActions offers a single-ship move to every reachable system, each accepted; movementOptions agrees and reads the same on a view', () => {
    const { s: base, seat, other } = table({ [MECATOL]: 'nebula-1' });
    let s = withUnits(base, TOP2, seat, { cruiser: 1, carrier: 1, fighter: 2, 'ground-force': 1 });
    s = withUnits(s, '1,-1', other, { dreadnought: 1 });
    const legal = legalActions(s, seat);
    const moves = legal.filter((a): a is Extract<Action, { type: 'move' }> => a.type === 'move');
    const options = movementOptions(s, seat);
    expect(options.canMove).toBe(true);
    const sys = options.systems.find((x) => x.hex === TOP2);
    // The Ground Force and both Fighters (no Spacedock here) take Carrier room.
    expect(sys?.cargoAboard).toBe(3);
    const cruiser = sys?.groups.find((g) => g.unit === 'cruiser');
    expect(cruiser?.move).toBe(2);
    const cruiserMoves = moves.filter((m) => m.ships.cruiser === 1).map((m) => m.path.at(-1));
    expect(new Set(cruiserMoves)).toEqual(new Set(cruiser?.destinations.map((d) => d.hex)));
    // Entering the Nebula or the enemy's system ends the move; nothing beyond them through them.
    expect(cruiserMoves).toContain(MECATOL);
    expect(cruiserMoves).toContain('1,-1');
    expect(cruiser?.destinations.find((d) => d.hex === MECATOL)?.path).toEqual([TOP1, MECATOL]);
    for (const a of legal) expect(apply(s, seat, a).ok).toBe(true);
    // No Carrier stays behind, so every Carrier move takes the Ground Force; a fuller load is offered too.
    const carrierLoads = moves.filter((m) => m.ships.carrier === 1 && m.path.length === 1);
    expect(carrierLoads.some((m) => (m.load ?? []).length === 0)).toBe(false);
    expect(carrierLoads.some((m) => (m.load ?? []).some((l) => l.unit === 'fighter'))).toBe(true);
    for (const viewer of [seat, other, 'spectator'] as const) {
      expect(movementOptions(view(s, viewer), seat)).toEqual(options);
    }
    expect(legalActions(view(s, seat), seat)).toEqual(legal);
  });

  it('describes moves and loads in plain words, with system names', () => {
    const { s: base, seat } = table({}, ['xrd-transporter']);
    let s = withUnits(base, TOP1, seat, { carrier: 1 });
    s = withUnits(s, MECATOL, seat, { 'ground-force': 2 }, 'Mecatol Rex');
    const r = ok(
      s,
      seat,
      move(TOP1, [MECATOL, LOW1], { carrier: 1 }, [
        { hex: MECATOL, planet: 'Mecatol Rex', unit: 'ground-force', count: 2 },
      ]),
    );
    const lines = r.events.map((e) => describeEvent(e, ['Ann', 'Bob'], s.galaxy));
    const who = ['Ann', 'Bob'][seat] ?? '';
    expect(lines).toContain(`${who} loads 2 Ground Forces aboard at Mecatol Rex.`);
    // Systems without planets are named by the planets beside them (Mecatol Rex here), never by key.
    expect(lines).toContain(
      `${who} moves 1 Carrier and 2 Ground Forces from the Empty Space next to Mecatol Rex to the Empty Space next to Mecatol Rex through Mecatol Rex.`,
    );
  });
});

describe('BG-5 Movement: any well-shaped move', () => {
  it('is applied or refused with a rule error, never an engine failure, and leaves no cargo outside a Carrier', () => {
    const {
      s: base,
      seat,
      other,
    } = table({ [MECATOL]: 'nebula-1', '1,-1': 'gravity-rift', '-1,0': 'asteroid-field-2' }, [
      'antimass-deflectors',
    ]);
    let s = withUnits(base, TOP2, seat, { carrier: 2, cruiser: 1, fighter: 4, 'ground-force': 6 });
    s = withUnits(s, TOP1, seat, { dreadnought: 1, carrier: 1, 'ground-force': 2 });
    s = withUnits(s, '1,-1', seat, { cruiser: 2 });
    s = withUnits(s, LOW1, other, { cruiser: 1 });
    s = withUnits(s, MECATOL, seat, { 'ground-force': 3, pds: 1 }, 'Mecatol Rex');
    deepFreeze(s);
    const hexes = [
      TOP2,
      TOP1,
      MECATOL,
      LOW1,
      LOW2,
      '1,-1',
      '1,-2',
      '-1,0',
      '-1,-1',
      '0,-3',
      '-0,1',
    ];
    const hex = fc.constantFrom(...hexes);
    const load = fc.record({
      hex,
      unit: fc.constantFrom('fighter', 'ground-force', 'shock-force', 'pds'),
      count: fc.integer({ min: 1, max: 6 }),
      planet: fc.option(fc.constantFrom('Mecatol Rex', 'Nowhere'), { nil: undefined }),
    });
    const action = fc.oneof(
      fc.record({
        type: fc.constant('move'),
        from: hex,
        path: fc.array(hex, { minLength: 1, maxLength: 4 }),
        ships: fc.record(
          {
            dreadnought: fc.integer({ min: 1, max: 2 }),
            carrier: fc.integer({ min: 1, max: 3 }),
            cruiser: fc.integer({ min: 1, max: 2 }),
          },
          { requiredKeys: [] },
        ),
        load: fc.array(
          load.map((l) => (l.planet === undefined ? { ...l, planet: undefined } : l)),
          {
            maxLength: 3,
          },
        ),
      }),
      fc.record({
        type: fc.constant('rift-roll'),
        hex,
        unit: fc.constantFrom('carrier', 'cruiser'),
      }),
    );
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(action, { minLength: 1, maxLength: 4 }), (actions) => {
        let state = s;
        for (const a of actions) {
          const clean = JSON.parse(JSON.stringify(a)) as unknown;
          const r = apply(state, seat, clean);
          if (!r.ok) {
            expect(['ILLEGAL_ACTION', 'BAD_REQUEST', 'NOT_YOUR_DECISION']).toContain(r.error.code);
            continue;
          }
          state = deepFreeze(r.state);
          accepted++;
          for (const [key, sys] of Object.entries(state.units)) {
            for (const g of sys.space) {
              const held = (g.units['ground-force'] ?? 0) + (g.units.pds ?? 0);
              expect(held, `cargo at ${key}`).toBeLessThanOrEqual((g.units.carrier ?? 0) * 5);
              for (const n of Object.values(g.units)) expect(n).toBeGreaterThan(0);
            }
          }
          // A rift roll waits for its choice: stay, and go on.
          if (decisions(state)[0]?.kind === 'rift')
            state = mustApply(state, seat, { type: 'rift-stay' });
        }
      }),
      { numRuns: 300, seed: 8 },
    );
    expect(accepted).toBeGreaterThan(5);
  });
});

describe('OR-4.1 Nebula', () => {
  it('entering a Nebula stops the ship, whatever technologies it has', () => {
    const all = [
      'antimass-deflectors',
      'xrd-transporter',
      'type-iv-drive',
      'spatial-jump',
      'light-wave-deflector',
    ];
    for (const technologies of [[], all]) {
      const { s: base, seat } = table({ [TOP1]: 'nebula-1' }, technologies);
      const s = withUnits(base, TOP2, seat, { cruiser: 1 });
      expect(refusal(s, seat, move(TOP2, [TOP1, MECATOL], { cruiser: 1 }))).toMatch(
        /must end in the [A-Z][\w /]+: nothing passes through/,
      );
    }
  });

  it('entering on the last step changes nothing, and leaving the Nebula a ship starts in is free', () => {
    const { s: base, seat } = table({ [TOP1]: 'nebula-1' });
    let s = withUnits(base, TOP2, seat, { dreadnought: 1 });
    s = withUnits(s, TOP1, seat, { cruiser: 1 });
    const r = ok(s, seat, move(TOP2, [TOP1], { dreadnought: 1 }));
    expect(unitsAt(r.state, TOP1, seat)).toEqual({ cruiser: 1, dreadnought: 1 });
    const out = ok(r.state, seat, move(TOP1, [MECATOL, LOW1], { cruiser: 1 }));
    expect(unitsAt(out.state, LOW1, seat)).toEqual({ cruiser: 1 });
  });

  it('scenario: a fleet is stopped by a Nebula, and the turn goes on', () => {
    const { s: base, seat } = table({ [TOP1]: 'nebula-2' });
    let s = withUnits(base, TOP2, seat, { cruiser: 3, carrier: 1, fighter: 2 });
    s = withUnits(s, TOP2, seat, { 'ground-force': 2 }, undefined);
    const fleet = move(TOP2, [TOP1], { cruiser: 3, carrier: 1 }, [
      { hex: TOP2, unit: 'fighter', count: 2 },
      { hex: TOP2, unit: 'ground-force', count: 2 },
    ]);
    // The Cruisers alone could go on to Mecatol Rex; through the Nebula nothing goes on.
    expect(refusal(s, seat, move(TOP2, [TOP1, MECATOL], { cruiser: 3 }))).toMatch(
      /must end in the Nebula/,
    );
    const moved = ok(s, seat, fleet);
    expect(unitsAt(moved.state, TOP1, seat)).toEqual({
      cruiser: 3,
      carrier: 1,
      fighter: 2,
      'ground-force': 2,
    });
    const ended = ok(moved.state, seat, { type: 'end-turn' });
    expect(ended.events.some((e) => e.type === 'fighters-lost')).toBe(false);
    expect(ended.events.some((e) => e.type === 'turn-ended' && e.seat === seat)).toBe(true);
    expect(decisions(ended.state)[0]?.seat).not.toBe(seat);
    expect(unitsAt(ended.state, TOP1, seat)).toEqual(unitsAt(moved.state, TOP1, seat));
  });
});
