import jsonPatch from 'fast-json-patch';
import type { Operation } from 'fast-json-patch';
import { z } from 'zod';

/**
 * An `update` carries the change to the viewer's view as an RFC 6902 JSON Patch against the view
 * of the previous seq, and a hash of the view it makes, so a client that applied it to anything
 * else finds out and resyncs. Shared by the server (diff, hash) and the web client (apply, hash).
 */
export const JsonPatchOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), path: z.string(), value: z.unknown() }),
  z.object({ op: z.literal('remove'), path: z.string() }),
  z.object({ op: z.literal('replace'), path: z.string(), value: z.unknown() }),
  z.object({ op: z.literal('move'), path: z.string(), from: z.string() }),
  z.object({ op: z.literal('copy'), path: z.string(), from: z.string() }),
  z.object({ op: z.literal('test'), path: z.string(), value: z.unknown() }),
]);
export type ViewPatch = z.infer<typeof JsonPatchOperationSchema>[];

/** The operations that turn `before` into `after` (unchanged parts kept by identity cost nothing). */
export function diffViews(before: unknown, after: unknown): ViewPatch {
  // compare makes add, remove and replace only.
  return jsonPatch.compare(before as object, after as object) as ViewPatch;
}

/**
 * `patch` applied to `view` without changing it: the objects along each changed path are copied,
 * everything else is shared with `view`. Throws on an operation that does not fit the view.
 */
export function applyViewPatch<T>(view: T, patch: readonly ViewPatch[number][]): T {
  const root = { value: view as unknown };
  for (const operation of patch) {
    // Copy the containers this operation goes through (and `from`'s, for move), then mutate the copies.
    copyAlong(root, operation.path);
    if ('from' in operation) copyAlong(root, operation.from);
    const result = jsonPatch.applyOperation(root.value, operation as Operation, true, true, true);
    root.value = result.newDocument;
  }
  return root.value as T;
}

function copyAlong(root: { value: unknown }, pointer: string): void {
  if (pointer === '') return;
  const keys = pointer.slice(1).split('/').map(jsonPatch.unescapePathComponent);
  let holder: Record<string, unknown> = root;
  let key = 'value';
  // Every container on the path except the target itself is replaced by a shallow copy.
  for (const next of keys) {
    const current = holder[key];
    if (typeof current !== 'object' || current === null) return;
    const copy: Record<string, unknown> = Array.isArray(current)
      ? ([...(current as unknown[])] as unknown as Record<string, unknown>)
      : { ...(current as Record<string, unknown>) };
    holder[key] = copy;
    holder = copy;
    key = next;
  }
}

const memo = new WeakMap<object, number>();

/**
 * A 32-bit hash of a JSON value's content, the same for equal JSON whatever the order of object
 * keys (a patch may add keys at the end). Objects and arrays are remembered by identity: views
 * are never changed in place and keep their unchanged parts, so hashing the next one costs about
 * what changed.
 */
export function viewHash(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return mix(textHash(value), 0x73);
    case 'number':
      return Number.isFinite(value) ? mix(textHash(String(value)), 0x6e) : 0x6c6c756e;
    case 'boolean':
      return value ? 0x74727565 : 0x66616c73;
    case 'object': {
      if (value === null) return 0x6c6c756e;
      const known = memo.get(value);
      if (known !== undefined) return known;
      let hash: number;
      if (Array.isArray(value)) {
        hash = 0x61;
        for (const item of value as unknown[]) hash = mix(hash, viewHash(item ?? null));
        hash = mix(hash, value.length);
      } else {
        // A sum of per-key hashes does not depend on the keys' order; undefined keys are not JSON.
        let sum = 0;
        let count = 0;
        for (const [key, item] of Object.entries(value)) {
          if (item === undefined || typeof item === 'function') continue;
          sum = (sum + mix(textHash(key), viewHash(item))) >>> 0;
          count++;
        }
        hash = mix(mix(0x6f, sum), count);
      }
      memo.set(value, hash);
      return hash;
    }
    default:
      return 0x6c6c756e;
  }
}

/** FNV-1a over UTF-16 code units. */
function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** Combines two 32-bit values, order-sensitive (murmur3's finaliser on the pair). */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ Math.imul(b, 0xcc9e2d51), 0x1b873593);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
