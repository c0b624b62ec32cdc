import type { Action } from '@outer-rim/rules';
import { describe, expect, it } from 'vitest';
import { warningFor } from './warnings';

const land = (planet: string): Action => ({
  type: 'land',
  hex: '1,0',
  planet,
  groundForces: 2,
  shockForces: 0,
  pds: 0,
  bombard: 0,
});

describe('asking before a choice gives something up', () => {
  it('BG-7: ending the turn or its segment while a landing is still possible asks first', () => {
    const endTurn: Action = { type: 'end-turn' };
    expect(warningFor(endTurn, {}, [endTurn, land('Lodor')])).toBe(
      'You can still land on Lodor. Ending now gives that landing up for this turn.',
    );
    expect(warningFor({ type: 'end-segment' }, {}, [land('Lodor'), land('Abyz')])).toContain(
      'land on 2 planets',
    );
    expect(warningFor(endTurn, {}, [endTurn])).toBeUndefined();
    expect(warningFor(land('Lodor'), {}, [endTurn, land('Lodor')])).toBeUndefined();
  });
});
