import type { EntityManager } from '@mikro-orm/postgresql';
import { simpleParser, type AddressObject } from 'mailparser';

/** A caught message as the mailbox lists it. */
export interface MailboxEntry {
  id: string;
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  receivedAt: Date;
  /** How many times it arrived over SMTP (a resend with the same Message-ID is not a new message). */
  deliveries: number;
}

/** A caught message, parsed. */
export interface MailboxMessage extends MailboxEntry {
  text: string;
  html: string | null;
  headers: Record<string, string>;
  /** `content` as UTF-8 text (an invite), `base64` the exact bytes (a PDF). */
  attachments: { filename: string; contentType: string; content: string; base64: string }[];
  /** Links in the HTML part, in order (the buttons of our e-mails). */
  links: string[];
}

interface Row {
  id: string;
  message_id: string;
  envelope_from: string;
  envelope_to: string[];
  subject: string;
  received_at: Date;
  deliveries: number;
  raw?: string;
}

const entry = (r: Row): MailboxEntry => ({
  id: r.id,
  messageId: r.message_id,
  from: r.envelope_from,
  to: r.envelope_to,
  subject: r.subject,
  receivedAt: new Date(r.received_at),
  deliveries: Number(r.deliveries),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const addressText = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a.map((x) => x.text).join(', ') : (a?.text ?? ''));

/** Reads what the development mail catcher received (newest first), parsed with mailparser. */
export class MailboxService {
  async list(em: EntityManager, opts: { to?: string; limit?: number } = {}): Promise<MailboxEntry[]> {
    const limit = Math.min(Math.max(opts.limit ?? 100, 1), 500);
    const rows = await em.execute<Row[]>(
      `select id, message_id, envelope_from, envelope_to, subject, received_at, deliveries from mailbox_message
       ${opts.to ? 'where ? = any(envelope_to)' : ''} order by received_at desc, id limit ${limit}`,
      opts.to ? [opts.to.toLowerCase()] : [],
    );
    return rows.map(entry);
  }

  async get(em: EntityManager, id: string): Promise<MailboxMessage | null> {
    if (!UUID.test(id)) return null;
    const [row] = await em.execute<Row[]>('select * from mailbox_message where id = ?', [id]);
    if (!row) return null;
    const parsed = await simpleParser(row.raw!);
    const headers: Record<string, string> = {};
    for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim();
    const html = typeof parsed.html === 'string' ? parsed.html : null;
    return {
      ...entry(row),
      from: addressText(parsed.from) || row.envelope_from,
      text: parsed.text ?? '',
      html,
      headers,
      attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? 'attachment', contentType: a.contentType, content: a.content.toString('utf8'), base64: a.content.toString('base64') })),
      links: html ? [...html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/gi)].map((m) => m[1].replace(/&amp;/g, '&')) : [],
    };
  }

  /** The message exactly as it arrived (an .eml). */
  async raw(em: EntityManager, id: string): Promise<string | null> {
    if (!UUID.test(id)) return null;
    const [row] = await em.execute<{ raw: string }[]>('select raw from mailbox_message where id = ?', [id]);
    return row?.raw ?? null;
  }
}
