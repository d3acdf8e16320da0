import { cancellationWords, type MoneyFigures } from '../bookings';
import { formatMoney } from '../../platform/shared/money';
import { DateTime } from 'luxon';
import type { OutboxTopic, SupportTicketCreatedPayload } from '../../platform/outbox/outbox.topics';
import type { ProductLinks } from '../../platform/shared/product-links';
import type { EmailContent } from './templates/notification-email';

/** Who an e-mail is for: their address, name and the zone their times are shown in. */
export interface Recipient {
  userId: string;
  email: string;
  name: string;
  timeZone: string;
}

/** A notification as the e-mail consumer reads it (features/notifications writes them). */
export interface NotificationForEmail {
  id: string;
  type: OutboxTopic;
  bookingId: string | null;
  conversationId: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
  /** The recipient made this change themselves (accepted, moved, cancelled): worded for them. */
  actorCopy?: boolean;
}


const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const cash = (cents: number | null | undefined): string | null => (typeof cents === 'number' ? formatMoney(cents) : null);

/**
 * The zone's usual abbreviation at that instant ("CET", "CEST", "EST", "BST"), else its offset
 * ("GMT+9"). Each locale's data names only some zones (en-US says "GMT+1" for Berlin, en-GB says
 * "GMT-5" for New York), so the first name that is not a bare offset wins.
 */
export function zoneAbbreviation(zone: string, at: Date): string {
  const instant = DateTime.fromJSDate(at, { zone });
  const names = ['en-US', 'en-GB'].map((locale) => instant.setLocale(locale).toFormat('ZZZZ'));
  return names.find((name) => name && !/^(GMT|UTC)[+-]/.test(name)) ?? names[0] ?? '';
}

/** The zone's IANA name and its abbreviation at that instant, e.g. "Europe/Berlin (CET)". */
export function zoneLabel(zone: string, at: Date): string {
  const short = zoneAbbreviation(zone, at);
  return short && short !== zone ? `${zone} (${short})` : zone;
}

/** "Tue 1 Dec 2026, 10:00–12:00 Europe/Berlin (CET)": a booking's hours in the reader's zone, the zone named. */
export function formatBookingTime(startIso: string, endIso: string, zone: string): string {
  const start = DateTime.fromISO(startIso, { zone });
  const end = DateTime.fromISO(endIso, { zone });
  if (!start.isValid || !end.isValid) return '';
  const sameDay = start.hasSame(end, 'day');
  const endText = sameDay ? end.toFormat('HH:mm') : end.toFormat('ccc d LLL yyyy, HH:mm');
  return `${start.toFormat('ccc d LLL yyyy, HH:mm')}–${endText} ${zoneLabel(zone, start.toJSDate())}`;
}

/** "Tue 1 Dec, 14:05 Europe/Berlin (CET)": one instant in the reader's zone. */
export function formatInstant(iso: string | Date, zone: string): string {
  const at = typeof iso === 'string' ? DateTime.fromISO(iso, { zone }) : DateTime.fromJSDate(iso, { zone });
  return at.isValid ? `${at.toFormat('ccc d LLL, HH:mm')} ${zoneLabel(zone, at.toJSDate())}` : '';
}

/** What an e-mail tells of money, read when it is rendered: the booking's figures from the ledger, and the invoice a receipt attaches. */
export interface EmailMoney {
  /** The booking's figures (features/bookings `moneyOf`); null: not about a booking, or unknown. */
  figures: MoneyFigures | null;
  /** The invoice the e-mail attaches (a receipt): its number and lines as printed on the PDF. */
  invoice?: { number: string; lines: { description: string; amountCents: number }[] } | null;
}

/**
 * One e-mail's subject and content for a notification, from its recipient's side. `invite` is the
 * calendar invite the e-mail carries (null: none); the text mentions an attachment only when there is one.
 * Amounts come from `money`, read when the e-mail is rendered, never from the event.
 */
export function bookingEmailContent(
  n: NotificationForEmail,
  to: Recipient,
  links: ProductLinks,
  invite: 'REQUEST' | 'CANCEL' | null = null,
  money: EmailMoney = { figures: null },
): { subject: string; content: EmailContent } {
  const p = n.payload;
  const m = money.figures;
  const creator = str(p.creatorName) ?? 'The creator';
  const booker = str(p.bookerName) ?? 'A client';
  const isCreator = str(p.creatorUserId) === to.userId;
  const other = isCreator ? booker : creator;
  const when = str(p.startTime) && str(p.endTime) ? formatBookingTime(String(p.startTime), String(p.endTime), to.timeZone) : '';
  const bookingUrl = links.booking(String(p.bookingId ?? n.bookingId ?? ''));
  const facts: EmailContent['facts'] = [];
  if (when) facts.push({ label: 'When', value: when });
  facts.push({ label: isCreator ? 'Client' : 'Creator', value: other });
  const total = cash(m?.priceCents);
  const open = { label: 'Open the booking', url: bookingUrl };
  const content = (subject: string, heading: string, paragraphs: (string | null)[], extraFacts: EmailContent['facts'] = [], button = open) => {
    const lines = paragraphs.filter((line): line is string => line !== null);
    return { subject, content: { preview: lines[0] ?? heading, heading, paragraphs: lines, facts: [...facts, ...extraFacts], button } };
  };
  // What the attached invite does, only when one is attached.
  const attached = (whenRequest: string, whenCancel: string): string | null => (invite === 'REQUEST' ? whenRequest : invite === 'CANCEL' ? whenCancel : null);
  const inviteAttached = attached('The calendar invite is attached: add it and a later change updates the same entry.', 'The attached update removes it from your calendar.');
  const updateAttached = attached('The attached invite updates your calendar entry.', 'The attached update removes it from your calendar.');

  if (n.actorCopy) {
    const refund = m ? m.refundedCents : null;
    const reason = str(p.reason);
    switch (n.type) {
      case 'booking.confirmed':
        return content(
          `Confirmed: your booking with ${other}`,
          isCreator ? `You accepted ${booker}'s request` : `You confirmed your booking with ${creator}`,
          [
            isCreator ? `You accepted ${booker}'s request — it is in your calendar.` : `You confirmed your booking with ${creator} — it is in your calendar.`,
            inviteAttached,
          ],
          total ? [{ label: isCreator ? 'Total' : 'Paid', value: total }] : [],
        );
      case 'booking.moved':
        return content(`Moved: your booking with ${other}`, 'You confirmed the new hours', [
          `You confirmed the new hours of your booking with ${other} — your calendar entry moves with it.`,
          updateAttached,
        ]);
      case 'booking.cancelled': {
        const words = cancellationWords(p, to.userId, m);
        const lines: (string | null)[] = [
          isCreator ? `You cancelled the booking with ${booker}. Its hours are free again.` : `You cancelled your booking with ${creator}.`,
          `${words.money}.`,
        ];
        if (reason) lines.push(`Reason you gave: "${reason}"`);
        lines.push(updateAttached);
        return content(`You cancelled your booking with ${other}`, 'You cancelled a booking', lines, refund !== null && refund > 0 && !isCreator ? [{ label: 'Refund', value: cash(refund)! }] : []);
      }
    }
  }

  switch (n.type) {
    case 'booking.created': {
      const deadline = str(p.requestDeadline);
      return content(
        `New booking request from ${booker}`,
        `${booker} wants to book you`,
        [
          `${booker} sent you a booking request. The payment is authorised and waits for your answer.`,
          deadline ? `Accept or decline before ${formatInstant(deadline, to.timeZone)}; after that the request expires and the hold is released.` : 'Accept or decline it from your dashboard.',
        ],
        [...(total ? [{ label: 'Total', value: total }] : []), ...(m ? [{ label: 'Your share', value: cash(m.creatorCents)! }] : [])],
        { label: 'Review the request', url: bookingUrl },
      );
    }
    case 'booking.expiring': {
      const deadline = str(p.requestDeadline);
      return content(
        `Reminder: ${booker}'s request expires in 24 hours`,
        'A request is about to expire',
        [`${booker}'s booking request has no answer yet.${deadline ? ` It expires ${formatInstant(deadline, to.timeZone)}.` : ''}`, 'Accept or decline it before then.'],
        [],
        { label: 'Answer the request', url: bookingUrl },
      );
    }
    case 'booking.time_proposed':
      return content(`${creator} proposed another time`, `${creator} proposed another time`, [`${creator} suggested moving your booking request to other hours. Accept or decline the proposal in the conversation.`], [], {
        label: 'See the proposal',
        url: n.conversationId ? links.conversation(n.conversationId) : bookingUrl,
      });
    case 'booking.confirmed':
      return content(
        `Confirmed: your booking with ${creator}`,
        // A creator hears of a confirmation they did not make when the brand accepted the time they proposed.
        isCreator ? `${booker} accepted your proposed time` : `${creator} accepted your booking`,
        [isCreator ? `Your collaboration with ${booker} is confirmed at the hours you proposed.` : `Your collaboration with ${creator} is confirmed.`, inviteAttached],
        m ? [{ label: 'Paid', value: cash(m.paidCents)! }] : [],
      );
    case 'payment.captured': {
      const paid = cash(m?.chargedCents) ?? '';
      const invoice = money.invoice ?? null;
      return content(
        `Receipt: ${paid} paid for your booking with ${creator}`,
        'Your payment receipt',
        [
          `We charged ${paid} to your card for your collaboration with ${creator}.`,
          invoice
            ? `Invoice ${invoice.number} (from ${creator}, via CollabHub) is attached as a PDF; it and receipt ${str(p.receiptNumber) ?? ''} are on the booking too, with your billing details from Settings.`
            : `Invoice ${str(p.invoiceNumber) ?? ''} (from ${creator}, via CollabHub) and receipt ${str(p.receiptNumber) ?? ''} are on the booking as PDFs, with your billing details from Settings.`,
        ],
        [
          { label: 'Paid', value: paid },
          // The attached invoice's own lines (the creator's share of each item, the platform fee).
          ...(invoice?.lines ?? []).map((l) => ({ label: l.description.replace(/^CollabHub platform fee.*/, 'Platform fee'), value: cash(l.amountCents)! })),
          { label: 'Invoice', value: str(p.invoiceNumber) ?? '' },
          { label: 'Receipt', value: str(p.receiptNumber) ?? '' },
        ],
        { label: 'Download the invoice', url: bookingUrl },
      );
    }
    case 'booking.declined':
      return content(`${creator} declined your booking request`, 'Your request was declined', [`${creator} declined the request. The authorisation on your card was released: you were not charged.`]);
    case 'booking.expired':
      return isCreator
        ? content(`A request from ${booker} expired`, 'A request expired', [`${booker}'s request expired without an answer. The hold was released and the hours are free again.`])
        : content(`Your booking request to ${creator} expired`, 'Your request expired', [`${creator} did not answer in time. The authorisation on your card was released: you were not charged.`]);
    case 'booking.moved':
      // A request not accepted yet moves too (a proposed time): no calendar holds it, so no invite comes with it.
      return invite
        ? content(`Moved: your booking with ${other}`, 'Your booking has new hours', [`The booking with ${other} moved to the hours below.`, updateAttached])
        : content(`Moved: your booking request with ${other}`, 'Your booking request has new hours', [
            `The booking request with ${other} moved to the hours below.`,
            isCreator ? 'It is still a request: accept it and the confirmation brings the calendar invite.' : `It is still a request: once ${creator} accepts it, the confirmation brings the calendar invite.`,
          ]);
    case 'booking.cancelled': {
      // Who cancelled, why, and what it means for the reader's money (the ledger's figures, one wording for every channel).
      const words = cancellationWords(p, to.userId, m);
      const refund = m?.refundedCents ?? 0;
      const lines: (string | null)[] = [
        `${words.who} the booking ${isCreator ? `with ${booker}` : `with ${creator}`}.${isCreator ? ' Its hours are free again.' : ''}`,
        words.why ? `Reason: "${words.why}"` : null,
        `${words.money}.`,
        updateAttached,
      ];
      const facts = isCreator
        ? (m && m.chargedCents > 0 ? [{ label: 'You keep', value: cash(m.creatorCents)! }] : [])
        : refund > 0 ? [{ label: 'Refund', value: cash(refund)! }] : [];
      return content(`Cancelled: booking with ${other}`, words.who.startsWith('You') ? 'You cancelled a booking' : 'A booking was cancelled', lines, facts);
    }
    case 'booking.completed':
      return content(`Completed: your booking with ${other}`, 'Your collaboration is complete', [`The booking with ${other} is complete. You can now leave a review.`], [], { label: 'Leave a review', url: bookingUrl });
    case 'booking.disputed':
      return content(`A dispute was opened on your booking with ${other}`, 'A dispute was opened', [
        'A dispute was opened on this booking. Support reads the conversation and decides; the money stays with the platform until then.',
      ]);
    case 'booking.resolved': {
      const refund = m && m.refundedCents > 0 ? cash(m.refundedCents) : null;
      return content(`Dispute resolved: booking with ${other}`, 'The dispute was resolved', [`Support resolved the dispute on your booking with ${other}.${refund ? ` Refund: ${refund}.` : ''}`]);
    }
    case 'payout.paid':
      return content(`Payout sent: ${cash(m?.paidOutCents) ?? ''}`.trim(), 'Your payout is on its way', [`We sent ${cash(m?.paidOutCents) ?? 'your earnings'} for your booking with ${booker} to your connected account.`], [], {
        label: 'See your earnings',
        url: links.dashboard(),
      });
    case 'booking.reminder': {
      const minutes = Number(p.minutesUntilStart ?? Number(p.hoursBefore) * 60) || 60;
      const hours = Math.round(minutes / 60);
      const soon = minutes < 55 ? `in ${minutes} minutes` : hours <= 1 ? 'in 1 hour' : `in ${hours} hours`;
      return content(`Reminder: your booking with ${other} starts ${soon}`, `Your booking starts ${soon}`, [`Your collaboration with ${other} starts ${soon}.`]);
    }
    case 'review.created': {
      const reviewer = str(p.reviewerName) ?? 'Someone';
      return content(`${reviewer} left you a ${p.rating}-star review`, 'You have a new review', [`${reviewer} rated your collaboration ${p.rating} out of 5.${str(p.comment) ? ` "${str(p.comment)}"` : ''}`], [], {
        label: 'See the booking',
        url: bookingUrl,
      });
    }
    case 'brief.submitted':
      return content(
        Number(p.version) > 1 ? `${booker} changed the brief for your booking` : `${booker} sent the brief for your booking`,
        Number(p.version) > 1 ? 'The brief changed: please confirm it again' : 'Please confirm the brief',
        [`${booker} ${Number(p.version) > 1 ? 'changed' : 'wrote'} the brief: talking points, links, what to do and not to do${p.disclosureRequired ? ', and an ad disclosure is required' : ''}. Read it and confirm it on the booking.`],
        [],
        { label: 'Read the brief', url: bookingUrl },
      );
    case 'brief.confirmed':
      return content(`${creator} confirmed the brief`, 'The brief is confirmed', [`${creator} read and confirmed version ${Number(p.version)} of the brief.`]);
    case 'delivery.submitted': {
      const due = str(p.approvalDueAt);
      return content(
        `${creator} delivered: please review it`,
        'Your delivery is ready for review',
        [
          `${creator} submitted what was delivered for your booking${Array.isArray(p.links) && p.links.length > 0 ? ` (${p.links.length} link${p.links.length === 1 ? '' : 's'})` : ''}.`,
          `Approve it or ask for changes${due ? ` before ${formatInstant(due, to.timeZone)}` : ''}; if you do neither, it is approved then and the creator is paid.`,
        ],
        [],
        { label: 'Review the delivery', url: bookingUrl },
      );
    }
    case 'delivery.changes_requested':
      return content(`${booker} asked for changes`, 'Changes were requested', [
        `${booker} asked for changes to delivery ${Number(p.number)}.${str(p.responseNote) ? ` "${str(p.responseNote)}"` : ''}`,
        'Submit the revised delivery on the booking.',
      ]);
    case 'delivery.approved':
      return content(
        `Delivery approved: booking with ${other}`,
        'The delivery was approved',
        [
          p.approvedBy === 'system' ? 'The approval window ended without an answer, so the delivery was approved.' : `${booker} approved the delivery.`,
          isCreator ? 'The booking is complete and your share is released for payout.' : 'The booking is complete.',
        ],
      );
    case 'offer.sent':
    case 'offer.countered': {
      const sender = str(p.senderName) ?? 'Someone';
      const offerTotal = cash(typeof p.totalCents === 'number' ? p.totalCents : null) ?? '';
      const expires = str(p.expiresAt);
      const items = Array.isArray(p.items) ? (p.items as { label?: unknown; quantity?: unknown }[]) : [];
      return content(
        n.type === 'offer.sent' ? `${sender} sent you an offer: ${offerTotal}` : `${sender} countered your offer: ${offerTotal}`,
        n.type === 'offer.sent' ? `${sender} sent you an offer` : `${sender} made a counter-offer`,
        [
          `${sender} offers ${items.map((i) => `${String(i.label ?? '')}${Number(i.quantity) > 1 ? ` × ${Number(i.quantity)}` : ''}`).join(', ')} for ${offerTotal}.`,
          expires ? `Accept, decline or counter it before ${formatInstant(expires, to.timeZone)}; after that it expires.` : 'Accept, decline or counter it in the conversation.',
        ],
        [{ label: 'Total', value: offerTotal }],
        { label: 'See the offer', url: n.conversationId ? links.conversation(n.conversationId) : links.dashboard() },
      );
    }
    case 'offer.accepted': {
      const recipient = str(p.recipientName) ?? 'Someone';
      const offerTotal = cash(typeof p.totalCents === 'number' ? p.totalCents : null) ?? '';
      const brandPays = p.senderUserId === p.clientUserId && !p.bookingId;
      return content(
        `${recipient} accepted your offer of ${offerTotal}`,
        'Your offer was accepted',
        [brandPays ? `${recipient} accepted your offer. Pay in the conversation to book it.` : `${recipient} accepted your offer and is paying for it; the booking follows in your dashboard.`],
        [{ label: 'Total', value: offerTotal }],
        { label: brandPays ? 'Pay now' : 'Open the conversation', url: n.conversationId ? links.conversation(n.conversationId) : links.dashboard() },
      );
    }
    case 'webhook_endpoint.disabled': {
      const url = str(p.url) ?? 'your endpoint';
      const since = str(p.failingSince);
      return content(
        'Your webhook endpoint was disabled',
        'A webhook endpoint was disabled',
        [
          `Every delivery to ${url} failed${since ? ` since ${formatInstant(since, to.timeZone)}` : ''}, so after 3 days of retries we stopped sending events to it.`,
          'Fix the endpoint, then enable it again in the Developers tab: the events it missed are in its delivery log, and "Replay since…" sends them again.',
        ],
        [{ label: 'Endpoint', value: url }],
        { label: 'Re-enable the endpoint', url: links.developers(str(p.endpointId) ?? undefined) },
      );
    }
    // Messages are e-mailed as digests (messageDigestContent); the others have no e-mail kind (notification-kinds.ts).
    case 'offer.declined':
    case 'offer.withdrawn':
    case 'offer.expired':
    case 'message.created':
    case 'webhook_endpoint.test':
    case 'creator.updated':
    case 'creator.availability_changed':
    // Account e-mails are worded by accountEmailContent (their link's token is opened by the worker).
    case 'account.verify_email':
    case 'account.password_reset':
    case 'account.password_changed':
    case 'account.email_change_requested':
    // A ticket's e-mails go to addresses, worded by ticketEmailContent.
    case 'support.ticket_created':
      return content(n.type, 'Something happened on CollabHub', ['Open CollabHub to see what changed.']);
    default: {
      // A new topic of the vocabulary does not compile until it has its e-mail above.
      const unknown: never = n.type;
      return content(String(unknown), 'Something happened on CollabHub', ['Open CollabHub to see what changed.']);
    }
  }
}

/** One e-mail for several new messages in one conversation (the digest). */
export function messageDigestContent(messages: NotificationForEmail[], to: Recipient, links: ProductLinks): { subject: string; content: EmailContent } {
  const senders = [...new Set(messages.map((m) => str(m.payload.senderName) ?? 'Someone'))];
  const from = senders.join(', ');
  const conversationId = messages[0].conversationId ?? String(messages[0].payload.conversationId ?? '');
  const count = messages.length;
  return {
    subject: count === 1 ? `New message from ${from}` : `${count} new messages from ${from}`,
    content: {
      preview: str(messages[0].payload.excerpt) ?? str(messages[0].payload.text) ?? `New message from ${from}`,
      heading: count === 1 ? `${from} sent you a message` : `${count} new messages from ${from}`,
      paragraphs: ['While you were away:'],
      facts: [],
      items: messages.map((m) => ({
        title: str(m.payload.senderName) ?? 'Someone',
        body: str(m.payload.excerpt) ?? str(m.payload.text) ?? '',
        meta: formatInstant(m.createdAt, to.timeZone),
      })),
      button: { label: 'Reply', url: links.conversation(conversationId) },
    },
  };
}

/**
 * An account or security e-mail (features/auth's `account.*` topics). `token` is the one-time
 * link's token, opened from the event's sealed copy (null: none, or it cannot be opened).
 */
export function accountEmailContent(n: NotificationForEmail, to: Recipient, links: ProductLinks, token: string | null): { subject: string; content: EmailContent } {
  const p = n.payload;
  const at = formatInstant(n.createdAt, to.timeZone);
  const mail = (subject: string, heading: string, paragraphs: string[], button: EmailContent['button'], facts: EmailContent['facts'] = []) => ({
    subject,
    content: { preview: paragraphs[0] ?? heading, heading, paragraphs, facts, button },
  });
  switch (n.type) {
    case 'account.verify_email': {
      const address = str(p.toAddress) ?? to.email;
      return mail(
        'Confirm your e-mail address',
        'Confirm your e-mail address',
        [
          `Open the link below to confirm that ${address} is yours. It works once, for 48 hours.`,
          'Until you confirm it, your creator profile is not listed or bookable, and payouts, API keys and webhooks wait.',
          'If you did not sign up for CollabHub or change your address, ignore this e-mail.',
        ],
        { label: 'Confirm my address', url: token ? links.verifyEmail(token) : links.settings() },
      );
    }
    case 'account.password_reset':
      return mail(
        'Reset your CollabHub password',
        'Choose a new password',
        [
          'Someone (hopefully you) asked to reset the password of your CollabHub account. Open the link below to choose a new one. It works once, for 60 minutes.',
          'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        ],
        { label: 'Choose a new password', url: token ? links.resetPassword(token) : links.forgotPassword() },
      );
    case 'account.password_changed':
      return mail(
        'Your CollabHub password was changed',
        'Your password was changed',
        [
          `The password of your CollabHub account was ${p.how === 'reset' ? 'reset with an e-mailed link' : 'changed'}, and every device was signed out.`,
          'If this was not you, reset your password now and contact support.',
        ],
        { label: 'Reset my password', url: links.forgotPassword() },
        [{ label: 'When', value: at }],
      );
    case 'account.email_change_requested':
      return mail(
        'A change of your CollabHub e-mail address was requested',
        'Your e-mail address is about to change',
        [
          `Someone signed in to your account asked to change its e-mail address to ${str(p.newAddress) ?? 'another address'}. It changes once the link sent there is opened.`,
          'If this was not you, reset your password now: the change needed your password.',
        ],
        { label: 'Reset my password', url: links.forgotPassword() },
        [{ label: 'When', value: at }],
      );
    default:
      return mail('About your CollabHub account', 'About your account', ['Open CollabHub to see what changed.'], { label: 'Open settings', url: links.settings() });
  }
}

const CATEGORY_LABELS: Record<string, string> = {
  general: 'General inquiry',
  support: 'Technical support',
  billing: 'Billing & payments',
  partnership: 'Partnership',
  feedback: 'Feedback',
  bug: 'Bug report',
};

/**
 * A contact-form ticket's e-mails: support's (reply goes to the sender) and the sender's copy
 * (what they wrote, the reference to quote). Times in UTC: neither reader has a known zone.
 */
export function ticketEmailContent(
  p: SupportTicketCreatedPayload,
  role: 'support' | 'sender',
  at: Date,
  links: ProductLinks,
): { subject: string; content: EmailContent; replyTo: string | null } {
  const facts = [
    { label: 'Reference', value: p.reference },
    { label: 'From', value: `${p.name} <${p.email}>` },
    { label: 'Category', value: CATEGORY_LABELS[p.category] ?? p.category },
    { label: 'Subject', value: p.subject },
    { label: 'Sent', value: formatInstant(at, 'UTC') },
  ];
  if (role === 'support') {
    return {
      subject: `[${p.reference}] ${p.subject}`,
      replyTo: p.email,
      content: {
        preview: `${p.name}: ${p.message.slice(0, 120)}`,
        heading: `New contact message from ${p.name}`,
        paragraphs: [p.message, `Reply to this e-mail to answer ${p.name}; close the ticket in the support console when it is done.`],
        facts,
        button: { label: 'Open the support console', url: links.supportConsole() },
      },
    };
  }
  return {
    subject: `We received your message (${p.reference})`,
    replyTo: null,
    content: {
      preview: `Thanks, ${p.name}: support has your message and answers within 24 hours.`,
      heading: 'We received your message',
      paragraphs: [
        `Thanks, ${p.name}. Support has your message and answers you at this address within 24 hours. Quote ${p.reference} if you write again about it.`,
        'What you wrote:',
        p.message,
      ],
      facts,
      button: { label: 'Contact support again', url: links.support() },
    },
  };
}
