import { slotBookable } from '../profiles';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../platform/shared/clock';
import { requireViewer, type ServiceContext, type Viewer } from '../../platform/shared/context';
import { badInput, conflict, DomainError, forbidden, notFound, PG, pgErrorCode } from '../../platform/shared/errors';
import type { EventBus } from '../../platform/shared/events';
import { UUID_RE } from '../../platform/shared/pagination';
import { parseInput } from '../../platform/shared/validation';
import { preparedQuery } from '../../platform/db/prepared';
import { freeBookingSlots } from './booking-slots';
import { AvailabilitySlot } from '../availability';
import type { PaymentProvider } from '../payments';
import { Profile } from '../profiles';
import { AccountType, User } from '../users';
import { Booking } from './booking.entity';
import { CheckoutSchema, VerifyPaymentSchema, type CheckoutInput, type VerifyPaymentInput } from './bookings.inputs';
import { checkoutExpiryFor, confirmationDeadlineFor, CURRENT_POLICY, MAX_BOOKING_HOURS } from './process/policy';
import { hourlyLine, lineRows, priceLines, type LineItem } from './line-items';
import { providerKey } from './process/money-steps';
import { partyRole, type TransitionRunner } from './process/runner';
import { BookingStatus, PaymentStatus, BookingAction } from './process/booking.model';

export const CHECKOUT_MESSAGES = {
  consecutive: 'Please select consecutive hours only',
  taken: 'This time slot was just booked by someone else. Please pick another time.',
  unavailable: "The creator is not available at this time (their calendar, minimum notice, buffers or time off). Please pick another time.",
  notOffered: "The selected hours are not in this creator's availability",
  creatorNotFound: 'Creator not found',
  notBookable: 'This creator is not taking bookings right now',
  ownProfile: 'You cannot book your own profile',
  past: 'You cannot book a time that has already started',
  duration: `A booking lasts 1 to ${MAX_BOOKING_HOURS} whole consecutive hours`,
  minimumHours: (n: number) => `This creator's minimum booking is ${n} hour${n === 1 ? '' : 's'}`,
  slotMismatch: 'availabilitySlotId is not one of the selected hours',
  keyReused: 'This Idempotency-Key was already used for a different booking',
  earlierAttemptFailed: 'The earlier checkout with this Idempotency-Key failed; try again with a new key',
  paymentNotFound: 'Payment not found',
  dueInPast: 'The due date must be in the future',
} as const;

/**
 * A booking to hold (the hourly checkout, a package, an accepted offer): hours of a creator, or a
 * due date without hours, priced by its line items (absent: the creator's hourly rate × hours).
 */
export interface BookingOrder {
  creatorId: string;
  /** The hours: startTime < endTime, whole hours. Null for a booking without hours (then `dueAt`). */
  startTime: Date | null;
  endTime: Date | null;
  dueAt?: Date | null;
  /** The lines sold; absent: one hourly line at the creator's rate (their minimum hours apply). */
  lines?: LineItem[];
  packageId?: string | null;
  offerId?: string | null;
  revisionsIncluded?: number;
  availabilitySlotId?: string | null;
  bookingDetails?: string | null;
  idempotencyKey?: string | null;
  /** Runs in the hold's transaction once the booking is written (an offer records its acceptance there). */
  onHeld?: (em: EntityManager, booking: Booking) => Promise<void>;
}

const HOUR_MS = 3_600_000;

/** One row per slot of the requested range (one row with null slot columns when there is none). */
interface CreatorWithSlot {
  user_id: string;
  account_type: AccountType;
  hourly_rate_cents: number | null;
  minimum_hours: number;
  is_available: boolean;
  suspended: boolean;
  /** The creator has not verified their e-mail address yet: not bookable until then. */
  unverified: boolean;
  slot_id: string | null;
  start_time: Date | null;
  end_time: Date | null;
  is_booked: boolean | null;
  bookable: boolean | null;
}

interface HeldBooking {
  booking: Booking;
  creatorUserId: string;
}
/** Booked statuses in which the booker's money is authorized or moved (the "booking confirmed" answer after payment). */
const PAID = new Set<PaymentStatus>([PaymentStatus.HELD, PaymentStatus.ALLOCATED, PaymentStatus.RELEASED, PaymentStatus.PAID_OUT, PaymentStatus.DISPUTED]);

export interface CheckoutResult {
  booking: Booking;
  paymentIntentId: string;
  clientSecret: string;
  /** The checkout page: `/stripe-checkout?booking_id=…&payment_intent=…`. */
  checkoutUrl: string;
}

export interface VerifyPaymentResult {
  booking: Booking;
  bookingConfirmed: boolean;
}

export interface CheckoutDeps {
  clock: Clock;
  events: EventBus;
  provider: () => PaymentProvider;
  runner: TransitionRunner;
}

/**
 * Checkout: holds 1-8 consecutive free hours of a creator for the booker (15 minutes while
 * unpaid) and opens a manual-capture authorization for the total. Double booking is impossible:
 * the database's `bookings_no_overlap` exclusion constraint admits one live booking per hour, and
 * the slots are taken by a conditional update in the same statement as the booking's insert.
 */
export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  async createBookingCheckout(ctx: ServiceContext, input: CheckoutInput): Promise<CheckoutResult> {
    requireViewer(ctx);
    return this.checkoutOrder(ctx, parseInput(CheckoutSchema, input));
  }

  /**
   * The one checkout: the hold (hours or a due date, priced by the order's lines) and the payment's
   * authorization, for the hourly booking, a package and an accepted offer alike.
   */
  async checkoutOrder(ctx: ServiceContext, data: BookingOrder): Promise<CheckoutResult> {
    const viewer = requireViewer(ctx);
    if (data.idempotencyKey) {
      const earlier = await this.findByKey(ctx.em, viewer.id, data.idempotencyKey);
      if (earlier) return this.resume(ctx.em, earlier, data);
    }
    let held: HeldBooking;
    try {
      const onHeld = data.onHeld;
      held = onHeld
        ? await ctx.em.transactional(async (em) => {
            const h = await this.hold(em, viewer, data);
            await onHeld(em, h.booking);
            return h;
          })
        : await this.hold(ctx.em, viewer, data);
    } catch (err) {
      // A retry racing its first attempt loses the slots to it: answer with that attempt's checkout.
      const earlier = data.idempotencyKey && err instanceof DomainError && err.code === 'CONFLICT'
        ? await this.findByKey(ctx.em.fork(), viewer.id, data.idempotencyKey)
        : null;
      if (earlier) return this.resume(ctx.em, earlier, data);
      throw err;
    }
    const { booking, creatorUserId } = held;
    let result: CheckoutResult;
    try {
      result = await this.openAuthorization(ctx.em, booking);
    } catch (err) {
      await this.release(ctx.em, booking);
      throw err instanceof DomainError ? err : new DomainError('PAYMENT_FAILED', 'The payment could not be started. Please try again.');
    }
    // Published together: the event bus sends them in one statement.
    await Promise.all([
      this.deps.events.publish('slotsChanged', { creatorId: booking.creator.id }),
      this.deps.events.publish('bookingUpdated', { bookingId: booking.id, partyUserIds: [viewer.id, creatorUserId] }),
    ]);
    return result;
  }

  /**
   * The return from the card form (or the dashboard's `session_id`): once the provider holds the
   * money the booking moves to pending/held. Safe to call any number of times.
   */
  async verifyBookingPayment(ctx: ServiceContext, input: VerifyPaymentInput): Promise<VerifyPaymentResult> {
    const viewer = requireViewer(ctx);
    const data = parseInput(VerifyPaymentSchema, input);
    const booking = await this.findForVerification(ctx.em, data);
    if (!booking) throw notFound(CHECKOUT_MESSAGES.paymentNotFound);
    const creator = await ctx.em.findOneOrFail(Profile, { id: booking.creator.id });
    if (!partyRole(viewer.id, booking, creator)) throw forbidden('You are not a party to this booking');

    if (booking.paymentStatus === PaymentStatus.UNPAID && booking.paymentIntentId) {
      const authorization = await this.deps.provider().getAuthorization(booking.paymentIntentId);
      if (authorization.status === 'requires_capture') {
        const updated = await authorizeHeld(this.deps.runner, ctx, booking.id);
        if (updated) return { booking: updated, bookingConfirmed: PAID.has(updated.paymentStatus) };
      }
      await ctx.em.refresh(booking);
    }
    return { booking, bookingConfirmed: PAID.has(booking.paymentStatus) };
  }

  /**
   * Takes the slots and writes the pending booking in two statements and no transaction: (1) read
   * the creator with the requested range's slots and check the request against them; (2) insert
   * the booking and take its slots in one statement. The database decides races: the insert fails
   * on `bookings_no_overlap` while another live booking holds any of those hours (waiting for a
   * concurrent one to commit first), and the slots are only taken while still free. If fewer slots
   * were taken than read (availability removed meanwhile), the booking is undone.
   */
  private async hold(em: EntityManager, viewer: Viewer, data: BookingOrder): Promise<HeldBooking> {
    const now = this.deps.clock.now();
    // A booking without hours: the empty range [due, due), no slots taken.
    const timed = data.startTime !== null && data.endTime !== null;
    const startTime = timed ? data.startTime! : data.dueAt!;
    const endTime = timed ? data.endTime! : data.dueAt!;
    if (!startTime) throw badInput(CHECKOUT_MESSAGES.dueInPast, 'dueAt');
    const hours = timed ? (endTime.getTime() - startTime.getTime()) / HOUR_MS : 0;
    if (timed && (!Number.isInteger(hours) || hours < 1 || hours > MAX_BOOKING_HOURS)) throw badInput(CHECKOUT_MESSAGES.duration, 'endTime');
    if (startTime.getTime() <= now.getTime()) throw timed ? badInput(CHECKOUT_MESSAGES.past, 'startTime') : badInput(CHECKOUT_MESSAGES.dueInPast, 'dueAt');

    const { rows } = await preparedQuery<CreatorWithSlot>(
      em,
      `select p.user_id, p.account_type, p.hourly_rate_cents, p.minimum_hours, p.is_available,
              (p.suspended_at is not null or u.suspended_at is not null) as suspended,
              u.email_verified_at is null as unverified,
              s.id as slot_id, s.start_time, s.end_time, s.is_booked, s.bookable
       from profiles p
       join users u on u.id = p.user_id
       left join lateral (
         select a.id, a.start_time, a.end_time, a.is_booked, ${slotBookable('a', '?')} as bookable from availability_slots a
         where a.streamer_id = p.id and ?::boolean and a.start_time < ? and a.end_time > ?
         order by a.start_time
       ) s on true
       where p.id = ?`,
      [now, timed, endTime, startTime, data.creatorId],
    );
    const creator = rows[0];
    if (!creator) throw notFound(CHECKOUT_MESSAGES.creatorNotFound);
    if (creator.user_id === viewer.id) throw forbidden(CHECKOUT_MESSAGES.ownProfile);
    const rate = creator.hourly_rate_cents;
    const hourly = !data.lines;
    if (creator.account_type !== AccountType.CREATOR || (hourly && !rate) || creator.suspended || creator.unverified || !creator.is_available) {
      throw badInput(CHECKOUT_MESSAGES.notBookable, 'creatorId');
    }
    if (hourly && hours < creator.minimum_hours) throw badInput(CHECKOUT_MESSAGES.minimumHours(creator.minimum_hours), 'endTime');
    const lines = data.lines ?? [hourlyLine(hours, rate!)];

    if (!timed) {
      const booking = this.newBooking(em, viewer, data, { startTime, endTime, hours, rate: 0, lines, now });
      try {
        await preparedQuery(em, ...sqlOf(em.getKnex().with('inserted', (k) => k.insert(bookingRow(booking)).into('bookings')).insert(lineRows(booking.id, lines, randomUUID)).into('booking_line_items')));
      } catch (err) {
        // This key's first attempt won the race.
        if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(CHECKOUT_MESSAGES.taken);
        throw err;
      }
      return { booking, creatorUserId: creator.user_id };
    }

    const slots = rows.filter((r) => r.slot_id !== null).map((r) => ({ id: r.slot_id!, startTime: new Date(r.start_time!), endTime: new Date(r.end_time!), isBooked: r.is_booked! }));
    assertCovers(slots, startTime, endTime);
    if (data.availabilitySlotId && !slots.some((s) => s.id === data.availabilitySlotId)) {
      throw badInput(CHECKOUT_MESSAGES.slotMismatch, 'availabilitySlotId');
    }
    if (slots.some((s) => s.isBooked)) throw conflict(CHECKOUT_MESSAGES.taken);
    if (rows.some((r) => r.slot_id !== null && !r.bookable)) throw conflict(CHECKOUT_MESSAGES.unavailable);

    const booking = this.newBooking(em, viewer, data, { startTime, endTime, hours, rate: hourly ? rate! : 0, lines, now });
    const taken = await this.insertTakingSlots(em, booking, lines, slots.map((s) => s.id), now);
    if (taken !== slots.length) {
      await this.release(em, booking);
      throw conflict(CHECKOUT_MESSAGES.taken);
    }
    return { booking, creatorUserId: creator.user_id };
  }

  /** The new booking (not written yet), priced by its lines under the current policy. */
  private newBooking(
    em: EntityManager,
    viewer: Viewer,
    data: BookingOrder,
    a: { startTime: Date; endTime: Date; hours: number; rate: number; lines: LineItem[]; now: Date },
  ): Booking {
    const policy = { ...CURRENT_POLICY };
    return em.create(
      Booking,
      {
        id: randomUUID(),
        creator: em.getReference(Profile, data.creatorId),
        booker: em.getReference(User, viewer.id),
        startTime: a.startTime,
        endTime: a.endTime,
        totalHours: a.hours,
        hourlyRateCents: a.rate,
        ...priceLines(a.lines, policy),
        dueAt: a.hours === 0 ? a.startTime : null,
        packageId: data.packageId ?? null,
        offerId: data.offerId ?? null,
        revisionsIncluded: data.revisionsIncluded ?? null,
        bookingDetails: data.bookingDetails ?? null,
        confirmationDeadline: confirmationDeadlineFor(a.endTime, policy),
        policy,
        idempotencyKey: data.idempotencyKey ?? null,
        checkoutExpiresAt: checkoutExpiryFor(a.now, policy),
        createdAt: a.now,
        updatedAt: a.now,
      },
      { persist: false },
    );
  }

  /** Inserts the booking with its lines and takes those of its slots that are still free, in one statement; returns how many it took. */
  private async insertTakingSlots(em: EntityManager, booking: Booking, lines: LineItem[], slotIds: string[], now: Date): Promise<number> {
    const statement = em
      .getKnex()
      .with('inserted', (knex) => knex.insert(bookingRow(booking)).into('bookings'))
      .with('lines', (knex) => knex.insert(lineRows(booking.id, lines, randomUUID)).into('booking_line_items'))
      .table('availability_slots')
      .update({ is_booked: true, booking_id: booking.id, updated_at: now })
      .whereIn('id', slotIds)
      .where('is_booked', false)
      // Still bookable as the hours are taken (a calendar sync or a settings change may have landed since the read).
      .whereRaw(slotBookable('availability_slots', '?'), [now]);
    try {
      const { sql, bindings } = statement.toSQL();
      return (await preparedQuery(em, sql, bindings)).rowCount;
    } catch (err) {
      const code = pgErrorCode(err);
      // Another live booking holds some of these hours (or this key's first attempt won the race).
      if (code === PG.exclusionViolation || code === PG.uniqueViolation) throw conflict(CHECKOUT_MESSAGES.taken);
      throw err;
    }
  }

  /** Creates (or, with the same key, finds again) the authorization and attaches it to the booking. */
  private async openAuthorization(em: EntityManager, booking: Booking): Promise<CheckoutResult> {
    const authorization = await this.deps.provider().createAuthorization({
      amountCents: booking.totalCents,
      currency: 'usd',
      bookingId: booking.id,
      description: booking.totalHours > 0 ? `Collaboration booking ${booking.id} (${booking.totalHours} h)` : `Collaboration booking ${booking.id}`,
      metadata: { booking_id: booking.id, streamer_id: booking.creator.id, booker_id: booking.booker.id },
      idempotencyKey: providerKey(booking.id, 'authorize'),
    });
    if (!booking.paymentIntentId) {
      await preparedQuery(em, 'update bookings set payment_intent_id = ? where id = ? and payment_intent_id is null', [authorization.id, booking.id]);
      booking.paymentIntentId = authorization.id;
    }
    return {
      booking,
      paymentIntentId: authorization.id,
      clientSecret: authorization.clientSecret,
      checkoutUrl: `/stripe-checkout?booking_id=${encodeURIComponent(booking.id)}&payment_intent=${encodeURIComponent(authorization.id)}`,
    };
  }

  /** A checkout whose payment could not even start leaves no trace: the booking goes, the hours are free again. */
  private async release(root: EntityManager, booking: Booking): Promise<void> {
    await root.fork().transactional(async (em) => {
      await freeBookingSlots(em, booking.id, this.deps.clock.now());
      await em.nativeDelete(Booking, { id: booking.id, paymentIntentId: null });
    });
  }

  private async resume(em: EntityManager, earlier: Booking, data: BookingOrder): Promise<CheckoutResult> {
    const same =
      earlier.creator.id === data.creatorId &&
      earlier.startTime.getTime() === (data.startTime ?? data.dueAt)?.getTime() &&
      earlier.endTime.getTime() === (data.endTime ?? data.dueAt)?.getTime();
    if (!same) throw conflict(CHECKOUT_MESSAGES.keyReused);
    if (!earlier.paymentIntentId && earlier.status === BookingStatus.CANCELLED) {
      throw new DomainError('PAYMENT_FAILED', CHECKOUT_MESSAGES.earlierAttemptFailed);
    }
    return this.openAuthorization(em, earlier);
  }

  private findByKey(em: EntityManager, bookerId: string, key: string): Promise<Booking | null> {
    return em.findOne(Booking, { booker: bookerId, idempotencyKey: key }, { refresh: true });
  }

  private findForVerification(em: EntityManager, data: ReturnType<typeof VerifyPaymentSchema.parse>): Promise<Booking | null> {
    if (data.paymentIntentId) return em.findOne(Booking, { paymentIntentId: data.paymentIntentId });
    if (data.bookingId) return em.findOne(Booking, { id: data.bookingId });
    // The dashboard's session_id: the payment intent id, or the booking id.
    const sid = data.sessionId!;
    return UUID_RE.test(sid) ? em.findOne(Booking, { $or: [{ id: sid }, { paymentIntentId: sid }] }) : em.findOne(Booking, { paymentIntentId: sid });
  }
}

/** The new booking's row (the entity's defaults included) for the insert that also takes its slots. */
function bookingRow(booking: Booking): Record<string, unknown> {
  return {
    id: booking.id,
    streamer_id: booking.creator.id,
    booker_id: booking.booker.id,
    start_time: booking.startTime,
    end_time: booking.endTime,
    total_hours: booking.totalHours,
    hourly_rate_cents: booking.hourlyRateCents,
    due_at: booking.dueAt ?? null,
    package_id: booking.packageId ?? null,
    offer_id: booking.offerId ?? null,
    revisions_included: booking.revisionsIncluded ?? null,
    total_cents: booking.totalCents,
    fee_cents: booking.feeCents,
    streamer_amount_cents: booking.creatorAmountCents,
    refund_cents: booking.refundCents,
    status: booking.status,
    payment_status: booking.paymentStatus,
    booking_details: booking.bookingDetails ?? null,
    streamer_confirmed: booking.creatorConfirmed,
    booker_confirmed: booking.bookerConfirmed,
    confirmation_deadline: booking.confirmationDeadline,
    policy: JSON.stringify(booking.policy),
    idempotency_key: booking.idempotencyKey ?? null,
    checkout_expires_at: booking.checkoutExpiresAt,
    created_at: booking.createdAt,
    updated_at: booking.updatedAt,
    version: booking.version,
  };
}

/** The slots must tile [start, end) exactly, hour after hour. */
function assertCovers(slots: Pick<AvailabilitySlot, 'startTime' | 'endTime'>[], start: Date, end: Date): void {
  if (slots.length === 0 || slots[0].startTime.getTime() !== start.getTime() || slots.at(-1)!.endTime.getTime() !== end.getTime()) {
    throw badInput(slots.length > 1 ? CHECKOUT_MESSAGES.consecutive : CHECKOUT_MESSAGES.notOffered, 'startTime');
  }
  for (let i = 1; i < slots.length; i++) {
    if (slots[i].startTime.getTime() !== slots[i - 1].endTime.getTime()) throw badInput(CHECKOUT_MESSAGES.consecutive, 'startTime');
  }
}

const sqlOf = (q: { toSQL(): { sql: string; bindings: readonly unknown[] } }): [string, readonly unknown[]] => {
  const { sql, bindings } = q.toSQL();
  return [sql, bindings];
};

/**
 * The provider holds the booker's money: the booking moves to pending/held (AUTHORIZE). A booking
 * of an accepted offer was agreed by both sides, so the request is accepted right away (the
 * system's ACCEPT, which captures; outside any transaction). The return from the card form and the
 * provider's event both come here.
 */
export async function authorizeHeld(runner: TransitionRunner, ctx: ServiceContext, bookingId: string): Promise<Booking | null> {
  const moved = await runner.runIfAllowed(ctx, bookingId, { action: BookingAction.AUTHORIZE, as: 'system' });
  if (!moved?.offerId || ctx.em.isInTransaction()) return moved;
  return (await acceptAgreed(runner, ctx, bookingId)) ?? moved;
}

/** An agreed offer's held booking is accepted by the system (nothing when it is no longer a held request). */
export const acceptAgreed = (runner: TransitionRunner, ctx: ServiceContext, bookingId: string) =>
  runner.runIfAllowed(ctx, bookingId, { action: BookingAction.ACCEPT, as: 'system' });
