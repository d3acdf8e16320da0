import type { BookingEventPayload, OutboxPayload } from '../../platform/outbox/outbox.topics';
import type { moneyEventFields } from '../bookings';
import { toEnvelope, type WebhookEnvelope } from './webhook-envelope';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-event-types';

/** The test event "Send test event" delivers (not subscribable; see webhook-event-types.ts). */
export const WEBHOOK_TEST_EVENT = 'webhook_endpoint.test' as const;
export type WebhookCatalogType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

export interface WebhookEventInfo {
  type: WebhookCatalogType;
  description: string;
  /** A whole example envelope, as a receiver gets it. */
  sample: WebhookEnvelope;
}

/** A booking event as partners receive it: the outbox payload plus the ledger's figures added at its first send. */
type BookingSample = BookingEventPayload & ReturnType<typeof moneyEventFields>;

const BOOKING: BookingSample = {
  bookingId: '1b7e0c55-0d7a-4a52-8f0e-2c9f4a6d3b21',
  creatorId: '8d3f6a2b-71c4-4e0a-b5d9-0f2e4c6a8b13',
  creatorUserId: '4a9c2e71-5b3d-4f80-a6e2-9d1c7b3f5e24',
  creatorName: 'Pixel Pete',
  creatorTimezone: 'Europe/Berlin',
  bookerUserId: 'e2d4f6a8-1c3b-4d5e-8f70-a9b1c3d5e7f9',
  bookerName: 'Indie Studio',
  status: 'pending',
  paymentStatus: 'held',
  startTime: '2026-11-26T14:00:00.000Z',
  endTime: '2026-11-26T15:00:00.000Z',
  totalCents: 5000,
  chargedCents: 0,
  paidCents: 5000,
  feeCents: 500,
  refundCents: 0,
  creatorCents: 4500,
  paidOutCents: 0,
  amountCents: 4500,
  requestDeadline: '2026-11-25T16:02:11.000Z',
  reason: null,
  reasonCode: null,
  cancelledBy: null,
};

const DELIVERY: OutboxPayload<'delivery.submitted'> = {
  bookingId: BOOKING.bookingId,
  creatorUserId: BOOKING.creatorUserId,
  creatorName: BOOKING.creatorName,
  bookerUserId: BOOKING.bookerUserId,
  bookerName: BOOKING.bookerName,
  deliveryId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  number: 1,
  links: ['https://www.twitch.tv/videos/123456789'],
  fileIds: [],
  note: 'Segment starts at 1:02:30',
  submittedAt: '2026-11-26T16:10:00.000Z',
  approvalDueAt: '2026-11-29T16:10:00.000Z',
  responseNote: null,
  approvedBy: null,
  revisionsLeft: 2,
};

const OFFER: OutboxPayload<'offer.sent'> = {
  offerId: '5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716',
  conversationId: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
  messageId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  rootId: '5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716',
  version: 1,
  status: 'pending',
  senderUserId: BOOKING.bookerUserId,
  senderName: 'Indie Studio',
  recipientUserId: BOOKING.creatorUserId,
  recipientName: 'Pixel Pete',
  creatorUserId: BOOKING.creatorUserId,
  clientUserId: BOOKING.bookerUserId,
  totalCents: 30000,
  items: [{ label: '15 min live segment', quantity: 1, unitPriceCents: 30000 }],
  startTime: null,
  endTime: null,
  dueAt: '2026-12-04T22:59:00.000Z',
  expiresAt: '2026-11-27T16:08:40.115Z',
  bookingId: null,
  previousOfferId: null,
};

const booking = (status: string, paymentStatus: string, more: Partial<BookingSample> = {}): BookingSample => ({ ...BOOKING, status, paymentStatus, ...more });

/**
 * The ONE description of every event a partner can receive: its meaning and an example payload
 * (typed against the outbox vocabulary, so an example cannot lack a field the event has). The
 * console lists it (`webhookEventCatalog`), docs/partners.md's event list is generated from it
 * (`renderEventCatalogMarkdown`, checked by webhook-docs.test.ts), and the test compares the
 * examples' fields with real deliveries. A new subscribable event does not compile until it is here.
 */
const CATALOG: { [T in WebhookCatalogType]: { description: string; data: OutboxPayload<T> } } = {
  'booking.created': {
    description: 'A brand paid for a booking request; the creator has until requestDeadline to accept or decline.',
    data: BOOKING,
  },
  'booking.confirmed': {
    description: 'The creator accepted a request; the booking is confirmed (the payment is held until it takes place).',
    data: booking('confirmed', 'held'),
  },
  'booking.declined': {
    description: 'The creator declined a request; the hold on the card is voided (reason says why, when given).',
    data: booking('cancelled', 'voided', { paidCents: 0, feeCents: 0, creatorCents: 0, amountCents: 0, reason: 'Fully booked that week' }),
  },
  'booking.cancelled': {
    description: 'A booking was cancelled (cancelledBy: booker, creator, support or system; reasonCode from the short list); refundCents says what went back to the card.',
    data: booking('cancelled', 'refunded', { chargedCents: 5000, refundCents: 5000, paidCents: 0, feeCents: 0, creatorCents: 0, amountCents: 0, reason: 'Schedule conflict', reasonCode: 'schedule_conflict', cancelledBy: 'booker' }),
  },
  'booking.completed': {
    description: 'A confirmed booking took place and was completed; its payout to the creator follows.',
    data: booking('completed', 'allocated', { chargedCents: 5000 }),
  },
  'booking.disputed': {
    description: 'The brand opened a dispute on a completed booking; the payout waits for support\'s decision.',
    data: booking('disputed', 'disputed', { chargedCents: 5000 }),
  },
  'booking.resolved': {
    description: 'Support decided a dispute; refundCents and creatorCents say how the money was split.',
    data: booking('completed', 'released', { chargedCents: 5000, refundCents: 2500, paidCents: 2500, feeCents: 250, creatorCents: 2250, amountCents: 2250 }),
  },
  'payout.paid': {
    description: 'The creator\'s share of a booking was paid out (sent to the creator only); amountCents is what was paid.',
    data: booking('completed', 'paid_out', { chargedCents: 5000, paidOutCents: 4500 }),
  },
  'delivery.submitted': {
    description: 'The creator submitted what was delivered for a booking (links, fileIds, note); the brand approves it or asks for changes before approvalDueAt, else it is approved then.',
    data: DELIVERY,
  },
  'delivery.changes_requested': {
    description: 'The brand asked for changes to a delivery (responseNote says what; revisionsLeft how many more requests it may make).',
    data: { ...DELIVERY, responseNote: 'Please add the VOD timestamp of the product segment', revisionsLeft: 1 },
  },
  'delivery.approved': {
    description: 'A delivery was approved, by the brand or when the approval window ended (approvedBy: booker or system); the booking is complete.',
    data: { ...DELIVERY, approvedBy: 'booker', revisionsLeft: 2 },
  },
  'offer.sent': {
    description: 'A custom offer in a conversation was sent to you (items are its lines, quantity × unitPriceCents; totalCents their sum); it expires at expiresAt.',
    data: OFFER,
  },
  'offer.countered': {
    description: 'An offer was answered with a new version of the negotiation rootId (previousOfferId is the one it answers, now countered).',
    data: { ...OFFER, offerId: '6f5e4d3c-2b1a-4098-8f7e-6d5c4b3a2918', version: 2, previousOfferId: OFFER.offerId, totalCents: 25000, items: [{ label: '15 min live segment', quantity: 1, unitPriceCents: 25000 }] },
  },
  'offer.accepted': {
    description: "Your offer was accepted (sent to its sender); bookingId is set once the brand's checkout holds the booking, whose money figures are the booking events'.",
    data: { ...OFFER, status: 'accepted', bookingId: BOOKING.bookingId },
  },
  'offer.declined': {
    description: 'Your offer was declined by its recipient.',
    data: { ...OFFER, status: 'declined' },
  },
  'offer.withdrawn': {
    description: 'An offer sent to you was withdrawn by its sender (sent to its recipient).',
    data: { ...OFFER, status: 'withdrawn' },
  },
  'offer.expired': {
    description: 'An offer expired without an answer (sent to both sides).',
    data: { ...OFFER, status: 'expired' },
  },
  'review.created': {
    description: 'A review about you became visible: both sides reviewed the booking, or 14 days passed since it was completed.',
    data: {
      reviewId: '5f4e3d2c-1b0a-4987-8765-43210fedcba9',
      bookingId: BOOKING.bookingId,
      startTime: BOOKING.startTime,
      endTime: BOOKING.endTime,
      rating: 5,
      comment: 'Great energy on stream!',
      reviewerName: 'Indie Studio',
      revieweeUserId: BOOKING.creatorUserId,
    },
  },
  'creator.updated': {
    description: 'A creator changed their public profile (public listing data: reaches every subscribed endpoint).',
    data: {
      creatorId: BOOKING.creatorId,
      displayName: 'Pixel Pete',
      bio: 'Speedruns and cozy games',
      hourlyRateCents: 6000,
      minimumHours: 1,
      platforms: ['twitch'],
      timezone: 'Europe/Berlin',
      twitchUsername: 'pixelpete',
      youtubeHandle: null,
      tiktokHandle: null,
      instagramHandle: null,
    },
  },
  'creator.availability_changed': {
    description: 'A creator added, moved or removed free hours (change says how; slots are the hours concerned, empty for a weekly pattern: read the hours again).',
    data: {
      creatorId: BOOKING.creatorId,
      creatorName: 'Pixel Pete',
      change: 'slots_added',
      slots: [{ startTime: '2026-11-27T09:00:00.000Z', endTime: '2026-11-27T10:00:00.000Z' }],
    },
  },
  'webhook_endpoint.test': {
    description: 'Sent only when you press "Send test event" for an endpoint (whatever it subscribes to); data.test is true.',
    data: {
      endpointId: '3c2b1a09-8f7e-4d6c-b5a4-938271605f4e',
      url: 'https://example.com/webhooks',
      test: true,
      message: 'A test event from the CollabHub developer console',
    },
  },
};

/** Fixed ids and times, so the examples (and the docs generated from them) stay the same. */
const SAMPLE_EVENT_ID = '6c0f2a4e-3f5b-4d7a-9a43-5b1d8c2e7f10';
const SAMPLE_CREATED = new Date('2026-11-24T16:02:11.482Z');

/** Every event a partner can receive, in the order the console and the docs list them (the test event last). */
export const WEBHOOK_EVENT_CATALOG: readonly WebhookEventInfo[] = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].map((type) => ({
  type,
  description: CATALOG[type].description,
  sample: toEnvelope({ id: SAMPLE_EVENT_ID, topic: type, payload: CATALOG[type].data, createdAt: SAMPLE_CREATED, audienceUserIds: [] }),
}));

export const DOCS_CATALOG_START = '<!-- webhook-event-catalog: generated from server/src/features/webhooks/webhook-event-catalog.ts; do not edit by hand -->';
export const DOCS_CATALOG_END = '<!-- /webhook-event-catalog -->';

/** docs/partners.md's event list: a table of every event, then each one's example envelope. */
export function renderEventCatalogMarkdown(): string {
  const rows = WEBHOOK_EVENT_CATALOG.map((e) => `| \`${e.type}\` | ${e.description.replace(/\|/g, '\\|')} |`);
  const examples = WEBHOOK_EVENT_CATALOG.map((e) => [`#### \`${e.type}\``, '', e.description, '', '```json', JSON.stringify(e.sample, null, 2), '```'].join('\n'));
  return [DOCS_CATALOG_START, '', '| event | when |', '|---|---|', ...rows, '', ...examples.flatMap((x) => [x, '']), DOCS_CATALOG_END].join('\n');
}

/** The page with its generated event list (between the markers) brought up to date; a page without the markers is refused. */
export function withEventCatalog(page: string): string {
  const start = page.indexOf(DOCS_CATALOG_START);
  const end = page.indexOf(DOCS_CATALOG_END);
  if (start < 0 || end < start) throw new Error('docs/partners.md: the webhook event catalog markers are missing');
  return page.slice(0, start) + renderEventCatalogMarkdown() + page.slice(end + DOCS_CATALOG_END.length);
}
