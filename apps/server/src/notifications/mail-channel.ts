import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { NoticeItem } from '@outer-rim/protocol';
import type { Channel, SendOutcome } from './channels.js';
import { noticeSubject, noticeText } from './notice-words.js';

/**
 * E-mail through the SMTP server the host configured (SMTP_URL), with nodemailer. A server that
 * cannot be reached or answers 4xx is tried again later; a 5xx for the address is final.
 */
export class MailChannel implements Channel {
  readonly kind = 'email';
  readonly #transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly logger: Logger,
  ) {
    this.#transport = nodemailer.createTransport(smtpUrl);
  }

  async send(
    address: string,
    items: readonly NoticeItem[],
    tables: ReadonlyMap<string, string>,
  ): Promise<SendOutcome> {
    try {
      await this.#transport.sendMail({
        from: this.from,
        to: address,
        subject: noticeSubject(items, tables),
        text: noticeText(items, tables),
      });
      return 'sent';
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      if (code !== undefined && code >= 500) {
        this.logger.warn({ code }, 'the SMTP server refused a notice');
        return 'drop';
      }
      this.logger.debug({ err: error }, 'the SMTP server did not take a notice');
      return 'retry';
    }
  }

  close(): void {
    this.#transport.close();
  }
}
