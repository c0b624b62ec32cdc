import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// The server listens on 3000 in development; proxying keeps the browser on one
// origin, as in production where the server serves this build itself.
const server = process.env['OUTER_RIM_SERVER'] ?? 'http://localhost:3000';
const src = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [preact()],
  resolve: {
    // Bundle the workspace packages from source, so `vite` needs no prior `tsc -b`.
    alias: {
      '@outer-rim/map': src('../../packages/map/src/index.ts'),
      '@outer-rim/rules': src('../../packages/rules/src/index.ts'),
      '@outer-rim/protocol': src('../../packages/protocol/src/index.ts'),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1000 },
  server: {
    proxy: {
      '/api': server,
      '/healthz': server,
      '/socket.io': { target: server, ws: true },
    },
  },
});
