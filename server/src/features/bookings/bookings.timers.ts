import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Orm } from '../../platform/db/orm';
import type { JobDefinition } from '../../platform/jobs/job-scheduler';
import { systemContext } from '../../platform/jobs/system-context';
import { DomainError } from '../../platform/shared/errors';
import type { PaymentProvider } from '../payments';
import { LockMode } from '@mikro-orm/core';
import type { Outbox } from '../../platform/outbox/outbox';
import { Booking } from './booking.entity';
import { bookingEvent } from './booking-events';
import type { TransitionRunner } from './process/runner';
import { BookingAction, BookingStatus, PaymentStatus } from './process/booking.model';

const BATCH = 200;
/** A request's creator is reminded this long before it expires unanswered. */
const EXPIRING_NOTICE_MS = 24 * 3_600_000;

/**
 * The booking process's timers, as sweeps: each finds what is due at `now` and asks the state
 * machine to move it (as the system). Running one twice changes nothing the second time: a
 * booking already moved no longer matches its rule.
 */
export class BookingTimers {
  constructor(
    private readonly deps: { orm: Orm; provider: () => PaymentProvider; runner: TransitionRunner; logger: Logger; outbox: Outbox },
  ) {}

  /** Unpaid after the checkout hold: cancelled/voided and the hours freed. A card authorized at the last moment counts as paid instead. */
  async expireCheckouts(now: Date): Promise<number> {
    const due = await this.due(
      `status = 'pending' and payment_status = 'unpaid' and checkout_expires_at <= ?`,
      [now],
      'checkout_expires_at',
    );
    return this.each(due, async ({ payment_intent_id }) => {
      const paid = payment_intent_id ? (await this.deps.provider().getAuthorization(payment_intent_id)).status === 'requires_capture' : false;
      return paid ? BookingAction.AUTHORIZE : BookingAction.EXPIRE_CHECKOUT;
    });
  }

  /** Held requests the creator did not answer by min(authorized + 6 days, start): cancelled/voided, the hold released. */
  async expireRequests(now: Date): Promise<number> {
    const due = await this.due(
      `status = 'pending' and payment_status = 'held'
       and least(coalesce(authorized_at, created_at) + make_interval(hours => (policy->>'requestExpiryHours')::int), start_time) <= ?`,
      [now],
      'start_time',
    );
    return this.each(due, () => BookingAction.EXPIRE_REQUEST);
  }

  /**
   * Held requests whose answer is due within 24 hours: the creator is told once (booking.expiring),
   * under the booking's row lock so two servers running the sweep tell them once.
   */
  async announceExpiringRequests(now: Date): Promise<number> {
    const deadline = `least(coalesce(authorized_at, created_at) + make_interval(hours => (policy->>'requestExpiryHours')::int), start_time)`;
    const due = await this.due(
      `status = 'pending' and payment_status = 'held' and ${deadline} > ? and ${deadline} <= ?
       and not exists (select 1 from outbox_event e where e.booking_id = bookings.id and e.topic = 'booking.expiring')`,
      [now, new Date(now.getTime() + EXPIRING_NOTICE_MS)],
      'start_time',
    );
    let announced = 0;
    for (const { id } of due) {
      const told = await this.deps.orm.em.fork().transactional(async (em) => {
        const booking = await em.findOne(Booking, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['creator'] });
        if (!booking || booking.status !== BookingStatus.PENDING || booking.paymentStatus !== PaymentStatus.HELD) return false;
        const [already] = await em.execute(`select 1 from outbox_event where booking_id = ? and topic = 'booking.expiring' limit 1`, [id]);
        if (already) return false;
        const creator = booking.creator.getEntity();
        await this.deps.outbox.publish(em, await bookingEvent(em, 'booking.expiring', booking, creator, null, [creator.user.id]));
        return true;
      });
      if (told) announced += 1;
    }
    return announced;
  }

  /** Confirmed bookings nobody disputed by the confirmation deadline: auto_completed/allocated. */
  async autoComplete(now: Date): Promise<number> {
    const due = await this.due(`status = 'confirmed' and confirmation_deadline <= ?`, [now], 'confirmation_deadline');
    return this.each(due, () => BookingAction.AUTO_COMPLETE);
  }

  /**
   * Allocated shares the creator has not asked for, paid out 2 business days after allocation
   * (the calendar-day filter here is a superset; the state machine's guard counts business days).
   */
  async payOut(now: Date): Promise<number> {
    const due = await this.due(
      `allocated_at is not null and transfer_id is null
       and ((status in ('completed', 'auto_completed') and payment_status = 'allocated') or (status = 'cancelled' and payment_status = 'refunded'))
       and allocated_at + make_interval(days => (policy->>'payoutDelayBusinessDays')::int) <= ?
       and exists (select 1 from profiles p where p.id = bookings.streamer_id and p.payouts_enabled and p.connect_account_id is not null)`,
      [now],
      'allocated_at',
    );
    return this.each(due, () => BookingAction.REQUEST_PAYOUT);
  }

  /** Payment provider calls whose transition died mid-call (a crash): finished with the same idempotency key. */
  finishAbandonedPayments(now: Date): Promise<number> {
    return this.deps.runner.finishAbandonedSteps(systemContext(this.deps.orm).em as EntityManager, now);
  }

  jobs(): JobDefinition[] {
    return [
      { name: 'bookings-finish-abandoned-payments', everySeconds: 60, run: (now) => this.finishAbandonedPayments(now).then(() => {}) },
      { name: 'bookings-expire-checkouts', everySeconds: 30, run: (now) => this.expireCheckouts(now).then(() => {}) },
      { name: 'bookings-expire-requests', everySeconds: 60, run: (now) => this.expireRequests(now).then(() => {}) },
      { name: 'bookings-announce-expiring', everySeconds: 300, run: (now) => this.announceExpiringRequests(now).then(() => {}) },
      { name: 'bookings-auto-complete', everySeconds: 60, run: (now) => this.autoComplete(now).then(() => {}) },
      { name: 'bookings-auto-payout', everySeconds: 300, run: (now) => this.payOut(now).then(() => {}) },
    ];
  }

  private due(where: string, params: unknown[], order: string): Promise<{ id: string; payment_intent_id: string | null }[]> {
    return this.deps.orm.em.fork().execute(
      `select id, payment_intent_id from bookings where ${where} order by ${order} asc, id asc limit ${BATCH}`,
      params,
    );
  }

  /**
   * Moves each booking in its own transaction. A business refusal (e.g. the provider declining a
   * transfer) is logged and retried on the next run; an unexpected error fails the run after
   * the others were handled.
   */
  private async each(
    rows: { id: string; payment_intent_id: string | null }[],
    actionFor: (row: { id: string; payment_intent_id: string | null }) => BookingAction | Promise<BookingAction>,
  ): Promise<number> {
    let moved = 0;
    const failures: unknown[] = [];
    for (const row of rows) {
      try {
        const action = await actionFor(row);
        if (await this.deps.runner.runIfAllowed(systemContext(this.deps.orm), row.id, { action, as: 'system' })) moved += 1;
      } catch (err) {
        if (err instanceof DomainError) this.deps.logger.warn({ err, bookingId: row.id }, 'booking timer could not move a booking; will retry');
        else failures.push(err);
      }
    }
    if (failures.length > 0) throw failures.length === 1 ? failures[0] : new AggregateError(failures, 'booking timers failed');
    return moved;
  }
}
