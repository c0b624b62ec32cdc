import fc from 'fast-check';
import jsonPatch from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { ViewPatchError, applyViewPatch, diffViews } from './view-patch.js';
import type { ViewPatch } from './view-patch.js';

/** JSON values whose keys include the characters a JSON pointer escapes. */
const { json } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false, 0, 1, -2.5, '', 'a', '~/'),
    fc.array(tie('json'), { maxLength: 5 }),
    fc.dictionary(
      fc.constantFrom('a', 'b', 'c', 'a/b', 'x~y', '~1', '0', '-', 'units'),
      tie('json'),
      { maxKeys: 5 },
    ),
  ),
}));

/** A value and a changed copy of it that keeps some parts by identity, as views do. */
const changed: fc.Arbitrary<[unknown, unknown]> = fc
  .tuple(json, json, fc.integer({ min: 0, max: 3 }))
  .map(([before, other, how]) => {
    if (how === 0) return [before, other];
    if (typeof before !== 'object' || before === null) return [before, other];
    if (Array.isArray(before)) {
      const items = before as unknown[];
      return [before, how === 1 ? [...items, other] : [other, ...items.slice(1)]];
    }
    return [before, { ...before, [how === 1 ? 'new' : 'a']: other }];
  });

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
};

describe('diffViews and applyViewPatch', () => {
  it('a diff applied to its start gives its end, without touching the start', () => {
    fc.assert(
      fc.property(changed, ([before, after]) => {
        const start = deepFreeze(structuredClone(before));
        const patch = diffViews(start, after);
        expect(applyViewPatch(start, patch)).toEqual(after);
        expect(start).toEqual(before);
      }),
    );
  });

  it('makes RFC 6902 patches: fast-json-patch applies them to the same result', () => {
    fc.assert(
      fc.property(changed, ([before, after]) => {
        const patch = diffViews(before, after);
        const applied = jsonPatch.applyPatch(structuredClone(before), patch, true, false, true);
        expect(applied.newDocument).toEqual(after);
      }),
    );
  });

  it('shares what did not change and copies only the path to a change', () => {
    const units = { '0,1': { space: [{ owner: 1, units: { carrier: 1 } }] } };
    const before = { round: 1, units, planets: { Mecatol: { owner: null } } };
    const after = { ...before, planets: { Mecatol: { owner: 2 } } };
    const patch = diffViews(before, after);
    expect(patch).toEqual([{ op: 'replace', path: '/planets/Mecatol/owner', value: 2 }]);
    const next = applyViewPatch(before, patch);
    expect(next.units).toBe(units);
    expect(next).not.toBe(before);
    expect(before.planets.Mecatol.owner).toBeNull();
  });

  it('treats undefined keys as absent, as JSON does', () => {
    expect(diffViews({ a: 1, b: undefined }, { a: 1 })).toEqual([]);
    expect(diffViews({ a: 1 }, { a: undefined })).toEqual([{ op: 'remove', path: '/a' }]);
    expect(diffViews({}, { a: undefined, b: 2 })).toEqual([{ op: 'add', path: '/b', value: 2 }]);
  });

  it('reuses the diff of a part shared by several views at the same path', () => {
    const before = { x: 1 };
    const after = { x: 2 };
    const first = diffViews({ shared: before, mine: 1 }, { shared: after, mine: 2 });
    const second = diffViews({ shared: before, mine: 3 }, { shared: after, mine: 3 });
    expect(first).toEqual([
      { op: 'replace', path: '/shared/x', value: 2 },
      { op: 'replace', path: '/mine', value: 2 },
    ]);
    expect(second).toEqual([{ op: 'replace', path: '/shared/x', value: 2 }]);
    // The same part at another path is diffed for that path.
    expect(diffViews({ other: before }, { other: after })).toEqual([
      { op: 'replace', path: '/other/x', value: 2 },
    ]);
  });

  it('applies move, copy and test as RFC 6902 says', () => {
    const before = { a: { b: 1 }, list: [1, 2, 3] };
    const patch: ViewPatch = [
      { op: 'test', path: '/a/b', value: 1 },
      { op: 'copy', from: '/a', path: '/c' },
      { op: 'move', from: '/list/0', path: '/list/-' },
    ];
    expect(applyViewPatch(before, patch)).toEqual({ a: { b: 1 }, c: { b: 1 }, list: [2, 3, 1] });
    expect(before).toEqual({ a: { b: 1 }, list: [1, 2, 3] });
  });

  it('refuses operations that do not fit the view, with the path', () => {
    const view = { a: { b: 1 }, list: [1] };
    const refused = (patch: ViewPatch) => () => applyViewPatch(view, patch);
    expect(refused([{ op: 'remove', path: '/nope' }])).toThrow(ViewPatchError);
    expect(refused([{ op: 'replace', path: '/a/nope', value: 1 }])).toThrow(/a\/nope/);
    expect(refused([{ op: 'add', path: '/x/y', value: 1 }])).toThrow(ViewPatchError);
    expect(refused([{ op: 'replace', path: '/list/1', value: 1 }])).toThrow(/out of range/);
    expect(refused([{ op: 'add', path: '/list/01', value: 1 }])).toThrow(/bad index/);
    expect(refused([{ op: 'add', path: '/__proto__/x', value: 1 }])).toThrow(/forbidden/);
    expect(refused([{ op: 'test', path: '/a/b', value: 2 }])).toThrow(ViewPatchError);
    expect(refused([{ op: 'remove', path: '' }])).toThrow(ViewPatchError);
    expect(view).toEqual({ a: { b: 1 }, list: [1] });
  });
});
