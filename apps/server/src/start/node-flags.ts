/**
 * The V8 flags the server's node runs with, however it is started: `npm start` (launch.ts), the
 * image (apps/server/Dockerfile's CMD, held to this list by docker.test.ts) and the tests' and
 * benchmarks' server processes. They go on node's command line: NODE_OPTIONS refuses them.
 *
 * `--initial-old-space-size=256`: the old generation may take 256 MB before V8 marks and
 * compacts it, where a new process's limit starts small. Each step promotes the parts of a
 * state that live a few steps (a player's record, a system's units) and drops them a second
 * later, so with the limit left to V8 a server at 50 tables marked its old generation every three
 * seconds, and the incremental marking steps and the pause of each cycle held up the actions
 * in flight for 10 to 40 ms: those cycles were the round trip's p99. The cost is resident memory
 * (docs/benchmarking.md, "The round trip's tail"; docs/hosting.md, "Limits").
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--initial-old-space-size=256'];
