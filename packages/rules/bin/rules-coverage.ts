/**
 * Rewrites the "Rules coverage" table and the opening's summary of the root
 * README from
 * RULES_COVERAGE (`npm run docs:coverage`, or
 * `npx tsx packages/rules/bin/rules-coverage.ts [README path]`). The I/O
 * lives here because nothing under src/ may touch the file system; the
 * README test in src/content/coverage.test.ts fails until this has run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withRulesCoverage } from '../src/content/coverage.js';

const path = process.argv[2] ?? fileURLToPath(new URL('../../../README.md', import.meta.url));
const before = readFileSync(path, 'utf8');
const after = withRulesCoverage(before);
if (after === null) {
  console.error(
    `${path}: missing a <!-- rules-coverage-summary:start/end --> or <!-- rules-coverage:start/end --> pair`,
  );
  process.exit(1);
}
if (after === before) {
  console.log(`${path}: rules coverage already up to date`);
} else {
  writeFileSync(path, after);
  console.log(`${path}: rules coverage rewritten`);
}
