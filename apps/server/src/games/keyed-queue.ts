/**
 * Runs tasks one at a time per key (a game), in the order they were queued, while different keys
 * run concurrently. This is the "one writer per game" inside a process.
 */
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    // A failed task must not poison the queue for the next one.
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /** Resolves when every task queued so far, on every key, has finished. */
  async drain(): Promise<void> {
    while (this.#tails.size > 0) await Promise.all([...this.#tails.values()]);
  }

  get size(): number {
    return this.#tails.size;
  }
}
