/**
 * The hash an `update` carries of the view it makes: a 32-bit hash of a JSON value's content, the
 * same for equal JSON whatever the order of object keys (a patch may add keys at the end). Shared
 * by the server, which hashes each viewer's view at every step, and the clients, which check the
 * view a patch made against it.
 */
import { HiddenSlot } from '@outer-rim/rules';
import { LARGE, isContainer } from './json-containers.js';

/**
 * Hashes are remembered for the containers the diff remembers (LARGE wide) and for those that
 * hold containers: hashing one of those again would walk everything below it (a change to one
 * system's units would hash every system's again); the small leaves cost less to hash again.
 * A remembered hash is kept beside the container (`HiddenSlot`), where a copy with changes does
 * not carry it. A WeakMap entry cost several times as much to make and to look up (measured,
 * and its tables were a third of the live heap under load).
 */
const hashes = new HiddenSlot<object, number>('viewHash');

/**
 * The hash of a JSON value. Views are never changed in place and keep their unchanged parts, so
 * with the containers remembered by identity hashing the next view costs about what changed: the
 * containers along the changed paths, and the small leaves below them.
 */
export function viewHash(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return mix(textHash(value), 0x73);
    case 'number':
      // Most numbers in a view are small integers (counts, seats, seqs): hashed as they are, not
      // by a text made for each. -0 is JSON's 0, and `-0 | 0` is 0 too.
      if (value === (value | 0)) return mix(value | 0, 0x69);
      return Number.isFinite(value) ? mix(textHash(String(value)), 0x6e) : 0x6c6c756e;
    case 'boolean':
      return value ? 0x74727565 : 0x66616c73;
    case 'object': {
      if (value === null) return 0x6c6c756e;
      const known = hashes.get(value);
      if (known !== undefined) return known;
      let hash: number;
      let remembered: boolean;
      if (Array.isArray(value)) {
        hash = 0x61;
        remembered = value.length >= LARGE;
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          hash = mix(hash, viewHash(item ?? null));
          remembered ||= isContainer(item);
        }
        hash = mix(hash, value.length);
      } else {
        const { sum, count, nested } = keySum(value as Record<string, unknown>);
        hash = mix(mix(0x6f, sum), count);
        remembered = nested || count >= LARGE;
      }
      if (remembered) hashes.set(value, hash);
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

const sums = new HiddenSlot<object, { sum: number; count: number }>('viewHashSum');

/**
 * `viewHash({ ...shared, ...own })` for two objects without a key in common, without building
 * it: the part every viewer of a step shares is summed once (its sum kept beside it), and each
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
