import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { viewHash, viewHashOfParts } from './view-hash.js';
import { applyViewPatch, diffViews } from './view-patch.js';

/** JSON values, some of them wider than the containers whose children's hashes a tree keeps. */
const { json } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false, 0, 1, -2.5, '', 'a', '~/'),
    fc.array(tie('json'), { maxLength: 12 }),
    fc.dictionary(fc.string({ maxLength: 2 }), tie('json'), { maxKeys: 12 }),
  ),
}));

type Container = Record<string, unknown> | unknown[];
const isContainer = (value: unknown): value is Container =>
  typeof value === 'object' && value !== null;

/**
 * `value` with what stands at the end of `steps` (indices picked among the keys found there)
 * replaced by `other`, copying only the containers along the way: the rest stays the same
 * objects, as in the next view of a game.
 */
function replaceAt(value: unknown, steps: readonly number[], other: unknown): unknown {
  if (!isContainer(value) || steps.length === 0) return other;
  const keys = Object.keys(value);
  if (keys.length === 0) return other;
  const key = keys[(steps[0] ?? 0) % keys.length] as string;
  const copy: Container = Array.isArray(value) ? [...value] : { ...value };
  const child = (copy as Record<string, unknown>)[key];
  (copy as Record<string, unknown>)[key] = replaceAt(child, steps.slice(1), other);
  return copy;
}

/** A value and versions of it, each changed from the one before at one place. */
const versions = fc
  .tuple(
    fc.dictionary(fc.string({ maxLength: 2 }), json, { minKeys: 1, maxKeys: 12 }),
    fc.array(fc.tuple(fc.array(fc.nat(20), { minLength: 1, maxLength: 4 }), json, fc.boolean()), {
      maxLength: 8,
    }),
  )
  .map(([start, edits]) => {
    const out: unknown[] = [start];
    for (const [steps, other, viaPatch] of edits) {
      const before = out[out.length - 1];
      const after = replaceAt(before, steps, other);
      // A client's next view: the patch applied to the view it holds.
      out.push(viaPatch ? applyViewPatch(before, diffViews(before, after)) : after);
    }
    return out;
  });

const fresh = (value: unknown): unknown => structuredClone(value);

describe('viewHash', () => {
  it('does not depend on the order of keys', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), json, { maxKeys: 12 }), (object) => {
        const reversed = Object.fromEntries(Object.entries(object).reverse());
        expect(viewHash(reversed)).toBe(viewHash(object));
      }),
    );
  });

  it('tells apart values that differ anywhere, as JSON', () => {
    expect(viewHash({ a: [1, 2] })).not.toBe(viewHash({ a: [2, 1] }));
    expect(viewHash({ a: 1 })).not.toBe(viewHash({ b: 1 }));
    expect(viewHash({ a: '1' })).not.toBe(viewHash({ a: 1 }));
    expect(viewHash({ a: 1, b: undefined })).toBe(viewHash({ a: 1 }));
    expect(viewHash([1, undefined])).toBe(viewHash([1, null]));
    fc.assert(
      fc.property(json, json, (before, after) => {
        const equal = JSON.stringify(before) === JSON.stringify(after);
        if (!equal && viewHash(before) === viewHash(after)) {
          // 32 bits: a collision is possible but must be rare; these values are tiny.
          expect(JSON.stringify(before)).toBe(JSON.stringify(after));
        }
      }),
    );
  });

  it('each version of a changing value hashes as the same value made afresh', () => {
    fc.assert(
      fc.property(versions, (list) => {
        // Hashed in order, as a client hashes each view it is patched to: most of each version
        // was remembered from the one before it.
        for (const value of list) expect(viewHash(value)).toBe(viewHash(fresh(value)));
      }),
    );
  });

  it('hashes two parts without a key in common as the object they make together', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 3 }), json, { maxKeys: 12 }),
        fc.dictionary(fc.string({ maxLength: 3 }), json, { maxKeys: 6 }),
        (left, right) => {
          const own = Object.fromEntries(Object.entries(right).map(([k, v]) => [`own:${k}`, v]));
          const known = new Map<object, number>();
          const hash = viewHashOfParts(left, own, known);
          expect(hash).toBe(viewHash(fresh({ ...left, ...own })));
          // What one viewer's part hashed serves the next viewer's.
          expect(viewHashOfParts({ ...left }, { ...own }, known)).toBe(hash);
        },
      ),
    );
  });

  it('keeps what it remembers out of sight: JSON, keys, copies and deep equality do not see it', () => {
    const units = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [`hex${String(i)}`, { cruiser: i }]),
    );
    const view = { units, players: [{ seat: 0 }, { seat: 1 }] };
    const text = JSON.stringify(view);
    const hash = viewHash(view);
    expect(JSON.stringify(view)).toBe(text);
    expect(Object.keys(units)).toHaveLength(10);
    const hidden = Object.getOwnPropertySymbols(units);
    expect(
      hidden.every((s) => Object.getOwnPropertyDescriptor(units, s)?.enumerable === false),
    ).toBe(true);
    expect(view).toStrictEqual(JSON.parse(text));
    // A changed copy is hashed for what it holds, not for what its original was.
    const changed = { ...units, hex3: { cruiser: 4 } };
    expect(viewHash({ ...view, units: changed })).toBe(
      viewHash(fresh({ ...view, units: changed })),
    );
    expect(viewHash({ ...view, units: changed })).not.toBe(hash);
    // A frozen value (the rules' tests freeze states) is hashed, and hashed alike again.
    const frozen = Object.freeze(fresh(view) as object);
    expect(viewHash(frozen)).toBe(hash);
    expect(viewHash(frozen)).toBe(hash);
  });
});
