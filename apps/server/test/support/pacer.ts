/**
 * Open-loop pacing for `bench:load --rate R`: actions are offered at fixed times, R a second,
 * whatever the answers to earlier ones. Each offer goes to the seat that has waited longest among
 * those whose own view asks them to decide; an offer with no seat ready is missed (the tables
 * had nothing to send then), so the achieved rate can fall short of the offered one. An action's
 * round trip is measured from its offer's scheduled time, so a generator that falls behind its
 * schedule counts against the figures instead of hiding the wait (no coordinated omission).
 */
export interface PacedSender {
  /** sends its seat's action now, timed from `scheduledAt`; false if it has nothing to send */
  sendPaced(scheduledAt: number): boolean;
}

export class Pacer {
  readonly #waiting: PacedSender[] = [];
  readonly #queued = new Set<PacedSender>();
  readonly #intervalMs: number;
  #next = 0;
  #timer: ReturnType<typeof setInterval> | undefined;
  /** counted only while `recording`: offers made, offers a seat used, offers no seat could use */
  recording = false;
  offered = 0;
  used = 0;
  missed = 0;

  constructor(readonly ratePerSecond: number) {
    if (!(ratePerSecond > 0)) throw new Error('a rate must be above 0');
    this.#intervalMs = 1000 / ratePerSecond;
  }

  /**
   * While unpaced (the warm-up of `bench:load --rate`), a seat asked sends at once, as in the
   * closed loop: in the same seconds the server plays more actions, and its compiler gets further
   * towards where a server running for hours at the offered rate is. `pace()` starts the fixed
   * offers from that moment.
   */
  #unpaced = false;

  /** A seat asked to decide waits here for its offer (once, however often it asks). */
  wait(sender: PacedSender): void {
    if (this.#unpaced) {
      sender.sendPaced(performance.now());
      return;
    }
    if (this.#queued.has(sender)) return;
    this.#queued.add(sender);
    this.#waiting.push(sender);
  }

  /** Every seat asked sends at once (closed loop) until `pace()`; the seats waiting send now. */
  unpace(): void {
    this.#unpaced = true;
    for (let sender = this.#waiting.shift(); sender; sender = this.#waiting.shift()) {
      this.#queued.delete(sender);
      sender.sendPaced(performance.now());
    }
  }

  /** Offers at the fixed rate again, the first one now: no backlog of offers is carried over. */
  pace(): void {
    this.#unpaced = false;
    this.#next = performance.now();
  }

  start(): void {
    if (this.#timer !== undefined) return;
    this.#next = performance.now();
    // Timers fire a millisecond apart at best: each tick makes every offer that has come due.
    this.#timer = setInterval(() => {
      this.#tick();
    }, 1);
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#waiting.length = 0;
    this.#queued.clear();
  }

  #tick(): void {
    if (this.#unpaced) return;
    const now = performance.now();
    while (this.#next <= now) {
      this.#offer(this.#next);
      this.#next += this.#intervalMs;
    }
  }

  #offer(scheduledAt: number): void {
    if (this.recording) this.offered++;
    for (let sender = this.#waiting.shift(); sender; sender = this.#waiting.shift()) {
      this.#queued.delete(sender);
      if (sender.sendPaced(scheduledAt)) {
        if (this.recording) this.used++;
        return;
      }
    }
    if (this.recording) this.missed++;
  }
}
