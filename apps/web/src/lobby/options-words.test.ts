import { describe, expect, it } from 'vitest';
import { describeOptions } from './options-words';

describe('lobby option summary', () => {
  it('spells out every option', () => {
    expect(
      describeOptions(
        {
          variant: 'long-parsecs',
          galaxy: { mode: 'build' },
          shockForces: false,
          leaders: true,
          roundLimit: 10,
        },
        6,
      ),
    ).toBe(
      '6 players · Long Parsecs · galaxy built by the players · no Shock Forces · leaders · 10 rounds at most',
    );
  });

  it('reads defaults when options are missing', () => {
    expect(describeOptions({}, 2)).toBe(
      '2 players · standard map · galaxy built automatically · Shock Forces · leaders',
    );
  });
});
