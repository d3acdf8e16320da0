import type { EntityManager } from '@mikro-orm/postgresql';
import type { Outbox, OutboxEventInput } from '../../platform/outbox/outbox';
import type { BookingEventPayload, BookingTopic } from '../../platform/outbox/outbox.topics';
import type { Profile } from '../profiles';
import { Booking } from './booking.entity';
import { requestDeadline } from './process/policy';
import { BookingStatus, BookingAction, PaymentStatus } from './process/booking.model';
import { type BookingMoveHandler } from './process/apply';
import { bookerNameOf } from './process/read';
import type { MoneyFigures } from './ledger';

/**
 * The booking process's events in the outbox (docs/architecture.md, "An event"): every applied move that people hear
 * about is published in the move's own transaction, so a rolled-back move tells nobody and a
 * committed one is never lost.
 */
export function publishBookingMoves(outbox: Outbox): BookingMoveHandler {
  return async (t) => {
    const topic = topicOfMove(t.action, t.previous.payment, t.booking.status);
    if (!topic) return;
    const event = { ...(await bookingEvent(t.em, topic, t.booking, t.creator, t.actingUserId, audienceOf(topic, t.booking, t.creator), t.bookerName)), historyId: t.historyId };
    // Into the move's one statement when it takes parts, else a statement of its own.
    if (t.defer) t.defer(outbox.append(t.em, event));
    else await outbox.publish(t.em, event);
  };
}

/**
 * Which topic an applied move is (null: nobody is told, e.g. an unpaid checkout that lapsed), from
 * what its history row records: the action, the payment before and the status after.
 */
export function topicOfMove(action: BookingAction | string, fromPayment: PaymentStatus | string, toStatus: BookingStatus | string): BookingTopic | null {
  switch (action) {
    case BookingAction.AUTHORIZE:
      return 'booking.created';
    case BookingAction.ACCEPT:
      return 'booking.confirmed';
    case BookingAction.DECLINE:
      return 'booking.declined';
    case BookingAction.EXPIRE_REQUEST:
      return 'booking.expired';
    case BookingAction.CANCEL:
      // A checkout abandoned before payment: the creator never heard of it, and is not told now.
      return fromPayment === PaymentStatus.UNPAID ? null : 'booking.cancelled';
    case BookingAction.CONFIRM_COMPLETION:
      return toStatus === BookingStatus.COMPLETED ? 'booking.completed' : null;
    case BookingAction.AUTO_COMPLETE:
    case BookingAction.APPROVE_DELIVERY:
      return 'booking.completed';
    case BookingAction.OPEN_DISPUTE:
    case BookingAction.REPORT_NO_SHOW:
      return 'booking.disputed';
    case BookingAction.RESOLVE_REFUND_FULL:
    case BookingAction.RESOLVE_REFUND_PARTIAL:
    case BookingAction.RESOLVE_RELEASE:
      return 'booking.resolved';
    case BookingAction.PAYOUT_PAID:
      return 'payout.paid';
    case BookingAction.RESCHEDULE:
      return 'booking.moved';
    default:
      return null;
  }
}

/** Who an event concerns: a new request and a payout the creator; everything else both parties. */
function audienceOf(topic: BookingTopic, booking: Booking, creator: Profile): string[] {
  if (topic === 'booking.created' || topic === 'payout.paid' || topic === 'booking.expiring') return [creator.user.id];
  return [booking.booker.id, creator.user.id];
}

/** A booking event with what a message about it needs (names, times ISO, amounts in cents). */
export async function bookingEvent(
  em: EntityManager,
  topic: BookingTopic,
  booking: Booking,
  creator: Profile,
  actorUserId: string | null,
  audienceUserIds: string[],
  /** Already read with the booking (undefined: read it here). */
  knownBookerName?: string | null,
): Promise<OutboxEventInput<BookingTopic>> {
  // No amount travels in the event: whoever tells one (e-mail, bell, thread line, webhook) reads the ledger when it renders (`readMoneyFigures`).
  const bookerName =
    knownBookerName !== undefined
      ? knownBookerName
      : ((await em.execute<{ booker_name: string | null }[]>(`select ${bookerNameOf('?')} as booker_name`, [booking.booker.id]))[0]?.booker_name ?? null);
  return {
    topic,
    aggregateId: booking.id,
    bookingId: booking.id,
    actorUserId,
    audienceUserIds,
    payload: {
      bookingId: booking.id,
      creatorId: creator.id,
      creatorUserId: creator.user.id,
      creatorName: creator.displayName,
      creatorTimezone: creator.timezone,
      bookerUserId: booking.booker.id,
      bookerName,
      status: booking.status,
      paymentStatus: booking.paymentStatus,
      startTime: booking.startTime.toISOString(),
      endTime: booking.endTime.toISOString(),
      requestDeadline: requestDeadline(booking).toISOString(),
      reason: booking.cancellationReason ?? null,
      reasonCode: booking.cancellationCode ?? null,
      cancelledBy: booking.cancelledByRole ?? null,
    },
  };
}

/**
 * A booking's state as every booking event carries it, read now (null: no such booking): the payload
 * of an announcement another feature publishes about a booking (the calendar's reminders).
 */
export async function currentBookingPayload(em: EntityManager, bookingId: string): Promise<BookingEventPayload | null> {
  const booking = await em.findOne(Booking, { id: bookingId }, { populate: ['creator'] });
  if (!booking) return null;
  // An announcement is not a payout: the creator's amount is their share.
  return (await bookingEvent(em, 'booking.expiring', booking, booking.creator.getEntity(), null, [])).payload;
}

/**
 * A booking event's money as partners read it in a webhook's `data` (docs/partners.md), from the
 * ledger's figures read when the delivery is built: the field names partners have always seen.
 */
export function moneyEventFields(topic: string, m: MoneyFigures) {
  return {
    totalCents: m.priceCents,
    chargedCents: m.chargedCents,
    paidCents: m.paidCents,
    feeCents: m.feeCents,
    refundCents: m.refundedCents,
    creatorCents: m.creatorCents,
    paidOutCents: m.paidOutCents,
    // What the creator is told they get: paid out for a payout, else their share.
    amountCents: topic === 'payout.paid' ? m.paidOutCents : m.creatorCents,
  };
}
