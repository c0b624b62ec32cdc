import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/config.js';
import {
  WEB_INPUTS,
  WEB_STAMP,
  databasePlan,
  fileHash,
  inputsHash,
  readStamp,
  SERVER_INPUTS,
  buildDecision,
} from './plan.js';

const dirs: string[] = [];
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'outer-rim-plan-'));
  dirs.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const sources = {
  'apps/web/src/main.tsx': 'render()',
  'apps/web/index.html': '<div id="app"></div>',
  'packages/rules/src/apply.ts': 'export const apply = 1;',
  'package-lock.json': '{}',
};

describe('npm start: what to build', () => {
  it('hashes the build inputs: same sources, same hash, whatever the file times', () => {
    const a = tree(sources);
    const b = tree(sources);
    utimesSync(join(b, 'apps/web/index.html'), new Date(0), new Date(0));
    expect(inputsHash(a)).toBe(inputsHash(b));
    expect(inputsHash(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes the hash when a source, a package the bundle includes, or the lock file changes', () => {
    const base = inputsHash(tree(sources));
    expect(inputsHash(tree({ ...sources, 'apps/web/src/main.tsx': 'render(2)' }))).not.toBe(base);
    expect(inputsHash(tree({ ...sources, 'packages/rules/src/new.ts': '' }))).not.toBe(base);
    expect(inputsHash(tree({ ...sources, 'package-lock.json': '{"v":2}' }))).not.toBe(base);
    expect(inputsHash(tree({ ...sources, 'apps/web/src/lobby/x.tsx': '' }))).not.toBe(base);
  });

  it('ignores tests and files the bundle never reads', () => {
    const base = inputsHash(tree(sources));
    expect(inputsHash(tree({ ...sources, 'apps/web/src/main.test.tsx': 'it()' }))).toBe(base);
    expect(inputsHash(tree({ ...sources, 'apps/server/src/main.ts': 'listen()' }))).toBe(base);
    expect(inputsHash(tree({ ...sources, 'README.md': '# hi' }))).toBe(base);
    expect(WEB_INPUTS).toContain('packages/protocol/src');
    expect(SERVER_INPUTS).toContain('packages/protocol/src');
  });

  it('bundles the server again when its sources or the packages change, not for the web client', () => {
    const files = { ...sources, 'apps/server/src/main.ts': 'listen()' };
    const base = inputsHash(tree(files), SERVER_INPUTS);
    const changed = { ...files, 'apps/server/src/main.ts': 'listen(1)' };
    expect(inputsHash(tree(changed), SERVER_INPUTS)).not.toBe(base);
    const rules = { ...files, 'packages/rules/src/apply.ts': 'export const apply = 2;' };
    expect(inputsHash(tree(rules), SERVER_INPUTS)).not.toBe(base);
    const web = { ...files, 'apps/web/src/main.tsx': 'render(3)' };
    expect(inputsHash(tree(web), SERVER_INPUTS)).toBe(base);
  });

  it('builds when there is no build, no record of one, new inputs or another build; else skips', () => {
    const stamp = { hash: 'abc', output: 'out' };
    expect(buildDecision(stamp, 'abc', undefined)).toEqual({
      build: true,
      reason: 'not built yet',
    });
    expect(buildDecision(undefined, 'abc', 'out').build).toBe(true);
    expect(buildDecision(stamp, 'def', 'out')).toEqual({
      build: true,
      reason: 'its sources changed',
    });
    expect(buildDecision(stamp, 'abc', 'other')).toEqual({
      build: true,
      reason: 'the build on disk was made elsewhere',
    });
    expect(buildDecision(stamp, 'abc', 'out')).toEqual({ build: false, reason: 'up to date' });
  });

  it('reads the recorded build, and nothing from a missing or broken record', () => {
    expect(readStamp(tree({}), WEB_STAMP)).toBeUndefined();
    expect(readStamp(tree({ [WEB_STAMP]: 'not json' }), WEB_STAMP)).toBeUndefined();
    expect(readStamp(tree({ [WEB_STAMP]: '{"hash":"abc"}' }), WEB_STAMP)).toBeUndefined();
    const record = { hash: 'abc', output: 'out' };
    expect(readStamp(tree({ [WEB_STAMP]: JSON.stringify(record) }), WEB_STAMP)).toEqual(record);
  });

  it('hashes a built file, and tells a missing one', () => {
    const root = tree({ 'dist/index.html': '<html>' });
    expect(fileHash(join(root, 'dist/index.html'))).toMatch(/^[0-9a-f]{64}$/);
    expect(fileHash(join(root, 'dist/missing.html'))).toBeUndefined();
  });
});

describe('npm start: the database', () => {
  it('creates the embedded database only when its folder holds none', () => {
    const root = tree({});
    expect(databasePlan(parseConfig({}), root)).toEqual({
      kind: 'pglite',
      dir: join(root, 'data', 'pglite'),
      exists: false,
    });
    const existing = tree({ 'elsewhere/pglite/PG_VERSION': '17' });
    expect(databasePlan(parseConfig({ DATA_DIR: 'elsewhere' }), existing)).toMatchObject({
      exists: true,
    });
  });

  it('leaves PostgreSQL to the server, and names it without credentials', () => {
    const plan = databasePlan(
      parseConfig({ DATABASE_URL: 'postgresql://u:pw@127.0.0.1:5432/outer_rim' }),
      '/srv',
    );
    expect(plan).toEqual({ kind: 'postgres', label: 'PostgreSQL at 127.0.0.1:5432/outer_rim' });
  });
});
