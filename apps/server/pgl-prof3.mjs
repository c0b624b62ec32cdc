import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
const hwm = () => Number(readFileSync('/proc/self/status','utf8').match(/VmHWM:\s+(\d+)/)[1]) / 1000;
const params = JSON.parse(process.argv[2] ?? 'null');
const t0 = performance.now(); const c0 = process.cpuUsage();
const mem = await PGlite.create('memory://', params ? { initDbStartParams: params } : {});
const cu = process.cpuUsage(c0);
console.log(process.argv[2], process.execArgv.join(' '), 'create', Math.round(performance.now() - t0), 'ms cpu', Math.round((cu.user+cu.system)/1000), 'hwm', hwm());
await mem.close();
