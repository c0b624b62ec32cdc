import type { GameEvent, GameView } from '@outer-rim/rules';
import { describe, expect, it } from 'vitest';
import { diffViews, viewHash } from '../net/protocol';
import { applyUpdate, fromState, mergeLog, type LiveGame } from './live-game';

// The store never looks inside a view, so any distinct objects stand for views here.
const view = (round: number): GameView => ({ round }) as unknown as GameView;
const event = (round: number): GameEvent => ({ type: 'round-started', round });

/** An update that carries the whole view, with its hash. */
const whole = (v: GameView) => ({ view: v, hash: viewHash(v) });

function start(): LiveGame {
  return fromState({ seq: 3, viewer: 1, view: view(1) });
}

describe('live game sync (PROTOCOL update/resync)', () => {
  it('applies the next update in sequence and logs its events', () => {
    const outcome = applyUpdate(start(), {
      seq: 4,
      seat: 0,
      events: [event(2)],
      ...whole(view(2)),
    });
    expect(outcome.kind).toBe('applied');
    if (outcome.kind !== 'applied') return;
    expect(outcome.game.seq).toBe(4);
    expect(outcome.game.view).toEqual(view(2));
    expect(outcome.game.log).toEqual([{ seq: 4, seat: 0, events: [event(2)] }]);
  });

  it('ignores an update it already has', () => {
    expect(applyUpdate(start(), { seq: 3, seat: 0, events: [], ...whole(view(9)) }).kind).toBe(
      'stale',
    );
  });

  it('asks for a resync when an update is missing', () => {
    expect(applyUpdate(start(), { seq: 5, seat: 0, events: [], ...whole(view(9)) }).kind).toBe(
      'gap',
    );
  });

  it('lets a fresh state replace the local one and keeps the log up to it', () => {
    const outcome = applyUpdate(start(), {
      seq: 4,
      seat: 0,
      events: [event(2)],
      ...whole(view(2)),
    });
    if (outcome.kind !== 'applied') throw new Error('expected applied');
    const resynced = fromState({ seq: 10, viewer: 1, view: view(7) }, outcome.game);
    expect(resynced.seq).toBe(10);
    expect(resynced.view).toEqual(view(7));
    expect(resynced.log.map((e) => e.seq)).toEqual([4]);
  });

  it('keeps the seed revealed by the last update', () => {
    const outcome = applyUpdate(start(), {
      seq: 4,
      seat: 0,
      events: [],
      ...whole(view(2)),
      seed: 's',
    });
    expect(outcome.kind === 'applied' && outcome.game.seed).toBe('s');
  });

  it('applies a patch to the view it holds and keeps what did not change', () => {
    const before = { round: 1, board: { tiles: [1, 2] }, players: [{ credits: 3 }] };
    const after = { ...before, round: 2, players: [{ credits: 5 }] };
    const game = fromState({ seq: 3, viewer: 1, view: before as unknown as GameView });
    const patch = diffViews(before, after);
    expect(patch.length).toBe(2);
    const outcome = applyUpdate(game, {
      seq: 4,
      seat: 0,
      events: [],
      patch,
      hash: viewHash(after),
    });
    if (outcome.kind !== 'applied') throw new Error(outcome.kind);
    expect(outcome.game.view).toEqual(after);
    expect((outcome.game.view as unknown as typeof after).board).toBe(before.board);
    expect(before.round).toBe(1);
  });

  it('asks for a resync when the patched view does not have the server hash', () => {
    const before = { round: 1 };
    const game = fromState({ seq: 3, viewer: 1, view: before as unknown as GameView });
    const patch = diffViews(before, { round: 2 });
    const wrong = viewHash({ round: 3 });
    expect(applyUpdate(game, { seq: 4, seat: 0, events: [], patch, hash: wrong }).kind).toBe(
      'mismatch',
    );
    const unfit = [{ op: 'replace' as const, path: '/nothing/here', value: 1 }];
    expect(
      applyUpdate(game, { seq: 4, seat: 0, events: [], patch: unfit, hash: viewHash(before) }).kind,
    ).toBe('mismatch');
  });

  it('merges the public log under live entries, ordered by seq', () => {
    const live = [{ seq: 5, seat: 1, events: [event(5)] }];
    const fetched = [
      { seq: 4, seat: 0, events: [event(4)] },
      { seq: 5, seat: 1, events: [] },
    ];
    expect(mergeLog(live, fetched)).toEqual([{ seq: 4, seat: 0, events: [event(4)] }, live[0]]);
  });
});
