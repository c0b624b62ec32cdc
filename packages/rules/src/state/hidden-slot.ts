/**
 * A value kept beside an object, on the object itself under a symbol of its own and not
 * enumerable: no spread, JSON, key listing, structured clone or equality check sees it, and a
 * changed copy of the object starts without it. What is worked out from a state or a view by its
 * identity is kept so, not in a WeakMap: a WeakMap's entry costs several times as much to make
 * and to look up, and its table keeps the size it grew to between two full collections after they
 * empty it (V8 does not shrink it then), which held megabytes of empty slots on a busy server. An
 * object that cannot take the slot (frozen, as the rules' tests freeze states) keeps its value in
 * a WeakMap of the slot's own.
 */
export class HiddenSlot<K extends object, V> {
  readonly #symbol: symbol;
  #frozen: WeakMap<K, V> | undefined;

  constructor(name: string) {
    this.#symbol = Symbol(name);
  }

  get(object: K): V | undefined {
    const held = this.#frozen?.get(object);
    if (held !== undefined) return held;
    return (object as Record<symbol, V | undefined>)[this.#symbol];
  }

  /** Keeps `value` for `object`, in place of what was kept before. */
  set(object: K, value: V): void {
    if (Object.isExtensible(object)) {
      Object.defineProperty(object, this.#symbol, { value, writable: true, configurable: true });
    } else {
      (this.#frozen ??= new WeakMap()).set(object, value);
    }
  }
}
