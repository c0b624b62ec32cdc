import { join } from 'node:path';

/**
 * The server as one esbuild bundle of its TypeScript source and the workspace packages' (found
 * through the `outer-rim-source` export condition); every other package is loaded from
 * node_modules at run time, as the tsc build does, so `outfile` must lie inside the repository
 * (apps/server/dist/…) for those imports to resolve. `npm start` runs it, and so do the load
 * benchmark and the crash test, which measure and kill the server as a host runs it.
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
