import { describe, expect, it } from 'vitest';
import { mustApply } from '../testing/fixtures.js';
import { movementTable, withTiles, withUnits } from '../testing/board.js';
import { RULE_LINES } from './why-not.js';
import { whyNotThere } from './why-not-there.js';
import { view } from './view.js';

const TOP2 = '0,-2';
const TOP1 = '0,-1';
const MECATOL = '0,0';
const LOW1 = '0,1';

describe('"Why not?" on the board: a system that is not lit says which rule keeps the fleet out', () => {
  it('OR-4.1: past a Nebula on the way, in the words and the rule’s line', () => {
    const { state, seat } = movementTable();
    const s = withUnits(withTiles(state, { [TOP1]: 'nebula-1' }), TOP2, seat, { cruiser: 1 });
    const why = whyNotThere(view(s, seat), seat, MECATOL, { from: TOP2, move: 2 });
    expect(why?.rule).toBe('OR-4.1');
    expect(why?.reason).toMatch(/^A ship that enters the Nebula .* stops there\.$/);
    expect(why?.line).toBe(RULE_LINES['OR-4.1']);
  });

  it('BG-5: too far for the slowest ship, and no ship enters a Supernova', () => {
    const { state, seat } = movementTable();
    const s = withUnits(withTiles(state, { [TOP1]: 'supernova-1' }), MECATOL, seat, { cruiser: 1 });
    expect(whyNotThere(s, seat, '0,3', { from: MECATOL, move: 2 })).toMatchObject({
      rule: 'BG-5',
      reason: expect.stringMatching(/is 3 moves away; these ships move 2\.$/) as unknown,
    });
    expect(whyNotThere(s, seat, TOP1, { from: MECATOL, move: 2 })?.reason).toBe(
      'No ship enters a Supernova.',
    );
    // A lit system (within reach, nothing in the way) has no "why not".
    expect(whyNotThere(s, seat, LOW1, { from: MECATOL, move: 2 })).toBeUndefined();
  });

  it('BG-5: with no fleet chosen, a system without the player’s ships says so', () => {
    const { state, seat } = movementTable();
    const s = withUnits(state, MECATOL, seat, { cruiser: 1 });
    expect(whyNotThere(s, seat, LOW1)?.reason).toMatch(/^You have no ships in .* to move\.$/);
    expect(whyNotThere(s, seat, MECATOL)).toBeUndefined();
    const moved = mustApply(s, seat, {
      type: 'move',
      from: MECATOL,
      path: [LOW1],
      ships: { cruiser: 1 },
    });
    expect(whyNotThere(moved, seat, LOW1)?.reason).toMatch(/have moved this turn already\.$/);
  });

  it('only the player whose Movement segment it is is told', () => {
    const { state, seat } = movementTable();
    expect(whyNotThere(state, (seat + 1) % 2, LOW1)).toBeUndefined();
  });
});
