import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.js';

describe('a map of at most so many entries, the newest kept: BoundedMap', () => {
  it('lets the entry set longest ago go past its limit, and says which', () => {
    const evicted: string[] = [];
    const map = new BoundedMap<string, number>(2, (key) => evicted.push(key));
    map.set('a', 1);
    map.set('b', 2);
    // Set again: now the newest.
    map.set('a', 3);
    map.set('c', 4);
    expect(evicted).toEqual(['b']);
    expect([...map.entries()]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
    map.delete('a');
    expect(map.has('a')).toBe(false);
    expect(map.size).toBe(1);
    expect(evicted).toEqual(['b']);
  });
});
