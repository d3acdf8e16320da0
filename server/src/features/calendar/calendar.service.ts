import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../platform/shared/clock';
import { productLinks } from '../../platform/shared/product-links';
import { requireViewer, type ServiceContext } from '../../platform/shared/context';
import { badInput } from '../../platform/shared/errors';
import type { AvailabilityService } from '../availability';
import { currentBookingPayload } from '../bookings';
import type { Outbox } from '../../platform/outbox/outbox';
import { bookingInvite, calendarFeed, mergeFreeHours, type CalendarBooking } from './booking-ics';
import {
  bookingStateAt,
  confirmedBookingsStartingBetween,
  currentBookingState,
  feedBookings,
  type BookingState,
} from './booking-timeline';

export interface CalendarFeedView {
  /** The private feed URL (subscribe to it in Google Calendar or Apple Calendar). */
  url: string;
  /** Creators: their free hours appear as tentative blocks. */
  includeFreeHours: boolean;
  /** Only creators have free hours to show. */
  canIncludeFreeHours: boolean;
}

/** How far ahead the feed lists free hours (bookings: all upcoming, and the last 90 days'). */
const FREE_HOURS_DAYS = 28;
/** Reminders before a confirmed booking starts, in hours. */
export const REMINDER_HOURS = [24, 1] as const;

const newSecret = () => randomBytes(24).toString('base64url');
const SECRET = /^[A-Za-z0-9_-]{32}$/;

/**
 * Calendars: the .ics invite an e-mail carries (METHOD:REQUEST / CANCEL, stable UID per booking,
 * SEQUENCE raised on every change), each user's private feed, and the reminders before a
 * confirmed booking starts (published to the outbox as `booking.reminder`). Bookings are read
 * from their stories, through bookings' front door (booking-timeline.ts).
 */
export class CalendarService {
  constructor(
    private readonly deps: {
      clock: Clock;
      outbox: Outbox;
      /** Free hours of a creator (features/availability). */
      availability: Pick<AvailabilityService, 'listSlots'>;
      publicUrl: () => string;
    },
  ) {}

  bookingUrl(bookingId: string): string {
    return productLinks(this.deps.publicUrl()).booking(bookingId);
  }

  async feed(ctx: ServiceContext): Promise<CalendarFeedView> {
    const viewer = requireViewer(ctx);
    await ctx.em.execute('insert into calendar_feed (user_id, secret) values (?, ?) on conflict (user_id) do nothing', [viewer.id, newSecret()]);
    return this.view(ctx.em, viewer.id);
  }

  /** A new secret: the old URL answers 404 from now on. */
  async regenerate(ctx: ServiceContext): Promise<CalendarFeedView> {
    const viewer = requireViewer(ctx);
    await ctx.em.execute(
      `insert into calendar_feed (user_id, secret) values (?, ?)
       on conflict (user_id) do update set secret = excluded.secret, created_at = now()`,
      [viewer.id, newSecret()],
    );
    return this.view(ctx.em, viewer.id);
  }

  async setIncludeFreeHours(ctx: ServiceContext, include: unknown): Promise<CalendarFeedView> {
    const viewer = requireViewer(ctx);
    if (typeof include !== 'boolean') throw badInput('includeFreeHours must be true or false', 'includeFreeHours');
    if (include && viewer.accountType !== 'creator') throw badInput('includeFreeHours: only creators have free hours to show', 'includeFreeHours');
    await ctx.em.execute(
      `insert into calendar_feed (user_id, secret, include_free_hours) values (?, ?, ?)
       on conflict (user_id) do update set include_free_hours = excluded.include_free_hours`,
      [viewer.id, newSecret(), include],
    );
    return this.view(ctx.em, viewer.id);
  }

  /** The feed behind a secret URL, or null (unknown or replaced secret). */
  async feedBySecret(ctx: ServiceContext, secret: string): Promise<string | null> {
    if (!SECRET.test(secret)) return null;
    const [feed] = await ctx.em.execute<{ user_id: string; include_free_hours: boolean; profile_id: string | null; account_type: string }[]>(
      `select f.user_id, f.include_free_hours, p.id as profile_id, u.account_type
         from calendar_feed f join users u on u.id = f.user_id left join profiles p on p.user_id = f.user_id where f.secret = ?`,
      [secret],
    );
    if (!feed) return null;
    const now = this.deps.clock.now();
    const bookings = await feedBookings(ctx.em, feed.user_id, now);
    let freeBlocks: { start: Date; end: Date }[] = [];
    if (feed.include_free_hours && feed.profile_id && feed.account_type === 'creator') {
      const to = new Date(now.getTime() + FREE_HOURS_DAYS * 86_400_000);
      const slots = await this.deps.availability.listSlots(ctx, feed.profile_id, { from: now, to });
      freeBlocks = mergeFreeHours(slots.filter((s) => !s.isBooked).map((s) => ({ start: s.startTime, end: s.endTime })));
    }
    return calendarFeed({
      name: 'CollabHub bookings',
      bookings: bookings.map((b) => this.entry(b, feed.user_id)),
      freeBlocks,
      stamp: now,
      freeUrl: `${this.deps.publicUrl()}/dashboard?tab=availability`,
    });
  }

  /**
   * The invite an e-mail about outbox event `eventId` carries for `userId` (`recipient`: their name
   * and address, the invite's only attendee; the platform is the organizer): REQUEST when the
   * booking is confirmed (first time or moved), CANCEL when a confirmed booking was cancelled;
   * null otherwise.
   */
  async inviteFor(
    em: EntityManager,
    eventId: string,
    userId: string,
    organizer: { name: string; email: string },
    recipient: { name: string; email: string },
  ): Promise<{ method: 'REQUEST' | 'CANCEL'; content: string } | null> {
    const state = await bookingStateAt(em, eventId);
    if (!state) return null;
    const stamp = this.deps.clock.now();
    if (state.status === 'confirmed' && (state.topic === 'booking.confirmed' || state.topic === 'booking.moved')) {
      return { method: 'REQUEST', content: bookingInvite({ ...this.entry(state, userId), recipient }, 'REQUEST', organizer, stamp) };
    }
    if (state.topic === 'booking.cancelled' && state.confirmedBefore) {
      return { method: 'CANCEL', content: bookingInvite({ ...this.entry(state, userId), recipient }, 'CANCEL', organizer, stamp) };
    }
    return null;
  }

  /** Whether a reminder (as published) still holds: the booking is confirmed at the same start. */
  async reminderStillDue(em: EntityManager, bookingId: string, startIso: unknown): Promise<boolean> {
    const state = await currentBookingState(em, bookingId);
    return Boolean(state && state.status === 'confirmed' && typeof startIso === 'string' && state.start.getTime() === new Date(startIso).getTime());
  }

  /**
   * The reminder sweep: for each confirmed booking starting within 24 h (and again within 1 h),
   * publishes `booking.reminder` once to both parties (outbox → notifications → e-mail). A booking
   * cancelled or moved meanwhile is no longer a confirmed booking at that start, so it gets none.
   */
  async publishDueReminders(em: EntityManager, now: Date): Promise<number> {
    const horizon = new Date(now.getTime() + REMINDER_HOURS[0] * 3_600_000);
    const bookings = await confirmedBookingsStartingBetween(em, now, horizon);
    let published = 0;
    for (const b of bookings) {
      const untilStartMs = b.start.getTime() - now.getTime();
      // The closest reminder that is due: 1 h when within the hour, else 24 h.
      const hoursBefore = REMINDER_HOURS.filter((h) => untilStartMs <= h * 3_600_000).at(-1);
      if (hoursBefore === undefined) continue;
      published += await em.transactional(async (tx) => {
        const [claimed] = await tx.execute<{ booking_id: string }[]>(
          'insert into booking_reminder (booking_id, hours_before) values (?, ?) on conflict do nothing returning booking_id',
          [b.bookingId, hoursBefore],
        );
        if (!claimed) return 0;
        const booking = await currentBookingPayload(tx, b.bookingId);
        if (!booking) return 0;
        const event = await this.deps.outbox.publish(tx, {
          topic: 'booking.reminder',
          aggregateId: b.bookingId,
          bookingId: b.bookingId,
          actorUserId: null,
          audienceUserIds: [b.bookerUserId, b.creatorUserId],
          payload: { ...booking, hoursBefore, minutesUntilStart: Math.round(untilStartMs / 60_000) },
        });
        await tx.execute('update booking_reminder set event_id = ? where booking_id = ? and hours_before = ?', [event.id, b.bookingId, hoursBefore]);
        return 1;
      });
    }
    return published;
  }

  private entry(b: BookingState, userId: string): CalendarBooking {
    return {
      bookingId: b.bookingId,
      start: b.start,
      end: b.end,
      sequence: b.sequence,
      withName: userId === b.creatorUserId ? b.bookerName : b.creatorName,
      creatorName: b.creatorName,
      bookerName: b.bookerName,
      url: this.bookingUrl(b.bookingId),
    };
  }

  private async view(em: EntityManager, userId: string): Promise<CalendarFeedView> {
    const [row] = await em.execute<{ secret: string; include_free_hours: boolean; account_type: string }[]>(
      'select f.secret, f.include_free_hours, u.account_type from calendar_feed f join users u on u.id = f.user_id where f.user_id = ?',
      [userId],
    );
    const creator = row.account_type === 'creator';
    return { url: `${this.deps.publicUrl()}/api/v1/calendar/${row.secret}.ics`, includeFreeHours: creator && row.include_free_hours, canIncludeFreeHours: creator };
  }
}
