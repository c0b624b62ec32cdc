import { join } from 'node:path';

/**
 * The server as one ES module, for plain `node` (npm start, and the tests that run it as a process
 * of its own, as production does): its TypeScript and the workspace packages' come in from source
 * (through the `outer-rim-source` export condition), every other package is loaded from
 * node_modules at run time, as the tsc build does. Well under a second where `tsc -b` takes half
 * a minute on a small machine; type-checking is the tests' job.
 *
 * `outfile` must lie inside the repository, so that node_modules and migrations/ are found above it.
 */
export async function bundleServer(root: string, outfile: string): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(root, 'apps/server/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    sourcemap: true,
    logLevel: 'error',
    conditions: ['outer-rim-source'],
    plugins: [
      {
        name: 'external-node-modules',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@outer-rim/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}
