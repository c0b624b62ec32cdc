import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Pacer } from './pacer.js';
import type { PacedSender } from './pacer.js';

/** A seat that always has an action, and says when each went out. */
function seat(): PacedSender & { sentAt: number[] } {
  const sentAt: number[] = [];
  return {
    sentAt,
    sendPaced(scheduledAt) {
      sentAt.push(scheduledAt);
      return true;
    },
  };
}

describe('bench:load open loop: offers at a fixed rate, after a closed-loop warm-up', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers R a second to the seat that has waited longest, and counts the offers no seat used', () => {
    const pacer = new Pacer(100);
    const [a, b] = [seat(), seat()];
    pacer.recording = true;
    pacer.start();
    pacer.wait(a);
    pacer.wait(b);
    pacer.wait(a); // asked again before its offer: still one place in the queue
    vi.advanceTimersByTime(35);
    pacer.stop();
    const [first] = a.sentAt;
    const [second] = b.sentAt;
    expect(a.sentAt).toHaveLength(1);
    expect(b.sentAt).toHaveLength(1);
    expect((second ?? 0) - (first ?? 0)).toBeCloseTo(10);
    expect(pacer.offered).toBe(4);
    expect(pacer.used).toBe(2);
    expect(pacer.missed).toBe(2);
  });

  it('while unpaced, a seat asked sends at once and the clock makes no offers', () => {
    const pacer = new Pacer(100);
    const waiting = seat();
    pacer.recording = true;
    pacer.start();
    pacer.wait(waiting);
    pacer.unpace();
    expect(waiting.sentAt).toHaveLength(1); // the seat that was waiting went at once
    const asked = seat();
    pacer.wait(asked);
    expect(asked.sentAt).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(pacer.offered).toBe(0);
    pacer.stop();
  });

  it('paced again, offers start from that moment: none are owed for the unpaced time', () => {
    const pacer = new Pacer(100);
    pacer.start();
    pacer.unpace();
    vi.advanceTimersByTime(1_000);
    pacer.pace();
    pacer.recording = true;
    const asked = seat();
    pacer.wait(asked);
    expect(asked.sentAt).toHaveLength(0); // waits for its offer
    vi.advanceTimersByTime(25);
    pacer.stop();
    expect(asked.sentAt).toHaveLength(1);
    expect(pacer.offered).toBe(3);
  });
});
