/**
 * The events a webhook endpoint can subscribe to (outbox topics, dotted). `creator.*` events are
 * public listing data and reach every subscribed endpoint; every other event reaches only the
 * endpoints of the users it concerns (the outbox event's audience: a booking's brand and creator).
 */
export const WEBHOOK_EVENT_TYPES = [
  'booking.created',
  'booking.confirmed',
  'booking.declined',
  'booking.cancelled',
  'booking.completed',
  'booking.disputed',
  'booking.resolved',
  'payout.paid',
  'review.created',
  'creator.updated',
  'creator.availability_changed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const isWebhookEventType = (value: string): value is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/** Public events go to every endpoint subscribed; the rest only to their recipients' endpoints. */
export const isPublicEventType = (type: string) => type.startsWith('creator.');

/**
 * Whose endpoints a private event reaches: the users it concerns (the outbox audience, e.g. the
 * creator for a payout) and, for a booking event, both parties of the booking, so a brand hears
 * about its own booking even when only the creator is notified of it (a new request).
 */
export function recipientsOf(topic: string, audienceUserIds: readonly string[], payload: Record<string, unknown>): string[] {
  const ids = new Set(audienceUserIds);
  if (topic.startsWith('booking.')) {
    for (const party of [payload.bookerUserId, payload.creatorUserId]) if (typeof party === 'string') ids.add(party);
  }
  return [...ids];
}

/** The version of the envelope and payload shapes; bumped on any breaking change. */
export const WEBHOOK_API_VERSION = '2026-11-24';
