/** A timer a clock set; `cancel` stops it from firing. */
export interface ClockTimer {
  cancel(): void;
}

/**
 * The time as the notifications and turn clocks read it, and their timers. The server runs on
 * the system's clock; a test passes a clock it moves by hand (`ManualClock`), so that "a day
 * later" takes no time and nothing waits on a sleep.
 */
export interface Clock {
  now(): number;
  /** Calls `fire` once, `ms` from now. */
  after(ms: number, fire: () => void): ClockTimer;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fire) {
    const timer = setTimeout(fire, Math.min(Math.max(ms, 0), 2_147_483_647));
    timer.unref();
    return {
      cancel: () => {
        clearTimeout(timer);
      },
    };
  },
};
