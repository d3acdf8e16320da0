import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { Logger } from 'pino';
import { SMTPServer } from 'smtp-server';
import type { Orm } from '../db/orm';

/** Largest message the catcher accepts (an e-mail with its .ics is a few tens of kB). */
const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

/**
 * The development mail catcher ("local defaults are real"): a real SMTP server on
 * 127.0.0.1 that the product's own sender delivers to when no SMTP_URL is configured. Every
 * message is kept whole in `mailbox_message` (read at /dev/mailbox). Like a well-behaved mail
 * server it keeps one copy per Message-ID: a message delivered again after a crash between the
 * send and its record only raises `deliveries`.
 */
export class MailCatcher {
  private server?: SMTPServer;
  private address?: AddressInfo;

  constructor(private readonly deps: { orm: Orm; port: number; logger?: Logger }) {}

  /** The URL senders use (`smtp://127.0.0.1:<port>`); starts the listener on first call. */
  async start(): Promise<string> {
    if (!this.server) {
      const server = new SMTPServer({
        name: 'collabhub-mail-catcher',
        banner: 'CollabHub development mail catcher',
        // Loopback only and nothing leaves: no TLS and no login to set up.
        disabledCommands: ['AUTH', 'STARTTLS'],
        logger: false,
        size: MAX_MESSAGE_BYTES,
        onData: (stream, session, callback) => {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', callback);
          stream.on('end', () => {
            if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
              callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
              return;
            }
            const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
            this.store(Buffer.concat(chunks), envelopeFrom, envelopeTo).then(
              () => callback(),
              (err: Error) => {
                this.deps.logger?.error({ err }, 'mail catcher could not store a message');
                callback(Object.assign(new Error('Temporary failure, try again'), { responseCode: 451 }));
              },
            );
          });
        },
      });
      server.on('error', (err) => this.deps.logger?.error({ err }, 'mail catcher error'));
      await new Promise<void>((resolve, reject) => {
        server.server.once('error', reject);
        // exclusive: never share a port-0 handle with another listener of this process.
        server.listen({ port: this.deps.port, host: '127.0.0.1', exclusive: true }, () => {
          server.server.off('error', reject);
          resolve();
        });
      });
      this.server = server;
      this.address = server.server.address() as AddressInfo;
    }
    return `smtp://127.0.0.1:${this.address!.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async store(raw: Buffer, envelopeFrom: string, envelopeTo: string[]): Promise<void> {
    const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
    const messageId = parsed.messageId ?? `<${randomUUID()}@mail-catcher.invalid>`;
    await this.deps.orm.em.fork().execute(
      `insert into mailbox_message (id, message_id, envelope_from, envelope_to, subject, raw)
       values (?, ?, ?, ?::text[], ?, ?)
       on conflict (message_id) do update set deliveries = mailbox_message.deliveries + 1`,
      [randomUUID(), messageId, envelopeFrom, `{${envelopeTo.map((a) => JSON.stringify(a)).join(',')}}`, parsed.subject ?? '', raw.toString('utf8')],
    );
  }
}
