/**
 * The e-mail switches a person has (settings page, "Notification preferences"): each groups the
 * outbox topics it covers. Payment and dispute e-mails are transactional and cannot be turned off.
 */
export const EMAIL_KINDS = [
  {
    key: 'requests',
    label: 'Booking requests',
    description: 'A new booking request, a request about to expire, a proposed new time',
    topics: ['booking.created', 'booking.expiring', 'booking.time_proposed'],
    required: false,
  },
  {
    key: 'booking_updates',
    label: 'Booking updates',
    description: 'Accepted, declined, expired, moved or completed bookings (with the calendar invite)',
    topics: ['booking.confirmed', 'booking.declined', 'booking.expired', 'booking.moved', 'booking.completed'],
    required: false,
  },
  {
    key: 'reminders',
    label: 'Reminders',
    description: '24 hours and 1 hour before a confirmed booking starts',
    topics: ['booking.reminder'],
    required: false,
  },
  {
    key: 'messages',
    label: 'Messages',
    description: 'New messages while you are away (at most one e-mail per conversation per hour)',
    topics: ['message.created'],
    required: false,
  },
  {
    key: 'reviews',
    label: 'Reviews',
    description: 'Someone reviewed you',
    topics: ['review.created'],
    required: false,
  },
  {
    key: 'payments',
    label: 'Payments and cancellations',
    description: 'Cancellations with their refund, payouts sent',
    topics: ['booking.cancelled', 'payout.paid'],
    required: true,
  },
  {
    key: 'disputes',
    label: 'Disputes',
    description: 'A dispute opened or resolved',
    topics: ['booking.disputed', 'booking.resolved'],
    required: true,
  },
] as const;

export type EmailKind = (typeof EMAIL_KINDS)[number]['key'];
export type EmailKindInfo = (typeof EMAIL_KINDS)[number];

const BY_TOPIC = new Map<string, EmailKindInfo>(EMAIL_KINDS.flatMap((k) => k.topics.map((t) => [t, k] as const)));

/** The switch that governs a topic's e-mail; null: the topic never becomes an e-mail. */
export function emailKindOf(topic: string): EmailKindInfo | null {
  return BY_TOPIC.get(topic) ?? null;
}

export function emailKindByKey(key: string): EmailKindInfo | null {
  return EMAIL_KINDS.find((k) => k.key === key) ?? null;
}
