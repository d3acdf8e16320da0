/**
 * The event vocabulary: every outbox topic and the payload it carries. This interface is the one
 * place a topic is named; `outbox.publish` is type-checked against it, and every channel that
 * turns events into something a person or a partner sees declares, per topic, what it does
 * (`satisfies Record<OutboxTopic, …>` or `{ [T in OutboxTopic]: … }`):
 *
 * - the inbox line:          features/notifications/notifications.text.ts   (NOTIFICATION_TEXT)
 * - the e-mail switch:       features/mail/notification-kinds.ts            (EMAIL_KIND_OF_TOPIC)
 * - the e-mail content:      features/mail/email-content.ts                 (EMAIL_CONTENT)
 * - webhook event types:     features/webhooks/webhook-event-types.ts       (WEBHOOK_EVENTS)
 * - a conversation's line:   features/conversations/conversations.views.ts  (EVENT_LINES)
 * - the client's bell:       client/src/features/notifications/lib/notification-view.ts (typed by the
 *                            `EventTopic` scalar, generated from this list by `pnpm codegen`)
 *
 * Adding a topic: add it here with its payload, run `pnpm --filter server typecheck` and answer
 * every error (each channel says what the new topic becomes there, or `null`: nothing), then
 * `pnpm codegen` for the client's view. Payloads are plain JSON: ids, names, ISO times. No figure of
 * money travels in an event: a channel that tells an amount reads it from the ledger when it renders
 * (features/bookings `readMoneyFigures`, through `services.bookings.moneyOf`).
 */
export interface OutboxEvents {
  'booking.created': BookingEventPayload;
  'booking.confirmed': BookingEventPayload;
  'booking.declined': BookingEventPayload;
  'booking.expired': BookingEventPayload;
  'booking.cancelled': BookingEventPayload;
  'booking.completed': BookingEventPayload;
  'booking.disputed': BookingEventPayload;
  'booking.resolved': BookingEventPayload;
  'booking.moved': BookingEventPayload;
  /** A request 24 hours before it lapses (to the creator). */
  'booking.expiring': BookingEventPayload;
  /** 24 h and 1 h before a confirmed booking starts (features/calendar). */
  'booking.reminder': BookingEventPayload & { hoursBefore: number; minutesUntilStart: number };
  'payout.paid': BookingEventPayload;
  /** A brand's payment was captured: their invoice and receipt are issued (features/documents; the receipt e-mail). */
  'payment.captured': PaymentCapturedPayload;
  'review.created': ReviewCreatedPayload;
  'message.created': MessageCreatedPayload;
  'booking.time_proposed': TimeProposedPayload;
  /** Public listing data: no audience, reaches every subscribed webhook endpoint. */
  'creator.updated': CreatorUpdatedPayload;
  'creator.availability_changed': AvailabilityChangedPayload;
  'webhook_endpoint.disabled': WebhookEndpointDisabledPayload;
  // A booking's brief and what was delivered (features/deliveries), to both parties.
  /** The booker wrote (or changed) the brief: the creator is asked to confirm this version. */
  'brief.submitted': BriefEventPayload;
  /** The creator confirmed the brief's version. */
  'brief.confirmed': BriefEventPayload;
  /** The creator submitted a delivery: the booker approves it or asks for changes within the window. */
  'delivery.submitted': DeliveryEventPayload;
  'delivery.changes_requested': DeliveryEventPayload;
  /** Approved by the booker, or by the window's lapse (`approvedBy: 'system'`): the booking is complete. */
  'delivery.approved': DeliveryEventPayload;
  /** "Send test event" in the developer console: one signed delivery to that endpoint only, marked as a test. */
  'webhook_endpoint.test': WebhookEndpointTestPayload;
  // Account and security e-mails (features/auth), to the account only; a link's token travels sealed.
  /** A link that verifies `toAddress` (the account's, or the new one of an e-mail change). */
  'account.verify_email': AccountLinkPayload;
  /** A password reset link. */
  'account.password_reset': AccountLinkPayload;
  'account.password_changed': PasswordChangedPayload;
  /** Told to the current address when a change to `newAddress` is asked for. */
  'account.email_change_requested': EmailChangeRequestedPayload;
  // Custom offers in a conversation (features/offers); aggregate: the conversation, so the thread shows the card live.
  /** A new offer (to its recipient). */
  'offer.sent': OfferEventPayload;
  /** A counter: a new version of the negotiation (to its recipient); the previous version is `countered`. */
  'offer.countered': OfferEventPayload;
  /** Accepted by its recipient (to its sender); by the brand: the checkout is open. */
  'offer.accepted': OfferEventPayload;
  'offer.declined': OfferEventPayload;
  'offer.withdrawn': OfferEventPayload;
  /** Lapsed without an answer (to both sides). */
  'offer.expired': OfferEventPayload;
  /** The contact form made a support ticket: e-mailed to the support address and, as a copy, to its sender (features/support, features/mail). */
  'support.ticket_created': SupportTicketCreatedPayload;
}

/** A custom offer after a move (amounts in cents are the offer's terms, for the words of a message). */
export interface OfferEventPayload {
  offerId: string;
  conversationId: string;
  /** The offer's card in the thread. */
  messageId: string;
  /** The negotiation (the first version's id) and this offer's version in it. */
  rootId: string;
  version: number;
  status: string;
  senderUserId: string;
  senderName: string;
  recipientUserId: string;
  recipientName: string;
  creatorUserId: string;
  clientUserId: string;
  totalCents: number;
  items: { label: string; quantity: number; unitPriceCents: number }[];
  startTime: string | null;
  endTime: string | null;
  dueAt: string | null;
  expiresAt: string;
  /** The booking of the brand's checkout, once there is one. */
  bookingId: string | null;
  /** offer.countered: the version it answers. */
  previousOfferId: string | null;
}

export type OutboxTopic = keyof OutboxEvents;

/** The payload of one topic. */
export type OutboxPayload<T extends OutboxTopic> = OutboxEvents[T];

/** A booking's state after a move, as every booking event carries it (features/bookings/booking-events.ts). */
export interface BookingEventPayload {
  bookingId: string;
  creatorId: string;
  creatorUserId: string;
  creatorName: string;
  creatorTimezone: string;
  bookerUserId: string;
  bookerName: string | null;
  status: string;
  paymentStatus: string;
  startTime: string;
  endTime: string;
  requestDeadline: string;
  reason: string | null;
  /** The cancellation's reason code from the short list, when one was picked. */
  reasonCode: string | null;
  /** Who cancelled: booker, creator, support or system (null while not cancelled). */
  cancelledBy: string | null;
}

/** A captured payment and the documents issued for it (the amounts are the invoice's and the ledger's, read when told). */
export interface PaymentCapturedPayload {
  bookingId: string;
  creatorName: string;
  creatorUserId: string;
  bookerUserId: string;
  bookerName: string | null;
  startTime: string;
  endTime: string;
  /** The invoice issued in the capture's transaction: the receipt e-mail attaches its PDF and tells its lines. */
  invoiceId: string;
  invoiceNumber: string;
  invoiceUrl: string;
  receiptNumber: string;
  receiptUrl: string;
}

export interface ReviewCreatedPayload {
  reviewId: string;
  bookingId: string;
  /** The reviewed booking's hours. */
  startTime: string;
  endTime: string;
  rating: number;
  comment: string | null;
  reviewerName: string | null;
  revieweeUserId: string;
}

export interface MessageCreatedPayload {
  conversationId: string;
  messageId: string;
  senderUserId: string;
  /** 'Support' for a support member's message. */
  senderName: string;
  /**
   * The message in one line, as the bell and the e-mail show it (features/conversations
   * `messagePreview`: whitespace collapsed, at most 80 characters cut on a word, a message of files
   * only as "📎 brief.pdf"). Written before this rule: the text's first 140 characters.
   */
  excerpt: string;
  isSupport: boolean;
  /** A message about one booking (the answer to a proposed time): the booking and its hours, which its bell item names. */
  bookingId?: string;
  startTime?: string;
  endTime?: string;
}

export interface TimeProposedPayload {
  conversationId: string;
  messageId: string;
  bookingId: string;
  startTime: string;
  endTime: string;
  creatorName: string;
}

export interface CreatorUpdatedPayload {
  creatorId: string;
  displayName: string;
  bio: string | null;
  hourlyRateCents: number | null;
  minimumHours: number;
  platforms: string[];
  timezone: string;
  twitchUsername: string | null;
  youtubeHandle: string | null;
  tiktokHandle: string | null;
  instagramHandle: string | null;
}

export interface AvailabilityChangedPayload {
  creatorId: string;
  creatorName: string;
  change:
    | 'slots_added'
    | 'slot_moved'
    | 'slot_removed'
    | 'pattern_changed'
    | 'pattern_removed'
    | 'settings_changed'
    | 'time_off_added'
    | 'time_off_removed'
    | 'busy_times_changed';
  slots: { startTime: string; endTime: string }[];
}

/** Who a brief or delivery event is about (names for the words; both parties are its audience). */
interface DeliveryPartiesPayload {
  bookingId: string;
  creatorUserId: string;
  creatorName: string;
  bookerUserId: string;
  bookerName: string | null;
}

export interface BriefEventPayload extends DeliveryPartiesPayload {
  briefId: string;
  version: number;
  disclosureRequired: boolean;
  at: string;
}

export interface DeliveryEventPayload extends DeliveryPartiesPayload {
  deliveryId: string;
  /** 1 for the first delivery, 2 for the one after a change request… */
  number: number;
  links: string[];
  fileIds: string[];
  note: string | null;
  submittedAt: string;
  /** Silence approves the delivery then. */
  approvalDueAt: string;
  /** The booker's note with a change request. */
  responseNote: string | null;
  /** Who approved: the booker, or the system when the window lapsed; null otherwise. */
  approvedBy: 'booker' | 'system' | null;
  /** Change requests the booker has left after this event. */
  revisionsLeft: number;
}

export interface WebhookEndpointDisabledPayload {
  endpointId: string;
  url: string;
  failingSince: string;
  disabledAt: string;
}

export interface WebhookEndpointTestPayload {
  endpointId: string;
  url: string;
  /** Always true: receivers can tell a test from a real event. */
  test: true;
  message: string;
}

export interface AccountLinkPayload {
  /** The link's token sealed with SECRETS_KEY, bound to the user (platform/security/secret-box.ts); only its hash is stored otherwise. */
  sealedToken: string;
  /** Where the e-mail goes. */
  toAddress: string;
}

export interface PasswordChangedPayload {
  how: 'changed' | 'reset';
  at: string;
}

export interface SupportTicketCreatedPayload {
  ticketId: string;
  /** What support and the sender quote, e.g. T-1A2B3C4D. */
  reference: string;
  name: string;
  /** The sender's address (their copy goes there; support replies to it). */
  email: string;
  subject: string;
  category: string;
  message: string;
}

export interface EmailChangeRequestedPayload {
  newAddress: string;
  toAddress: string;
}

/** Account and security topics: e-mailed even to an unverified address, never switched off, never sent to partners. */
export const ACCOUNT_TOPICS = ['account.verify_email', 'account.password_reset', 'account.password_changed', 'account.email_change_requested'] as const satisfies readonly OutboxTopic[];

/**
 * Account topics that answer what the person just did on screen (sign-up, "Forgot password?", a new
 * address), which the screen already told them: their bell line is written read, so it lists the
 * request without counting it. A changed password stays unread: it is the alert.
 */
export const SELF_REQUESTED_TOPICS = ['account.verify_email', 'account.password_reset', 'account.email_change_requested'] as const satisfies readonly (typeof ACCOUNT_TOPICS)[number][];

/** Every topic, in the vocabulary's order (a topic missing here, or one too many, does not compile). */
const TOPIC_SET = {
  'booking.created': true,
  'booking.confirmed': true,
  'booking.declined': true,
  'booking.expired': true,
  'booking.cancelled': true,
  'booking.completed': true,
  'booking.disputed': true,
  'booking.resolved': true,
  'booking.moved': true,
  'booking.expiring': true,
  'booking.reminder': true,
  'payout.paid': true,
  'payment.captured': true,
  'review.created': true,
  'message.created': true,
  'booking.time_proposed': true,
  'creator.updated': true,
  'creator.availability_changed': true,
  'webhook_endpoint.disabled': true,
  'brief.submitted': true,
  'brief.confirmed': true,
  'delivery.submitted': true,
  'delivery.changes_requested': true,
  'delivery.approved': true,
  'webhook_endpoint.test': true,
  'account.verify_email': true,
  'account.password_reset': true,
  'account.password_changed': true,
  'account.email_change_requested': true,
  'offer.sent': true,
  'offer.countered': true,
  'offer.accepted': true,
  'offer.declined': true,
  'offer.withdrawn': true,
  'offer.expired': true,
  'support.ticket_created': true,
} as const satisfies Record<OutboxTopic, true>;

export const OUTBOX_TOPICS = Object.keys(TOPIC_SET) as OutboxTopic[];

export const isOutboxTopic = (value: string): value is OutboxTopic => Object.prototype.hasOwnProperty.call(TOPIC_SET, value);

/** Topics whose payload is exactly a booking's state (BookingEventPayload; announcements such as `booking.expiring` included). */
export type BookingTopic = {
  [T in OutboxTopic]: OutboxEvents[T] extends BookingEventPayload ? (BookingEventPayload extends OutboxEvents[T] ? T : never) : never;
}[OutboxTopic];

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
] as const satisfies readonly BookingTopic[];
