/** Every topic of the outbox (DESIGN.md §8; the contract in the shared brief). Payloads carry ids and what a message needs. */
export const OUTBOX_TOPICS = [
  'booking.created',
  'booking.confirmed',
  'booking.declined',
  'booking.expired',
  'booking.cancelled',
  'booking.completed',
  'booking.disputed',
  'booking.resolved',
  'booking.moved',
  'booking.expiring',
  'booking.reminder',
  'payout.paid',
  'review.created',
  'message.created',
  'booking.time_proposed',
  'creator.updated',
  'creator.availability_changed',
  'webhook_endpoint.disabled',
] as const;

export type OutboxTopic = (typeof OUTBOX_TOPICS)[number];
