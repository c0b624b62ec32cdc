import { PerformanceObserver, constants } from 'node:perf_hooks';
import type { PerformanceEntry } from 'node:perf_hooks';

/** Garbage collections of one kind: how many, and their pauses of the main thread in all and each. */
export interface Pauses {
  count: number;
  ms: number;
  meanMs: number;
}

/** Scavenges of the young generation (minor) and mark-compacts of the whole heap (major). */
export type Collections = Record<'minor' | 'major', Pauses>;

/**
 * This process's own garbage collections from now until `stop()`, as V8 reports them to Node's
 * performance timeline: scavenges of the young generation (minor) and mark-compacts of the whole
 * heap (major). `bench:load` reads its generator's so: a mark-compact of the generator pauses
 * all its clients at once, and every action timed then waits for it.
 */
export function watchOwnCollections(): { stop(): Promise<Collections> } {
  const totals = { minor: { count: 0, ms: 0 }, major: { count: 0, ms: 0 } };
  const take = (entries: readonly PerformanceEntry[]) => {
    for (const entry of entries) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      const which =
        kind === constants.NODE_PERFORMANCE_GC_MINOR
          ? totals.minor
          : kind === constants.NODE_PERFORMANCE_GC_MAJOR
            ? totals.major
            : undefined;
      if (which === undefined) continue;
      which.count++;
      which.ms += entry.duration;
    }
  };
  const observer = new PerformanceObserver((list) => {
    take(list.getEntries());
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    async stop() {
      // Entries are delivered a task after they happen: let the last ones in before counting.
      await new Promise<void>((resolve) => setImmediate(resolve));
      take(observer.takeRecords());
      observer.disconnect();
      const pauses = ({ count, ms }: { count: number; ms: number }): Pauses => ({
        count,
        ms: Math.round(ms * 10) / 10,
        meanMs: count === 0 ? 0 : Math.round((ms / count) * 10) / 10,
      });
      return { minor: pauses(totals.minor), major: pauses(totals.major) };
    },
  };
}
