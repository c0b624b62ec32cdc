import { createGame, view, type GameView } from '@outer-rim/rules';
import { describe, expect, it } from 'vitest';
import { RemoteViews } from './remote-views';

const start = view(
  createGame({ players: [{ name: 'Ann' }, { name: 'Bo' }] }, 'remote'),
  'spectator',
);
/** A distinct view per seq, so a mix-up between steps shows. */
const viewAt = (seq: number): GameView => ({ ...start, seq }) as unknown as GameView;

describe('replay: server views fetched lazily per step', () => {
  it('fetches a step once, then answers from the cache', async () => {
    const asked: number[] = [];
    const views = new RemoteViews((seq) => {
      asked.push(seq);
      return Promise.resolve(viewAt(seq));
    });
    expect(views.get(3)).toBeUndefined();
    const [a, b] = await Promise.all([views.load(3), views.load(3)]);
    expect(a).toBe(b);
    expect(a).toEqual(viewAt(3));
    expect(await views.load(3)).toBe(a);
    expect(views.get(3)).toBe(a);
    expect(await views.load(4)).toEqual(viewAt(4));
    expect(asked).toEqual([3, 4]);
    expect(views.fetched).toBe(2);
  });

  it('keeps at most `max` views, dropping the least recently used', async () => {
    const views = new RemoteViews((seq) => Promise.resolve(viewAt(seq)), 2);
    await views.load(1);
    await views.load(2);
    views.get(1);
    await views.load(3);
    expect(views.get(2)).toBeUndefined();
    expect(views.get(1)).toEqual(viewAt(1));
    expect(views.get(3)).toEqual(viewAt(3));
  });

  it('does not remember a failure: the step is asked again', async () => {
    let fail = true;
    const views = new RemoteViews((seq) =>
      fail ? Promise.reject(new Error('offline')) : Promise.resolve(viewAt(seq)),
    );
    await expect(views.load(5)).rejects.toThrow('offline');
    fail = false;
    expect(await views.load(5)).toEqual(viewAt(5));
    expect(views.fetched).toBe(2);
  });
});
