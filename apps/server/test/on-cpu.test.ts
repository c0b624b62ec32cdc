import { describe, expect, it } from 'vitest';
import { onCpu, parsePerfScript } from './support/on-cpu.js';

// Eight samples as `perf script -F tid,ip,sym,dso` prints them, cut to the frames that matter:
// a socket write under engine.io's flush, one written straight from the step, one the JIT inlined
// into the step (Node's write frame under #emitStep's), a query's write, a step's updates (in
// stepMessages, and inlined into #emitStep), a scavenge on the main thread, and a compile on one
// of V8's threads. Compiled JavaScript is named by the images `perf inject --jit` made of V8's
// code dump (jitted-<pid>-<n>.so).
const SCRIPT = `100 
\tffffffff81c1 tcp_sendmsg_locked ([kernel.kallsyms])
\t7fc2b7b6 JS:*writevGeneric node:internal/stream_base_commons:123:23 (/tmp/profile/jitted-100-1.so)
\t7fc2b7c1 JS:*flush /work/node_modules/engine.io/build/socket.js:415:10 (/tmp/profile/jitted-100-2.so)
\t7fc2b7c2 JS:*#emitStep file:///work/apps/server/dist/bench-load-1/main.mjs:14479:16 (/tmp/profile/jitted-100-3.so)

100 
\t14c6212 Builtins_KeyedLoadIC_Megamorphic (/usr/bin/node)
\t7fc2b7d1 JS:*viewHash file:///work/apps/server/dist/bench-load-1/main.mjs:13995:18 (/tmp/profile/jitted-100-4.so)
\t7fc2b7d2 JS:*stepMessages file:///work/apps/server/dist/bench-load-1/main.mjs:14167:22 (/tmp/profile/jitted-100-5.so)
\t7fc2b7c2 JS:*#emitStep file:///work/apps/server/dist/bench-load-1/main.mjs:14479:16 (/tmp/profile/jitted-100-6.so)

100 
\t7fc2b7b7 JS:*writeGeneric node:internal/stream_base_commons:148:22 (/tmp/profile/jitted-100-7.so)
\t7fc2b7c3 JS:*writeNow file:///work/apps/server/dist/bench-load-1/main.mjs:14610:15 (/tmp/profile/jitted-100-8.so)
\t7fc2b7c2 JS:*#emitStep file:///work/apps/server/dist/bench-load-1/main.mjs:14479:16 (/tmp/profile/jitted-100-9.so)

100 
\tffffffff81c1 tcp_sendmsg_locked ([kernel.kallsyms])
\tb0c101 node::StreamBase::WriteBuffer(v8::FunctionCallbackInfo<v8::Value> const&) (/usr/bin/node)
\t7fc2b7c2 JS:*#emitStep file:///work/apps/server/dist/bench-load-1/main.mjs:14479:16 (/tmp/profile/jitted-100-10.so)

100 
\tb0c102 node::StreamBase::Writev(v8::FunctionCallbackInfo<v8::Value> const&) (/usr/bin/node)
\t7fc2b7b6 JS:*writevGeneric node:internal/stream_base_commons:123:23 (/tmp/profile/jitted-100-11.so)
\t7fc2b7e2 JS:*query /work/node_modules/pg/lib/client.js:668:8 (/tmp/profile/jitted-100-12.so)

100 
\t7fc2b7d3 JS:*viewerPart file:///work/apps/server/dist/bench-load-1/main.mjs:12407:20 (/tmp/profile/jitted-100-13.so)
\t7fc2b7c2 JS:*#emitStep file:///work/apps/server/dist/bench-load-1/main.mjs:14479:16 (/tmp/profile/jitted-100-14.so)

100 
\tb0c01d v8::internal::Scavenger::ScavengePage (/usr/bin/node)
\tb0c01e v8::internal::Heap::CollectGarbage (/usr/bin/node)
\t7fc2b7e1 JS:*apply file:///work/apps/server/dist/bench-load-1/main.mjs:12122:15 (/tmp/profile/jitted-100-15.so)

102 
\tc494db v8::internal::compiler::GraphReducer::ReduceTop (/usr/bin/node)
\t891f5 start_thread (/usr/lib/x86_64-linux-gnu/libc.so.6)
`;

describe('on-CPU shares from perf samples', () => {
  it('reads each sample with its thread and frames', () => {
    const samples = parsePerfScript(SCRIPT);
    expect(samples.map((s) => s.tid)).toEqual([100, 100, 100, 100, 100, 100, 100, 102]);
    expect(samples.map((s) => s.stack.length)).toEqual([4, 4, 3, 3, 3, 2, 3, 2]);
  });

  it('gives each sample to the first share that names one of its frames', () => {
    const shares = onCpu(parsePerfScript(SCRIPT), 100);
    expect(shares.samples).toBe(8);
    // The scavenge ran inside the rules' apply: it is the collector's. The writes ran inside the
    // step, the inlined one too: they are sending. The query's write is the database's.
    expect(shares.shares).toEqual({
      sending: 37.5,
      updates: 25,
      'garbage collection': 12.5,
      compiling: 12.5,
      database: 12.5,
    });
    expect(shares.kernel).toBe(25);
    expect(shares.helperThreads).toBe(12.5);
  });

  it("reads Node 24's names too, which mark Maglev's code (+) and add a quote after the tier", () => {
    const node24 = `100 
\t7fc2b7d2 JS:*'stepMessages file:///work/apps/server/dist/bench-load-1/main.mjs:20768:22 (/tmp/profile/jitted-100-1.so)
\t7fc2b7c2 JS:+'#emitStep file:///work/apps/server/dist/bench-load-1/main.mjs:21023:16 (/tmp/profile/jitted-100-2.so)

100 
\t7fc2b7e1 JS:+'apply file:///work/apps/server/dist/bench-load-1/main.mjs:12122:15 (/tmp/profile/jitted-100-3.so)

100 
\t7fc2b7b7 JS:*'_write node:internal/streams/writable:452:16 (/tmp/profile/jitted-100-4.so)
\t7fc2b7b8 JS:*'Socket._writeGeneric node:net:1293:42 (/tmp/profile/jitted-100-5.so)
`;
    expect(onCpu(parsePerfScript(node24), 100).shares).toEqual({
      updates: 33.3,
      rules: 33.3,
      sending: 33.3,
    });
  });

  it('calls what no share names "other"', () => {
    const shares = onCpu(parsePerfScript('7 \n\t1 uv__io_poll (/usr/bin/node)\n'), 7);
    expect(shares).toEqual({ samples: 1, shares: { other: 100 }, kernel: 0, helperThreads: 0 });
  });
});
