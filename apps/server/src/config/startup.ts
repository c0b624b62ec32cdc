import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config.js';

/** The two ways logs are written: one JSON object per line, or readable lines for a terminal. */
export type LogFormat = 'pretty' | 'json';

/**
 * `LOG_FORMAT=auto` writes for whoever reads: a person at a terminal gets
 * readable lines, a pipe or a log collector gets JSON.
 */
export function logFormat(setting: Config['LOG_FORMAT'], stdoutIsTTY: boolean): LogFormat {
  if (setting !== 'auto') return setting;
  return stdoutIsTTY ? 'pretty' : 'json';
}

/** Fastify's logger options for a level and a format. */
export function loggerOptions(
  level: Config['LOG_LEVEL'],
  format: LogFormat,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  // Nothing is written at `silent` (the tests): no need for a pretty-printing worker.
  if (level === 'silent') return { level };
  // Written as it comes, as the pretty lines are: pino's default stdout writes in the background,
  // and a process stopped right after its start-up line could exit before that line was out.
  if (format === 'json') return { level, stream: pino.destination({ dest: 1, sync: true }) };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: {
        colorize: true,
        singleLine: true,
        // Written as it comes, so the last lines before an exit are not lost.
        sync: true,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname',
      },
    },
  };
}

/** The address a person types into a browser for a server listening on `host`:`port`. */
export function openAddress(host: string, port: number): string {
  // Listening on every interface: this machine's own name for itself works in every browser.
  if (host === '0.0.0.0' || host === '::' || host === '') return `http://localhost:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

/** PostgreSQL's address without the user name or password the URL may carry. */
export function describePostgres(url: string): string {
  const u = new URL(url);
  return `PostgreSQL at ${u.hostname}:${u.port === '' ? '5432' : u.port}${u.pathname}`;
}

export interface StartupSummary {
  readonly message: string;
  readonly fields: {
    readonly database: 'pglite' | 'postgres';
    readonly dataDir: string | null;
    readonly url: string;
    readonly webClient: string | null;
  };
}

/**
 * The line a host reads once the server is up: which database, which data
 * folder, which address, and whether the web client is served.
 */
export function startupSummary(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'HOST'>,
  address: Pick<AddressInfo, 'port'>,
  webClient: string | undefined,
  cwd: string,
): StartupSummary {
  const url = openAddress(config.HOST, address.port);
  const dataDir =
    config.DATABASE_URL === undefined ? resolve(cwd, join(config.DATA_DIR, 'pglite')) : null;
  const database =
    config.DATABASE_URL === undefined
      ? `embedded PGlite, data in ${dataDir ?? ''}`
      : `${describePostgres(config.DATABASE_URL)} (no data folder)`;
  const web =
    webClient === undefined ? 'no web client built (API only)' : `web client from ${webClient}`;
  return {
    message: `Outer Rim online is up: ${database}; ${web}; open ${url}`,
    fields: {
      database: config.DATABASE_URL === undefined ? 'pglite' : 'postgres',
      dataDir,
      url,
      webClient: webClient ?? null,
    },
  };
}

/**
 * Waits until the logger has written what it holds (pino buffers, and a
 * pretty-printing worker writes on its own thread), so a line printed after
 * this comes after the logs.
 */
export function flushLogs(log: object): Promise<void> {
  return new Promise((resolvePromise) => {
    if (!('flush' in log) || typeof log.flush !== 'function') {
      resolvePromise();
      return;
    }
    (log.flush as (cb: () => void) => void).call(log, () => {
      resolvePromise();
    });
  });
}
