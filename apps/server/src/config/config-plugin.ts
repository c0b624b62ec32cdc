import fp from 'fastify-plugin';
import type { Config } from './config.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the parsed environment this server was built with */
    config: Config;
  }
}

/** The root of the plugin tree: every other concern reads its settings from `fastify.config`. */
export const configPlugin = fp<{ config: Config }>(
  (fastify, { config }, done) => {
    fastify.decorate('config', config);
    done();
  },
  { name: 'config' },
);
