import { join, resolve } from 'node:path';
import fp from 'fastify-plugin';
import { openDatabase } from './database.js';
import type { Database, Db } from './database.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the connection, its kind and its health check */
    database: Database;
    /** the query surface every service takes */
    db: Db;
  }
}

/**
 * Opens PGlite under DATA_DIR, or PostgreSQL when DATABASE_URL is set, migrated. Closed in onClose,
 * which runs after the preClose hooks: queued actions are committed and sockets closed first.
 */
export const dbPlugin = fp(
  async (fastify) => {
    const { config } = fastify;
    const dataDir = join(config.DATA_DIR, 'pglite');
    const started = performance.now();
    const database = await openDatabase(
      config.DATABASE_URL === undefined
        ? { kind: 'pglite', dataDir }
        : { kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DB_POOL_SIZE },
    );
    const { created } = database;
    if (created !== undefined) {
      const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
      if (created.from === 'template') {
        fastify.log.info(
          { dataDir: resolve(dataDir), from: 'template' },
          `created the embedded database from its template in ${took}`,
        );
      } else {
        fastify.log.warn(
          { dataDir: resolve(dataDir), from: 'initdb', reason: created.reason },
          `created the embedded database with initdb in ${took}: ${created.reason ?? ''}`,
        );
      }
    }
    fastify.decorate('database', database);
    fastify.decorate('db', database.db);
    fastify.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'db', dependencies: ['config'], decorators: { fastify: ['config'] } },
);
