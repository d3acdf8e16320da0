import { formatMoney } from '../../platform/shared/money';
import { cancellationSentence, type MoneyFigures } from '../bookings';
import { isOutboxTopic, type OutboxPayload, type OutboxTopic } from '../../platform/outbox/outbox.topics';

const cents = (v: number) => formatMoney(v);
const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/**
 * The inbox line of each topic (names only: times are shown by the client in the reader's zone);
 * null: the topic is never in anyone's inbox (public listing events have no audience). A new
 * topic does not compile until it has its line here. `money` is the booking's figures read from the
 * ledger when the line is rendered (null: not about a booking, or unknown).
 */
const NOTIFICATION_TEXT: { [T in OutboxTopic]: ((p: OutboxPayload<T>, readerUserId: string | null, money: MoneyFigures | null) => string) | null } = {
  'booking.created': (p) => `New booking request from ${str(p.bookerName) ?? 'A client'}`,
  'booking.expiring': (p) => `The request from ${str(p.bookerName) ?? 'A client'} expires in 24 hours`,
  // The creator reads a confirmation only when they did not accept it themselves (their own accept is not listed):
  // the brand accepted the time the creator proposed, and the system confirmed the request.
  'booking.confirmed': (p, reader) =>
    reader !== null && reader === p.creatorUserId
      ? `${str(p.bookerName) ?? 'The client'} accepted your proposed time: the booking is confirmed`
      : `${str(p.creatorName) ?? 'The creator'} accepted your booking`,
  'booking.declined': (p) => `${str(p.creatorName) ?? 'The creator'} declined your booking`,
  'booking.expired': () => 'A booking request expired without an answer',
  // Who cancelled, why, and what it means for the reader's money.
  'booking.cancelled': (p, reader, money) => cancellationSentence(p, reader, money),
  'booking.completed': () => 'A booking was completed',
  'booking.disputed': () => 'A dispute was opened on a booking',
  'booking.resolved': () => 'A dispute was resolved',
  'booking.moved': () => 'A booking moved to the new time',
  'booking.time_proposed': (p) => `${str(p.creatorName) ?? 'The creator'} proposed another time`,
  'booking.reminder': () => 'A booking starts soon',
  'payout.paid': (_p, _reader, money) => (money ? `Payout sent: ${cents(money.paidOutCents)}` : 'Payout sent'),
  'payment.captured': (_p, _reader, money) => (money ? `Payment of ${cents(money.chargedCents)} captured: your invoice and receipt are ready` : 'Payment captured: your invoice and receipt are ready'),
  'review.created': (p) => `${str(p.reviewerName) ?? 'Someone'} left you a ${p.rating}-star review`,
  'webhook_endpoint.disabled': (p) => `Your webhook endpoint ${str(p.url) ?? ''} was disabled: every delivery failed for 3 days`,
  // A console test goes to the endpoint only (its owner sent it and reads it in the delivery log).
  'webhook_endpoint.test': null,
  // Who wrote and what (the preview written with the event: features/conversations `messagePreview`).
  'message.created': (p) => (str(p.excerpt) ? `${str(p.senderName) ?? 'Someone'}: ${p.excerpt}` : `New message from ${str(p.senderName) ?? 'someone'}`),
  'creator.updated': null,
  'creator.availability_changed': null,
  'brief.submitted': (p) => (p.version > 1 ? `${str(p.bookerName) ?? 'The brand'} changed the brief: please confirm it again` : `${str(p.bookerName) ?? 'The brand'} sent the brief: please confirm it`),
  'brief.confirmed': (p) => `${str(p.creatorName) ?? 'The creator'} confirmed the brief`,
  'delivery.submitted': (p) => `${str(p.creatorName) ?? 'The creator'} delivered: approve it or ask for changes`,
  'delivery.changes_requested': (p) => `${str(p.bookerName) ?? 'The brand'} asked for changes to the delivery`,
  'delivery.approved': (p) => (p.approvedBy === 'system' ? 'The delivery was approved automatically: the approval window ended' : `${str(p.bookerName) ?? 'The brand'} approved the delivery`),
  'account.verify_email': (p) => `We sent a link to confirm ${str(p.toAddress) ?? 'your e-mail address'}`,
  'account.password_reset': () => 'A password reset link was sent to your e-mail address',
  'account.password_changed': () => 'Your password was changed and every session signed out',
  'support.ticket_created': null,
  'account.email_change_requested': (p) => `A change of your e-mail address to ${str(p.newAddress) ?? 'a new address'} waits for confirmation`,
  'offer.sent': (p) => `${str(p.senderName) ?? 'Someone'} sent you an offer: ${cents(p.totalCents)}`,
  'offer.countered': (p) => `${str(p.senderName) ?? 'Someone'} countered with ${cents(p.totalCents)}`,
  // To the sender; a brand whose offer the creator accepted pays next.
  'offer.accepted': (p) =>
    `${str(p.recipientName) ?? 'Someone'} accepted your offer of ${cents(p.totalCents)}${p.senderUserId === p.clientUserId && !p.bookingId ? ': pay to book it' : ''}`,
  'offer.declined': (p) => `${str(p.recipientName) ?? 'Someone'} declined your offer of ${cents(p.totalCents)}`,
  'offer.withdrawn': (p) => `${str(p.senderName) ?? 'Someone'} withdrew their offer of ${cents(p.totalCents)}`,
  'offer.expired': (p) => `An offer of ${cents(p.totalCents)} expired without an answer`,
};

/** Topics whose inbox line tells an amount: their booking's figures are read from the ledger when listed. */
export const MONEY_TOPICS: readonly OutboxTopic[] = ['booking.cancelled', 'payout.paid', 'payment.captured'];

/** One line a person reads in the inbox for a notification (a stored row: its type and payload as written by the outbox; its booking's money now). */
export function notificationText(type: string, payload: object, readerUserId: string | null = null, money: MoneyFigures | null = null): string {
  if (!isOutboxTopic(type)) return type;
  const text = NOTIFICATION_TEXT[type] as ((p: object, reader: string | null, money: MoneyFigures | null) => string) | null;
  return text ? text(payload, readerUserId, money) : type;
}
