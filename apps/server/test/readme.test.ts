import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../src/config/config.js';
import { ALL_ERROR_CODES } from '../src/protocol/error-codes.js';

// The README is the host's manual and the client author's list of codes: it
// must name every variable the server reads and every code it may send.
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('README host guide', () => {
  it('documents every configuration variable', () => {
    const missing = Object.keys(ConfigSchema.shape).filter(
      (name) => !readme.includes(`\`${name}\``),
    );
    expect(missing).toEqual([]);
  });

  it('lists every error code a client may receive', () => {
    const missing = ALL_ERROR_CODES.filter((code) => !readme.includes(`\`${code}\``));
    expect(missing).toEqual([]);
  });

  it('says, for every limit, what a client gets when it hits it', () => {
    const start = readme.indexOf('### Limits, and what a client gets when it hits one');
    expect(start).toBeGreaterThan(0);
    const section = readme.slice(start, readme.indexOf('\n### ', start + 1));
    const limits = Object.keys(ConfigSchema.shape).filter((name) =>
      /LIMIT|BURST|RATE|PER_MINUTE/.test(name),
    );
    expect(limits.length).toBeGreaterThanOrEqual(11);
    const missing = limits.filter((name) => !section.includes(`\`${name}\``));
    expect(missing).toEqual([]);
    for (const code of [
      'RATE_LIMITED',
      'PAYLOAD_TOO_LARGE',
      'BAD_REQUEST',
      'STALE_STATE',
      'UNAVAILABLE',
    ]) {
      expect(section).toContain(`\`${code}\``);
    }
  });
});
