import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ApiError } from '../errors.js';

/** Addresses a webhook may never reach unless its host is allow-listed: the server's own network. */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  INTERNAL.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(net, prefix, 'ipv6');
}

export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return INTERNAL.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Where webhooks may go (SSRF guard). With an allow-list (WEBHOOK_HOSTS) only its hosts, whatever
 * their addresses; without one any host whose every address is public.
 */
export class WebhookGuard {
  readonly #allowed: Set<string> | undefined;

  constructor(allowList: string | undefined) {
    const hosts = (allowList ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter((h) => h !== '');
    this.#allowed = hosts.length === 0 ? undefined : new Set(hosts);
  }

  #host(url: URL): string {
    return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  }

  /** Refuses, in words, a URL this server will not send to (checked when a player sets it). */
  check(raw: string): void {
    const url = new URL(raw);
    const host = this.#host(url);
    if (this.#allowed !== undefined) {
      if (!this.#allowed.has(host)) {
        throw new ApiError(
          'BAD_REQUEST',
          `This server sends webhooks only to ${[...this.#allowed].join(', ')}.`,
        );
      }
      return;
    }
    if (isIP(host) !== 0 ? isInternalAddress(host) : host === 'localhost' || !host.includes('.')) {
      throw new ApiError(
        'BAD_REQUEST',
        "A webhook may not point into the server's own network; use a public address.",
      );
    }
  }

  /** Whether a send may go out now: the name is resolved again, so it cannot have moved inside. */
  async mayReach(raw: string): Promise<boolean> {
    const url = new URL(raw);
    const host = this.#host(url);
    if (this.#allowed !== undefined) return this.#allowed.has(host);
    const addresses =
      isIP(host) !== 0 ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
    return addresses.length > 0 && addresses.every((a) => !isInternalAddress(a));
  }
}
