/**
 * What a load run measures, shared by every table of the run: samples are kept only while
 * `recording` (the measured window after the warm-up), counters always.
 */
export class LoadProbe {
  recording = false;
  /** ms from sending an action to its acknowledgement */
  readonly roundTrip: number[] = [];
  /** the same, by the phase the action was decided in */
  readonly roundTripByPhase = new Map<string, number[]>();
  /** ms from the first of a game's clients holding an accepted action's update to the last */
  readonly fanOut: number[] = [];
  /** bytes on the wire of each `update` a client received */
  readonly updateBytes: number[] = [];
  /** bytes on the wire of each `state` (the whole view) a client received, window or not */
  readonly stateBytes: number[] = [];
  /** actions acknowledged as accepted inside the window */
  accepted = 0;
  /**
   * ms from sending to the answer, summed over every action answered inside the window, accepted
   * or refused: over the window's length, the mean number of actions in flight (Little's law)
   */
  inFlightMs = 0;
  /** every action acknowledged as accepted, window or not */
  acceptedTotal = 0;
  readonly refused = new Map<string, number>();
  resyncs = 0;
  reconnects = 0;
  gamesStarted = 0;
  gamesFinished = 0;

  /** the first few refusals in full, to tell a bot's mistake from the server's */
  readonly refusalSamples: { code: string; message: string; action: unknown }[] = [];

  /** An accepted action's round trip, decided in `phase`. */
  roundTripIn(phase: string, ms: number): void {
    this.roundTrip.push(ms);
    let inPhase = this.roundTripByPhase.get(phase);
    if (inPhase === undefined) {
      inPhase = [];
      this.roundTripByPhase.set(phase, inPhase);
    }
    inPhase.push(ms);
  }

  refusal(code: string, message = '', action?: unknown): void {
    this.refused.set(code, (this.refused.get(code) ?? 0) + 1);
    if (this.refusalSamples.length < 20) this.refusalSamples.push({ code, message, action });
  }
}

/** The p-th percentile (0..100) of `xs`, by the nearest rank; NaN for no samples. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = Float64Array.from(xs).sort();
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? Number.NaN;
}

/**
 * Least-squares line through the points: its slope (units of y per unit of x) and the slope's
 * standard error (Infinity with fewer than three points, when the scatter cannot be told).
 */
export function fitLine(points: readonly { x: number; y: number }[]): {
  slope: number;
  standardError: number;
} {
  const n = points.length;
  if (n < 2) return { slope: 0, standardError: Number.POSITIVE_INFINITY };
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  if (sxx === 0) return { slope: 0, standardError: Number.POSITIVE_INFINITY };
  const slope = sxy / sxx;
  if (n < 3) return { slope, standardError: Number.POSITIVE_INFINITY };
  const residuals = points.reduce((s, p) => s + (p.y - my - slope * (p.x - mx)) ** 2, 0);
  return { slope, standardError: Math.sqrt(residuals / (n - 2) / sxx) };
}

/**
 * The cumulative buckets of one Prometheus histogram in a /metrics text, for the series whose
 * labels include `labels`: each upper bound (`le`, in the metric's unit, +Inf last) with the
 * count of observations at or below it.
 */
export function histogramBuckets(
  text: string,
  name: string,
  labels: Readonly<Record<string, string>> = {},
): { le: number; count: number }[] {
  const buckets: { le: number; count: number }[] = [];
  for (const [, labelText = '', value = ''] of text.matchAll(
    new RegExp(`^${name}_bucket\\{([^}]*)\\} (\\S+)$`, 'gm'),
  )) {
    const found = Object.fromEntries(
      [...labelText.matchAll(/(\w+)="([^"]*)"/g)].map(([, key = '', v = '']) => [key, v]),
    );
    if (Object.entries(labels).some(([key, v]) => found[key] !== v)) continue;
    const le = found.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(found.le);
    buckets.push({ le, count: Number(value) });
  }
  return buckets.sort((a, b) => a.le - b.le);
}

/**
 * The smallest bucket bound that holds the fraction `q` (0..1) of what was observed between two
 * readings of one histogram's buckets: a percentile as far as the buckets can tell it ("at most
 * this"); NaN when nothing was observed between them.
 */
export function bucketBound(
  before: readonly { le: number; count: number }[],
  after: readonly { le: number; count: number }[],
  q: number,
): number {
  const inWindow = after.map(({ le, count }) => ({
    le,
    count: count - (before.find((b) => b.le === le)?.count ?? 0),
  }));
  const total = inWindow.at(-1)?.count ?? 0;
  if (total <= 0) return Number.NaN;
  return inWindow.find(({ count }) => count >= q * total)?.le ?? Number.NaN;
}
