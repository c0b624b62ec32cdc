import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.js';
import {
  describePostgres,
  flushLogs,
  logFormat,
  loggerOptions,
  openAddress,
  startupSummary,
} from './startup.js';

describe('log format', () => {
  it('is pretty for a terminal and JSON for a pipe unless LOG_FORMAT says otherwise', () => {
    expect(logFormat('auto', true)).toBe('pretty');
    expect(logFormat('auto', false)).toBe('json');
    expect(logFormat('json', true)).toBe('json');
    expect(logFormat('pretty', false)).toBe('pretty');
    expect(parseConfig({}).LOG_FORMAT).toBe('auto');
    expect(() => parseConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('pretty-prints through pino-pretty, and writes plain JSON otherwise', () => {
    const json = loggerOptions('info', 'json');
    expect(json).toMatchObject({ level: 'info' });
    // Each line is out before the next statement runs: none is lost to an exit that follows.
    expect((json as { stream?: { sync?: boolean } }).stream?.sync).toBe(true);
    expect(loggerOptions('silent', 'pretty')).toEqual({ level: 'silent' });
    const pretty = loggerOptions('debug', 'pretty');
    expect(pretty).toMatchObject({ level: 'debug', transport: { target: 'pino-pretty' } });
  });
});

describe('start-up line', () => {
  it('names the embedded database, its data folder and the address to open', () => {
    const summary = startupSummary(parseConfig({}), { port: 3000 }, '/srv/web/dist', '/srv');
    expect(summary.fields).toEqual({
      database: 'pglite',
      dataDir: '/srv/data/pglite',
      url: 'http://localhost:3000',
      webClient: '/srv/web/dist',
    });
    expect(summary.message).toBe(
      'Outer Rim online is up: embedded PGlite, data in /srv/data/pglite; web client from /srv/web/dist; open http://localhost:3000',
    );
  });

  it('names PostgreSQL without its password, and says when there is no web client', () => {
    const config = parseConfig({
      DATABASE_URL: 'postgresql://outer:s3cret@db.example:6543/outer_rim',
      HOST: '127.0.0.1',
      PORT: '8080',
    });
    const summary = startupSummary(config, { port: 8080 }, undefined, '/srv');
    expect(summary.message).not.toContain('s3cret');
    expect(summary.message).not.toContain('outer:');
    expect(summary.message).toContain('PostgreSQL at db.example:6543/outer_rim');
    expect(summary.message).toContain('no web client built (API only)');
    expect(summary.fields).toMatchObject({ database: 'postgres', dataDir: null });
    expect(summary.fields.url).toBe('http://127.0.0.1:8080');
  });

  it('turns the address the server listens on into one a browser opens', () => {
    expect(openAddress('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(openAddress('::', 3000)).toBe('http://localhost:3000');
    expect(openAddress('::1', 8080)).toBe('http://[::1]:8080');
    expect(openAddress('games.example.org', 80)).toBe('http://games.example.org:80');
    expect(describePostgres('postgres://db')).toBe('PostgreSQL at db:5432');
  });
});

describe('log flushing before the ready line', () => {
  it('waits for a logger that can flush, and does not wait on one that cannot', async () => {
    const calls: string[] = [];
    const log = {
      flush(cb: () => void) {
        calls.push('flush');
        setTimeout(() => {
          calls.push('written');
          cb();
        }, 5);
      },
    };
    await flushLogs(log);
    expect(calls).toEqual(['flush', 'written']);
    await expect(flushLogs({})).resolves.toBeUndefined();
  });
});
