import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/config.js';
import { configPlugin } from './config/config-plugin.js';
import { logFormat, loggerOptions } from './config/startup.js';
import type { Database } from './db/database.js';
import { dbPlugin } from './db/db-plugin.js';
import { botsPlugin } from './bots/bots-plugin.js';
import type { BotRunner } from './bots/bot-runner.js';
import { docsPlugin } from './docs/docs-plugin.js';
import type { GameService } from './games/game-service.js';
import { gamesPlugin } from './games/games-plugin.js';
import { healthPlugin } from './health/health-plugin.js';
import { httpPlugin } from './http/http-plugin.js';
import { lobbyPlugin } from './lobby/lobby-plugin.js';
import type { LobbyService } from './lobby/lobby-service.js';
import type { Metrics } from './metrics/metrics.js';
import { metricsPlugin } from './metrics/metrics-plugin.js';
import { myGamesPlugin } from './my-games/my-games-plugin.js';
import type { Clock } from './clock/clock.js';
import { turnClockPlugin } from './clock/turn-clock-plugin.js';
import type { TurnClockService } from './clock/turn-clock-service.js';
import { notificationsPlugin } from './notifications/notifications-plugin.js';
import type { Notifier } from './notifications/notifier.js';
import type { Realtime } from './realtime/realtime.js';
import { realtimePlugin } from './realtime/realtime-plugin.js';
import { staticPlugin } from './static/static-plugin.js';
import { undoPlugin } from './undo/undo-plugin.js';

export interface App {
  fastify: FastifyInstance;
  realtime: Realtime;
  database: Database;
  games: GameService;
  lobby: LobbyService;
  metrics: Metrics;
  bots: BotRunner;
  notifier: Notifier;
  turnClocks: TurnClockService;
}

/** What a test may put in place of the real thing: the clock notices and turn clocks run on. */
export interface AppDeps {
  clock?: Clock;
}

/**
 * The whole server for one configuration, ready but not yet listening. Tests build several of
 * these (two "processes" on one PostgreSQL) and main.ts builds one.
 *
 * One plugin per concern, each sharing its decorators through fastify-plugin and naming the ones
 * it needs, so Fastify refuses a tree in the wrong order. The order also sets the shutdown: the
 * preClose hooks run as registered (games stop taking actions and finish the queued ones, then
 * realtime closes the sockets), and the database closes in onClose, after HTTP has stopped.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const fastify = Fastify({
    // Readable lines at a terminal, JSON for pipes and collectors (LOG_FORMAT).
    logger: loggerOptions(config.LOG_LEVEL, logFormat(config.LOG_FORMAT, process.stdout.isTTY)),
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    // Sockets are closed by the preClose hook; idle keep-alive HTTP connections need not delay exit.
    forceCloseConnections: 'idle',
    // Plugins load in milliseconds, but a small, busy host can stall for longer than the default 10 s.
    pluginTimeout: 60_000,
    // The router's own refusals (a URL that does not decode, an over-long parameter) answer in the
    // contract's shape too, rather than Fastify's.
    frameworkErrors: (error, _request, reply) => {
      const plain = reply as unknown as {
        code(status: number): { send(body: unknown): unknown };
      };
      void plain.code(400).send({
        error: { code: 'BAD_REQUEST', message: `The request was malformed: ${error.message}` },
      });
    },
    // A request arriving while the server stops is answered by the http plugin, in shape.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  try {
    await fastify.register(configPlugin, { config });
    await fastify.register(httpPlugin);
    await fastify.register(docsPlugin);
    await fastify.register(dbPlugin);
    await fastify.register(metricsPlugin);
    await fastify.register(gamesPlugin);
    await fastify.register(lobbyPlugin);
    await fastify.register(myGamesPlugin);
    await fastify.register(realtimePlugin);
    await fastify.register(botsPlugin);
    await fastify.register(
      notificationsPlugin,
      deps.clock === undefined ? {} : { clock: deps.clock },
    );
    await fastify.register(turnClockPlugin, deps.clock === undefined ? {} : { clock: deps.clock });
    await fastify.register(undoPlugin);
    await fastify.register(healthPlugin);
    await fastify.register(staticPlugin);
    await fastify.ready();
  } catch (error) {
    // A server that failed to start must not keep its database connections open: closing runs
    // the hooks of every plugin that did load.
    await fastify.close().catch(() => undefined);
    throw error;
  }
  const { realtime, database, games, lobby, metrics, bots, notifier, turnClocks } = fastify;
  return { fastify, realtime, database, games, lobby, metrics, bots, notifier, turnClocks };
}
