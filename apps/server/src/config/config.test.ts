import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('server configuration from the environment', () => {
  it('defaults to port 3000, ./data and an embedded database', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('reads numbers, URLs and flags', () => {
    const config = parseConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://u:p@db:5432/outer_rim',
      TRUST_PROXY: 'true',
      SNAPSHOT_EVERY: '10',
    });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgresql://u:p@db:5432/outer_rim');
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.SNAPSHOT_EVERY).toBe(10);
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('refuses bad values with a message naming each variable', () => {
    let error: unknown;
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/DATABASE_URL/);
    expect(message).toMatch(/LOG_LEVEL/);
  });
});
