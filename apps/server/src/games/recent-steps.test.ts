import { describe, expect, it } from 'vitest';
import { createGame, decisionsOf } from '@outer-rim/rules';
import { options } from '@outer-rim/rules/testing';
import { RecentSteps, decisionSignature, signatureOf } from './recent-steps.js';

describe('the last steps of a game, for judging actions decided on a recent state: RecentSteps', () => {
  const state = createGame(options(3), 'recent-steps');

  it('keeps the last eight steps of each game with who made them, and forgets a game whole', () => {
    const steps = new RecentSteps();
    for (let seq = 1; seq <= 10; seq++) {
      steps.remember('g', seq, state, { seat: seq % 3, clientId: `c${String(seq)}` });
    }
    steps.remember('other', 1, state, undefined);
    expect([...(steps.of('g')?.keys() ?? [])]).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(steps.of('g')?.get(10)).toMatchObject({ seat: 1, clientId: 'c10' });
    expect(steps.of('other')?.get(1)).toMatchObject({ seat: undefined, clientId: undefined });
    steps.forget('g');
    expect(steps.of('g')).toBeUndefined();
    expect(steps.of('other')?.size).toBe(1);
  });

  it('keeps the first author of a step it is told twice', () => {
    const steps = new RecentSteps();
    steps.remember('g', 1, state, { seat: 0, clientId: 'first' });
    steps.remember('g', 1, state, { seat: 2, clientId: 'again' });
    expect(steps.of('g')?.get(1)?.clientId).toBe('first');
  });

  it('works a seat’s decision signature out once, as the rules ask that seat', () => {
    const steps = new RecentSteps();
    steps.remember('g', 1, state, undefined);
    const step = steps.of('g')?.get(1);
    if (step === undefined) throw new Error('the step was not kept');
    const seat = decisionsOf(state)[0]?.seat ?? 0;
    expect(signatureOf(step, seat)).toBe(decisionSignature(state, seat));
    expect(step.signatures?.[seat]).toBe(decisionSignature(state, seat));
  });

  it('lets a step’s state go once a newer step follows it, keeping every seat’s signature', () => {
    const steps = new RecentSteps();
    steps.remember('g', 1, state, undefined);
    steps.remember('g', 2, state, { seat: 0, clientId: 'c2' });
    const older = steps.of('g')?.get(1);
    const newest = steps.of('g')?.get(2);
    if (older === undefined || newest === undefined) throw new Error('the steps were not kept');
    expect(older.state).toBeUndefined();
    expect(newest.state).toBe(state);
    for (let seat = 0; seat < state.players.length; seat++) {
      expect(signatureOf(older, seat)).toBe(decisionSignature(state, seat));
    }
    expect(signatureOf(older, state.players.length)).toBe('[]');
  });
});
