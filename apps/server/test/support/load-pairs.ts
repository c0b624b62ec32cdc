/**
 * `bench:pairs`' arithmetic: the order of its runs, and what it makes of their JSON. A shared
 * machine's speed drifts between runs by more than most changes move the server, so two sides of
 * an A/B are run in alternated pairs and judged by each pair's ratio, never by one run of each.
 */

/** The figures of one `bench:load` line that a comparison reads. */
export interface RunFigures {
  /** the line's database and M, as `postgres M=50` */
  key: string;
  serverCpuMicrosPerAction: number;
  serverToGeneratorCpu: number;
  actionsPerSecond: number;
  roundTripP99Ms: number;
}

export type Side = 'a' | 'b';

/**
 * Which side runs first in each pair: A then B, then B then A, and so on, so that a machine
 * slowing down (or speeding up) over the session weighs on both sides alike.
 */
export function pairOrder(pairs: number): [Side, Side][] {
  return Array.from({ length: pairs }, (_, i) => (i % 2 === 0 ? ['a', 'b'] : ['b', 'a']));
}

/** The lines of a `bench:load` JSON (its `runs`), as the figures compared. */
export function runFigures(json: unknown): RunFigures[] {
  const runs = (json as { runs?: unknown }).runs;
  if (!Array.isArray(runs)) throw new Error('bench:pairs: a bench:load JSON without its runs');
  return runs.map((run: Record<string, unknown>) => {
    const roundTrip = run.roundTripMs as { p99?: unknown } | undefined;
    return {
      key: `${String(run.database)} M=${String(run.games)}`,
      serverCpuMicrosPerAction: number(run.serverCpuMicrosPerAction, 'serverCpuMicrosPerAction'),
      serverToGeneratorCpu: number(run.serverToGeneratorCpu, 'serverToGeneratorCpu'),
      actionsPerSecond: number(run.actionsPerSecond, 'actionsPerSecond'),
      roundTripP99Ms: number(roundTrip?.p99, 'roundTripMs.p99'),
    };
  });
}

function number(value: unknown, name: string): number {
  if (typeof value !== 'number') throw new Error(`bench:pairs: a run without ${name}`);
  return value;
}

/** One figure's B over A in each pair, their geometric mean and their range. */
export interface Ratios {
  byPair: number[];
  geometricMean: number;
  min: number;
  max: number;
}

/** B over A for one line (database and M) of the runs. */
export interface Comparison {
  key: string;
  /** the server's CPU per action */
  serverCpu: Ratios;
  /** the server's CPU per action over the generator's, which the machine's speed cancels out of */
  serverOverGenerator: Ratios;
  /** each side's figures, pair by pair */
  a: RunFigures[];
  b: RunFigures[];
}

/**
 * The comparison of each line that every run of both sides has, `a[i]` and `b[i]` the two runs
 * of pair i.
 */
export function compare(a: RunFigures[][], b: RunFigures[][]): Comparison[] {
  if (a.length !== b.length || a.length === 0) {
    throw new Error('bench:pairs: each pair needs a run of both sides');
  }
  const keys = (a[0] ?? []).map((run) => run.key);
  return keys.flatMap((key) => {
    const line = (runs: RunFigures[]) => runs.find((run) => run.key === key);
    const sideA = a.map(line);
    const sideB = b.map(line);
    if (sideA.includes(undefined) || sideB.includes(undefined)) return [];
    const as = sideA as RunFigures[];
    const bs = sideB as RunFigures[];
    const ratios = (figure: (run: RunFigures) => number): Ratios => {
      const byPair = as.map((run, i) => figure(bs[i] as RunFigures) / figure(run));
      const logs = byPair.reduce((sum, ratio) => sum + Math.log(ratio), 0);
      return {
        byPair,
        geometricMean: Math.exp(logs / byPair.length),
        min: Math.min(...byPair),
        max: Math.max(...byPair),
      };
    };
    return [
      {
        key,
        serverCpu: ratios((run) => run.serverCpuMicrosPerAction),
        serverOverGenerator: ratios((run) => run.serverToGeneratorCpu),
        a: as,
        b: bs,
      },
    ];
  });
}

/** A comparison as the line `bench:pairs` prints. */
export function comparisonLine(comparison: Comparison): string {
  const ratios = ({ byPair, geometricMean }: Ratios) =>
    `${geometricMean.toFixed(3)} (pairs ${byPair.map((ratio) => ratio.toFixed(3)).join(', ')})`;
  const micros = (runs: RunFigures[]) =>
    runs.map((run) => String(run.serverCpuMicrosPerAction)).join(', ');
  return (
    `${comparison.key}: B over A, server CPU per action ${ratios(comparison.serverCpu)}; ` +
    `server over generator ${ratios(comparison.serverOverGenerator)}; ` +
    `A ${micros(comparison.a)} µs, B ${micros(comparison.b)} µs`
  );
}
