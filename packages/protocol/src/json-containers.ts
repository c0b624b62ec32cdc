/** The JSON objects and arrays of a view, as the diff and the hash walk them. */
export type Container = Record<string, unknown> | unknown[];

export const isContainer = (value: unknown): value is Container =>
  typeof value === 'object' && value !== null;

/**
 * Remembering a result by an object's identity costs a hidden property made on that object
 * (`HiddenSlot`, about 0.15 µs; a WeakMap entry cost 0.5 to 1.3 µs), more than hashing or diffing
 * a few fields again: the diff and the hash remember containers this wide, and work the small
 * ones (most of what changes) out anew.
 */
export const LARGE = 8;

export function isLarge(value: Container): boolean {
  if (Array.isArray(value)) return value.length >= LARGE;
  let count = 0;
  for (const _ in value) if (++count >= LARGE) return true;
  return false;
}
