import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';

/**
 * /healthz for load balancers and orchestrators: 503 while the database does not answer. It also
 * names the process that answered (a random id drawn at start), so a host behind a proxy can tell
 * which replica a client reached.
 */
export const healthPlugin = fp(
  (fastify, _options, done) => {
    const { database } = fastify;
    const instance = randomBytes(6).toString('hex');
    fastify.get(
      '/healthz',
      { config: { rateLimit: false }, schema: { hide: true } },
      async (_, reply) => {
        try {
          await database.ping();
          return { status: 'ok', database: database.kind, instance };
        } catch {
          return reply
            .code(503)
            .send({ error: { code: 'UNAVAILABLE', message: 'The database does not answer.' } });
        }
      },
    );
    done();
  },
  { name: 'health', dependencies: ['db', 'http'], decorators: { fastify: ['database'] } },
);
