import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cpuMicrosSince, namedProcessesCpuMicros } from './support/server-process.js';

describe('CPU time of named processes over a window', () => {
  it('counts each process against its own earlier reading, and a new one whole', () => {
    const before = new Map([
      [10, 5_000],
      [11, 9_000_000],
      [12, 300],
    ]);
    // 11 ended (its long life must not come off the sum); 13 started; 12's id was reused by a
    // new process that has run less than the old one had.
    const after = new Map([
      [10, 7_500],
      [12, 100],
      [13, 4_000],
    ]);
    expect(cpuMicrosSince(before, after)).toBe(2_500 + 100 + 4_000);
  });

  it('reads this very process among those of its name', () => {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    expect(namedProcessesCpuMicros(name).get(process.pid)).toBeGreaterThan(0);
  });
});
