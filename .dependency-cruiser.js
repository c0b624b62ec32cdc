/**
 * Dependency arrows inside packages/rules (docs/architecture.md): no module takes part in a
 * run-time import cycle. Type-only imports are erased at build time and may point both ways.
 * `npm run lint` (so `npm test` and CI) runs it: `npm run lint:cycles`.
 */
// @ts-check
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A run-time import cycle: the step machine resumes frames through a dispatch table, rule modules do not import each other back.',
      from: { path: '^packages/rules/src' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(\\.test\\.ts$|/testing/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'packages/rules/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
