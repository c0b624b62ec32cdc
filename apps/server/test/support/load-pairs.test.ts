import { describe, expect, it } from 'vitest';
import { compare, comparisonLine, pairOrder, runFigures } from './load-pairs.js';
import type { RunFigures } from './load-pairs.js';

const run = (key: string, serverCpu: number, serverOverGenerator: number): RunFigures => ({
  key,
  serverCpuMicrosPerAction: serverCpu,
  serverToGeneratorCpu: serverOverGenerator,
  actionsPerSecond: 1_000,
  roundTripP99Ms: 100,
});

describe('bench:pairs: two settings of the server in alternated pairs', () => {
  it('alternates which side goes first, so that a drifting machine weighs on both alike', () => {
    expect(pairOrder(4)).toEqual([
      ['a', 'b'],
      ['b', 'a'],
      ['a', 'b'],
      ['b', 'a'],
    ]);
  });

  it("reads each line's figures from a bench:load JSON", () => {
    const json = {
      runs: [
        {
          database: 'postgres',
          games: 50,
          serverCpuMicrosPerAction: 534,
          serverToGeneratorCpu: 1.177,
          actionsPerSecond: 1683.2,
          roundTripMs: { p50: 52.2, p95: 140.4, p99: 197.3 },
        },
      ],
    };
    expect(runFigures(json)).toEqual([
      {
        key: 'postgres M=50',
        serverCpuMicrosPerAction: 534,
        serverToGeneratorCpu: 1.177,
        actionsPerSecond: 1683.2,
        roundTripP99Ms: 197.3,
      },
    ]);
    expect(() => runFigures({})).toThrow(/without its runs/);
    expect(() => runFigures({ runs: [{ database: 'postgres', games: 1 }] })).toThrow(
      /serverCpuMicrosPerAction/,
    );
  });

  it('gives B over A pair by pair, with their geometric mean and range, line by line', () => {
    const a = [
      [run('postgres M=50', 500, 1.2), run('pglite M=50', 600, 1.3)],
      [run('postgres M=50', 400, 1.0), run('pglite M=50', 600, 1.3)],
    ];
    const b = [
      [run('postgres M=50', 450, 1.08), run('pglite M=50', 600, 1.3)],
      [run('postgres M=50', 400, 1.1), run('pglite M=50', 660, 1.3)],
    ];
    const [postgres, pglite] = compare(a, b);
    expect(postgres?.key).toBe('postgres M=50');
    expect(postgres?.serverCpu.byPair).toEqual([0.9, 1]);
    expect(postgres?.serverCpu.geometricMean).toBeCloseTo(Math.sqrt(0.9), 12);
    expect(postgres?.serverCpu.min).toBe(0.9);
    expect(postgres?.serverCpu.max).toBe(1);
    expect(postgres?.serverOverGenerator.byPair[0]).toBeCloseTo(0.9, 12);
    expect(postgres?.serverOverGenerator.byPair[1]).toBeCloseTo(1.1, 12);
    expect(pglite?.serverCpu.byPair).toEqual([1, 1.1]);
    expect(comparisonLine(postgres as NonNullable<typeof postgres>)).toBe(
      'postgres M=50: B over A, server CPU per action 0.949 (pairs 0.900, 1.000); ' +
        'server over generator 0.995 (pairs 0.900, 1.100); A 500, 400 µs, B 450, 400 µs',
    );
  });

  it('compares only the lines every run of both sides has, and refuses unmatched pairs', () => {
    const a = [[run('postgres M=50', 500, 1.2), run('postgres M=10', 450, 1.2)]];
    const b = [[run('postgres M=50', 500, 1.2)]];
    expect(compare(a, b).map((c) => c.key)).toEqual(['postgres M=50']);
    expect(() => compare(a, [])).toThrow(/both sides/);
    expect(() => compare([], [])).toThrow(/both sides/);
  });
});
