import { LockMode } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../shared/clock';
import { requireViewer, type ServiceContext, type Viewer } from '../../shared/context';
import { badInput, conflict, DomainError, forbidden, notFound, PG, pgErrorCode } from '../../shared/errors';
import type { EventBus } from '../../shared/events';
import { UUID_RE } from '../../shared/pagination';
import { parseInput } from '../../shared/validation';
import { AvailabilitySlot } from '../availability/availability-slot.entity';
import type { PaymentProvider } from '../payments/payment-provider';
import { Profile } from '../profiles/profile.entity';
import { AccountType, User } from '../users/user.entity';
import { Booking, BookingStatus, PaymentStatus } from './booking.entity';
import { CheckoutSchema, VerifyPaymentSchema, type CheckoutInput, type VerifyPaymentInput } from './bookings.inputs';
import { checkoutExpiryFor, confirmationDeadlineFor, CURRENT_POLICY, MAX_BOOKING_HOURS, priceBooking } from './bookings.policy';
import { BookingAction } from './bookings.state';
import { providerKey } from './payment-effects';
import { partyRole, partyUserIds, type TransitionRunner } from './transition-runner';

export const CHECKOUT_MESSAGES = {
  consecutive: 'Please select consecutive hours only',
  taken: 'This time slot was just booked by someone else. Please pick another time.',
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
} as const;

const HOUR_MS = 3_600_000;
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
 * the slot rows are locked (FOR UPDATE) and taken with a conditional update, and the database's
 * `bookings_no_overlap` exclusion constraint backs both up.
 */
export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  async createBookingCheckout(ctx: ServiceContext, input: CheckoutInput): Promise<CheckoutResult> {
    const viewer = requireViewer(ctx);
    const data = parseInput(CheckoutSchema, input);
    if (data.idempotencyKey) {
      const earlier = await this.findByKey(ctx.em, viewer.id, data.idempotencyKey);
      if (earlier) return this.resume(ctx.em, earlier, data);
    }
    let booking: Booking;
    try {
      booking = await this.hold(ctx.em, viewer, data);
    } catch (err) {
      // A retry racing its first attempt loses the slots to it: answer with that attempt's checkout.
      const earlier = data.idempotencyKey && err instanceof DomainError && err.code === 'CONFLICT'
        ? await this.findByKey(ctx.em.fork(), viewer.id, data.idempotencyKey)
        : null;
      if (earlier) return this.resume(ctx.em, earlier, data);
      throw err;
    }
    let result: CheckoutResult;
    try {
      result = await this.openAuthorization(ctx.em, booking);
    } catch (err) {
      await this.release(ctx.em, booking);
      throw err instanceof DomainError ? err : new DomainError('PAYMENT_FAILED', 'The payment could not be started. Please try again.');
    }
    const creator = await ctx.em.findOneOrFail(Profile, { id: booking.streamer.id });
    await this.deps.events.publish('slotsChanged', { streamerId: creator.id });
    await this.deps.events.publish('bookingUpdated', { bookingId: booking.id, partyUserIds: partyUserIds(booking, creator) });
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
    const creator = await ctx.em.findOneOrFail(Profile, { id: booking.streamer.id });
    if (!partyRole(viewer.id, booking, creator)) throw forbidden('You are not a party to this booking');

    if (booking.paymentStatus === PaymentStatus.UNPAID && booking.paymentIntentId) {
      const authorization = await this.deps.provider().getAuthorization(booking.paymentIntentId);
      if (authorization.status === 'requires_capture') {
        const updated = await this.deps.runner.runIfAllowed(ctx, booking.id, { action: BookingAction.AUTHORIZE, as: 'system' });
        if (updated) return { booking: updated, bookingConfirmed: PAID.has(updated.paymentStatus) };
      }
      await ctx.em.refresh(booking);
    }
    return { booking, bookingConfirmed: PAID.has(booking.paymentStatus) };
  }

  /** Takes the slots and writes the pending booking, all or nothing. */
  private async hold(root: EntityManager, viewer: Viewer, data: ReturnType<typeof CheckoutSchema.parse>): Promise<Booking> {
    const now = this.deps.clock.now();
    const { startTime, endTime } = data;
    const hours = (endTime.getTime() - startTime.getTime()) / HOUR_MS;
    if (!Number.isInteger(hours) || hours < 1 || hours > MAX_BOOKING_HOURS) throw badInput(CHECKOUT_MESSAGES.duration, 'endTime');
    if (startTime.getTime() <= now.getTime()) throw badInput(CHECKOUT_MESSAGES.past, 'startTime');

    try {
      return await root.transactional(async (em) => {
        const creator = await em.findOne(Profile, { id: data.streamerId }, { populate: ['user'] });
        if (!creator) throw notFound(CHECKOUT_MESSAGES.creatorNotFound);
        if (creator.user.id === viewer.id) throw forbidden(CHECKOUT_MESSAGES.ownProfile);
        const rate = creator.hourlyRateCents;
        if (creator.accountType !== AccountType.CREATOR || !rate || creator.suspendedAt || !creator.isAvailable || creator.user.getEntity().suspendedAt) {
          throw badInput(CHECKOUT_MESSAGES.notBookable, 'streamerId');
        }
        if (hours < creator.minimumHours) throw badInput(CHECKOUT_MESSAGES.minimumHours(creator.minimumHours), 'endTime');

        const slots = await em.find(
          AvailabilitySlot,
          { streamer: creator.id, startTime: { $lt: endTime }, endTime: { $gt: startTime } },
          { orderBy: { startTime: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
        );
        assertCovers(slots, startTime, endTime);
        if (data.availabilitySlotId && !slots.some((s) => s.id === data.availabilitySlotId)) {
          throw badInput(CHECKOUT_MESSAGES.slotMismatch, 'availabilitySlotId');
        }
        if (slots.some((s) => s.isBooked)) throw conflict(CHECKOUT_MESSAGES.taken);

        const policy = { ...CURRENT_POLICY };
        const booking = em.create(Booking, {
          id: randomUUID(),
          streamer: creator,
          booker: em.getReference(User, viewer.id),
          startTime,
          endTime,
          totalHours: hours,
          hourlyRateCents: rate,
          ...priceBooking(rate, hours, policy),
          bookingDetails: data.bookingDetails,
          confirmationDeadline: confirmationDeadlineFor(endTime, policy),
          policy,
          idempotencyKey: data.idempotencyKey ?? null,
          checkoutExpiresAt: checkoutExpiryFor(now, policy),
          createdAt: now,
          updatedAt: now,
        });
        await em.flush();
        const taken = await em.nativeUpdate(
          AvailabilitySlot,
          { id: slots.map((s) => s.id), isBooked: false },
          { isBooked: true, bookingId: booking.id, updatedAt: now },
        );
        if (taken !== slots.length) throw conflict(CHECKOUT_MESSAGES.taken);
        return booking;
      });
    } catch (err) {
      const code = pgErrorCode(err);
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
      description: `Collaboration booking ${booking.id} (${booking.totalHours} h)`,
      metadata: { booking_id: booking.id, streamer_id: booking.streamer.id, booker_id: booking.booker.id },
      idempotencyKey: providerKey(booking.id, 'authorize'),
    });
    if (!booking.paymentIntentId) {
      await em.nativeUpdate(Booking, { id: booking.id, paymentIntentId: null }, { paymentIntentId: authorization.id });
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
      await em.nativeUpdate(AvailabilitySlot, { bookingId: booking.id }, { isBooked: false, bookingId: null });
      await em.nativeDelete(Booking, { id: booking.id, paymentIntentId: null });
    });
  }

  private async resume(em: EntityManager, earlier: Booking, data: ReturnType<typeof CheckoutSchema.parse>): Promise<CheckoutResult> {
    const same =
      earlier.streamer.id === data.streamerId &&
      earlier.startTime.getTime() === data.startTime.getTime() &&
      earlier.endTime.getTime() === data.endTime.getTime();
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

/** The slots must tile [start, end) exactly, hour after hour. */
function assertCovers(slots: AvailabilitySlot[], start: Date, end: Date): void {
  if (slots.length === 0 || slots[0].startTime.getTime() !== start.getTime() || slots.at(-1)!.endTime.getTime() !== end.getTime()) {
    throw badInput(slots.length > 1 ? CHECKOUT_MESSAGES.consecutive : CHECKOUT_MESSAGES.notOffered, 'startTime');
  }
  for (let i = 1; i < slots.length; i++) {
    if (slots[i].startTime.getTime() !== slots[i - 1].endTime.getTime()) throw badInput(CHECKOUT_MESSAGES.consecutive, 'startTime');
  }
}
