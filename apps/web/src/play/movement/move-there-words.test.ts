import { raceName, type HexKey } from '@outer-rim/map';
import { movementOptions, systemName, view } from '@outer-rim/rules';
import { movementTable, withTiles, withUnits } from '@outer-rim/rules/testing';
import { describe, expect, it } from 'vitest';
import { fleetHere, moveThere } from './move-there-words';

// A line down the middle of the board, as the engine's own movement tests use it.
const TOP2 = '0,-2' as HexKey;
const TOP1 = '0,-1' as HexKey;

describe('what moving to a lit system means, in a player’s words', () => {
  it('BG-5: the way, its systems and its steps; nothing waits in an empty system', () => {
    const { state, seat } = movementTable('web-move-there');
    const v = view(state, seat);
    const there = moveThere(v, seat, [TOP1, TOP2], 2);
    expect(there?.route).toBe(
      `To ${systemName(TOP2, v.galaxy)} via ${systemName(TOP1, v.galaxy)} (2 steps).`,
    );
    expect(there?.waits).toEqual([]);
  });

  it('BG-6: another player’s ships there mean a space battle, with that player named', () => {
    const { state, seat } = movementTable('web-move-there');
    const other = seat === 0 ? 1 : 0;
    const s = withUnits(state, TOP1, other, { cruiser: 1 });
    const v = view(s, seat);
    const there = moveThere(v, seat, [TOP1], 1);
    expect(there?.route).toBe(`To ${systemName(TOP1, v.galaxy)} (1 step).`);
    expect(there?.waits).toEqual([
      { text: `A space battle with ${v.players[other]?.name ?? ''}.`, rule: 'BG-6' },
    ]);
  });

  it('BG-6: a minor race’s ships are named as the minor race', () => {
    const { state, seat } = movementTable('web-move-there');
    const s = withUnits(state, TOP1, 'minor:hacan', { cruiser: 2 });
    const there = moveThere(view(s, seat), seat, [TOP1], 1);
    expect(there?.waits).toEqual([
      { text: `A space battle with the ${raceName('hacan')} (minor race).`, rule: 'BG-6' },
    ]);
  });

  it('BG-5: the player’s own ships there wait for nothing', () => {
    const { state, seat } = movementTable('web-move-there');
    const s = withUnits(state, TOP1, seat, { cruiser: 1 });
    expect(moveThere(view(s, seat), seat, [TOP1], 1)?.waits).toEqual([]);
  });

  it('OR-4.1: a Nebula stops the fleet', () => {
    const { state, seat } = movementTable('web-move-there');
    const v = view(withTiles(state, { [TOP1]: 'nebula-1' }), seat);
    expect(moveThere(v, seat, [TOP1], 1)?.waits).toEqual([
      { text: 'The Nebula stops the fleet: it moves no further this turn.', rule: 'OR-4.1' },
    ]);
  });

  it('OR-4.2: in a Gravity Rift each ship rolls to leave it', () => {
    const { state, seat } = movementTable('web-move-there');
    const v = view(withTiles(state, { [TOP1]: 'gravity-rift' }), seat);
    const there = moveThere(v, seat, [TOP1], 1);
    expect(there?.waits.map((w) => w.rule)).toEqual(['OR-4.2']);
    expect(there?.waits[0]?.text).toMatch(/^Each ship rolls at once to leave the rift/);
  });

  it('BG-5: before a fleet is chosen, a lit system says which of its ships may move and how far', () => {
    const { state, seat } = movementTable('web-move-there');
    const s = withUnits(state, TOP1, seat, { cruiser: 2, carrier: 1 });
    const here = movementOptions(s, seat).systems.find((x) => x.hex === TOP1);
    expect(here).toBeDefined();
    if (here === undefined) return;
    expect(fleetHere(here)).toEqual({
      lead: 'Move from here',
      route: '1 Carrier (move 1) and 2 Cruisers (move 2) may move; click to choose which.',
      waits: [],
    });
  });

  it('OR-4.2: a fleet in a Gravity Rift is told each ship rolls first', () => {
    const { state, seat } = movementTable('web-move-there');
    const s = withUnits(withTiles(state, { [TOP1]: 'gravity-rift' }), TOP1, seat, { cruiser: 1 });
    const here = movementOptions(s, seat).systems.find((x) => x.hex === TOP1);
    expect(here === undefined ? '' : fleetHere(here).route).toBe(
      '1 Cruiser (move 2) may move; click to choose which. Each rolls first to leave the Gravity Rift (OR-4.2).',
    );
  });
});
