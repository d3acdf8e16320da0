import { randomUUID } from 'node:crypto';
import type { BookingEventPayload, OutboxPayload, OutboxTopic } from '../src/platform/outbox/outbox.topics';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const inTwoHours = () => new Date(Date.now() + 7_200_000).toISOString();

const booking = (): BookingEventPayload => ({
  bookingId: ID(1),
  creatorId: ID(2),
  creatorUserId: ID(3),
  creatorName: 'A creator',
  creatorTimezone: 'UTC',
  bookerUserId: ID(4),
  bookerName: 'A client',
  status: 'confirmed',
  paymentStatus: 'authorized',
  startTime: inAnHour(),
  endTime: inTwoHours(),
  requestDeadline: inAnHour(),
  reason: null,
  reasonCode: null,
  cancelledBy: null,
});

const parties = () => ({ bookingId: ID(1), creatorUserId: ID(3), creatorName: 'A creator', bookerUserId: ID(4), bookerName: 'A client' });
const brief = () => ({ ...parties(), briefId: ID(11), version: 1, disclosureRequired: true, at: new Date().toISOString() });
const delivery = () => ({
  ...parties(),
  deliveryId: ID(12),
  number: 1,
  links: ['https://example.com/vod'],
  fileIds: [],
  note: null,
  submittedAt: new Date().toISOString(),
  approvalDueAt: inTwoHours(),
  responseNote: null,
  approvedBy: null,
  revisionsLeft: 1,
});

/** A well-formed payload of every topic, for tests that publish events by hand (the vocabulary's types hold). */
const SAMPLES: { [T in OutboxTopic]: () => OutboxPayload<T> } = {
  'booking.created': booking,
  'booking.confirmed': booking,
  'booking.declined': booking,
  'booking.expired': booking,
  'booking.cancelled': booking,
  'booking.completed': booking,
  'booking.disputed': booking,
  'booking.resolved': booking,
  'booking.moved': booking,
  'booking.expiring': booking,
  'booking.reminder': () => ({ ...booking(), hoursBefore: 1, minutesUntilStart: 60 }),
  'payout.paid': booking,
  'webhook_endpoint.test': () => ({ endpointId: ID(7), url: 'https://example.com/hooks', test: true, message: 'A test event' }),
  'payment.captured': () => ({
    bookingId: ID(1),
    creatorName: 'A creator',
    creatorUserId: ID(3),
    bookerUserId: ID(4),
    bookerName: 'A client',
    startTime: inAnHour(),
    endTime: inTwoHours(),
    invoiceId: ID(9),
    invoiceNumber: 'INV-00000000-000001',
    invoiceUrl: `/api/v1/documents/${ID(9)}/pdf`,
    receiptNumber: 'RCT-CH-000001',
    receiptUrl: `/api/v1/documents/${ID(10)}/pdf`,
  }),
  'review.created': () => ({ reviewId: ID(5), bookingId: ID(1), startTime: inAnHour(), endTime: inTwoHours(), rating: 5, comment: null, reviewerName: 'A client', revieweeUserId: ID(3) }),
  'message.created': () => ({ conversationId: ID(6), messageId: ID(7), senderUserId: ID(4), senderName: 'A client', excerpt: 'Hello', isSupport: false }),
  'booking.time_proposed': () => ({ conversationId: ID(6), messageId: ID(7), bookingId: ID(1), startTime: inAnHour(), endTime: inTwoHours(), creatorName: 'A creator' }),
  'creator.updated': () => ({
    creatorId: ID(2),
    displayName: 'A creator',
    bio: null,
    hourlyRateCents: 10_000,
    minimumHours: 1,
    platforms: [],
    timezone: 'UTC',
    twitchUsername: null,
    youtubeHandle: null,
    tiktokHandle: null,
    instagramHandle: null,
  }),
  'creator.availability_changed': () => ({ creatorId: ID(2), creatorName: 'A creator', change: 'slots_added', slots: [] }),
  'brief.submitted': brief,
  'brief.confirmed': brief,
  'delivery.submitted': delivery,
  'delivery.changes_requested': delivery,
  'delivery.approved': delivery,
  'webhook_endpoint.disabled': () => ({ endpointId: ID(8), url: 'https://example.com/hook', failingSince: new Date().toISOString(), disabledAt: new Date().toISOString() }),
  'account.verify_email': () => ({ sealedToken: 'v1.sample', toAddress: 'someone@example.test' }),
  'account.password_reset': () => ({ sealedToken: 'v1.sample', toAddress: 'someone@example.test' }),
  'account.password_changed': () => ({ how: 'changed', at: new Date().toISOString() }),
  'account.email_change_requested': () => ({ newAddress: 'new@example.test', toAddress: 'someone@example.test' }),
  'offer.sent': () => offerSample('pending'),
  'offer.countered': () => ({ ...offerSample('pending'), version: 2, previousOfferId: ID(11) }),
  'offer.accepted': () => offerSample('accepted'),
  'offer.declined': () => offerSample('declined'),
  'offer.withdrawn': () => offerSample('withdrawn'),
  'offer.expired': () => offerSample('expired'),
  'support.ticket_created': () => ({ ticketId: randomUUID(), reference: 'T-00000001', name: 'Sam Sender', email: 'sam@example.test', subject: 'Payout question', category: 'billing', message: 'When is my payout?' }),
};

function offerSample(status: string) {
  return {
    offerId: ID(12),
    conversationId: ID(6),
    messageId: ID(7),
    rootId: ID(12),
    version: 1,
    status,
    senderUserId: ID(3),
    senderName: 'A creator',
    recipientUserId: ID(4),
    recipientName: 'A client',
    creatorUserId: ID(3),
    clientUserId: ID(4),
    totalCents: 45_000,
    items: [{ label: '15 min live segment', quantity: 1, unitPriceCents: 30_000 }, { label: 'Clip', quantity: 3, unitPriceCents: 5000 }],
    startTime: null,
    endTime: null,
    dueAt: inTwoHours(),
    expiresAt: inAnHour(),
    bookingId: null,
    previousOfferId: null,
  };
}

/** `topic`'s sample payload with `overrides` (only fields the topic has). */
export const samplePayload = <T extends OutboxTopic>(topic: T, overrides: Partial<OutboxPayload<T>> = {}): OutboxPayload<T> => ({
  ...SAMPLES[topic](),
  ...overrides,
});
