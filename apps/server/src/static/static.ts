import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/** apps/web/dist, found upwards from this file (it runs from src/ and from dist/src/). */
export function findWebDist(start = dirname(fileURLToPath(import.meta.url))): string | undefined {
  let dir = start;
  for (;;) {
    const candidate = join(dir, 'apps', 'web', 'dist');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Serves the built web client at `/` with a fallback to index.html for the client's own routes.
 * Registered only when the build exists: an API-only server is a valid setup.
 */
export const webClient: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  const absolute = resolve(root);
  await app.register(fastifyStatic, { root: absolute, prefix: '/', wildcard: false });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const clientRoute =
      request.method === 'GET' &&
      !path.startsWith('/api/') &&
      !path.startsWith('/socket.io/') &&
      !/\.[a-z0-9]+$/i.test(path);
    if (clientRoute) return reply.sendFile('index.html', absolute);
    return reply
      .code(404)
      .send({ error: { code: 'NOT_FOUND', message: `No route ${request.method} ${path}.` } });
  });
};
