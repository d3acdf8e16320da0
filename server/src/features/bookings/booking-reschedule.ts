import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { EventBus } from '../../platform/shared/events';
import { requireViewer, type ServiceContext } from '../../platform/shared/context';
import { badInput, conflict, forbidden, notFound, PG, pgErrorCode } from '../../platform/shared/errors';
import { parseInput } from '../../platform/shared/validation';
import { slotBookable } from '../profiles';
import { RESCHEDULE_MESSAGES, type RescheduleDetails } from './process/move-writes';
import type { TransitionRunner } from './process/runner';
import { BookingStatus, PaymentStatus, BookingAction } from './process/booking.model';

const HOUR = 3_600_000;

/** The parties and hours of a booking, as other features (conversations) may know them. */
export interface BookingParties {
  bookingId: string;
  clientUserId: string;
  creatorProfileId: string;
  creatorUserId: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  startTime: Date;
  endTime: Date;
  totalHours: number;
}


const TimeSchema = z
  .object({
    startTime: z.union([z.date(), z.iso.datetime({ offset: true, error: 'startTime must be an ISO date-time' })], { error: 'startTime is required' }).transform((v) => new Date(v)),
    endTime: z.union([z.date(), z.iso.datetime({ offset: true, error: 'endTime must be an ISO date-time' })], { error: 'endTime is required' }).transform((v) => new Date(v)),
  })
  .refine((v) => v.endTime > v.startTime, { message: 'endTime must be after startTime', path: ['endTime'] });


/**
 * Moving a pending request to other hours (a proposed time the booker accepts): the port the
 * conversations feature uses. The move is the state machine's RESCHEDULE, applied by the
 * transition runner under the booking's row lock: the old hours are freed and the new ones taken
 * in the same transaction (the same hold and price: the new time has the same length), and the
 * database's exclusion constraint refuses hours another booking took meanwhile.
 */
export class BookingReschedule {
  constructor(private readonly deps: { runner: TransitionRunner; events: EventBus }) {}

  /** The booking's parties and hours (null when there is no such booking). */
  async partiesOf(em: EntityManager, bookingId: string): Promise<BookingParties | null> {
    const [row] = await em.execute<Record<string, any>[]>(
      `select b.id, b.booker_id, b.streamer_id, p.user_id as creator_user_id, b.status, b.payment_status, b.start_time, b.end_time, b.total_hours
       from bookings b join profiles p on p.id = b.streamer_id where b.id = ?`,
      [bookingId],
    );
    if (!row) return null;
    return {
      bookingId: row.id,
      clientUserId: row.booker_id,
      creatorProfileId: row.streamer_id,
      creatorUserId: row.creator_user_id,
      status: row.status,
      paymentStatus: row.payment_status,
      startTime: new Date(row.start_time),
      endTime: new Date(row.end_time),
      totalHours: row.total_hours,
    };
  }

  /**
   * Checks that the viewer may propose these hours for the booking now (the state machine's
   * PROPOSE_TIME: the creator for a pending request with its money held, either party for a
   * confirmed booking while the full-refund notice remains), the same length, in the future, and
   * bookable in the creator's availability (free, and clear of their busy times, time off and
   * buffers: `slotBookable`), or the booking's own hours.
   */
  async checkProposal(ctx: ServiceContext, bookingId: string, input: { startTime: unknown; endTime: unknown }, now: Date): Promise<{ startTime: Date; endTime: Date; booking: BookingParties }> {
    const viewer = requireViewer(ctx);
    const { startTime, endTime } = parseInput(TimeSchema, input);
    const booking = await this.partiesOf(ctx.em, bookingId);
    if (!booking) throw notFound('Booking not found');
    if (booking.creatorUserId !== viewer.id && booking.clientUserId !== viewer.id) throw forbidden(RESCHEDULE_MESSAGES.onlyParties);
    // The state machine decides whether the request may get another time now (pending, held, not lapsed).
    await this.deps.runner.check(ctx, bookingId, BookingAction.PROPOSE_TIME);
    if ((endTime.getTime() - startTime.getTime()) / HOUR !== booking.totalHours) throw badInput(RESCHEDULE_MESSAGES.sameLength(booking.totalHours), 'endTime');
    if (startTime <= now) throw badInput(RESCHEDULE_MESSAGES.inPast, 'startTime');
    if (startTime.getTime() === booking.startTime.getTime()) throw badInput(RESCHEDULE_MESSAGES.same, 'startTime');
    const [{ free }] = await ctx.em.execute<{ free: number }[]>(
      `select count(*)::int as free from availability_slots s
       where s.streamer_id = ? and s.start_time >= ? and s.end_time <= ?
         and (s.booking_id = ? or (s.is_booked = false and ${slotBookable('s', '?')}))`,
      [booking.creatorProfileId, startTime, endTime, bookingId, now],
    );
    if (free !== booking.totalHours) throw conflict(booking.creatorUserId === viewer.id ? RESCHEDULE_MESSAGES.notFree : RESCHEDULE_MESSAGES.notFreeForBooker);
    return { startTime, endTime, booking };
  }

  /**
   * After the booker accepted the creator's proposed time for a pending request (committed): that
   * proposal was the creator's yes, so the request is accepted (the state machine's ACCEPT, by the
   * system; the money is captured outside any transaction). Nothing when the booking is no longer
   * a pending request (e.g. a confirmed booking that moved).
   */
  async confirmAcceptedProposal(ctx: ServiceContext, bookingId: string): Promise<void> {
    await this.deps.runner.runIfAllowed(ctx, bookingId, { action: BookingAction.ACCEPT, as: 'system' });
  }

  /**
   * A party accepts new hours: RESCHEDULE through the state machine (in `ctx.em`'s transaction
   * when it has one). CONFLICT when the hours were taken meanwhile; nothing changes then.
   */
  async reschedule(ctx: ServiceContext, bookingId: string, times: { startTime: Date; endTime: Date }): Promise<void> {
    const details: RescheduleDetails = { startTime: times.startTime.toISOString(), endTime: times.endTime.toISOString() };
    try {
      await this.deps.runner.run(ctx, bookingId, { action: BookingAction.RESCHEDULE, details });
    } catch (err) {
      if (pgErrorCode(err) === PG.exclusionViolation) throw conflict(RESCHEDULE_MESSAGES.taken);
      throw err;
    }
  }

}
