import { DateTime } from 'luxon';
import type { Booking } from '../booking.entity';
import type { BookingPolicy } from './booking.model';

/**
 * The booking policy in force for new bookings (docs/architecture.md, "Feature notes"). Each booking keeps a snapshot
 * in `booking.policy`, so a later change never applies retroactively; every rule below reads
 * the booking's own snapshot.
 */
export const CURRENT_POLICY: BookingPolicy = {
  feePercent: 10,
  fullRefundHours: 24,
  lateCancelRefundPercent: 50,
  checkoutHoldMinutes: 15,
  requestExpiryHours: 6 * 24,
  confirmationWindowHours: 48,
  payoutDelayBusinessDays: 2,
};

export const MAX_BOOKING_HOURS = 8;

const HOUR_MS = 3_600_000;

export function platformFee(amountCents: number, policy: BookingPolicy): number {
  return Math.round((amountCents * policy.feePercent) / 100);
}

/** Price of `hours` at `hourlyRateCents`: total, platform fee and the creator's share. */
export function priceBooking(hourlyRateCents: number, hours: number, policy: BookingPolicy) {
  const totalCents = hourlyRateCents * hours;
  const feeCents = platformFee(totalCents, policy);
  return { totalCents, feeCents, creatorAmountCents: totalCents - feeCents };
}

/**
 * How money the platform keeps is split. The fee is a share of what the booker finally pays:
 * when part of the money goes back (late cancellation, partial dispute refund), the fee is
 * charged on the retained part only, and the creator gets the rest.
 */
export function splitRetained(retainedCents: number, policy: BookingPolicy) {
  const feeCents = platformFee(retainedCents, policy);
  return { feeCents, creatorCents: retainedCents - feeCents };
}

/** Refund owed when the booker cancels a confirmed booking under the full-refund notice. */
export function lateCancelRefund(totalCents: number, policy: BookingPolicy): number {
  return Math.round((totalCents * policy.lateCancelRefundPercent) / 100);
}

/** Until this instant the booker may cancel an accepted booking for a full refund (start minus the full-refund notice). */
export function freeCancellationUntil(booking: Pick<Booking, 'startTime' | 'policy'>): Date {
  return new Date(booking.startTime.getTime() - booking.policy.fullRefundHours * HOUR_MS);
}

/** True when the start is less than the full-refund notice away (the "(fee applies)" case). */
export function isLateCancellation(booking: Pick<Booking, 'startTime' | 'policy'>, now: Date): boolean {
  return now.getTime() > freeCancellationUntil(booking).getTime();
}

/**
 * The cancellation rule as people read it ("free until …; after that 50 % is kept"), for the
 * booking dialog, the checkout and the booking card: the screens show this, never their own copy
 * of the numbers. Withdrawing a request the creator has not accepted yet is always free.
 */
export interface CancellationTerms {
  freeUntil: Date;
  /** Share of the price kept (creator and platform fee) when an accepted booking is cancelled later. */
  lateKeptPercent: number;
}

export function cancellationTerms(booking: Pick<Booking, 'startTime' | 'policy'>): CancellationTerms {
  return { freeUntil: freeCancellationUntil(booking), lateKeptPercent: 100 - booking.policy.lateCancelRefundPercent };
}

/** A held request lapses at min(authorized + request expiry, start). */
export function requestDeadline(booking: Pick<Booking, 'startTime' | 'authorizedAt' | 'createdAt' | 'policy'>): Date {
  const authorized = (booking.authorizedAt ?? booking.createdAt).getTime();
  return new Date(Math.min(authorized + booking.policy.requestExpiryHours * HOUR_MS, booking.startTime.getTime()));
}

export function confirmationDeadlineFor(endTime: Date, policy: BookingPolicy): Date {
  return new Date(endTime.getTime() + policy.confirmationWindowHours * HOUR_MS);
}

export function checkoutExpiryFor(now: Date, policy: BookingPolicy): Date {
  return new Date(now.getTime() + policy.checkoutHoldMinutes * 60_000);
}

/** `from` plus n business days (Saturday and Sunday skipped, counted in UTC), same time of day. */
export function addBusinessDays(from: Date, days: number): Date {
  let t = DateTime.fromJSDate(from, { zone: 'utc' });
  let left = days;
  while (left > 0) {
    t = t.plus({ days: 1 });
    if (t.weekday <= 5) left -= 1;
  }
  return t.toJSDate();
}

/** When the system pays an allocated creator share out by itself. */
export function automaticPayoutAt(booking: Pick<Booking, 'allocatedAt' | 'policy'>): Date | null {
  return booking.allocatedAt ? addBusinessDays(booking.allocatedAt, booking.policy.payoutDelayBusinessDays) : null;
}
