import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { corsOption } from '../config/cors.js';
import { RETRY_AFTER_SECONDS } from '@outer-rim/protocol';
import { errorHandler } from './error-handler.js';

/**
 * What every route shares: zod validation and serialisation, refusals with stable codes, CORS and
 * the per-address rate limit. Registered before any route, since the rate limit hooks onRoute.
 */
export const httpPlugin = fp(
  async (fastify) => {
    const { config } = fastify;
    fastify.setValidatorCompiler(validatorCompiler);
    fastify.setSerializerCompiler(serializerCompiler);
    fastify.setErrorHandler(errorHandler);
    let closing = false;
    fastify.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    fastify.addHook('onRequest', (_request, reply, done) => {
      if (!closing) {
        done();
        return;
      }
      void reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .header('connection', 'close')
        .send({ error: { code: 'UNAVAILABLE', message: 'The server is stopping.' } });
    });
    await fastify.register(cors, corsOption(config.CORS_ORIGIN));
    await fastify.register(rateLimit, { max: config.HTTP_RATE_LIMIT, timeWindow: 60_000 });
  },
  { name: 'http', dependencies: ['config'], decorators: { fastify: ['config'] } },
);
