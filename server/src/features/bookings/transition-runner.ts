import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Metrics } from '../../observability/metrics';
import type { Clock } from '../../shared/clock';
import { requireViewer, type ServiceContext, type Viewer } from '../../shared/context';
import { DomainError, forbidden, notFound } from '../../shared/errors';
import type { EventBus } from '../../shared/events';
import { AvailabilitySlot } from '../availability/availability-slot.entity';
import type { PaymentEventContext, PaymentProvider } from '../payments/payment-provider';
import { Profile } from '../profiles/profile.entity';
import { Review } from '../reviews/review.entity';
import { Dispute } from '../support/dispute.entity';
import { UserRole } from '../users/user.entity';
import { Booking, BookingStatus, PaymentStatus } from './booking.entity';
import { BookingAction, decide, type Actor, type BookingState, type TransitionFacts, type TransitionRule } from './bookings.state';
import { ledgerTotals, untransferredOf, type LedgerTotals } from './ledger';
import { applyPaymentEffect } from './payment-effects';

export interface TransitionDeps {
  clock: Clock;
  events: EventBus;
  provider: () => PaymentProvider;
  /** booking_transitions_total{transition} at /metrics. */
  metrics?: Pick<Metrics, 'bookingTransitions'>;
}

/** What a transition did, handed to the action's own writes (dispute row, reason, flags). */
export interface AppliedTransition {
  em: EntityManager;
  booking: Booking;
  creator: Profile;
  rule: TransitionRule;
  actor: Actor;
  viewer: Viewer | null;
  previous: BookingState;
  now: Date;
}

export interface TransitionRequest {
  action: BookingAction;
  /** The system (timers, provider events) or support staff act; otherwise the viewer as booker or creator. */
  as?: 'system' | 'support';
  /** Support's refund for a partial resolution. */
  refundCents?: number;
  /** Checked before anything moves (e.g. "a dispute needs a reason"); throw to refuse. */
  validate?: (booking: Booking, rule: TransitionRule) => void;
  /** The action's own writes, in the same transaction, after the state and the money moved. */
  onApply?: (t: AppliedTransition) => Promise<void> | void;
}

/** The booker's user id and the creator's user id: who hears about a change. */
export const partyUserIds = (booking: Booking, creator: Profile) => [booking.booker.id, creator.user.id];

export function partyRole(viewerId: string, booking: Booking, creator: Profile): 'booker' | 'creator' | null {
  if (creator.user.id === viewerId) return 'creator';
  if (booking.booker.id === viewerId) return 'booker';
  return null;
}

/** The facts every guard of the state machine may read. */
export function transitionFacts(args: {
  booking: Booking;
  creator: Profile;
  actor: Actor;
  now: Date;
  totals: LedgerTotals;
  hasDispute: boolean;
  reviewedByActor: boolean;
}): TransitionFacts {
  return {
    now: args.now,
    actor: args.actor,
    booking: args.booking,
    hasDispute: args.hasDispute,
    untransferredCents: untransferredOf(args.totals),
    payoutAccountReady: Boolean(args.creator.connectAccountId && args.creator.payoutsEnabled),
    reviewedByActor: args.reviewedByActor,
  };
}

/**
 * The one way a booking changes (Vendure's transition helper, as a function): lock the row, ask
 * the state machine, move the money, write the new state and the action's own data in one
 * transaction, then tell both parties once it is committed.
 */
export class TransitionRunner {
  constructor(private readonly deps: TransitionDeps) {}

  async run(ctx: ServiceContext, bookingId: string, req: TransitionRequest): Promise<Booking> {
    const viewer = req.as === 'system' ? null : requireViewer(ctx);
    const now = this.deps.clock.now();
    const done = await ctx.em.transactional(async (em) => {
      const booking = await em.findOne(Booking, { id: bookingId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (!booking) throw notFound('Booking not found');
      const creator = await em.findOneOrFail(Profile, { id: booking.streamer.id }, { refresh: true });
      const actor = actorFor(req.as, viewer, booking, creator);
      const totals = await ledgerTotals(em, booking.id);
      const facts = transitionFacts({
        booking,
        creator,
        actor,
        now,
        totals,
        hasDispute: (await em.count(Dispute, { bookingId: booking.id })) > 0,
        reviewedByActor:
          req.action === BookingAction.REVIEW && viewer ? (await em.count(Review, { bookingId: booking.id, reviewer: viewer.id })) > 0 : false,
      });
      const rule = decide(req.action, facts);
      req.validate?.(booking, rule);

      const previous = { status: booking.status, payment: booking.paymentStatus };
      await applyPaymentEffect(rule.effect, { em, provider: this.deps.provider(), booking, creator, totals, now, requestedRefundCents: req.refundCents });
      booking.status = rule.to.status ?? booking.status;
      booking.paymentStatus = rule.to.payment ?? booking.paymentStatus;
      stamp(booking, previous, now, viewer);

      let freedSlots = false;
      if (booking.status === BookingStatus.CANCELLED && previous.status !== BookingStatus.CANCELLED && now < booking.startTime) {
        // The hours become bookable again; after the start they stay taken (the time is gone).
        freedSlots = (await em.nativeUpdate(AvailabilitySlot, { bookingId: booking.id }, { isBooked: false, bookingId: null })) > 0;
      }
      if (booking.status === BookingStatus.CONFIRMED && previous.status === BookingStatus.PENDING) {
        // total_bookings counts requests the creator accepted; later cancellations do not undo it.
        await em.execute('update profiles set total_bookings = total_bookings + 1 where id = ?', [creator.id]);
      }
      await req.onApply?.({ em, booking, creator, rule, actor, viewer, previous, now });
      await em.flush();
      return { booking, creator, freedSlots };
    });
    this.deps.metrics?.bookingTransitions.inc({ transition: req.action });

    const publish = async () => {
      await this.deps.events.publish('bookingUpdated', { bookingId, partyUserIds: partyUserIds(done.booking, done.creator) });
      if (done.freedSlots) await this.deps.events.publish('slotsChanged', { streamerId: done.creator.id });
    };
    const afterCommit = (ctx as Partial<PaymentEventContext>).afterCommit;
    if (afterCommit) afterCommit(publish);
    else await publish();
    return done.booking;
  }

  /** For timers and provider events: a move that is no longer allowed (already made, or not due) is skipped. */
  async runIfAllowed(ctx: ServiceContext, bookingId: string, req: TransitionRequest): Promise<Booking | null> {
    try {
      return await this.run(ctx, bookingId, req);
    } catch (err) {
      if (err instanceof DomainError && err.code === 'INVALID_TRANSITION') return null;
      throw err;
    }
  }
}

function actorFor(as: TransitionRequest['as'], viewer: Viewer | null, booking: Booking, creator: Profile): Actor {
  if (as === 'system') return 'system';
  if (as === 'support' && viewer?.role === UserRole.SUPPORT) return 'support';
  const role = viewer ? partyRole(viewer.id, booking, creator) : null;
  if (!role) throw forbidden(as === 'support' ? 'Only support staff can do this' : 'You are not a party to this booking');
  return role;
}

function stamp(booking: Booking, previous: BookingState, now: Date, viewer: Viewer | null): void {
  if (previous.payment === PaymentStatus.UNPAID && booking.paymentStatus === PaymentStatus.HELD) booking.authorizedAt = now;
  if (booking.status === BookingStatus.CONFIRMED && previous.status === BookingStatus.PENDING) booking.acceptedAt = now;
  if ((booking.status === BookingStatus.COMPLETED || booking.status === BookingStatus.AUTO_COMPLETED) && previous.status !== booking.status) {
    booking.completedAt = now;
  }
  if (booking.status === BookingStatus.CANCELLED && previous.status !== BookingStatus.CANCELLED) {
    booking.cancelledAt = now;
    booking.cancelledBy = viewer?.id ?? null;
  }
}
