/**
 * `npm run bench:compare -w @outer-rim/rules -- <ref>`: the engine of the working tree against
 * the engine of a git ref (a commit, a branch, `HEAD`), in one process, so that a change is
 * measured against the same machine at the same moment (a shared machine's speed drifts from one
 * run to the next by more than most changes move it).
 *
 * Each version's engine (packages/rules and packages/map, from the ref through `git archive`) is
 * bundled by esbuild, and a child process imports both bundles, has the working tree's heuristic
 * bots record the same whole games as `bench:games` (3, 6 and 8 seats, every option on), has each
 * version replay them once to make its own states, warms both up with WARMUP (8) passes of all
 * that is timed, and then, ROUNDS (20) times, times each version's `apply` over every action of
 * every game and its `replay` of the longest 8-seat game in CPU time, the two versions taking
 * turns to go first. A round's figure is the working tree's time over the ref's; the child prints
 * the median of the rounds. Which bundle a process imports first moved a comparison of a bundle
 * with a copy of itself by up to 5 %, so the child runs twice, once in each order, and the result
 * is the geometric mean of the two medians: below 1, the working tree is the faster.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const GAMES = Number(process.env.GAMES ?? 2);
const ROUND_LIMIT = Number(process.env.ROUND_LIMIT ?? 8);
const ROUNDS = Number(process.env.ROUNDS ?? 20);
const WARMUP = Number(process.env.WARMUP ?? 8);

/** What the comparison needs of an engine, as each bundle exports it. */
interface Engine {
  apply: (state: unknown, seat: number, action: unknown) => { ok: boolean; state?: unknown };
  replay: (options: unknown, seed: string, actions: unknown) => unknown;
  createGame: (options: unknown, seed: string) => unknown;
  heuristicBot: (seed: number) => unknown;
  playBots: (
    state: unknown,
    bots: unknown[],
    maxSteps: number,
  ) => { actions: { seat: number; action: unknown }[]; refused: string[] };
  options: (players: number, extra: Record<string, unknown>) => unknown;
}

interface Game {
  players: number;
  options: unknown;
  seed: string;
  played: { seat: number; action: unknown }[];
}

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = resolve(here, '../../..');

const load = async (dir: string) =>
  (await import(pathToFileURL(join(dir, 'engine.mjs')).href)) as Engine;

if (process.argv[2] === '--child') {
  const [first, second] = [process.argv[3], process.argv[4]];
  if (first === undefined || second === undefined) throw new Error('--child needs two bundles');
  // Imported in the order given: the order is what the two runs swap.
  const [a, b] = [await load(first), await load(second)];
  const [now, then] = first.endsWith('new') ? [a, b] : [b, a];
  process.stdout.write(`${JSON.stringify(child(now, then))}\n`);
} else {
  parent(process.argv[2]);
}

function parent(ref: string | undefined): void {
  if (ref === undefined) {
    process.stderr.write('usage: npm run bench:compare -w @outer-rim/rules -- <git ref>\n');
    process.exit(2);
  }
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { cwd: repo })
    .toString()
    .trim();
  const work = mkdtempSync(join(os.tmpdir(), 'outer-rim-compare-'));
  try {
    const oldRoot = join(work, 'old-tree');
    mkdirSync(oldRoot, { recursive: true });
    const paths = ['tsconfig.json', 'packages/rules', 'packages/map'];
    const archive = execFileSync('git', ['archive', commit, ...paths], {
      cwd: repo,
      maxBuffer: 1 << 28,
    });
    execFileSync('tar', ['-x', '-C', oldRoot], { input: archive });
    bundle(repo, join(work, 'new'));
    bundle(oldRoot, join(work, 'old'));
    const orders = [
      [join(work, 'new'), join(work, 'old')],
      [join(work, 'old'), join(work, 'new')],
    ];
    const medians = orders.map((order) => {
      const script = fileURLToPath(import.meta.url);
      const run = spawnSync(process.execPath, [...process.execArgv, script, '--child', ...order], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      if (run.status !== 0) throw new Error(`the comparison failed (exit ${String(run.status)})`);
      return JSON.parse(run.stdout) as { apply: number; replay: number };
    });
    const geo = (xs: number[]) => Math.sqrt(xs.reduce((p, x) => p * x, 1));
    const result = {
      against: commit,
      rounds: ROUNDS,
      applyRatio: round(geo(medians.map((m) => m.apply))),
      replayRatio: round(geo(medians.map((m) => m.replay))),
      byOrder: medians,
      loadAverage: os.loadavg().map((x) => round(x, 2)),
      cores: os.cpus().length,
      at: new Date().toISOString(),
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.stdout.write(
      `working tree / ${commit}: apply ${String(result.applyRatio)}, replay ${String(result.replayRatio)} (CPU time; below 1 is faster)\n`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The engine of the tree at `root`, bundled into `out/engine.mjs`. */
function bundle(root: string, out: string): void {
  const rules = join(root, 'packages/rules/src');
  mkdirSync(out, { recursive: true });
  const entry = join(out, 'entry.ts');
  writeFileSync(
    entry,
    [
      `export { apply, replay, createGame, heuristicBot } from ${JSON.stringify(join(rules, 'index.ts'))};`,
      `export { playBots, options } from ${JSON.stringify(join(rules, 'testing/index.ts'))};`,
    ].join('\n'),
  );
  execFileSync(
    join(repo, 'node_modules/.bin/esbuild'),
    [
      entry,
      '--bundle',
      '--platform=node',
      '--format=esm',
      `--outfile=${join(out, 'engine.mjs')}`,
      `--alias:@outer-rim/map=${join(root, 'packages/map/src/index.ts')}`,
      '--log-level=warning',
    ],
    { env: { ...process.env, NODE_PATH: join(repo, 'node_modules') }, stdio: 'inherit' },
  );
}

function child(now: Engine, then: Engine): { apply: number; replay: number } {
  const games: Game[] = [];
  for (const players of [3, 6, 8]) {
    for (let n = 1; n <= GAMES; n++) {
      const options = now.options(players, {
        leaders: true,
        shockForces: true,
        roundLimit: ROUND_LIMIT,
      });
      const seed = `bench-game-${String(players)}-${String(n)}`;
      const bots = Array.from({ length: players }, (_, s) => now.heuristicBot(n * 97 + s));
      const played = now.playBots(now.createGame(options, seed), bots, 60_000);
      if (played.refused.length > 0) throw new Error(`${seed}: ${played.refused.join('; ')}`);
      games.push({ players, options, seed, played: played.actions });
    }
  }
  const longest = games
    .filter((g) => g.players === 8)
    .reduce((a, b) => (b.played.length > a.played.length ? b : a));
  /** Each game's state before each of its actions, as this engine makes them. */
  const statesOf = (engine: Engine) =>
    games.map((g) => {
      const states: unknown[] = [];
      let state = engine.createGame(g.options, g.seed);
      for (const { seat, action } of g.played) {
        states.push(state);
        const result = engine.apply(state, seat, action);
        if (!result.ok) throw new Error(`${g.seed}: an action the working tree took was refused`);
        state = result.state;
      }
      return states;
    });
  type Version = { engine: Engine; states: unknown[][] };
  const versions: readonly [Version, Version] = [
    { engine: now, states: statesOf(now) },
    { engine: then, states: statesOf(then) },
  ];
  const applyAll = ({ engine, states }: Version) => {
    games.forEach((g, i) => {
      const before = states[i] ?? [];
      g.played.forEach(({ seat, action }, k) => {
        engine.apply(before[k], seat, action);
      });
    });
  };
  const replayLongest = ({ engine }: Version) => {
    engine.replay(longest.options, longest.seed, longest.played);
  };
  for (let w = 0; w < WARMUP; w++) {
    for (const version of versions) {
      applyAll(version);
      replayLongest(version);
    }
  }
  const applyRatios: number[] = [];
  const replayRatios: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    // The working tree and the ref take turns to go first.
    const [mine, theirs] = versions;
    const order = r % 2 === 0 ? versions : ([theirs, mine] as const);
    const applied = new Map(
      order.map((v) => [
        v,
        cpu(() => {
          applyAll(v);
        }),
      ]),
    );
    const replayed = new Map(
      order.map((v) => [
        v,
        cpu(() => {
          replayLongest(v);
        }),
      ]),
    );
    applyRatios.push((applied.get(mine) ?? 0) / (applied.get(theirs) ?? 1));
    replayRatios.push((replayed.get(mine) ?? 0) / (replayed.get(theirs) ?? 1));
  }
  return { apply: round(median(applyRatios)), replay: round(median(replayRatios)) };
}

/** CPU time (user + system) of `f`, in µs. */
function cpu(f: () => void): number {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return c.user + c.system;
}

function median(xs: readonly number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function round(x: number, digits = 3): number {
  return Number(x.toFixed(digits));
}
