/**
 * Rewrites the generated rules coverage blocks from RULES_COVERAGE: the
 * summary at the top of the README and the "Rules coverage" table of
 * docs/rules.md (`npm run docs:coverage`, or
 * `npx tsx packages/rules/bin/rules-coverage.ts [repository root]`). The I/O
 * lives here because nothing under src/ may touch the file system; the test
 * in src/content/coverage.test.ts fails until this has run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RULES_COVERAGE_FILES, withRulesCoverage } from '../src/content/coverage.js';

const root = process.argv[2] ?? fileURLToPath(new URL('../../../', import.meta.url));
let failed = false;
for (const file of RULES_COVERAGE_FILES) {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  const after = withRulesCoverage(file, before);
  if (after === null) {
    console.error(`${path}: missing a rules coverage <!-- …:start --> / <!-- …:end --> pair`);
    failed = true;
  } else if (after === before) {
    console.log(`${path}: rules coverage already up to date`);
  } else {
    writeFileSync(path, after);
    console.log(`${path}: rules coverage rewritten`);
  }
}
if (failed) process.exit(1);
