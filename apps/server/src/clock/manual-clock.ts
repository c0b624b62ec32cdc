import type { Clock, ClockTimer } from './clock.js';

interface Pending {
  at: number;
  fire: () => void;
  cancelled: boolean;
}

/** A clock that moves only when told to (tests): `advance` fires every timer that falls due. */
export class ManualClock implements Clock {
  #now: number;
  readonly #pending: Pending[] = [];

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  after(ms: number, fire: () => void): ClockTimer {
    const pending = { at: this.#now + Math.max(ms, 0), fire, cancelled: false };
    this.#pending.push(pending);
    return {
      cancel: () => {
        pending.cancelled = true;
      },
    };
  }

  /** Moves time on by `ms`, firing the timers due on the way in time order. */
  advance(ms: number): void {
    const until = this.#now + ms;
    for (;;) {
      const due = this.#pending
        .filter((p) => !p.cancelled && p.at <= until)
        .sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      this.#pending.splice(this.#pending.indexOf(due), 1);
      this.#now = Math.max(this.#now, due.at);
      due.fire();
    }
    this.#now = until;
  }

  /** Timers set and not yet fired nor cancelled. */
  get waiting(): number {
    return this.#pending.filter((p) => !p.cancelled).length;
  }
}
