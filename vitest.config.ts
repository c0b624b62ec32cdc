import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests run against each package's TypeScript source, not its build, so
// `vitest run` needs no prior `tsc -b` and always tests what is on disk.
const src = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const alias = {
  '@outer-rim/map': src('./packages/map/src/index.ts'),
  // Before '@outer-rim/rules', which would otherwise match it as a prefix.
  '@outer-rim/rules/testing': src('./packages/rules/src/testing/index.ts'),
  '@outer-rim/rules': src('./packages/rules/src/index.ts'),
  '@outer-rim/protocol': src('./packages/protocol/src/index.ts'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // A bound, not a wait: whole-game and property tests take a few seconds
    // alone and several times that on a machine shared with other builds.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-report.json' },
    projects: [
      {
        extends: true,
        test: { name: 'map', root: './packages/map', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'rules', root: './packages/rules', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'protocol', root: './packages/protocol', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
        },
      },
    ],
  },
});
