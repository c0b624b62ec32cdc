import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { join } from 'node:path';
import type { Config } from './config/config.js';
import { corsOption } from './config/cors.js';
import { openDatabase } from './db/database.js';
import type { Database } from './db/database.js';
import { ApiError } from './errors.js';
import { GameService } from './games/game-service.js';
import { lobbyRoutes } from './lobby/lobby-routes.js';
import { LobbyService } from './lobby/lobby-service.js';
import { Metrics } from './metrics/metrics.js';
import { HTTP_STATUS, SERVER_ERROR_CODES } from './protocol/error-codes.js';
import type { ServerErrorCode } from './protocol/error-codes.js';
import { ChatService } from './realtime/chat-service.js';
import { Realtime } from './realtime/realtime.js';
import { findWebDist, webClient } from './static/static.js';

export interface App {
  fastify: FastifyInstance;
  realtime: Realtime;
  database: Database;
  games: GameService;
  lobby: LobbyService;
  metrics: Metrics;
}

/**
 * The whole server for one configuration, not yet listening. Tests build several of these (two
 * "processes" on one PostgreSQL) and main.ts builds one.
 */
export async function buildApp(config: Config): Promise<App> {
  const database = await openDatabase(
    config.DATABASE_URL === undefined
      ? { kind: 'pglite', dataDir: join(config.DATA_DIR, 'pglite') }
      : { kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DB_POOL_SIZE },
  );
  const fastify = Fastify({
    logger: { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    // Sockets are closed by the preClose hook; idle keep-alive HTTP connections need not delay exit.
    forceCloseConnections: 'idle',
    // Plugins load in milliseconds, but a small, busy host can stall for longer than the default 10 s.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  fastify.setErrorHandler(errorHandler);

  // eslint-disable-next-line prefer-const -- assigned once the HTTP server exists, used by callbacks
  let realtime: Realtime | undefined;
  const lobby = new LobbyService(database.db, (gameId) => realtime?.lobbyChanged(gameId));
  // eslint-disable-next-line prefer-const -- metrics needs the service and the service metrics
  let metrics: Metrics | undefined;
  const games = new GameService(database.db, {
    snapshotEvery: config.SNAPSHOT_EVERY,
    onAdvance: (step) => realtime?.broadcast(step),
    observe: (outcome, seconds) => metrics?.observeAction(outcome, seconds),
  });
  metrics = new Metrics(database.db, games);
  const chat = new ChatService(database.db);
  realtime = new Realtime(fastify.server, {
    config,
    lobby,
    games,
    chat,
    metrics,
    logger: fastify.log as never,
  });

  try {
    await fastify.register(cors, corsOption(config.CORS_ORIGIN));
    await fastify.register(rateLimit, { max: config.HTTP_RATE_LIMIT, timeWindow: 60_000 });
    await fastify.register(swagger, {
      openapi: {
        info: {
          title: 'Outer Rim online',
          description: 'Lobby and public log of the Outer Rim online game server.',
          version: '0.1.0',
        },
      },
      transform: jsonSchemaTransform,
    });
    await fastify.register(swaggerUi, { routePrefix: '/docs' });

    const liveRealtime = realtime;
    await fastify.register(lobbyRoutes, {
      lobby,
      games,
      onStarted: (gameId, state) => {
        liveRealtime.started(gameId, state);
      },
    });

    const liveMetrics = metrics;
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
    fastify.get(
      '/metrics',
      { config: { rateLimit: false }, schema: { hide: true } },
      async (_, reply) => {
        const text = await liveMetrics.registry.metrics();
        return reply.type(liveMetrics.registry.contentType).send(text);
      },
    );

    const webDist = config.WEB_DIST ?? findWebDist();
    if (webDist !== undefined) {
      await fastify.register(webClient, { root: webDist });
    } else {
      fastify.setNotFoundHandler((request, reply) =>
        reply.code(404).send({
          error: { code: 'NOT_FOUND', message: `No route ${request.method} ${request.url}.` },
        }),
      );
    }

    // Shutdown order: stop taking actions and finish the queued ones (their acks go out), then
    // close the sockets, then (onClose, after HTTP has stopped) the database.
    fastify.addHook('preClose', async () => {
      await games.close();
      await liveRealtime.close();
    });
    fastify.addHook('onClose', async () => {
      await database.close();
    });

    await fastify.ready();
  } catch (error) {
    // A server that failed to start must not keep its database connections open.
    await realtime.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
  return { fastify, realtime, database, games, lobby, metrics };
}

function isServerCode(code: unknown): code is ServerErrorCode {
  return typeof code === 'string' && (SERVER_ERROR_CODES as readonly string[]).includes(code);
}

function errorHandler(
  this: FastifyInstance,
  error: FastifyError | ApiError | Error,
  request: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[1],
  reply: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[2],
) {
  if (error instanceof ApiError) {
    return reply.code(HTTP_STATUS[error.code]).send({ error: error.toJSON() });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.code(400).send({
      error: {
        code: 'BAD_REQUEST',
        message: error.message,
        details: error.validation.map((v) => ({ path: v.instancePath, message: v.message })),
      },
    });
  }
  const status = 'statusCode' in error ? error.statusCode : undefined;
  const fastifyCode = 'code' in error ? error.code : undefined;
  let code: ServerErrorCode = 'INTERNAL';
  if (status === 429) code = 'RATE_LIMITED';
  else if (status === 413 || fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE')
    code = 'PAYLOAD_TOO_LARGE';
  else if (status !== undefined && status >= 400 && status < 500) code = 'BAD_REQUEST';
  else if (isServerCode(fastifyCode)) code = fastifyCode;
  if (code === 'INTERNAL') request.log.error({ err: error }, 'request failed');
  const message = code === 'INTERNAL' ? 'The server failed.' : error.message;
  return reply.code(HTTP_STATUS[code]).send({ error: { code, message } });
}
