import type { OutboxTopic } from '../../platform/outbox/outbox.topics';

/**
 * Which outbox topics a webhook endpoint can subscribe to (true), in the order partners see
 * them. `creator.*` events are public listing data and reach every subscribed endpoint; every
 * other event reaches only the endpoints of the users it concerns (the outbox event's audience: a
 * booking's brand and creator). A new topic does not compile until it is decided here (and, when
 * true, documented in docs/partners.md).
 */
const WEBHOOK_EVENTS = {
  'booking.created': true,
  'booking.confirmed': true,
  'booking.declined': true,
  'booking.cancelled': true,
  'booking.completed': true,
  'booking.disputed': true,
  'booking.resolved': true,
  'payout.paid': true,
  'review.created': true,
  'creator.updated': true,
  'creator.availability_changed': true,
  'delivery.submitted': true,
  'delivery.changes_requested': true,
  'delivery.approved': true,
  'booking.expired': false,
  // The brief is between the two parties (and may name files); partners hear of the delivery.
  'brief.submitted': false,
  'brief.confirmed': false,
  'booking.moved': false,
  'booking.expiring': false,
  'booking.reminder': false,
  'message.created': false,
  // Custom offers: partners follow a negotiation (offer terms; money figures stay the bookings').
  'offer.sent': true,
  'offer.countered': true,
  'offer.accepted': true,
  'offer.declined': true,
  'offer.withdrawn': true,
  'offer.expired': true,
  'booking.time_proposed': false,
  'webhook_endpoint.disabled': false,
  // Sent to one endpoint from the console ("Send test event"), whatever it subscribes to; not subscribable.
  'webhook_endpoint.test': false,
  // Account e-mails carry a sealed link token and concern one person: never a partner's event.
  'account.verify_email': false,
  'account.password_reset': false,
  'account.password_changed': false,
  'account.email_change_requested': false,
  // The brand's receipt: the booking's own events carry the money for partners.
  'payment.captured': false,
  // A contact-form ticket is support's and its sender's, never a partner's.
  'support.ticket_created': false,
} as const satisfies Record<OutboxTopic, boolean>;

export type WebhookEventType = { [T in OutboxTopic]: (typeof WEBHOOK_EVENTS)[T] extends true ? T : never }[OutboxTopic];

/** The events a webhook endpoint can subscribe to (outbox topics, dotted). */
export const WEBHOOK_EVENT_TYPES = (Object.keys(WEBHOOK_EVENTS) as OutboxTopic[]).filter((t): t is WebhookEventType => WEBHOOK_EVENTS[t]);

export const isWebhookEventType = (value: string): value is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/** Public events go to every endpoint subscribed; the rest only to their recipients' endpoints. */
export const isPublicEventType = (type: string) => type.startsWith('creator.');

/**
 * Whose endpoints a private event reaches: the users it concerns (the outbox audience, e.g. the
 * creator for a payout) and, for a booking event, both parties of the booking, so a brand hears
 * about its own booking even when only the creator is notified of it (a new request).
 */
export function recipientsOf(topic: string, audienceUserIds: readonly string[], payload: object): string[] {
  const ids = new Set(audienceUserIds);
  if (topic.startsWith('booking.') || topic.startsWith('delivery.')) {
    const { bookerUserId, creatorUserId } = payload as Partial<Record<'bookerUserId' | 'creatorUserId', unknown>>;
    for (const party of [bookerUserId, creatorUserId]) if (typeof party === 'string') ids.add(party);
  }
  return [...ids];
}

/** The version of the envelope and payload shapes; bumped on any breaking change. */
export const WEBHOOK_API_VERSION = '2026-11-24';
