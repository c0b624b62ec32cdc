import type { NoticeItem } from '@outer-rim/protocol';

/** What came of one try at sending: done, try again later, or never (a refusal that will stay). */
export type SendOutcome = 'sent' | 'retry' | 'drop';

/** A way of telling someone (webhook, e-mail): sends one message of one or more notices. */
export interface Channel {
  readonly kind: 'webhook' | 'email';
  send(
    address: string,
    items: readonly NoticeItem[],
    tables: ReadonlyMap<string, string>,
  ): Promise<SendOutcome>;
}
