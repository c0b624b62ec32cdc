// `npm run bench:pairs`: two settings of the server compared by `bench:load` in alternated pairs,
// on one machine in one session. The machine's speed drifts between runs by more than most changes
// move the server's CPU per action, so each pair runs both sides one after the other (A then B,
// then B then A), and the line says B over A pair by pair, as the server's own CPU per action and
// as the server's over the generator's, which the machine's speed cancels out of (a change that
// also moves the generator's work, as holding updates does, moves that ratio too: read both).
// Flags:
//   --pairs 4              how many pairs
//   --a=ARG --a=ARG ...    bench:load arguments of side A only (none: the server as it is)
//   --b=ARG --b=ARG ...    bench:load arguments of side B only, as `--b=--node-args=--flag=1`
//                          or `--b=--server-env=IDLE_UPDATE_MS=0`, or `--b=--server-node=image`
//   --out path.json        where the JSON goes (default bench-results/pairs-<time>.json)
//   -- ARGS                bench:load arguments of both sides, as `-- --m 50 --db postgres`
// Each run is `npm run bench:load` itself (its lines printed as they come), its JSON kept beside
// the pairs' JSON.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { compare, comparisonLine, pairOrder, runFigures } from '../test/support/load-pairs.js';
import type { RunFigures, Side } from '../test/support/load-pairs.js';
import { REPO_ROOT } from '../test/support/server-process.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    pairs: { type: 'string', default: '4' },
    a: { type: 'string', multiple: true, default: [] },
    b: { type: 'string', multiple: true, default: [] },
    out: { type: 'string' },
  },
});
const pairs = Number(values.pairs);
if (!Number.isInteger(pairs) || pairs < 1 || values.b.length === 0) {
  process.stderr.write('usage: see the head of apps/server/bench/load-pairs.ts\n');
  process.exit(2);
}

const startedAt = new Date();
const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
const out = resolve(values.out ?? join(REPO_ROOT, 'bench-results', `pairs-${stamp}.json`));
/** each run's JSON, in a folder named after the pairs' own */
const runsDir = out.endsWith('.json') ? out.slice(0, -'.json'.length) : `${out}.runs`;
mkdirSync(runsDir, { recursive: true });

const sides: Record<Side, string[]> = { a: values.a, b: values.b };
process.stdout.write(
  `bench:pairs: ${String(pairs)} pairs of bench:load ${positionals.join(' ')}; ` +
    `A: ${sides.a.join(' ') || '(as it is)'}; B: ${sides.b.join(' ')}\n`,
);

/** One `npm run bench:load` with `args`, its JSON read back once it ends. */
function benchLoad(args: string[], file: string): Promise<unknown> {
  return new Promise((resolveRun, reject) => {
    const child = spawn('npm', ['run', '--silent', 'bench:load', '--', ...args, '--out', file], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code !== 0) {
        reject(new Error(`bench:load ended with ${String(code ?? signal)}`));
        return;
      }
      resolveRun(JSON.parse(readFileSync(file, 'utf8')) as unknown);
    });
  });
}

const figures: Record<Side, RunFigures[][]> = { a: [], b: [] };
for (const [i, order] of pairOrder(pairs).entries()) {
  for (const side of order) {
    process.stdout.write(`pair ${String(i + 1)}, side ${side.toUpperCase()}\n`);
    const file = join(runsDir, `${side}${String(i + 1)}.json`);
    figures[side][i] = runFigures(await benchLoad([...positionals, ...sides[side]], file));
  }
}

const comparisons = compare(figures.a, figures.b);
for (const comparison of comparisons) process.stdout.write(`${comparisonLine(comparison)}\n`);
writeFileSync(
  out,
  `${JSON.stringify({ startedAt: startedAt.toISOString(), pairs, common: positionals, sides, comparisons }, null, 2)}\n`,
);
process.stdout.write(`written to ${out}\n`);
