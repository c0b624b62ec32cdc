import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The environment of a process of its own: none of this run's vitest variables. */
function freshEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'TEST'),
  );
}

// Everything the project needs to build, test and be understood lives in the
// repository: a clone with nothing beside it passes the rules coverage test,
// which reads RULES-SPEC and every test file. The clone reuses this checkout's
// node_modules through a symlink, so nothing is installed.
describe('a clone of the repository with nothing beside it', () => {
  const made: string[] = [];
  afterAll(async () => {
    await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('passes the rules coverage test', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'outer-rim-clone-'));
    made.push(empty);
    const clone = join(empty, 'outer-rim');
    const { stdout: head } = await run('git', ['rev-parse', 'HEAD'], { cwd: ROOT });
    await run('git', ['clone', '--quiet', '--no-checkout', ROOT, clone]);
    await run('git', ['checkout', '--quiet', '--detach', head.trim()], { cwd: clone });
    await symlink(join(ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
    expect(existsSync(join(empty, 'shared'))).toBe(false);

    const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
    await run(
      process.execPath,
      [vitest, 'run', '--project', 'rules', 'src/content/coverage.test.ts'],
      {
        cwd: clone,
        env: freshEnv(),
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    // The run's JSON report, written inside the clone as the root config says.
    const report = JSON.parse(await readFile(join(clone, '.vitest-report.json'), 'utf8')) as {
      numFailedTests: number;
      numPassedTests: number;
      testResults: { name: string; status: string }[];
    };
    expect(report.testResults.map((file) => [file.name, file.status])).toEqual([
      [join(clone, 'packages/rules/src/content/coverage.test.ts'), 'passed'],
    ]);
    expect(report.numFailedTests).toBe(0);
    expect(report.numPassedTests).toBeGreaterThanOrEqual(10);
  }, 120_000);
});
