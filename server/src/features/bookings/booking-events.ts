import type { EntityManager } from '@mikro-orm/postgresql';
import type { Outbox, OutboxEventInput } from '../outbox/outbox';
import type { OutboxTopic } from '../outbox/outbox.topics';
import type { Profile } from '../profiles/profile.entity';
import type { Booking } from './booking.entity';
import { requestDeadline } from './process/policy';
import { BookingStatus, BookingAction } from './process/booking.model';
import type { AppliedTransition } from './process/move-writes';
import { type BookingMoveHandler } from './process/apply';

/**
 * The booking process's events in the outbox (DESIGN.md §8): every applied move that people hear
 * about is published in the move's own transaction, so a rolled-back move tells nobody and a
 * committed one is never lost.
 */
export function publishBookingMoves(outbox: Outbox): BookingMoveHandler {
  return async (t) => {
    const topic = topicOf(t.action, t);
    if (!topic) return;
    await outbox.publish(t.em, await bookingEvent(t.em, topic, t.booking, t.creator, t.actingUserId, audienceOf(topic, t.booking, t.creator)));
  };
}

/** Which topic an applied move is (null: nobody is told, e.g. an unpaid checkout that lapsed). */
function topicOf(action: BookingAction, t: AppliedTransition): OutboxTopic | null {
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
      return 'booking.cancelled';
    case BookingAction.CONFIRM_COMPLETION:
      return t.booking.status === BookingStatus.COMPLETED ? 'booking.completed' : null;
    case BookingAction.AUTO_COMPLETE:
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
function audienceOf(topic: OutboxTopic, booking: Booking, creator: Profile): string[] {
  if (topic === 'booking.created' || topic === 'payout.paid' || topic === 'booking.expiring') return [creator.user.id];
  return [booking.booker.id, creator.user.id];
}

/** A booking event with what a message about it needs (names, times ISO, amounts in cents). */
export async function bookingEvent(
  em: EntityManager,
  topic: OutboxTopic,
  booking: Booking,
  creator: Profile,
  actorUserId: string | null,
  audienceUserIds: string[],
): Promise<OutboxEventInput> {
  const [names] = await em.execute<{ booker_name: string }[]>(
    `select coalesce(p.display_name, split_part(u.email, '@', 1)) as booker_name from users u left join profiles p on p.user_id = u.id where u.id = ?`,
    [booking.booker.id],
  );
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
      bookerName: names?.booker_name ?? null,
      status: booking.status,
      paymentStatus: booking.paymentStatus,
      startTime: booking.startTime.toISOString(),
      endTime: booking.endTime.toISOString(),
      totalCents: booking.totalCents,
      feeCents: booking.feeCents,
      refundCents: booking.refundCents,
      amountCents: booking.streamerAmountCents,
      requestDeadline: requestDeadline(booking).toISOString(),
      reason: booking.cancellationReason ?? null,
    },
  };
}
