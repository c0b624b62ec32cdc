import type { Logger } from 'pino';
import type { NoticeItem, WebhookBody } from '@outer-rim/protocol';
import type { Channel, SendOutcome } from './channels.js';
import { noticeText } from './notice-words.js';
import type { WebhookGuard } from './webhook-guard.js';

/**
 * Webhooks: an HTTP POST of a small JSON document that Discord (`content`) and Slack (`text`)
 * incoming webhooks both accept. A receiver that is down, slow (past `timeoutMs`) or answering
 * 5xx or 429 is tried again later; one that refuses with another 4xx is not.
 */
export class WebhookChannel implements Channel {
  readonly kind = 'webhook';

  constructor(
    private readonly guard: WebhookGuard,
    private readonly logger: Logger,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(
    address: string,
    items: readonly NoticeItem[],
    tables: ReadonlyMap<string, string>,
  ): Promise<SendOutcome> {
    try {
      if (!(await this.guard.mayReach(address))) {
        this.logger.warn({ host: new URL(address).host }, 'webhook to an internal address dropped');
        return 'drop';
      }
    } catch (error) {
      this.logger.debug({ err: error }, 'webhook host did not resolve');
      return 'retry';
    }
    const text = noticeText(items, tables);
    const body: WebhookBody = { content: text, text, notices: [...items] };
    try {
      const response = await fetch(address, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'outer-rim-online' },
        body: JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await response.body?.cancel();
      if (response.ok) return 'sent';
      if (response.status === 429 || response.status >= 500) return 'retry';
      this.logger.warn({ status: response.status }, 'webhook refused a notice');
      return 'drop';
    } catch (error) {
      this.logger.debug({ err: error }, 'webhook did not answer');
      return 'retry';
    }
  }
}
