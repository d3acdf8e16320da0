import { ACCOUNT_TOPICS, OUTBOX_TOPICS, type OutboxTopic } from '../../platform/outbox/outbox.topics';

/**
 * The e-mail switches a person has (settings page, "Notification preferences"): each groups the
 * outbox topics it covers. Payment and dispute e-mails are transactional and cannot be turned off.
 */
export const EMAIL_KINDS = [
  {
    key: 'requests',
    label: 'Booking requests',
    description: 'A new booking request, a request about to expire, a proposed new time',
    required: false,
  },
  {
    key: 'booking_updates',
    label: 'Booking updates',
    description: 'Accepted, declined, expired, moved or completed bookings (with the calendar invite); briefs and deliveries',
    required: false,
  },
  {
    key: 'reminders',
    label: 'Reminders',
    description: '24 hours and 1 hour before a confirmed booking starts',
    required: false,
  },
  {
    key: 'messages',
    label: 'Messages',
    description: 'New messages while you are away (at most one e-mail per conversation per hour)',
    required: false,
  },
  {
    key: 'reviews',
    label: 'Reviews',
    description: 'Someone reviewed you',
    required: false,
  },
  {
    key: 'payments',
    label: 'Payments and cancellations',
    description: 'Receipts, cancellations with their refund, payouts sent',
    required: true,
  },
  {
    key: 'disputes',
    label: 'Disputes',
    description: 'A dispute opened or resolved',
    required: true,
  },
  {
    key: 'account',
    label: 'Account and security',
    description: 'Confirming your address, password resets and changes, a change of address, a webhook endpoint disabled',
    required: true,
  },
] as const;

export type EmailKind = (typeof EMAIL_KINDS)[number]['key'];
export type EmailKindInfo = (typeof EMAIL_KINDS)[number] & { topics: OutboxTopic[] };

/**
 * The switch that governs each topic's e-mail; null: the topic never becomes an e-mail. A new
 * topic does not compile until it is given one here (and its content in email-content.ts).
 */
export const EMAIL_KIND_OF_TOPIC = {
  'booking.created': 'requests',
  'booking.expiring': 'requests',
  'booking.time_proposed': 'requests',
  'booking.confirmed': 'booking_updates',
  'booking.declined': 'booking_updates',
  'booking.expired': 'booking_updates',
  'booking.moved': 'booking_updates',
  'booking.completed': 'booking_updates',
  'brief.submitted': 'booking_updates',
  'brief.confirmed': 'booking_updates',
  'delivery.submitted': 'booking_updates',
  'delivery.changes_requested': 'booking_updates',
  'delivery.approved': 'booking_updates',
  'booking.reminder': 'reminders',
  'message.created': 'messages',
  'offer.sent': 'requests',
  'offer.countered': 'requests',
  'offer.accepted': 'booking_updates',
  'offer.declined': null,
  'offer.withdrawn': null,
  'offer.expired': null,
  'review.created': 'reviews',
  'booking.cancelled': 'payments',
  'payout.paid': 'payments',
  'payment.captured': 'payments',
  'booking.disputed': 'disputes',
  'booking.resolved': 'disputes',
  // The owner must hear that partners' events stopped: an account alert, never switched off.
  'webhook_endpoint.disabled': 'account',
  'webhook_endpoint.test': null,
  'creator.updated': null,
  'creator.availability_changed': null,
  'account.verify_email': 'account',
  'account.password_reset': 'account',
  'account.password_changed': 'account',
  'account.email_change_requested': 'account',
  // Addressed e-mails (the support address, the sender's copy), not a notification's: email-delivery.ts's address deliveries.
  'support.ticket_created': null,
} as const satisfies Record<OutboxTopic, EmailKind | null>;

/** Account and security e-mails are the only ones an address nobody verified yet receives. */
export const sentToUnverified = (topic: string): boolean => (ACCOUNT_TOPICS as readonly string[]).includes(topic);

const KINDS: EmailKindInfo[] = EMAIL_KINDS.map((k) => ({
  ...k,
  topics: OUTBOX_TOPICS.filter((t) => EMAIL_KIND_OF_TOPIC[t] === k.key),
}));
const BY_TOPIC = new Map<string, EmailKindInfo>(KINDS.flatMap((k) => k.topics.map((t) => [t, k] as const)));

/** The switch that governs a topic's e-mail; null: the topic never becomes an e-mail. */
export function emailKindOf(topic: string): EmailKindInfo | null {
  return BY_TOPIC.get(topic) ?? null;
}

export function emailKindByKey(key: string): EmailKindInfo | null {
  return KINDS.find((k) => k.key === key) ?? null;
}
