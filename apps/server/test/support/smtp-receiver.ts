import { SMTPServer } from 'smtp-server';

export interface Mail {
  from: string;
  to: string[];
  subject: string;
  /** the text body, quoted-printable undone */
  text: string;
  raw: string;
}

/** Unfolds headers and undoes quoted-printable: enough to read what nodemailer wrote. */
function parse(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  let body = raw.slice(split + 4);
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    body = Buffer.from(
      body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  const subject = /^subject:\s*(.*)$/im.exec(head)?.[1] ?? '';
  return { subject, text: body.replace(/\r\n/g, '\n').trimEnd() };
}

/** A real SMTP server on loopback that keeps every mail it accepts (or refuses them all). */
export class SmtpReceiver {
  readonly mails: Mail[] = [];
  /** while set, every mail is answered with this SMTP reply code (a 4xx: try later) */
  refuseWith: number | undefined;
  #waiters: (() => void)[] = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(): Promise<SmtpReceiver> {
    const holder: { receiver?: SmtpReceiver } = {};
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const receiver = holder.receiver;
          if (receiver?.refuseWith !== undefined) {
            callback(Object.assign(new Error('try later'), { responseCode: receiver.refuseWith }));
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          receiver?.mails.push({
            from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((r) => r.address),
            ...parse(raw),
            raw,
          });
          receiver?.wake();
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const address = server.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    holder.receiver = new SmtpReceiver(server, address.port);
    return holder.receiver;
  }

  get url(): string {
    return `smtp://127.0.0.1:${String(this.port)}`;
  }

  private wake(): void {
    for (const wake of this.#waiters.splice(0)) wake();
  }

  async waitFor(count: number): Promise<void> {
    while (this.mails.length < count) {
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
  }
}
