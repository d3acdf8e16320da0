import ICAL from 'ical.js';
import { expect } from 'vitest';
import type { TestApp } from '../../../../test/harness';

/** A caught e-mail as /dev/mailbox/messages/:id answers it. */
export interface CaughtMail {
  id: string;
  messageId: string;
  to: string[];
  subject: string;
  deliveries: number;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  /** `content` as UTF-8 text (an invite), `base64` the exact bytes (a PDF). */
  attachments: { filename: string; contentType: string; content: string; base64: string }[];
  links: string[];
}

/** Every e-mail the catcher received for `to`, newest first, parsed. */
export async function mailTo(app: TestApp, to: string): Promise<CaughtMail[]> {
  const list = await fetch(`${app.url}/dev/mailbox/messages?to=${encodeURIComponent(to.toLowerCase())}`).then((r) => r.json());
  return Promise.all(list.messages.map((m: { id: string }) => fetch(`${app.url}/dev/mailbox/messages/${m.id}`).then((r) => r.json())));
}

/** Parses an iCalendar text with ical.js (throws on anything that is not RFC 5545). */
export function parseIcs(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const events = cal.getAllSubcomponents('vevent').map((v) => ({
    uid: String(v.getFirstPropertyValue('uid')),
    sequence: Number(v.getFirstPropertyValue('sequence') ?? 0),
    status: String(v.getFirstPropertyValue('status') ?? ''),
    summary: String(v.getFirstPropertyValue('summary') ?? ''),
    transp: String(v.getFirstPropertyValue('transp') ?? ''),
    start: (v.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate(),
    end: (v.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate(),
    attendees: v.getAllProperties('attendee').map((p) => String(p.getFirstValue()).replace(/^mailto:/i, '')),
  }));
  return { method: cal.getFirstPropertyValue('method') as string | null, version: cal.getFirstPropertyValue('version'), prodid: cal.getFirstPropertyValue('prodid'), events };
}

/** The .ics invite an e-mail carries (attachment). */
export function inviteOf(mail: CaughtMail) {
  const ics = mail.attachments.find((a) => a.filename === 'invite.ics');
  expect(ics, `${mail.subject} carries an invite`).toBeDefined();
  return parseIcs(ics!.content);
}

export const deliveryRows = (app: TestApp, userId: string) =>
  app.orm.em.fork().getConnection().execute<{ id: string; topic: string; status: string; skip_reason: string | null; attempts: number; merged_into: string | null; message_id: string }[]>(
    'select id, topic, status, skip_reason, attempts, merged_into, message_id from email_delivery where user_id = ? order by planned_at, id',
    [userId],
  );
