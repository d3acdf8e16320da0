import nodemailer, { type Transporter } from 'nodemailer';

/** One e-mail, ready to leave: rendered parts, headers and the stable Message-ID. */
export interface OutgoingMail {
  /** `<id@domain>`: stable per notification, so a resend after a crash is the same message. */
  messageId: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** `List-Unsubscribe` (+ one-click POST, RFC 8058); none for an e-mail that is not a notification (a contact-form copy). */
  unsubscribeUrl?: string;
  /** Where a reply goes (support's copy of a ticket: its sender). */
  replyTo?: string;
  /** A calendar invite (iTIP): sent once as the text/calendar alternative and once as an invite.ics attachment. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
  /** Files sent with it (a receipt's invoice PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  headers?: Record<string, string>;
}

/** Where e-mail goes: any SMTP server (SMTP_URL, or the development catcher's URL). */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP. `from` is MAIL_FROM. */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter: Transporter = nodemailer.createTransport(url, { from });
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.unsubscribeUrl ? { list: { unsubscribe: mail.unsubscribeUrl } } : {}),
        headers: { ...(mail.unsubscribeUrl ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}), ...mail.headers },
        // nodemailer's icalEvent is the whole invite: one text/calendar alternative (what Gmail and Outlook
        // show as an invitation) and one invite.ics attachment. Attaching the invite again made three copies.
        ...(mail.calendar ? { icalEvent: { method: mail.calendar.method, filename: 'invite.ics', content: mail.calendar.content } } : {}),
        attachments: mail.attachments ?? [],
      });
    },
    close: () => transporter.close(),
  };
}
