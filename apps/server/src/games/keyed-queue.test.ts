import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('one writer per game: KeyedQueue', () => {
  it('runs tasks of one key strictly one after another, in order', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    let running = 0;
    const task = (name: string, ms: number) => async () => {
      running++;
      expect(running).toBe(1);
      log.push(`start ${name}`);
      await tick(ms);
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all([
      queue.run('g', task('a', 20)),
      queue.run('g', task('b', 1)),
      queue.run('g', task('c', 5)),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('runs different keys concurrently and survives a failing task', async () => {
    const queue = new KeyedQueue();
    const order: string[] = [];
    const slow = queue.run('x', async () => {
      await tick(30);
      order.push('x');
    });
    const failing = queue.run('y', () => Promise.reject(new Error('boom')));
    const after = queue.run('y', () => {
      order.push('y');
      return Promise.resolve();
    });
    await expect(failing).rejects.toThrow('boom');
    await after;
    await slow;
    expect(order).toEqual(['y', 'x']);
    await queue.drain();
    expect(queue.size).toBe(0);
  });
});
