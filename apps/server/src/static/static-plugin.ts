import fp from 'fastify-plugin';
import { findWebDist, webClient } from './static.js';

/**
 * The built web client at `/` when it exists (WEB_DIST, or apps/web/dist found upwards), and in
 * any case unknown routes answered with the NOT_FOUND error shape.
 */
export const staticPlugin = fp(
  async (fastify) => {
    const webDist = fastify.config.WEB_DIST ?? findWebDist();
    if (webDist !== undefined) {
      await fastify.register(webClient, { root: webDist });
    } else {
      fastify.setNotFoundHandler((request, reply) =>
        reply.code(404).send({
          error: { code: 'NOT_FOUND', message: `No route ${request.method} ${request.url}.` },
        }),
      );
    }
  },
  { name: 'static', dependencies: ['config'], decorators: { fastify: ['config'] } },
);
