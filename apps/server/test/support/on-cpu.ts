// Where the server's CPU time goes, from `perf record -g` samples of the server process (all its
// threads) read back by `perf script`. A V8 CPU profile (`--cpu-prof`) samples the main thread on
// a wall clock: on a machine whose cores the load generator and PostgreSQL share, it counts the
// time the server waits to be scheduled again after a socket write as time spent writing (21.7 %
// "writev" where the kernel's whole share was 15 %), and it leaves out the threads that
// compile and collect garbage beside the main one. `perf` counts only time on a CPU.

/** One sample: its frames, the innermost first, each as `perf script` printed it. */
export type Stack = readonly string[];

/**
 * What each share covers, tried in this order on a sample's whole stack: the first that names one
 * of its frames takes the sample. The names are the bundle's functions as V8's code dump names
 * them (`JS:*stepMessages file:///…/main.mjs:…`, and in Node 24 `JS:*'stepMessages`, `+` for
 * Maglev's code; `perfServerOptions` in bench/load-run.ts), V8's own
 * C++ and the packages' paths.
 * Collection and compiling come first: a scavenge inside the rules is the collector's time, so
 * that its share says what collecting costs in all.
 */
const SHARES: readonly { name: string; frame: RegExp }[] = [
  {
    name: 'garbage collection',
    frame:
      /v8::internal::(Scavenger|ScavengerCollector|MarkCompactCollector|MinorMarkCompactCollector|MinorMarkSweepCollector|ConcurrentMarking|IncrementalMarking|Sweeper|MarkingVisitorBase|Heap::CollectGarbage|Heap::PerformGarbageCollection)/,
  },
  {
    name: 'compiling',
    frame: /v8::internal::(compiler::|maglev::|baseline::|Compiler::|OptimizingCompileDispatcher)/,
  },
  // The queries, their writes included: before sending, which would otherwise take those.
  { name: 'database', frame: /node_modules\/(pg|pg-pool|pg-protocol|drizzle-orm)\// },
  // The updates' and acks' socket writes, through engine.io and ws or straight from the step's
  // own write (direct-frames.ts), down to the kernel; before the updates, which call them. Node's
  // own write frames are named too: the JIT inlines `writeMessage` and HeldWrites' into the step,
  // whose frame then stands for them, while Node's frames below keep their names.
  {
    name: 'sending',
    frame:
      /JS:[~*^+]?'?(sendPacket|flush) \S*engine\.io\/build\/socket\.js|ws\/lib\/sender\.js|JS:[~*^+]?'?(writeMessage|writeNow|writeSoon|letOut|letOutAll) |node::StreamBase::(WriteBuffer|Writev|WriteString)|JS:[~*^+]?'?(writeGeneric|writevGeneric) node:internal\/stream_base_commons|JS:[~*^+]?'?(Socket\._writeGeneric|Socket\._write|Socket\._writev) node:net|JS:[~*^+]?'?writeOrBuffer node:internal\/streams\/writable/,
  },
  // A step's messages made; `#emitStep` too, as the compiler often inlines `stepMessages` there.
  { name: 'updates', frame: /JS:[~*^+]?'?(stepMessages|#emitStates|#emitStep) / },
  { name: 'rules', frame: /JS:[~*^+]?'?(apply|decisions|decisionsOf|legalActions) \S*main\.mjs/ },
  // What arrives: frames read and decoded, and the handlers' synchronous part (validation).
  {
    name: 'receiving',
    frame: /ws\/lib\/receiver\.js|socket\.io\/dist\/socket\.js|socket\.io-parser|engine\.io-parser/,
  },
];

export interface OnCpu {
  samples: number;
  /** each share of all samples, in percent, largest first; "other" is what none named */
  shares: Record<string, number>;
  /** samples whose innermost frame is the kernel's (system calls, loopback TCP), in percent */
  kernel: number;
  /** samples off the process's main thread (V8's compiler and collector threads), in percent */
  helperThreads: number;
}

/**
 * Reads `perf script -F tid,ip,sym,dso` output: a sample is a header line holding the thread id,
 * then one line per frame, then a blank line.
 */
export function parsePerfScript(text: string): { tid: number; stack: Stack }[] {
  const samples: { tid: number; stack: Stack }[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '');
    const header = lines[0];
    if (header === undefined) continue;
    const tid = Number(/^\S*?(\d+)/.exec(header)?.[1]);
    if (!Number.isInteger(tid)) continue;
    samples.push({ tid, stack: lines.slice(1) });
  }
  return samples;
}

/** The shares of `samples`; the main thread is the one whose id is the process's (`pid`). */
export function onCpu(samples: readonly { tid: number; stack: Stack }[], pid: number): OnCpu {
  const counts = new Map<string, number>();
  let kernel = 0;
  let helpers = 0;
  for (const { tid, stack } of samples) {
    const share = SHARES.find(({ frame }) => stack.some((f) => frame.test(f)))?.name ?? 'other';
    counts.set(share, (counts.get(share) ?? 0) + 1);
    if (stack[0]?.includes('[kernel.kallsyms]') === true) kernel++;
    if (tid !== pid) helpers++;
  }
  const percent = (n: number) =>
    samples.length === 0 ? 0 : Number(((n / samples.length) * 100).toFixed(1));
  return {
    samples: samples.length,
    shares: Object.fromEntries(
      [...counts].sort((a, b) => b[1] - a[1]).map(([name, n]) => [name, percent(n)]),
    ),
    kernel: percent(kernel),
    helperThreads: percent(helpers),
  };
}
