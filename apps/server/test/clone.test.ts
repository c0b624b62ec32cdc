import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
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
    const { stdout } = await run(
      process.execPath,
      [vitest, 'run', '--project', 'rules', 'src/content/coverage.test.ts'],
      { cwd: clone, env: freshEnv(), maxBuffer: 16 * 1024 * 1024 },
    );
    expect(stdout).toContain('coverage.test.ts');
    expect(stdout).toMatch(/Tests\s+\d+ passed/);
    expect(stdout).not.toMatch(/failed/);
  }, 120_000);
});
