import { describe, expect, it } from 'vitest';
import { RefusalMemory } from './refusal-memory.js';
import { refusal } from './refusal.js';

describe('a refused id gets the same answer again: RefusalMemory', () => {
  it('answers a remembered id of a game, and nothing for another game or once forgotten', () => {
    const memory = new RefusalMemory();
    const answer = refusal('ILLEGAL_ACTION', 'Not now.');
    memory.remember('g1', '0\u0000a', answer);
    expect(memory.get('g1', '0\u0000a')).toBe(answer);
    expect(memory.get('g2', '0\u0000a')).toBeUndefined();
    memory.forget('g1');
    expect(memory.get('g1', '0\u0000a')).toBeUndefined();
  });

  it('holds at most 10,000 refusals over all games, losing the oldest game’s oldest first', () => {
    const memory = new RefusalMemory();
    const answer = refusal('ILLEGAL_ACTION', 'Not now.');
    memory.remember('old', 'first', answer);
    memory.remember('old', 'second', answer);
    for (let i = 0; i < 9_998; i++) memory.remember('busy', String(i), answer);
    memory.remember('busy', 'one more', answer);
    expect(memory.get('old', 'first')).toBeUndefined();
    expect(memory.get('old', 'second')).toBe(answer);
    expect(memory.get('busy', '0')).toBe(answer);
    expect(memory.get('busy', 'one more')).toBe(answer);
  });
});
