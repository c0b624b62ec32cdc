/**
 * Rewrites the "Rules notes" block of docs/rules.md from the content data
 * (`npx tsx packages/rules/bin/rules-notes.ts [path]`). The I/O lives
 * here because nothing under src/ may touch the file system.
 *
 * `@outer-rim/map` resolves to its build here (the tests use its source), so
 * run `npx tsc -b packages/rules` first or the map's notes may be stale; the
 * test in src/content/provisional.test.ts catches any difference.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rulesNotesMarkdown, withRulesNotes } from '../src/content/provisional.js';

const path = process.argv[2] ?? fileURLToPath(new URL('../../../docs/rules.md', import.meta.url));
const before = readFileSync(path, 'utf8');
const after = withRulesNotes(before, rulesNotesMarkdown());
if (after === null) {
  console.error(`${path}: no <!-- rules-notes:start --> ... <!-- rules-notes:end --> block`);
  process.exit(1);
}
if (after === before) {
  console.log(`${path}: rules notes already up to date`);
} else {
  writeFileSync(path, after);
  console.log(`${path}: rules notes rewritten`);
}
