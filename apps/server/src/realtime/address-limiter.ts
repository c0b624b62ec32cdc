import { TokenBucket } from './token-bucket.js';

/**
 * One token bucket per client address, for what is counted per address rather than per socket
 * (handshakes). The table is bounded: past `maxAddresses` the address seen least recently is
 * forgotten, which only ever gives that address a fresh, full bucket.
 */
export class AddressLimiter {
  readonly #buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly maxAddresses = 10_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get size(): number {
    return this.#buckets.size;
  }

  /** Takes one token of this address's bucket if it has one. */
  take(address: string): boolean {
    let bucket = this.#buckets.get(address);
    if (bucket) {
      this.#buckets.delete(address);
    } else {
      bucket = new TokenBucket(this.burst, this.perSecond, this.now);
      if (this.#buckets.size >= this.maxAddresses) {
        const oldest = this.#buckets.keys().next();
        if (!oldest.done) this.#buckets.delete(oldest.value);
      }
    }
    this.#buckets.set(address, bucket);
    return bucket.take();
  }
}
