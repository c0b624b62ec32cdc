import fp from 'fastify-plugin';

/** /healthz for load balancers and orchestrators: 503 while the database does not answer. */
export const healthPlugin = fp(
  (fastify, _options, done) => {
    const { database } = fastify;
    fastify.get(
      '/healthz',
      { config: { rateLimit: false }, schema: { hide: true } },
      async (_, reply) => {
        try {
          await database.ping();
          return { status: 'ok', database: database.kind };
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
