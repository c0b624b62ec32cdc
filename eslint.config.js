// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The dependency arrows (docs/architecture.md): web -> protocol, rules, map; server -> protocol,
// rules, map; protocol -> rules; rules -> map; map -> nothing of ours. Nothing in packages/ does
// I/O. Each package's source may import only what its arrows allow.
/** An app reaches a package through its name and entry points, never into its files. */
const NO_DEEP_IMPORT = {
  regex: '(^|/)packages/[^/]+/src/',
  message:
    'import a package by its name (@outer-rim/rules, @outer-rim/rules/testing), not its files.',
};
const NO_IO = [
  { regex: '^node:', message: 'packages/ do no I/O: pass data in, return data out.' },
  {
    regex: '^(fs|path|os|child_process|net|http|https|crypto)$',
    message: 'packages/ do no I/O.',
  },
];
/** `no-restricted-imports` for a package that may not import the workspaces named in `others`. */
const packageImports = (others, message) => [
  'error',
  { patterns: [...NO_IO, { regex: `^@outer-rim/(${others})(/|$)`, message }] },
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.ts', '.ci/*.js'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Nothing in packages/ does I/O, and randomness comes
    // only from the seeded PRNG inside the state. Tests, CLIs and benches
    // live outside this rule (they are the I/O around the pure core).
    files: ['packages/*/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/*/src/testing/**'],
    rules: {
      'no-restricted-imports': packageImports(
        'server|web',
        'the arrows point one way: apps depend on packages.',
      ),
      'no-restricted-globals': [
        'error',
        {
          name: 'console',
          message: 'packages/ do no I/O: report through return values or events.',
        },
        { name: 'process', message: 'packages/ do no I/O: take options as arguments.' },
        { name: 'fetch', message: 'packages/ do no I/O.' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'dice come from the seeded PRNG in the state.',
        },
        { object: 'Date', property: 'now', message: 'the rules are deterministic: no clock.' },
      ],
    },
  },
  {
    files: ['packages/rules/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/*/src/testing/**'],
    rules: {
      'no-restricted-imports': packageImports(
        'server|web|protocol',
        'rules -> map only: the wire contract depends on the rules, not the other way.',
      ),
    },
  },
  {
    files: ['packages/protocol/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': packageImports(
        'server|web|map',
        'protocol -> rules only: the wire contract knows the rules, not the server or the map.',
      ),
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@outer-rim/web(/|$)', message: 'the server does not depend on the client.' },
            NO_DEEP_IMPORT,
          ],
        },
      ],
    },
  },
  {
    files: ['packages/map/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(node:|@outer-rim/)',
              message: 'map is the bottom of the graph and does no I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@outer-rim/server(/|$)',
              message:
                'the web client shares the wire with the server through @outer-rim/protocol.',
            },
            NO_DEEP_IMPORT,
          ],
        },
      ],
    },
  },
  {
    files: ['apps/*/test/**/*.{ts,tsx}', 'apps/*/bench/**/*.ts', 'apps/*/scripts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DEEP_IMPORT] }] },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
