/**
 * `npm run galaxy -- --players 8 [--variant long-parsecs] [--seed 42] [--format json|svg|text]`
 * Without --seed a seed is taken from the clock and printed with the galaxy,
 * so any galaxy can be made again.
 */
import { runGalaxyCli } from '../src/cli.js';

const result = runGalaxyCli(process.argv.slice(2), Date.now() % 1_000_000);
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.exitCode;
