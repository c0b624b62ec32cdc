import fp from 'fastify-plugin';
import { Metrics } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** this instance's Prometheus registry and the instruments the services report into */
    metrics: Metrics;
  }
}

/** Prometheus metrics at /metrics, exempt from the rate limit so scraping never fails. */
export const metricsPlugin = fp(
  (fastify, _options, done) => {
    const metrics = new Metrics(fastify.db);
    fastify.decorate('metrics', metrics);
    fastify.get(
      '/metrics',
      { config: { rateLimit: false }, schema: { hide: true } },
      async (_, reply) => {
        const text = await metrics.registry.metrics();
        return reply.type(metrics.registry.contentType).send(text);
      },
    );
    done();
  },
  { name: 'metrics', dependencies: ['db', 'http'], decorators: { fastify: ['db'] } },
);
