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

/** Topics that carry a booking's state after a move (not announcements such as reminders): a thread's event lines and a calendar's timeline read these. */
export const BOOKING_STATE_TOPICS = [
  'booking.created',
  'booking.confirmed',
  'booking.declined',
  'booking.expired',
  'booking.cancelled',
  'booking.completed',
  'booking.disputed',
  'booking.resolved',
  'booking.moved',
  'payout.paid',
] as const satisfies readonly OutboxTopic[];
