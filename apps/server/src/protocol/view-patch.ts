import jsonPatch from 'fast-json-patch';
import type { Operation as JsonOperation } from 'fast-json-patch';
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

type Operation = ViewPatch[number];
type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container =>
  typeof value === 'object' && value !== null;

/**
 * Remembering a result by an object's identity costs a WeakMap entry, about two microseconds for
 * an object never used as a key before, far more than hashing or diffing a few fields again: only
 * containers this wide are remembered, the small ones (most of what changes) are worked out anew.
 * Hashes are also remembered for containers that hold containers: hashing one again would walk
 * everything below it (a change to one system's units would hash every system's again).
 */
const LARGE = 8;

function isLarge(value: Container): boolean {
  if (Array.isArray(value)) return value.length >= LARGE;
  let count = 0;
  for (const _ in value) if (++count >= LARGE) return true;
  return false;
}

/**
 * Differences already worked out, by the object they start from: the nine views of one step
 * share every public part by identity, and a changed part reached again by the same path (by
 * the next viewer) costs a lookup.
 */
const diffs = new WeakMap<object, { after: object; path: string; ops: Operation[] }>();

/**
 * The operations that turn `before` into `after`: add, remove and replace only (RFC 6902). Views
 * are never changed in place, so parts kept by identity cost nothing, values are sent as they
 * are (not copied), and keys whose value is undefined count as absent, as in JSON. `path` is
 * where the two stand in a larger document (a JSON pointer; the root by default).
 */
export function diffViews(before: unknown, after: unknown, path = ''): ViewPatch {
  const ops: Operation[] = [];
  diffInto(before, after, path, ops);
  return ops;
}

function diffInto(before: unknown, after: unknown, path: string, ops: Operation[]): void {
  if (before === after) return;
  if (
    !isContainer(before) ||
    !isContainer(after) ||
    Array.isArray(before) !== Array.isArray(after)
  ) {
    ops.push({ op: 'replace', path, value: after ?? null });
    return;
  }
  const large = isLarge(before);
  const known = large ? diffs.get(before) : undefined;
  if (known?.after === after && known.path === path) {
    for (const op of known.ops) ops.push(op);
    return;
  }
  const own: Operation[] = large ? [] : ops;
  if (Array.isArray(before)) diffArrays(before, after as unknown[], path, own);
  else diffObjects(before, after as Record<string, unknown>, path, own);
  if (!large) return;
  diffs.set(before, { after, path, ops: own });
  for (const op of own) ops.push(op);
}

function diffArrays(before: unknown[], after: unknown[], path: string, ops: Operation[]): void {
  const common = Math.min(before.length, after.length);
  for (let i = 0; i < common; i++) {
    diffInto(before[i] ?? null, after[i] ?? null, `${path}/${String(i)}`, ops);
  }
  // Removed from the end first, so each index still names the item it means.
  for (let i = before.length - 1; i >= common; i--)
    ops.push({ op: 'remove', path: `${path}/${String(i)}` });
  for (let i = common; i < after.length; i++) {
    ops.push({ op: 'add', path: `${path}/${String(i)}`, value: after[i] ?? null });
  }
}

function diffObjects(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  path: string,
  ops: Operation[],
): void {
  for (const key in before) {
    const was = before[key];
    if (was === undefined || typeof was === 'function') continue;
    const now = Object.hasOwn(after, key) ? after[key] : undefined;
    const at = `${path}/${escapeKey(key)}`;
    if (now === undefined || typeof now === 'function') ops.push({ op: 'remove', path: at });
    else diffInto(was, now, at, ops);
  }
  for (const key in after) {
    const now = after[key];
    if (now === undefined || typeof now === 'function') continue;
    const was = Object.hasOwn(before, key) ? before[key] : undefined;
    if (was === undefined || typeof was === 'function') {
      ops.push({ op: 'add', path: `${path}/${escapeKey(key)}`, value: now });
    }
  }
}

const escapeKey = (key: string) =>
  key.includes('~') || key.includes('/') ? key.replaceAll('~', '~0').replaceAll('/', '~1') : key;
const unescapeKey = (key: string) =>
  key.includes('~') ? key.replaceAll('~1', '/').replaceAll('~0', '~') : key;

/** Why a patch does not fit the view it was applied to. */
export class ViewPatchError extends Error {
  constructor(operation: Operation, reason: string) {
    super(`${operation.op} ${operation.path}: ${reason}`);
    this.name = 'ViewPatchError';
  }
}

/**
 * `patch` applied to `view` without changing it: the containers along each changed path are
 * copied once per patch, everything else is shared with `view`. Throws a ViewPatchError on an
 * operation that does not fit the view.
 */
export function applyViewPatch<T>(view: T, patch: readonly Operation[]): T {
  const state = { root: view as unknown, fresh: new WeakSet<object>() };
  for (const operation of patch) {
    if (operation.op === 'move' || operation.op === 'copy' || operation.op === 'test') {
      applyOther(state, operation);
    } else {
      applySimple(state, operation);
    }
  }
  return state.root as T;
}

interface Applying {
  root: unknown;
  /** containers this call made: changed in place by the later operations of the patch */
  fresh: WeakSet<object>;
}

function pointerKeys(operation: Operation, pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new ViewPatchError(operation, 'not a JSON pointer');
  const keys = pointer.slice(1).split('/').map(unescapeKey);
  if (keys.includes('__proto__')) throw new ViewPatchError(operation, 'a forbidden key');
  return keys;
}

function writable(state: Applying, value: Container): Container {
  if (state.fresh.has(value)) return value;
  const copy: Container = Array.isArray(value) ? [...value] : { ...value };
  state.fresh.add(copy);
  return copy;
}

/** The copied container that holds the last key of `keys`, made writable from the root down. */
function parentOf(state: Applying, operation: Operation, keys: string[]): Container {
  if (!isContainer(state.root)) throw new ViewPatchError(operation, 'the view is not a container');
  let node = writable(state, state.root);
  state.root = node;
  for (let i = 0; i < keys.length - 1; i++) {
    const key = keys[i] as string;
    const index = Array.isArray(node) ? arrayIndex(operation, node, key, false) : key;
    const child = Array.isArray(node)
      ? node[index as number]
      : Object.hasOwn(node, key)
        ? node[key]
        : undefined;
    if (!isContainer(child)) throw new ViewPatchError(operation, `no container at ${key}`);
    const copy = writable(state, child);
    if (Array.isArray(node)) node[index as number] = copy;
    else node[key] = copy;
    node = copy;
  }
  return node;
}

function arrayIndex(operation: Operation, array: unknown[], key: string, adding: boolean): number {
  if (adding && key === '-') return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(key)) throw new ViewPatchError(operation, `bad index ${key}`);
  const index = Number(key);
  if (index > array.length || (!adding && index === array.length)) {
    throw new ViewPatchError(operation, `index ${key} out of range`);
  }
  return index;
}

function applySimple(
  state: Applying,
  operation: Operation & { op: 'add' | 'remove' | 'replace' },
): void {
  const keys = pointerKeys(operation, operation.path);
  if (keys.length === 0) {
    if (operation.op === 'remove') throw new ViewPatchError(operation, 'cannot remove the view');
    state.root = operation.value;
    return;
  }
  const parent = parentOf(state, operation, keys);
  const last = keys[keys.length - 1] as string;
  if (Array.isArray(parent)) {
    const index = arrayIndex(operation, parent, last, operation.op === 'add');
    if (operation.op === 'add') parent.splice(index, 0, operation.value);
    else if (operation.op === 'remove') parent.splice(index, 1);
    else parent[index] = operation.value;
    return;
  }
  if (operation.op !== 'add' && !Object.hasOwn(parent, last)) {
    throw new ViewPatchError(operation, `no ${last} to ${operation.op}`);
  }
  if (operation.op === 'remove') Reflect.deleteProperty(parent, last);
  else parent[last] = operation.value;
}

/** move, copy and test (the server sends none): by fast-json-patch, on copies along the paths. */
function applyOther(state: Applying, operation: Operation): void {
  for (const pointer of ['from' in operation ? operation.from : undefined, operation.path]) {
    if (pointer === undefined) continue;
    const keys = pointerKeys(operation, pointer);
    if (keys.length > 0) parentOf(state, operation, keys);
  }
  try {
    const result = jsonPatch.applyOperation(
      state.root,
      operation as JsonOperation,
      true,
      true,
      true,
    );
    state.root = result.newDocument;
  } catch (error) {
    throw new ViewPatchError(operation, error instanceof Error ? error.message : String(error));
  }
}

const memo = new WeakMap<object, number>();

/**
 * A 32-bit hash of a JSON value's content, the same for equal JSON whatever the order of object
 * keys (a patch may add keys at the end). Objects and arrays that hold containers, or are large,
 * are remembered by identity: views are never changed in place and keep their unchanged parts, so
 * hashing the next one costs about what changed (the containers along the changed paths, and the
 * small leaves below them, which cost less to hash again than to remember).
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
      let remembered: boolean;
      if (Array.isArray(value)) {
        hash = 0x61;
        remembered = value.length >= LARGE;
        for (const item of value as unknown[]) {
          hash = mix(hash, viewHash(item ?? null));
          remembered ||= isContainer(item);
        }
        hash = mix(hash, value.length);
      } else {
        const { sum, count, nested } = keySum(value as Record<string, unknown>);
        hash = mix(mix(0x6f, sum), count);
        remembered = nested || count >= LARGE;
      }
      if (remembered) memo.set(value, hash);
      return hash;
    }
    default:
      return 0x6c6c756e;
  }
}

/**
 * A sum of per-key hashes does not depend on the keys' order; undefined keys are not JSON.
 * `known` holds hashes of values already worked out (by identity), and takes the new ones.
 */
function keySum(
  object: Record<string, unknown>,
  known?: Map<object, number>,
): { sum: number; count: number; nested: boolean } {
  let sum = 0;
  let count = 0;
  let nested = false;
  for (const key in object) {
    const item = object[key];
    if (item === undefined || typeof item === 'function') continue;
    let hash: number;
    if (typeof item !== 'object' || item === null) hash = viewHash(item);
    else {
      nested = true;
      hash = known?.get(item) ?? viewHash(item);
      known?.set(item, hash);
    }
    sum = (sum + mix(keyHash(key), hash)) >>> 0;
    count++;
  }
  return { sum, count, nested };
}

const sums = new WeakMap<object, { sum: number; count: number }>();

/**
 * `viewHash({ ...shared, ...own })` for two objects without a key in common, without building
 * it: the part every viewer of a step shares is summed once (remembered by identity), and each
 * viewer adds its own few keys. `known` (a Map kept for one step) lets viewers whose own parts
 * hold the same values (the phase, mostly) hash them once.
 */
export function viewHashOfParts(shared: object, own: object, known?: Map<object, number>): number {
  let base = sums.get(shared);
  if (base === undefined) {
    base = keySum(shared as Record<string, unknown>);
    sums.set(shared, base);
  }
  const mine = keySum(own as Record<string, unknown>, known);
  return mix(mix(0x6f, (base.sum + mine.sum) >>> 0), base.count + mine.count);
}

/**
 * Object keys repeat in every view (unit kinds, hexes, planet names, field names): their hashes
 * are remembered, up to a bound, so that the ids of a long game cannot grow it for ever.
 */
const keyHashes = new Map<string, number>();
const MAX_KEY_HASHES = 20_000;

function keyHash(key: string): number {
  let hash = keyHashes.get(key);
  if (hash === undefined) {
    if (keyHashes.size >= MAX_KEY_HASHES) keyHashes.clear();
    hash = textHash(key);
    keyHashes.set(key, hash);
  }
  return hash;
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
