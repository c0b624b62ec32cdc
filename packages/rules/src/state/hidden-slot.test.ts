import { describe, expect, it } from 'vitest';
import { HiddenSlot } from './hidden-slot.js';

describe('HiddenSlot', () => {
  it('keeps a value beside an object where no spread, JSON, key listing, clone or equality sees it', () => {
    const slot = new HiddenSlot<object, { sum: number }>('test');
    const state = { round: 3, players: [{ seat: 0 }] };
    const text = JSON.stringify(state);
    slot.set(state, { sum: 7 });
    expect(slot.get(state)).toEqual({ sum: 7 });
    expect(JSON.stringify(state)).toBe(text);
    expect(Object.keys(state)).toEqual(['round', 'players']);
    expect(state).toStrictEqual(JSON.parse(text));
    expect(structuredClone(state)).toStrictEqual(state);
    // A copy, changed or not, starts without what was kept for its original.
    expect(slot.get({ ...state })).toBeUndefined();
    expect(slot.get(structuredClone(state))).toBeUndefined();
    expect(slot.get([...state.players])).toBeUndefined();
  });

  it('replaces what it kept, and two slots keep apart what they keep for one object', () => {
    const a = new HiddenSlot<object, string>('a');
    const b = new HiddenSlot<object, string>('a');
    const list = [1, 2, 3];
    a.set(list, 'first');
    b.set(list, 'other');
    a.set(list, 'second');
    expect(a.get(list)).toBe('second');
    expect(b.get(list)).toBe('other');
    expect(list).toEqual([1, 2, 3]);
  });

  it('keeps a value for a frozen object too, and for one frozen after a value was kept', () => {
    const slot = new HiddenSlot<object, number>('frozen');
    const frozen = Object.freeze({ round: 1 });
    slot.set(frozen, 1);
    expect(slot.get(frozen)).toBe(1);
    expect(slot.get({ round: 1 })).toBeUndefined();
    const later = { round: 2 };
    slot.set(later, 2);
    Object.freeze(later);
    slot.set(later, 3);
    expect(slot.get(later)).toBe(3);
  });
});
