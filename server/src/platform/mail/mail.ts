import { Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Orm } from '../db/orm';
import { MailCatcher } from './mail-catcher';
import { smtpTransport, type MailTransport, type OutgoingMail } from './mail-transport';
import { mailboxRoutes } from './mailbox.http';
import { MailboxService } from './mailbox.service';

/**
 * Outgoing e-mail for the whole process: nodemailer over SMTP_URL, or (no SMTP_URL, outside
 * production) over real SMTP to the product's own catcher on localhost, read at /dev/mailbox.
 * In production without SMTP_URL e-mail is off.
 */
export class Mail {
  readonly mailbox = new MailboxService();
  private readonly catcher?: MailCatcher;
  private transport?: MailTransport;
  private baseUrl: () => string;

  constructor(private readonly deps: { config: Config; orm: Orm; logger?: Logger }) {
    this.baseUrl = () => deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`;
    if (deps.config.mailMode === 'catcher') this.catcher = new MailCatcher({ orm: deps.orm, port: deps.config.MAIL_CATCHER_PORT, logger: deps.logger });
  }

  get mode(): Config['mailMode'] {
    return this.deps.config.mailMode;
  }

  /** The absolute base of links in e-mails: PUBLIC_URL, else where this server listens (set by createServer). */
  publicUrl(): string {
    return this.baseUrl().replace(/\/+$/, '');
  }

  setPublicUrl(resolve: () => string): void {
    this.baseUrl = resolve;
  }

  /** MAIL_FROM as name and address (the organizer of calendar invites). */
  get from(): { name: string; email: string } {
    const m = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(this.deps.config.MAIL_FROM);
    return m ? { name: m[1].replace(/^"|"$/g, '') || 'CollabHub', email: m[2] } : { name: 'CollabHub', email: this.deps.config.MAIL_FROM };
  }

  /** Opens the transport (and starts the catcher in catcher mode). */
  async start(): Promise<void> {
    if (this.transport) return;
    const { config, logger } = this.deps;
    if (config.mailMode === 'off') {
      logger?.warn('e-mail is off: SMTP_URL is not set (production)');
      return;
    }
    const url = config.mailMode === 'smtp' ? config.SMTP_URL! : await this.catcher!.start();
    this.transport = smtpTransport(url, config.MAIL_FROM);
    if (this.catcher) logger?.info({ smtp: url }, 'development mail catcher listening (read at /dev/mailbox)');
  }

  /** Sends over SMTP; throws when the server refuses or cannot be reached (the caller retries). */
  async send(mail: OutgoingMail): Promise<void> {
    if (!this.transport) throw new Error('e-mail is not started (or off: SMTP_URL is not set)');
    await this.transport.send(mail);
  }

  async stop(): Promise<void> {
    this.transport?.close();
    this.transport = undefined;
    await this.catcher?.stop();
  }

  /** `/dev/mailbox`: the catcher's messages; 404 whenever the catcher does not run (always in production). */
  routes(): Router {
    if (this.catcher) return mailboxRoutes(this.deps.orm, this.mailbox);
    const router = Router();
    router.use((_req, res) => void res.status(404).type('text/plain').send('Not found'));
    return router;
  }
}
