import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const THIS_FILE = 'apps/server/test/process-words.test.ts';

/**
 * Words about how the work was organised: a numbered issue, stop, lead,
 * defect, ticket or pull request ("issue 11", "Issue #5", "stop 23",
 * "lead9"). A reader of the repository cannot look these numbers up; a
 * comment, a test name or a doc says the rule id or the behaviour instead.
 */
const WORK_ITEM =
  /(?<![\w-])(?:issues?|stops?|lead|defects?|tickets?|pull requests?|PRs?|work items?)\s*#?\d+|(?<![\w-])lead\d+/gi;

/**
 * Tracked files that may say such words, each for a reason of its own:
 * - package-lock.json is written by npm: dependencies' names, versions and
 *   URLs, none of them ours;
 * - this file names the words it looks for in its own examples.
 */
const ALLOWED = new Set(['package-lock.json', THIS_FILE]);

/** `file:line: text` for every work-item reference in `text`. */
function workItemReferences(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const found = line.match(WORK_ITEM);
    return found === null ? [] : [`${file}:${i + 1}: ${found.join(', ')}`];
  });
}

describe('no process words in the repository', () => {
  it('finds a work-item reference, whatever its case or spelling', () => {
    expect(workItemReferences('a.ts', 'x\n// Issue 11: who is here')).toEqual(['a.ts:2: Issue 11']);
    expect(
      [
        'issue #5',
        'stop 23',
        'stops 16',
        'lead9',
        'lead 9',
        'defect 11',
        'PR #4',
        'work item 7',
      ].map((text) => workItemReferences('a', text).length),
    ).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('leaves alone numbers that are about the game or the code', () => {
    for (const text of [
      'space battle round 1: Cruisers, hit on 7+',
      'a ship stops in a nebula',
      'the leader (BG-9, OR-6.2) leads 3 Ground Forces',
      "trade-agreement#13, trade-stop#1 and good-year#2 are card instances; '#101626' is a colour",
      'issues/6023 in a URL',
      'misleading9',
    ]) {
      expect(workItemReferences('a', text)).toEqual([]);
    }
  });

  it('finds none in any tracked file', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((file) => file !== '' && !ALLOWED.has(file));
    expect(files.length).toBeGreaterThan(100);
    const hits = files.flatMap((file) => {
      const path = join(ROOT, file);
      if (!existsSync(path)) return [];
      const bytes = readFileSync(path);
      if (bytes.includes(0)) return []; // images, archives: no words
      return workItemReferences(file, bytes.toString('utf8'));
    });
    expect(hits).toEqual([]);
  });
});
