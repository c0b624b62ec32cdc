import { describe, expect, it } from 'vitest';
import { apply } from '../apply.js';
import { decisions } from '../decisions.js';
import type { GameEvent } from '../events.js';
import { legalActions } from '../legal-actions.js';
import type { GameState, Seat } from '../state/types.js';
import { movementTable, unitsAt, withTiles, withUnits } from '../testing/board.js';
import { withDice } from '../testing/dice.js';
import { deepFreeze, withPlayer } from '../testing/fixtures.js';
import { describeEvent } from '../views/describe.js';
import { view } from '../views/view.js';
import { movementOptions } from './options.js';

// The rift sits at 0,-1; its neighbours by board side (1 = top, clockwise).
const RIFT = '0,-1';
const SIDE: Record<1 | 2 | 3 | 4 | 5 | 6, string> = {
  1: '0,-2',
  2: '1,-2',
  3: '1,-1',
  4: '0,0',
  5: '-1,0',
  6: '-1,-1',
};

function table(tiles: Record<string, string> = {}, technologies: string[] = [], rotation = 0) {
  const { state, seat } = movementTable('rift');
  const laid = withTiles(withTiles(state, { [RIFT]: 'gravity-rift' }, rotation), tiles);
  return { s: withPlayer(laid, seat, { technologies }), seat };
}

function ok(s: GameState, seat: Seat, a: unknown, dice: number[] = []) {
  const r = withDice(dice, () => apply(deepFreeze(s), seat, a));
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r;
}

function refusal(s: GameState, seat: Seat, a: unknown): string {
  const r = apply(deepFreeze(s), seat, a);
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(a)}`);
  return `${r.error.code}: ${r.error.message}`;
}

const roll = (unit: 'cruiser' | 'carrier' | 'dreadnought') => ({
  type: 'rift-roll',
  hex: RIFT,
  unit,
});
const exit = (path: string[], load?: unknown[]) => ({
  type: 'rift-exit',
  path,
  ...(load === undefined ? {} : { load }),
});
const dice = (events: readonly GameEvent[]) => events.filter((e) => e.type === 'dice-rolled');

describe('OR-4.2 Gravity Rift', () => {
  it('ships leave one at a time: a roll per ship, and the choice for it before anything else', () => {
    const { s: base, seat } = table();
    const s = withUnits(base, RIFT, seat, { cruiser: 2 });
    expect(
      refusal(s, seat, { type: 'move', from: RIFT, path: [SIDE[1]], ships: { cruiser: 2 } }),
    ).toMatch(/one at a time, each after its own roll/);
    const rolled = ok(s, seat, roll('cruiser'), [8]);
    expect(dice(rolled.events)).toEqual([
      { type: 'dice-rolled', purpose: 'gravity rift exit: Cruiser', seat, sides: 10, rolls: [8] },
    ]);
    expect(rolled.events).toContainEqual({
      type: 'rift-rolled',
      seat,
      hex: RIFT,
      unit: 'cruiser',
      roll: 8,
      sides: [1, 2, 3, 4, 5, 6],
    });
    expect(decisions(rolled.state).map(({ seat: x, kind }) => ({ seat: x, kind }))).toEqual([
      { seat, kind: 'rift' },
    ]);
    // The second ship waits until the first has moved or stayed.
    expect(refusal(rolled.state, seat, roll('cruiser'))).toMatch(/NOT_YOUR_DECISION/);
    expect(refusal(rolled.state, seat, { type: 'end-segment' })).toMatch(/NOT_YOUR_DECISION/);
    const legal = legalActions(rolled.state, seat);
    expect(new Set(legal.map((a) => a.type))).toEqual(new Set(['rift-stay', 'rift-exit']));
    for (const a of legal) expect(apply(rolled.state, seat, a).ok).toBe(true);
    expect(movementOptions(rolled.state, seat).canMove).toBe(false);
    expect(legalActions(view(rolled.state, seat), seat)).toEqual(legal);
  });

  it('on 7-10 the ship leaves through any side; leaving is free and it goes on with its whole movement', () => {
    const { s: base, seat } = table();
    const s = withUnits(base, RIFT, seat, { cruiser: 1 });
    const rolled = ok(s, seat, roll('cruiser'), [7]).state;
    const r = ok(rolled, seat, exit([SIDE[4], '0,1', '0,2']));
    expect(unitsAt(r.state, '0,2', seat)).toEqual({ cruiser: 1 });
    expect(r.events).toContainEqual({
      type: 'ships-moved',
      seat,
      from: RIFT,
      to: '0,2',
      path: [SIDE[4], '0,1', '0,2'],
      units: { cruiser: 1 },
      riftSide: 4,
    });
    const moved = r.events.find((e) => e.type === 'ships-moved');
    expect(moved && describeEvent(moved, ['Ann', 'Bob'], s.galaxy)).toMatch(
      /moves 1 Cruiser from the Gravity Rift next to Mecatol Rex to the Empty Space next to [\w' /-]+? through Mecatol Rex, the Empty Space next to Mecatol Rex \(whipped out of the rift through side 4\)\./,
    );
    expect(refusal(rolled, seat, exit([SIDE[4], '0,1', '0,2', '0,3']))).toMatch(/needs 3 movement/);
    expect(refusal(rolled, seat, exit(['0,1']))).toMatch(
      /After rolling \d+ the ship may leave through any side/,
    );
  });

  it('on 1-6 only through the side of that number, counted from the board whatever the tile rotation, or the ship stays', () => {
    for (const rotation of [0, 2, 5]) {
      const { s: base, seat } = table({}, [], rotation);
      const s = withUnits(base, RIFT, seat, { cruiser: 1 });
      const rolled = ok(s, seat, roll('cruiser'), [3]);
      expect(rolled.events).toContainEqual(
        expect.objectContaining({ type: 'rift-rolled', sides: [3] }),
      );
      expect(refusal(rolled.state, seat, exit([SIDE[4]]))).toMatch(/only through side 3/);
      const legalExits = legalActions(rolled.state, seat).flatMap((a) =>
        a.type === 'rift-exit' ? [a.path[0]] : [],
      );
      expect(new Set(legalExits)).toEqual(new Set([SIDE[3]]));
      const r = ok(rolled.state, seat, exit([SIDE[3]]));
      expect(unitsAt(r.state, SIDE[3], seat)).toEqual({ cruiser: 1 });
    }
  });

  it('scenario: a ship that chooses to stay; it may not try again this turn, the next ship rolls for itself', () => {
    const { s: base, seat } = table();
    const s = withUnits(base, RIFT, seat, { cruiser: 2 });
    const first = ok(s, seat, roll('cruiser'), [2]).state;
    const stayed = ok(first, seat, { type: 'rift-stay' });
    expect(stayed.events).toEqual([
      { type: 'ship-stayed', seat, hex: RIFT, unit: 'cruiser', reason: 'chose to stay' },
    ]);
    expect(unitsAt(stayed.state, RIFT, seat)).toEqual({ cruiser: 2 });
    const second = ok(stayed.state, seat, roll('cruiser'), [9]).state;
    const out = ok(second, seat, exit([SIDE[1]])).state;
    expect(refusal(out, seat, roll('cruiser'))).toMatch(/may still try to leave this turn/);
    expect(legalActions(out, seat).some((a) => a.type === 'rift-roll')).toBe(false);
    const ended = ok(out, seat, { type: 'end-turn' });
    expect(unitsAt(ended.state, RIFT, seat)).toEqual({ cruiser: 1 });
    expect(unitsAt(ended.state, SIDE[1], seat)).toEqual({ cruiser: 1 });
    const line = describeEvent(stayed.events[0] as GameEvent, ['Ann', 'Bob'], s.galaxy);
    expect(line).toBe(
      `${['Ann', 'Bob'][seat] ?? ''}: a Cruiser stays in the Gravity Rift next to Mecatol Rex (chose to stay).`,
    );
  });

  it('a forced exit off the board or into a Supernova counts as staying', () => {
    const { s: base, seat } = table({ [SIDE[1]]: 'supernova-2' });
    const s = withUnits(base, RIFT, seat, { dreadnought: 1 });
    const r = ok(s, seat, roll('dreadnought'), [1]);
    expect(r.events).toContainEqual({
      type: 'ship-stayed',
      seat,
      hex: RIFT,
      unit: 'dreadnought',
      reason: 'forced exit leads into a Supernova',
    });
    expect(decisions(r.state)[0]?.kind).toBe('turn');
    expect(refusal(r.state, seat, roll('dreadnought'))).toMatch(/may still try/);

    const rim = '0,-4';
    const { s: edge, seat: s2 } = table({ [rim]: 'gravity-rift' });
    const e = ok(
      withUnits(edge, rim, s2, { cruiser: 1 }),
      s2,
      { type: 'rift-roll', hex: rim, unit: 'cruiser' },
      [1],
    );
    expect(e.events).toContainEqual(
      expect.objectContaining({ type: 'ship-stayed', reason: 'forced exit leads off the board' }),
    );
    expect(
      describeEvent(
        e.events.find((x) => x.type === 'rift-rolled') as GameEvent,
        ['Ann', 'Bob'],
        edge.galaxy,
      ),
    ).toMatch(
      /a Cruiser in the Gravity Rift (?:next to [\w' /-]+?|in ring 4) rolls 1 and has nowhere to go\./,
    );
  });

  it('scenario: a Carrier whipped out of the rift with its Fighters; they follow it without a roll', () => {
    const { s: base, seat } = table();
    const s = withUnits(base, RIFT, seat, { carrier: 1, fighter: 3, 'ground-force': 1 });
    const rolled = ok(s, seat, roll('carrier'), [5]);
    expect(dice(rolled.events)).toHaveLength(1);
    expect(rolled.events).toContainEqual(
      expect.objectContaining({ type: 'rift-rolled', sides: [5] }),
    );
    // Nothing can be left behind in space without a Carrier: the cargo goes with it.
    expect(refusal(rolled.state, seat, exit([SIDE[5]]))).toMatch(/cannot hold the 1 units left/);
    const out = ok(
      rolled.state,
      seat,
      exit(
        [SIDE[5]],
        [
          { hex: RIFT, unit: 'fighter', count: 3 },
          { hex: RIFT, unit: 'ground-force', count: 1 },
        ],
      ),
    );
    expect(dice(out.events)).toEqual([]);
    expect(unitsAt(out.state, SIDE[5], seat)).toEqual({
      carrier: 1,
      fighter: 3,
      'ground-force': 1,
    });
    expect(out.state.units[RIFT]).toEqual({ space: [], planets: {} });
    const ended = ok(out.state, seat, { type: 'end-turn' });
    expect(ended.events.some((e) => e.type === 'fighters-lost')).toBe(false);
    expect(unitsAt(ended.state, SIDE[5], seat)).toEqual({
      carrier: 1,
      fighter: 3,
      'ground-force': 1,
    });
  });

  it('OR-4.2: a ship that enters a rift may roll to leave it in the same move and go on with the movement it has left', () => {
    const { s: base, seat } = table();
    const s = withUnits(base, SIDE[1], seat, { cruiser: 2 });
    const into = { type: 'move', from: SIDE[1], path: [RIFT], ships: { cruiser: 2 } };
    // No single move passes a rift: the ships stop there and each rolls.
    expect(refusal(s, seat, { ...into, path: [RIFT, SIDE[4]] })).toMatch(
      /rolls to leave it: end the move there, then roll \(OR-4\.2\)/,
    );
    // Entering does not end the move: the first Cruiser rolls at once (8: any side).
    const entered = ok(s, seat, into, [8]);
    expect(dice(entered.events)).toEqual([
      { type: 'dice-rolled', purpose: 'gravity rift exit: Cruiser', seat, sides: 10, rolls: [8] },
    ]);
    expect(unitsAt(entered.state, RIFT, seat)).toEqual({ cruiser: 2 });
    expect(decisions(entered.state).map(({ seat: x, kind }) => ({ seat: x, kind }))).toEqual([
      { seat, kind: 'rift' },
    ]);
    // Out through any side (free), then on with the 1 movement it has left, not 2.
    expect(refusal(entered.state, seat, exit([SIDE[4], '0,1', '0,2']))).toMatch(
      /needs 2 movement; these ships have 1/,
    );
    const exits = legalActions(entered.state, seat).flatMap((a) =>
      a.type === 'rift-exit' ? [a.path] : [],
    );
    expect(exits).toContainEqual([SIDE[4], '0,1']);
    expect(exits).not.toContainEqual([SIDE[4], '0,1', '0,2']);
    // Once it is out, the second rolls for itself (2: only side 2) and stays.
    const out = ok(entered.state, seat, exit([SIDE[4], '0,1']), [2]);
    expect(unitsAt(out.state, '0,1', seat)).toEqual({ cruiser: 1 });
    expect(out.events).toContainEqual(
      expect.objectContaining({ type: 'rift-rolled', unit: 'cruiser', roll: 2, sides: [2] }),
    );
    const stayed = ok(out.state, seat, { type: 'rift-stay' });
    expect(decisions(stayed.state)[0]?.kind).toBe('turn');
    expect(unitsAt(stayed.state, RIFT, seat)).toEqual({ cruiser: 1 });
    // Its move has ended there: it neither moves nor rolls again this turn.
    expect(refusal(stayed.state, seat, roll('cruiser'))).toMatch(/may still try/);
    expect(legalActions(stayed.state, seat).some((a) => a.type === 'move')).toBe(false);
    expect(movementOptions(stayed.state, seat).systems).toEqual([]);
  });

  it('OR-4.2: a ship that entered a rift on its last step may still be whipped into an adjacent system; a Carrier takes its cargo along', () => {
    const { s: base, seat } = table();
    const s = withUnits(base, SIDE[1], seat, { carrier: 1, fighter: 2, 'ground-force': 1 });
    const entered = ok(
      s,
      seat,
      {
        type: 'move',
        from: SIDE[1],
        path: [RIFT],
        ships: { carrier: 1 },
        load: [
          { hex: SIDE[1], unit: 'fighter', count: 2 },
          { hex: SIDE[1], unit: 'ground-force', count: 1 },
        ],
      },
      [5],
    ).state;
    expect(refusal(entered, seat, exit([SIDE[5], '-1,1']))).toMatch(
      /needs 1 movement; these ships have 0/,
    );
    const cargo = [
      { hex: RIFT, unit: 'ground-force', count: 1 },
      { hex: RIFT, unit: 'fighter', count: 2 },
    ];
    expect(legalActions(entered, seat)).toContainEqual(exit([SIDE[5]], cargo));
    const out = ok(entered, seat, exit([SIDE[5]], cargo));
    expect(unitsAt(out.state, SIDE[5], seat)).toEqual({
      carrier: 1,
      fighter: 2,
      'ground-force': 1,
    });
    expect(decisions(out.state)[0]?.kind).toBe('turn');
  });

  it("OR-4.2: a forced exit that leads nowhere ends an entered ship's move; ships that began the turn in the rift still roll", () => {
    const { s: base, seat } = table({ [SIDE[1]]: 'supernova-2' });
    let s = withUnits(base, SIDE[4], seat, { cruiser: 1 });
    s = withUnits(s, RIFT, seat, { dreadnought: 1 });
    const entered = ok(
      s,
      seat,
      { type: 'move', from: SIDE[4], path: [RIFT], ships: { cruiser: 1 } },
      [1],
    );
    expect(entered.events).toContainEqual(
      expect.objectContaining({
        type: 'ship-stayed',
        unit: 'cruiser',
        reason: 'forced exit leads into a Supernova',
      }),
    );
    expect(decisions(entered.state)[0]?.kind).toBe('turn');
    expect(legalActions(entered.state, seat)).toContainEqual(roll('dreadnought'));
    expect(refusal(entered.state, seat, roll('cruiser'))).toMatch(/may still try/);
    // A rift holding another player's ships ends the move as any such system does: no roll.
    const { s: b2, seat: s2 } = table();
    let guarded = withUnits(b2, SIDE[4], s2, { cruiser: 1 });
    guarded = withUnits(guarded, RIFT, (s2 + 1) % 2, { cruiser: 1 });
    const fight = ok(guarded, s2, {
      type: 'move',
      from: SIDE[4],
      path: [RIFT],
      ships: { cruiser: 1 },
    });
    expect(dice(fight.events)).toEqual([]);
    expect(decisions(fight.state)[0]?.kind).toBe('turn');
  });

  it('scenario: Spatial Jump ignores the rift; leaving it is still free', () => {
    const { s: base, seat } = table({}, ['spatial-jump']);
    let s = withUnits(base, RIFT, seat, { cruiser: 2 });
    s = withUnits(s, SIDE[1], seat, { cruiser: 1 });
    expect(refusal(s, seat, roll('cruiser'))).toMatch(/Spatial Jump ignores the Gravity Rift/);
    expect(legalActions(s, seat).some((a) => a.type === 'rift-roll')).toBe(false);
    // Both Cruisers leave together, without a die: the exit is free, then two steps.
    const out = ok(s, seat, {
      type: 'move',
      from: RIFT,
      path: [SIDE[4], '0,1', '0,2'],
      ships: { cruiser: 2 },
    });
    expect(dice(out.events)).toEqual([]);
    expect(unitsAt(out.state, '0,2', seat)).toEqual({ cruiser: 2 });
    // Passing through: entering costs a step, leaving costs none.
    const through = ok(out.state, seat, {
      type: 'move',
      from: SIDE[1],
      path: [RIFT, SIDE[4], '0,1'],
      ships: { cruiser: 1 },
    });
    expect(unitsAt(through.state, '0,1', seat)).toEqual({ cruiser: 1 });
    const ended = ok(through.state, seat, { type: 'end-turn' });
    expect(dice(ended.events).filter((e) => e.purpose.startsWith('gravity rift'))).toEqual([]);
  });

  it('movementOptions marks rift systems and shows where a ship could go once out', () => {
    const { s: base, seat } = table();
    const s = withUnits(base, RIFT, seat, { cruiser: 1 });
    const sys = movementOptions(s, seat).systems.find((x) => x.hex === RIFT);
    expect(sys?.rift).toBe(true);
    const dests = sys?.groups[0]?.destinations ?? [];
    expect(dests.find((d) => d.hex === '0,2')).toEqual({
      hex: '0,2',
      path: [SIDE[4], '0,1', '0,2'],
      steps: 2,
      pickups: [],
    });
    expect(legalActions(s, seat)).toContainEqual(roll('cruiser'));
  });
});
