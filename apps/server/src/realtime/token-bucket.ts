/**
 * A token bucket: `capacity` actions at once, then `refillPerSecond` on average. The clock is
 * injected so tests need not sleep.
 */
export class TokenBucket {
  #tokens: number;
  #last: number;

  constructor(
    private readonly capacity: number,
    private readonly refillPerSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#tokens = capacity;
    this.#last = now();
  }

  /** Takes one token if there is one. */
  take(): boolean {
    const now = this.now();
    this.#tokens = Math.min(
      this.capacity,
      this.#tokens + ((now - this.#last) / 1000) * this.refillPerSecond,
    );
    this.#last = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}
