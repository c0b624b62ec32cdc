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

  it('says when away players are handed to a bot', () => {
    expect(describeOptions({ handOverAfterSeconds: 120 }, 3)).toContain(
      'a bot plays for a player away longer than 2 minutes',
    );
    expect(describeOptions({ handOverAfterSeconds: 45 }, 3)).toContain('longer than 45 seconds');
  });

  it('reads defaults when options are missing', () => {
    expect(describeOptions({}, 2)).toBe(
      '2 players · standard map · galaxy built automatically · Shock Forces · leaders',
    );
  });

  it('a round limit of one is "1 round", never "1 rounds"', () => {
    expect(describeOptions({ roundLimit: 1 }, 2)).toContain('1 round at most');
    expect(describeOptions({ roundLimit: 1 }, 2)).not.toContain('1 rounds');
    expect(describeOptions({ roundLimit: 6 }, 2)).toContain('6 rounds at most');
  });

  it('says the turn clock', () => {
    expect(
      describeOptions(
        { turnClock: { bankSeconds: 86_400, bonusSeconds: 3600, onExpiry: 'bot' } },
        3,
      ),
    ).toContain('turn clock of 24 hours plus 1 hour a round, then a bot plays the seat');
  });
});
