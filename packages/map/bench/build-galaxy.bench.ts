/**
 * `npm run bench -w @outer-rim/map`: builds 1,000 eight-player galaxies
 * (seeds 1..1000) and prints the median and p99 time per galaxy.
 * Target: median <= 5 ms.
 */
import { buildGalaxy } from '../src/index.js';

const RUNS = 1000;
const WARMUP = 50;

for (let seed = -WARMUP; seed < 0; seed++) buildGalaxy({ players: 8, seed });

const times: number[] = [];
for (let seed = 1; seed <= RUNS; seed++) {
  const start = performance.now();
  buildGalaxy({ players: 8, seed });
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const at = (q: number): number =>
  times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
const median = at(0.5);
const p99 = at(0.99);
console.log(
  `buildGalaxy, 8 players, ${RUNS} galaxies: median ${median.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms per galaxy`,
);
console.log(median <= 5 ? 'target median <= 5 ms: met' : 'target median <= 5 ms: MISSED');
