import type { MoneyFigures } from '../bookings';
import { ACCOUNT_TOPICS, OUTBOX_TOPICS, type OutboxTopic } from '../../platform/outbox/outbox.topics';
import { productLinks } from '../../platform/shared/product-links';
import { accountEmailContent, bookingEmailContent, messageDigestContent, ticketEmailContent, type NotificationForEmail, type Recipient } from './email-content';
import { notificationFrame, ticketFrame } from './email-frames';
import { emailKindOf } from './notification-kinds';
import { renderEmail } from './templates/render-email';

/** One e-mail the product can send, rendered with sample data exactly as the delivery worker renders it. */
export interface EmailSample {
  /** The topic (and variant) it stands for, e.g. "booking.cancelled (the actor's copy)". */
  name: string;
  subject: string;
  html: string;
}

const CREATOR: Recipient = { userId: '00000000-0000-4000-8000-00000000000c', email: 'nova@creators.example', name: 'Nova Stream', timeZone: 'Europe/Berlin' };
const BOOKER: Recipient = { userId: '00000000-0000-4000-8000-00000000000b', email: 'team@nimbus.example', name: 'Nimbus Games', timeZone: 'America/New_York' };
const AT = new Date('2026-12-01T10:00:00Z');

/** Every field any e-mail's wording reads, filled (a sample shows each line an e-mail can have). */
const PAYLOAD: Record<string, unknown> = {
  bookingId: 'sample-booking',
  conversationId: 'sample-conversation',
  creatorUserId: CREATOR.userId,
  bookerUserId: BOOKER.userId,
  clientUserId: BOOKER.userId,
  senderUserId: CREATOR.userId,
  creatorName: CREATOR.name,
  bookerName: BOOKER.name,
  senderName: CREATOR.name,
  recipientName: BOOKER.name,
  reviewerName: BOOKER.name,
  startTime: '2026-12-03T15:00:00Z',
  endTime: '2026-12-03T17:00:00Z',
  requestDeadline: '2026-12-02T15:00:00Z',
  minutesUntilStart: 60,
  cancelledBy: 'booker',
  reason: 'Our launch moved to January.',
  rating: 5,
  comment: 'Great energy, our launch went really well.',
  version: 2,
  disclosureRequired: true,
  links: ['https://clips.example/launch-stream'],
  approvalDueAt: '2026-12-06T15:00:00Z',
  number: 1,
  responseNote: 'Please mention the price in the first minute.',
  approvedBy: 'booker',
  totalCents: 45_000,
  expiresAt: '2026-12-04T15:00:00Z',
  items: [
    { label: 'Sponsored stream hour', quantity: 2 },
    { label: 'Short clip', quantity: 1 },
  ],
  url: 'https://hooks.nimbus.example/collabhub',
  failingSince: '2026-11-28T09:00:00Z',
  endpointId: 'sample-endpoint',
  invoiceNumber: 'INV-2026-000123',
  receiptNumber: 'RCT-2026-000123',
  invoiceId: 'sample-invoice',
  toAddress: BOOKER.email,
  newAddress: 'hello@nimbus.example',
  how: 'reset',
  excerpt: 'Could you play our new game on Thursday?',
};

const MONEY: MoneyFigures = { priceCents: 10_000, chargedCents: 10_000, refundedCents: 5_000, paidCents: 5_000, feeCents: 500, creatorCents: 4_500, paidOutCents: 4_500, decided: true };
const INVOICE = { number: 'INV-2026-000123', lines: [{ description: 'Sponsored stream hour × 2 (Nova Stream)', amountCents: 8_500 }, { description: 'CollabHub platform fee (15%)', amountCents: 1_500 }] };

/** Who reads a topic's e-mail (the creator for what asks the creator to act, the booker otherwise). */
const CREATOR_READS = new Set<OutboxTopic>(['booking.created', 'booking.expiring', 'brief.submitted', 'delivery.changes_requested', 'review.created', 'payout.paid', 'offer.countered']);
/** Topics whose acting party gets a copy of their own change (with the calendar update). */
const ACTOR_COPIES: OutboxTopic[] = ['booking.confirmed', 'booking.moved', 'booking.cancelled'];

const note = (type: OutboxTopic, extra: Partial<NotificationForEmail> = {}): NotificationForEmail => ({
  id: `sample-${type}`,
  type,
  bookingId: 'sample-booking',
  conversationId: 'sample-conversation',
  payload: PAYLOAD,
  createdAt: AT,
  ...extra,
});

/**
 * Every e-mail the mail module sends, one sample per topic that becomes an e-mail (the topic
 * vocabulary and its e-mail kinds: a new e-mailed topic is in here by itself), the acting party's
 * copies, and both e-mails of a contact-form ticket. Rendered by the same template and footers as
 * the delivery worker (email-delivery.ts), for checks of the HTML (accessibility).
 */
export async function renderEmailSamples(baseUrl = 'https://collabhub.example'): Promise<EmailSample[]> {
  const links = productLinks(baseUrl);
  const samples: EmailSample[] = [];
  const add = async (name: string, topic: OutboxTopic, mail: ReturnType<typeof bookingEmailContent>) => {
    const { html } = await renderEmail(mail.content, notificationFrame(topic, links));
    samples.push({ name, subject: mail.subject, html });
  };
  for (const topic of OUTBOX_TOPICS.filter((t) => emailKindOf(t) !== null)) {
    const to = CREATOR_READS.has(topic) ? CREATOR : BOOKER;
    if ((ACCOUNT_TOPICS as readonly string[]).includes(topic)) await add(topic, topic, accountEmailContent(note(topic), to, links, 'sample-token'));
    else if (topic === 'message.created') {
      const second = note(topic, { id: 'sample-message-2', payload: { ...PAYLOAD, senderName: BOOKER.name, excerpt: 'And could the clip be vertical?' } });
      await add(topic, topic, messageDigestContent([note(topic), second], CREATOR, links));
    } else await add(topic, topic, bookingEmailContent(note(topic), to, links, 'REQUEST', { figures: MONEY, invoice: topic === 'payment.captured' ? INVOICE : null }));
  }
  for (const topic of ACTOR_COPIES) {
    await add(`${topic} (the actor's copy)`, topic, bookingEmailContent(note(topic, { actorCopy: true }), BOOKER, links, 'CANCEL', { figures: MONEY }));
  }
  const ticket = { ticketId: 'sample-ticket', reference: 'T-1A2B3C4D', name: 'Ada Visitor', email: 'ada@example.test', subject: 'Partnership', category: 'partnership', message: 'We would love to sponsor a stream.\nWho do we talk to?' };
  for (const role of ['support', 'sender'] as const) {
    const mail = ticketEmailContent(ticket, role, AT, links);
    const { html } = await renderEmail(mail.content, ticketFrame(role, links));
    samples.push({ name: `support.ticket_created (to ${role})`, subject: mail.subject, html });
  }
  return samples;
}
