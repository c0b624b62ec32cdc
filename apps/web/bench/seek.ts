// `npm run bench:seek` (not in CI): how fast the replay page moves to a step of a long game, in
// Chromium, against the production server in its own process on a fresh PostgreSQL database,
// serving the client built as `npm run build` builds it. Bots play one 8-seat game through the
// lobby API and real sockets to STEPS actions; the replay page is opened on it, and the slider
// is moved to SEEKS random steps (after WARM ones), each timed in the page from the slider's
// `input` event to the first frame after the page says "Step k of N" and shows step k's board.
// It prints a JSON line (also written to bench-results/seek-<time>.json, or --out). Flags:
//   --steps 1500     how far the bots play the game (fewer if it ends first)
//   --seeks 50       timed seeks
//   --warm 5         seeks before the timed ones (the page's code and the server's warm up)
//   --seed 1         the random steps' seed: the same seed seeks the same steps
//   --pause 300      ms between one seek's board and the next seek: a person looks before moving
//                    on, and a move within the page's drag window (120 ms) of the one before is
//                    taken as part of a drag, whose board is asked for only once it rests
//   --bot random     random | heuristic | mixed
//   --profile file   a V8 CPU profile of the page over the timed seeks, written to `file` (open it
//                    in Chromium's DevTools) and summed in the JSON as `pageCpu`: the page's
//                    busy samples by scripting, garbage collection and the browser's own work
//                    (style, layout, paint: V8's "(program)")
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, machine, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import {
  disposeTemplates,
  freshDatabase,
  onInterrupt,
  playLongGame,
  sleep,
} from '../../server/bench/load-run.js';
import type { BotKind } from '../../server/test/support/bot-table.js';
import { profileShares, type CpuProfile } from '../../server/test/support/cpu-profile-shares.js';
import { percentile } from '../../server/test/support/load-probe.js';
import {
  REPO_ROOT,
  bundleForRun,
  startServerProcess,
} from '../../server/test/support/server-process.js';
import { buildClient, launchChromium } from '../test/e2e/harness.js';

const { values } = parseArgs({
  options: {
    steps: { type: 'string', default: '1500' },
    seeks: { type: 'string', default: '50' },
    warm: { type: 'string', default: '5' },
    seed: { type: 'string', default: '1' },
    pause: { type: 'string', default: '300' },
    bot: { type: 'string', default: 'random' },
    profile: { type: 'string' },
    out: { type: 'string' },
  },
});
const steps = Number(values.steps);
const seeks = Number(values.seeks);
const warm = Number(values.warm);
const seed = Number(values.seed);
const pauseMs = Number(values.pause);
const bot = values.bot as BotKind;
const profileFile = values.profile === undefined ? undefined : resolve(values.profile);
/** The page's busy samples, by the first that names a frame of the sample's stack. */
const PAGE_SHARES: readonly { name: string; frame: RegExp }[] = [
  { name: 'garbage collection', frame: /^\(garbage collector\) / },
  { name: 'browser (style, layout, paint)', frame: /^\(program\) / },
  { name: 'scripting', frame: /./ },
];
const startedAt = new Date();
const out =
  values.out ??
  join(REPO_ROOT, 'bench-results', `seek-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
/** The target the figure is read against (docs/benchmarking.md). */
const TARGET = { seekP99Ms: 100 };

const say = (line: string) => process.stdout.write(`${line}\n`);
const round = (ms: number) => Math.round(ms * 10) / 10;

/** A small seeded generator (mulberry32): the steps sought are the same from run to run. */
function randomSteps(count: number, total: number, from: number): number[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const chosen: number[] = [];
  let at = from;
  while (chosen.length < count) {
    const to = Math.floor(next() * (total + 1));
    if (to === at) continue;
    chosen.push(to);
    at = to;
  }
  return chosen;
}

interface Seek {
  /** from the slider's input to the first frame showing step k's board */
  ms: number;
  /** to the first change that made the step line read "Step k of N" (the page's first render) */
  lineMs: number;
  /** the request for step k's board, from its start to its end (0 if none was made) */
  fetchMs: number;
  /** from the page's input to the request's start */
  beforeFetchMs: number;
  /** from the request's end to the frame showing the board (parsing, rendering, painting) */
  afterFetchMs: number;
}

/**
 * One seek, timed inside the page (no round trip to the bench in the figure): sets the slider to
 * `to`, sends its `input` event as a drag or a key does, and waits for the step line to read
 * "Step to of total" and the board to be step `to`'s and current, then for the next frame.
 * Passed as source text: the bench's compiler would otherwise wrap the page's functions in
 * helpers that exist only here.
 */
const SEEK_IN_PAGE = `(async ({ to, total }) => {
  const slider = document.querySelector('.replay-controls input[aria-label="Step"]');
  const line = document.querySelector('[data-testid="replay-step"]');
  const root = document.querySelector('main');
  if (!slider || !line || !root) throw new Error('no replay controls on the page');
  performance.clearResourceTimings();
  const started = performance.now();
  let lineAt = NaN;
  const ms = await new Promise((resolve, reject) => {
    let done = false;
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('step ' + to + ' was not shown within 30 s'));
    }, 30000);
    const observer = new MutationObserver(() => {
      if (done) return;
      const table = document.querySelector('.replay-page .table');
      if (line.textContent !== 'Step ' + to + ' of ' + total) return;
      if (Number.isNaN(lineAt)) lineAt = performance.now() - started;
      if (!table || table.getAttribute('data-replay-seq') !== String(to)) return;
      if (table.getAttribute('aria-busy') === 'true') return;
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve(performance.now() - started));
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    slider.value = String(to);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
  });
  const fetches = performance
    .getEntriesByType('resource')
    .filter((e) => e.name.includes('/views/'));
  const first = fetches[0];
  const last = fetches.at(-1);
  return {
    ms,
    lineMs: lineAt,
    fetchMs: fetches.reduce((sum, e) => sum + e.duration, 0),
    beforeFetchMs: first ? first.startTime - started : 0,
    afterFetchMs: last ? started + ms - last.responseEnd : ms,
  };
})`;

async function seek(page: Page, to: number, total: number): Promise<Seek> {
  return page.evaluate(`${SEEK_IN_PAGE}(${JSON.stringify({ to, total })})`);
}

/** Opens the replay page and waits until it shows the board at the game's last step. */
async function openReplay(page: Page, url: string, gameId: string): Promise<number> {
  const loaded = performance.now();
  await page.goto(`${url}/#/game/${gameId}/replay`);
  const line = page.getByTestId('replay-step');
  await line.filter({ hasText: /^Step (\d+) of \1$/ }).waitFor({ timeout: 120_000 });
  const total = Number(/of (\d+)/.exec(await line.innerText())?.[1]);
  await page.locator(`.replay-page .table[data-replay-seq="${String(total)}"]`).waitFor();
  say(
    `replay page open at step ${String(total)} in ${String(round(performance.now() - loaded))} ms`,
  );
  return total;
}

function summary(times: readonly number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

say(
  `bench:seek: an 8-seat game to ${String(steps)} steps (${bot} bots), ${String(warm)} + ` +
    `${String(seeks)} seeks in Chromium; load avg ${loadavg()[0]?.toFixed(2) ?? '?'}`,
);
const webDir = await mkdtemp(join(tmpdir(), 'or-bench-seek-web-'));
const bundle = await bundleForRun('bench-seek');
const db = await freshDatabase('postgres');
await buildClient(webDir);
const server = await startServerProcess(bundle.path, { ...db.env, WEB_DIST: webDir });
const browser = await launchChromium();
/** Stops the browser, the server and its database, and removes what the run built. */
const tearDown = async () => {
  await browser.close();
  server.child.kill('SIGKILL');
  await server.exited;
  await db.dispose();
  await bundle.dispose();
  await rm(webDir, { recursive: true, force: true });
  await disposeTemplates();
  cleanUp.done();
};
const cleanUp = onInterrupt(tearDown);
let report: Record<string, unknown>;
try {
  const game = await playLongGame(server, { steps, bot, say });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const total = await openReplay(page, server.url, game.gameId);
  // What each render lays out at the last step: the whole page, the log's lines, the board's.
  const dom = await page.evaluate(`({
    elements: document.querySelectorAll('*').length,
    logLines: document.querySelectorAll('.log-lines > li').length,
    boardElements: document.querySelectorAll('.board-svg *').length,
  })`);
  const mode = game.over ? 'board (rebuilt in the browser)' : 'remote (asked of the server)';
  const targets = randomSteps(warm + seeks, total, total);
  const timed: Seek[] = [];
  const cdp = profileFile === undefined ? undefined : await page.context().newCDPSession(page);
  for (const [i, to] of targets.entries()) {
    if (i === warm && cdp !== undefined) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    await sleep(pauseMs);
    const result = await seek(page, to, total);
    if (i >= warm) timed.push(result);
  }
  let pageCpu: unknown;
  if (cdp !== undefined && profileFile !== undefined) {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    mkdirSync(dirname(profileFile), { recursive: true });
    writeFileSync(profileFile, JSON.stringify(profile));
    pageCpu = profileShares(profile, PAGE_SHARES);
  }
  const ms = summary(timed.map((s) => s.ms));
  const loadAverage = loadavg();
  report = {
    startedAt: startedAt.toISOString(),
    node: process.version,
    chromium: browser.version(),
    machine: { nproc: cpus().length, arch: machine(), loadAverage },
    settings: { steps, seeks, warm, seed, pauseMs, bot },
    game: { seq: game.seq, over: game.over, total, mode },
    domAtLastStep: dom,
    seekMs: ms,
    lineMs: summary(timed.map((s) => s.lineMs)),
    beforeFetchMs: summary(timed.map((s) => s.beforeFetchMs)),
    fetchMs: summary(timed.map((s) => s.fetchMs)),
    afterFetchMs: summary(timed.map((s) => s.afterFetchMs)),
    ...(pageCpu === undefined ? {} : { pageCpu }),
    met: ms.p99 <= TARGET.seekP99Ms,
    target: TARGET,
  };
} finally {
  await tearDown();
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
say(JSON.stringify(report));
say(`written to ${out}`);
