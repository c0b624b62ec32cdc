// Where the load generator's CPU goes, from a V8 CPU profile of its own process (`bench:load
// --gen-prof`). The server is read with `perf` (on-cpu.ts); the generator runs its TypeScript
// through tsx without `--perf-basic-prof`, so its JS frames have names only in V8's own profile.
// That profile samples the main thread on a wall clock, so shares are of its busy samples: what
// was running, not how long the thread waited to run again.

/** A V8 CPU profile, as `Profiler.stop` returns it and `.cpuprofile` files hold it. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string };
    children?: number[];
  }[];
  samples: number[];
}

export interface ProfileShares {
  /** samples in which the thread ran (V8's `(idle)` left out) */
  busySamples: number;
  /** each share of the busy samples, in percent, largest first; "other" is what none named */
  shares: Record<string, number>;
}

/**
 * The generator's shares, tried in this order on a sample's whole stack, so a share named first
 * takes the samples of those after it that call it: a bot decides inside the handler of the
 * update that asks it, and that handler is receiving.
 */
export const GENERATOR_SHARES: readonly { name: string; frame: RegExp }[] = [
  { name: 'garbage collection', frame: /^\(garbage collector\) / },
  // Each client's view brought up to date from its patches, and checked against the update's hash.
  { name: 'views', frame: /\/protocol\/view-(patch|hash)\.ts$/ },
  // The bots' choices and who is asked: the rules package, run on the clients' views.
  { name: 'bots', frame: /\/packages\/rules\/src\// },
  // Actions sent: the socket.io packet made, framed by ws and written.
  { name: 'sending', frame: /^emitWithAck \S*wire-client\.ts$|\/ws\/lib\/sender\.js$/ },
  // The tables' own work on what arrives: who is asked next, what is measured.
  { name: 'tables', frame: /\/support\/(bot-table|load-probe)\.ts$/ },
  // Frames read, parsed (JSON.parse runs inside the client's own message handler) and handed to
  // the client's listeners.
  {
    name: 'receiving',
    frame: /\/ws\/lib\/(receiver|websocket)\.js$|wire-client\.ts$|^onStreamRead /,
  },
];

/** The shares of a profile's samples by the first of `shares` that names a frame of its stack. */
export function profileShares(
  profile: CpuProfile,
  shares: readonly { name: string; frame: RegExp }[] = GENERATOR_SHARES,
): ProfileShares {
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  // A node's share is worked out once: every sample of it has the same stack.
  const shareOf = new Map<number, string | undefined>();
  const counts = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    let share = shareOf.get(id);
    if (!shareOf.has(id)) {
      const frames: string[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const frame = nodes.get(at)?.callFrame;
        if (frame !== undefined) frames.push(`${frame.functionName} ${frame.url}`);
      }
      share = frames[0]?.startsWith('(idle) ')
        ? undefined
        : (shares.find(({ frame }) => frames.some((f) => frame.test(f)))?.name ?? 'other');
      shareOf.set(id, share);
    }
    if (share === undefined) continue;
    busy++;
    counts.set(share, (counts.get(share) ?? 0) + 1);
  }
  return {
    busySamples: busy,
    shares: Object.fromEntries(
      [...counts]
        .sort((a, b) => b[1] - a[1])
        .map(([name, n]) => [name, Number(((n / busy) * 100).toFixed(1))]),
    ),
  };
}
