import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  RULES_COVERAGE,
  RULES_COVERAGE_BLOCKS,
  RULES_COVERAGE_FILES,
  coveredRules,
  markedBlock,
  partly,
  rulesCoverageMarkdown,
  rulesCoverageSummary,
  statusWords,
  withMarkedBlock,
  withRulesCoverage,
} from './coverage.js';

// This test reads files (tests may; the rules' src may not): the repository
// root is four folders up, and RULES-SPEC lives in docs/rules/ inside it.
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const RULES_SPEC = join(ROOT, 'docs', 'rules', 'RULES-SPEC.md');
const THIS_FILE = fileURLToPath(import.meta.url);

/** The rule ids and names of RULES-SPEC's bold headings, e.g. `**OR-4.1 Nebula, OR-4.2 Gravity Rift.**`. */
function specRules(spec: string): { id: string; name: string }[] {
  const out: { id: string; name: string }[] = [];
  for (const [, heading = ''] of spec.matchAll(/^\*\*([^*]+)\*\*/gm)) {
    const ids = [...heading.matchAll(/\b(?:BG|OR)-\d+(?:\.\d+)?\b/g)];
    ids.forEach((m, i) => {
      const from = m.index + m[0].length;
      const to = ids[i + 1]?.index ?? heading.length;
      out.push({
        id: m[0],
        name: heading
          .slice(from, to)
          .replace(/[\s,.]+$/, '')
          .trim(),
      });
    });
  }
  return out;
}

/** Names given to describe/it/test in a test file, leaving out skipped and to-do ones. */
function testNames(source: string): string[] {
  const call = /\b(describe|it|test)((?:\.\w+)*)\(\s*(['"`])((?:\\.|(?!\3)[^\\])*)\3/g;
  return [...source.matchAll(call)]
    .filter(([, , modifiers = '']) => !/\.(skip|todo)\b/.test(modifiers))
    .map(([, , , , name = '']) => name);
}

/** Does `name` mention rule `id` itself (BG-1 is not BG-10; OR-6 is not OR-6.1)? */
function namesRule(name: string, id: string): boolean {
  const escaped = id.replaceAll('.', '\\.');
  return new RegExp(`(?<![\\w.-])${escaped}(?![\\d]|\\.\\d)`).test(name);
}

/**
 * Every *.test.ts(x) under packages/ and apps/, outside node_modules and
 * builds, but this one: its examples of test sources must not count.
 */
function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testFiles(path));
    else if (/\.test\.tsx?$/.test(entry.name) && path !== THIS_FILE) out.push(path);
  }
  return out;
}

describe('rules coverage list', () => {
  it('has one entry per rule id of RULES-SPEC, with its name, in the same order', () => {
    if (!existsSync(RULES_SPEC)) {
      throw new Error(`RULES-SPEC not found at ${RULES_SPEC} (docs/rules/RULES-SPEC.md)`);
    }
    const spec = specRules(readFileSync(RULES_SPEC, 'utf8'));
    expect(spec.length).toBeGreaterThanOrEqual(20);
    expect(RULES_COVERAGE.map((r) => ({ id: r.id, name: r.name }))).toEqual(spec);
  });

  it('names every rule marked implemented or partly in at least one test', () => {
    const names = [...testFiles(join(ROOT, 'packages')), ...testFiles(join(ROOT, 'apps'))].flatMap(
      (file) => testNames(readFileSync(file, 'utf8')),
    );
    expect(names.length).toBeGreaterThan(100);
    const untested = coveredRules()
      .map((r) => r.id)
      .filter((id) => !names.some((name) => namesRule(name, id)));
    expect(untested).toEqual([]);
  });

  it('says what is missing for every rule only partly there, and gives every rule its plain words', () => {
    for (const rule of RULES_COVERAGE) {
      if (typeof rule.status === 'object') expect(rule.status.partly.length).toBeGreaterThan(10);
      expect(rule.summary.length).toBeGreaterThan(20);
      expect(rule.readMore).toMatch(/rulebook/);
    }
  });

  it('prints statuses in words', () => {
    expect(statusWords('implemented')).toBe('implemented');
    expect(statusWords('not-yet')).toBe('not yet');
    expect(statusWords(partly('no votes'))).toBe('partly: no votes');
  });
});

describe('rules coverage checks', () => {
  it('reads ids and names from RULES-SPEC headings, two ids in one heading too', () => {
    const spec = [
      '**BG-3 Units** (provisional values):',
      '**BG-10 Winning.** Every player…',
      '**OR-4.1 Nebula, OR-4.2 Gravity Rift.** Exactly as…',
      '**OR-6.1 Shock Forces, Hopes End.** Exactly…',
      'Text that mentions **BG-5** in bold mid-line.',
    ].join('\n');
    expect(specRules(spec)).toEqual([
      { id: 'BG-3', name: 'Units' },
      { id: 'BG-10', name: 'Winning' },
      { id: 'OR-4.1', name: 'Nebula' },
      { id: 'OR-4.2', name: 'Gravity Rift' },
      { id: 'OR-6.1', name: 'Shock Forces, Hopes End' },
    ]);
  });

  it('finds describe, it and test names, not skipped or to-do ones', () => {
    const source = [
      "describe('BG-2 order', () => {",
      '  it("BG-4 places", () => {});',
      '  test.each([1])(`OR-3 seats`, () => {});',
      "  it.skip('BG-6 battle', () => {});",
      "  it.todo('BG-7 invasion');",
      "  describe.only('OR-2.2 minors', () => {});",
      '});',
    ].join('\n');
    expect(testNames(source)).toEqual(['BG-2 order', 'BG-4 places', 'OR-2.2 minors']);
  });

  it('tells a rule id from a longer one', () => {
    expect(namesRule('BG-1 races', 'BG-1')).toBe(true);
    expect(namesRule('BG-10 progression', 'BG-1')).toBe(false);
    expect(namesRule('BG-1 / OR-2.3 form', 'OR-2.3')).toBe(true);
    expect(namesRule('OR-6.1 shock forces', 'OR-6')).toBe(false);
    expect(namesRule('OR-4.1 OR-4.2 unless', 'OR-4.2')).toBe(true);
    expect(namesRule('XBG-1', 'BG-1')).toBe(false);
    expect(namesRule('(BG-4 galaxy as SVG)', 'BG-4')).toBe(true);
  });
});

describe('rules coverage in the README and docs/rules.md', () => {
  it('equals the generated table and summary (run `npm run docs:coverage` after a change)', () => {
    expect(RULES_COVERAGE_FILES).toEqual(['README.md', 'docs/rules.md']);
    for (const file of RULES_COVERAGE_FILES) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const block of RULES_COVERAGE_BLOCKS.filter((b) => b.file === file)) {
        expect(markedBlock(text, block.start, block.end)).toBe(`\n\n${block.markdown()}\n\n`);
      }
      expect(withRulesCoverage(file, text)).toBe(text);
    }
  });

  it('is a table with a row per rule and a tally of the statuses', () => {
    const md = rulesCoverageMarkdown();
    const rows = md.split('\n').filter((line) => line.startsWith('| '));
    expect(rows).toHaveLength(RULES_COVERAGE.length + 2);
    expect(md).toMatch(/^\d+ rules: \d+ implemented, \d+ partly, \d+ not yet\.$/m);
    for (const rule of RULES_COVERAGE) {
      expect(md).toContain(`| ${rule.id} `);
    }
  });

  it('opens the README by naming every rule that does not work yet', () => {
    const summary = rulesCoverageSummary();
    const missing = RULES_COVERAGE.filter((r) => r.status === 'not-yet');
    if (missing.length === 0 && coveredRules().every((r) => r.status === 'implemented')) {
      expect(summary).toMatch(/^Every rule of the game is implemented/);
    } else {
      expect(summary).toMatch(/^\*\*Not the whole game yet\.\*\*/);
    }
    for (const rule of missing) expect(summary).toContain(rule.name);
  });

  it('rewrites only the block between the markers, idempotently', () => {
    const [start, end] = ['<!-- a:start -->', '<!-- a:end -->'];
    const doc = `# Title\n\n${start}\nold\n${end}\n\nTail.\n`;
    const once = withMarkedBlock(doc, start, end, 'new');
    expect(once).toBe(`# Title\n\n${start}\n\nnew\n\n${end}\n\nTail.\n`);
    expect(withMarkedBlock(once ?? '', start, end, 'new')).toBe(once);
    expect(withMarkedBlock('# Title\n', start, end, 'x')).toBeNull();
    expect(markedBlock(`${end}\n${start}`, start, end)).toBeNull();
    expect(withRulesCoverage('README.md', '# Title\n')).toBeNull();
    expect(withRulesCoverage('docs/rules.md', '# Title\n')).toBeNull();
  });
});
