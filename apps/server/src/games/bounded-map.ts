/**
 * A map of at most `limit` entries, in the order they were last set: setting a key makes it the
 * newest, and past the limit the oldest goes, handed to `onEvict`.
 */
export class BoundedMap<K, V> {
  readonly #map = new Map<K, V>();

  constructor(
    private readonly limit: number,
    private readonly onEvict: (key: K) => void = () => undefined,
  ) {}

  get size(): number {
    return this.#map.size;
  }

  has(key: K): boolean {
    return this.#map.has(key);
  }

  get(key: K): V | undefined {
    return this.#map.get(key);
  }

  entries(): IterableIterator<[K, V]> {
    return this.#map.entries();
  }

  set(key: K, value: V): void {
    this.#map.delete(key);
    if (this.#map.size >= this.limit) {
      const oldest = this.#map.keys().next();
      if (!oldest.done) {
        this.#map.delete(oldest.value);
        this.onEvict(oldest.value);
      }
    }
    this.#map.set(key, value);
  }

  delete(key: K): void {
    this.#map.delete(key);
  }
}
