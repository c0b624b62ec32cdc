import { describe, expect, it } from 'vitest';
import { createGame, sharedView } from '@outer-rim/rules';
import { options } from '@outer-rim/rules/testing';
import { LastSentViews } from './last-sent-views.js';
import type { SentViews } from './step-messages.js';

describe('the views last sent of each game, for the next step’s patches: LastSentViews', () => {
  const shared = sharedView(createGame(options(3), 'last-sent-views'));
  const views = (seq: number): SentViews => ({ seq, shared, parts: new Map() });

  it('keeps the newest views of a game, and forgets them when told none', () => {
    const sent = new LastSentViews();
    sent.keep('g', views(3));
    sent.keep('g', views(4));
    expect(sent.get('g')?.seq).toBe(4);
    sent.keep('g', undefined);
    expect(sent.has('g')).toBe(false);
    expect(sent.size).toBe(0);
  });

  it('holds a thousand games at the most, letting go of the one kept longest ago', () => {
    const sent = new LastSentViews();
    for (let n = 0; n < 1000; n++) sent.keep(`g${String(n)}`, views(0));
    // Kept again: now the newest.
    sent.keep('g0', views(1));
    sent.keep('g1000', views(0));
    expect(sent.size).toBe(1000);
    expect(sent.has('g0')).toBe(true);
    expect(sent.has('g1')).toBe(false);
  });
});
