import jsonPatch from 'fast-json-patch';
import type { Operation as JsonOperation } from 'fast-json-patch';
import { HiddenSlot } from '@outer-rim/rules';
import { z } from 'zod';
import { isContainer, isLarge } from './json-containers.js';
import type { Container } from './json-containers.js';

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
/**
 * Differences already worked out, kept beside the object they start from (`HiddenSlot`): the
 * nine views of one step share every public part by identity, and a changed part reached again
 * by the same path (by the next viewer) costs a lookup.
 */
const diffs = new HiddenSlot<object, { after: object; path: string; ops: Operation[] }>('diff');

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
    // Checked before the item's path is made: most items of a view are the very same objects.
    if (before[i] === after[i]) continue;
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
    if (now === was) continue;
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
  const state = { root: view as unknown, fresh: new Set<object>() };
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
  /**
   * containers this call made: changed in place by the later operations of the patch (a Set: it
   * lives for one patch, and a WeakSet's entry costs several times as much to make)
   */
  fresh: Set<object>;
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
