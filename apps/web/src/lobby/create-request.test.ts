import { describe, expect, it } from 'vitest';
import { CreateGameRequestSchema } from '../net/protocol';
import { createRequest, DEFAULT_FORM } from './create-request';

describe('BG-1 / OR-2.3 create-game form', () => {
  it('builds a body the server schema accepts, with the player count', () => {
    const body = createRequest({
      ...DEFAULT_FORM,
      name: ' Ann ',
      players: 8,
      variant: 'long-parsecs',
    });
    const parsed = CreateGameRequestSchema.parse(body);
    expect(parsed.name).toBe('Ann');
    expect(parsed.options.playerCount).toBe(8);
    expect(parsed.options.variant).toBe('long-parsecs');
    expect(parsed.options.roundLimit).toBeUndefined();
  });

  it('carries every rule option: galaxy mode, map string, shock forces, leaders, round limit', () => {
    const body = createRequest({
      ...DEFAULT_FORM,
      name: 'Bo',
      galaxy: 'map-string',
      mapString: ' 1 2 3 ',
      shockForces: false,
      leaders: false,
      roundLimit: '12',
    });
    const parsed = CreateGameRequestSchema.parse(body);
    expect(parsed.options.galaxy).toEqual({ mode: 'map-string', mapString: '1 2 3' });
    expect(parsed.options.shockForces).toBe(false);
    expect(parsed.options.leaders).toBe(false);
    expect(parsed.options.roundLimit).toBe(12);
  });

  it('carries the host-set hand-over time, and leaves it off when empty', () => {
    const on = CreateGameRequestSchema.parse(
      createRequest({ ...DEFAULT_FORM, name: 'Cy', handOverAfter: ' 90 ' }),
    );
    expect(on.options.handOverAfterSeconds).toBe(90);
    const off = CreateGameRequestSchema.parse(createRequest({ ...DEFAULT_FORM, name: 'Cy' }));
    expect(off.options.handOverAfterSeconds).toBeUndefined();
    expect(
      CreateGameRequestSchema.safeParse(
        createRequest({ ...DEFAULT_FORM, name: 'Cy', handOverAfter: '0' }),
      ).success,
    ).toBe(false);
  });

  it('yields a body the server refuses when the form is out of range', () => {
    expect(
      CreateGameRequestSchema.safeParse(createRequest({ ...DEFAULT_FORM, name: 'A', players: 9 }))
        .success,
    ).toBe(false);
    expect(
      CreateGameRequestSchema.safeParse(
        createRequest({ ...DEFAULT_FORM, name: 'A', roundLimit: '99' }),
      ).success,
    ).toBe(false);
    expect(
      CreateGameRequestSchema.safeParse(createRequest({ ...DEFAULT_FORM, name: '' })).success,
    ).toBe(false);
  });

  it('asks for a turn clock in seconds, with its bonus and what happens when it runs out', () => {
    const on = createRequest({
      ...DEFAULT_FORM,
      name: 'Cy',
      clockHours: '24',
      clockBonusHours: '2',
      clockExpiry: 'bot',
    });
    expect(on.options.turnClock).toEqual({
      bankSeconds: 86_400,
      bonusSeconds: 7200,
      onExpiry: 'bot',
    });
    expect(createRequest({ ...DEFAULT_FORM, name: 'Cy' }).options.turnClock).toBeUndefined();
  });
});
