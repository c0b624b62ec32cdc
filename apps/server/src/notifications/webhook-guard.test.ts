import { describe, expect, it } from 'vitest';
import { isInternalAddress, WebhookGuard } from './webhook-guard.js';

describe('webhook guard (SSRF)', () => {
  it("knows the server's own network: loopback, private, link-local, mapped", () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isInternalAddress(a), a).toBe(true);
    }
    for (const a of ['162.159.135.232', '2606:4700::6810:84e5', '8.8.8.8']) {
      expect(isInternalAddress(a), a).toBe(false);
    }
  });

  it('without an allow-list refuses internal addresses and bare names, with words', () => {
    const guard = new WebhookGuard(undefined);
    expect(() => {
      guard.check('http://169.254.169.254/latest/meta-data');
    }).toThrow(/own network/);
    expect(() => {
      guard.check('http://localhost:3000/x');
    }).toThrow(/own network/);
    expect(() => {
      guard.check('https://discord.com/api/webhooks/1/abc');
    }).not.toThrow();
  });

  it('with an allow-list sends only to its hosts, whatever their addresses', async () => {
    const guard = new WebhookGuard('127.0.0.1, hooks.slack.com');
    expect(() => {
      guard.check('https://discord.com/api/webhooks/1/abc');
    }).toThrow(/only to 127.0.0.1, hooks.slack.com/);
    expect(await guard.mayReach('http://127.0.0.1:9/x')).toBe(true);
    expect(await guard.mayReach('https://discord.com/x')).toBe(false);
  });

  it('checks the addresses again when it sends', async () => {
    expect(await new WebhookGuard(undefined).mayReach('http://127.0.0.1:9/x')).toBe(false);
  });
});
