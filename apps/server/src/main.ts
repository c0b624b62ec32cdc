import { ConfigError, EXIT_BAD_CONFIG, parseConfig } from './config/config.js';

// The process entry: configuration, listen, and a graceful stop on SIGTERM/SIGINT.
let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(
      `${error.message}\nSee "Configure" in docs/hosting.md for every variable.\n`,
    );
    process.exit(EXIT_BAD_CONFIG);
  }
  throw error;
}

// Imported only once the configuration is known good, so a bad one fails fast and alone.
const { buildApp } = await import('./app.js');
const app = await buildApp(config);
const { fastify } = app;
await fastify.listen({ port: config.PORT, host: config.HOST });

// One line for the host: which database, which data folder, which address.
const { flushLogs, startupSummary } = await import('./config/startup.js');
const { findWebDist } = await import('./static/static.js');
const address = fastify.server.address();
const summary = startupSummary(
  config,
  { port: typeof address === 'object' && address !== null ? address.port : config.PORT },
  config.WEB_DIST ?? findWebDist(),
  process.cwd(),
);
fastify.log.info(summary.fields, summary.message);
// Started by `npm start` (src/start/launch.ts): tell it the server is ready, then let go of the
// channel; another parent's IPC channel (a process manager's) is left alone.
if (process.send !== undefined && process.env.OUTER_RIM_LAUNCHER === '1') {
  await flushLogs(fastify.log);
  process.send({ type: 'outer-rim:ready', url: summary.fields.url });
  process.disconnect();
}

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  fastify.log.info({ signal }, 'shutting down');
  const timeout = setTimeout(() => {
    fastify.log.error('shutdown timed out');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  timeout.unref();
  fastify.close().then(
    () => {
      process.exit(0);
    },
    (error: unknown) => {
      fastify.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => {
  stop('SIGTERM');
});
process.on('SIGINT', () => {
  stop('SIGINT');
});
