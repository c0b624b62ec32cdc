// What `npm start` costs: time until /healthz answers 200, and the peak memory (VmHWM) and CPU
// time of every process it starts, read from /proc (Linux) every 25 ms. Run it in a fresh clone:
//   git clone . /tmp/fresh && cd /tmp/fresh && npm ci
//   npx tsx apps/server/bench/start.bench.ts        (first start, then a second one)
// BENCH_STARTS=1 measures one start; BENCH_PORT picks the port (default 3999).
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

const port = process.env.BENCH_PORT ?? '3999';
const starts = Number(process.env.BENCH_STARTS ?? 2);

interface Seen {
  command: string;
  peakMb: number;
  cpuS: number;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Every process whose ancestor is `root`, with the CPU time it has used so far. */
function tree(root: number): { pid: number; cpuS: number }[] {
  const parents = new Map<number, { ppid: number; cpuS: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (stat === undefined) continue;
    // Fields after the command's closing parenthesis: state, ppid, …, utime (14th), stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    parents.set(Number(entry), { ppid: Number(fields[1]), cpuS: ticks / 100 });
  }
  const members = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { ppid }] of parents) {
      if (!members.has(pid) && members.has(ppid)) {
        members.add(pid);
        grew = true;
      }
    }
  }
  return [...members].map((pid) => ({ pid, cpuS: parents.get(pid)?.cpuS ?? 0 }));
}

async function measure(label: string): Promise<void> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const seen = new Map<number, Seen>();
  let peakTogetherMb = 0;
  let peakProportionalMb = 0;
  const sample = () => {
    let together = 0;
    let proportional = 0;
    for (const { pid, cpuS } of tree(child.pid ?? 0)) {
      const status = read(`/proc/${pid}/status`);
      const command = read(`/proc/${pid}/cmdline`);
      if (status === undefined || command === undefined) continue;
      const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      together += kb('VmRSS') / 1024;
      // Pages shared between processes (node's own code) counted once, shared out between them.
      const rollup = read(`/proc/${pid}/smaps_rollup`) ?? '';
      proportional += Number(/Pss:\s+(\d+)/.exec(rollup)?.[1] ?? 0) / 1024;
      const words = command.split('\0').filter(Boolean);
      const shown = words.map((word) => word.split('/').pop()).join(' ');
      const before = seen.get(pid);
      seen.set(pid, {
        command: shown === '' ? (before?.command ?? '') : shown.slice(0, 60),
        peakMb: Math.max(before?.peakMb ?? 0, kb('VmHWM') / 1024),
        cpuS: Math.max(before?.cpuS ?? 0, cpuS),
      });
    }
    peakTogetherMb = Math.max(peakTogetherMb, together);
    peakProportionalMb = Math.max(peakProportionalMb, proportional);
  };
  const timer = setInterval(sample, 25);
  let healthyS: number | undefined;
  while (healthyS === undefined && performance.now() - started < 300_000) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) healthyS = (performance.now() - started) / 1000;
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A moment more: memory a start allocates just before it answers still counts.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  clearInterval(timer);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  process.kill(-(child.pid ?? 0), 'SIGTERM');
  await exited;

  const said = output.split('\n').filter((line) => /^\[|^Ready|^npm start stopped/.test(line));
  const processes = [...seen.values()].filter((p) => p.peakMb > 20);
  const cpu = processes.reduce((sum, p) => sum + p.cpuS, 0);
  process.stdout.write(
    [
      `${label}: /healthz 200 after ${healthyS === undefined ? 'never' : `${healthyS.toFixed(1)} s`}; ` +
        `CPU ${cpu.toFixed(1)} s; every process together at most ${peakTogetherMb.toFixed(0)} MB ` +
        `(RSS), ${peakProportionalMb.toFixed(0)} MB (PSS: shared pages counted once)`,
      ...said.map((line) => `  | ${line}`),
      ...processes.map(
        (p) =>
          `  ${p.peakMb.toFixed(0).padStart(5)} MB peak ${p.cpuS.toFixed(1).padStart(5)} s CPU  ${p.command}`,
      ),
      '',
    ].join('\n'),
  );
}

for (let i = 1; i <= starts; i++) await measure(i === 1 ? 'start 1' : `start ${String(i)}`);
