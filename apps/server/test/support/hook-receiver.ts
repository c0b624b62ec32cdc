import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { WebhookBody } from '@outer-rim/protocol';

/** How the receiver answers: 200, 500, or not at all until `release` (a slow receiver). */
export type HookMode = 'ok' | 'fail' | 'hold';

export interface Received {
  path: string;
  body: WebhookBody;
  raw: string;
}

/**
 * A real HTTP server on loopback standing for a Discord or Slack incoming webhook: it keeps every
 * POST it receives (whatever it answers) and lets a test wait for the next ones.
 */
export class HookReceiver {
  readonly received: Received[] = [];
  mode: HookMode = 'ok';
  readonly #held: ServerResponse[] = [];
  #waiters: (() => void)[] = [];

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(port = 0): Promise<HookReceiver> {
    const holder: { receiver?: HookReceiver } = {};
    const server = createServer((request, response) => {
      void holder.receiver?.handle(request, response);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    holder.receiver = new HookReceiver(server, address.port);
    return holder.receiver;
  }

  url(path: string): string {
    return `http://127.0.0.1:${String(this.port)}${path}`;
  }

  on(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    this.received.push({ path: request.url ?? '', body: JSON.parse(raw) as WebhookBody, raw });
    for (const wake of this.#waiters.splice(0)) wake();
    if (this.mode === 'hold') {
      this.#held.push(response);
      return;
    }
    response.writeHead(this.mode === 'ok' ? 204 : 500).end();
  }

  /** Resolves once `count` requests in all have arrived. */
  async waitFor(count: number): Promise<void> {
    while (this.received.length < count) {
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  get held(): number {
    return this.#held.length;
  }

  release(): void {
    for (const response of this.#held.splice(0)) response.writeHead(204).end();
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) =>
      this.server.close(() => {
        resolve();
      }),
    );
  }
}
