import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../platform/shared/errors';
import type { Profile } from '../../profiles';
import type { Booking } from '../booking.entity';
import { lateCancelRefund, splitRetained } from './policy';
import { escrowOf, recordEntry, untransferredOf, type LedgerTotals, type RecordedEntry } from '../ledger';
import { LedgerKind } from '../ledger-entry.entity';
import { BookingStatus, type MoneyPlan, type PaymentEffect, type ProviderCall, type ProviderOutcome } from './booking.model';

/**
 * A transition's money movement in three steps, so that no row lock (and no pooled connection) is
 * held while the provider works:
 * 1. `planPaymentEffect`, under the booking's lock: which provider call (if any) with which amount
 *    and idempotency key (booking id + step, so a retry never moves money twice);
 * 2. `callProvider` (provider-call.ts), outside any transaction;
 * 3. `recordPaymentEffect`, under the lock again: the matching ledger entries and booking fields.
 * A plan is plain data: it is stored on the booking while the call is in flight, so a crashed
 * attempt can be finished with the very same call (see recovery.ts).
 */

export const providerKey = (bookingId: string, step: 'authorize' | 'capture' | 'cancel' | 'refund' | 'transfer') =>
  `booking:${bookingId}:${step}`;

export interface PlanArgs {
  booking: Booking;
  creator: Profile;
  totals: LedgerTotals;
  /** Support's refund for a partial resolution, in cents. */
  requestedRefundCents?: number;
}

export function planPaymentEffect(effect: PaymentEffect, a: PlanArgs): MoneyPlan {
  const plan = (call: ProviderCall | null, refundCents = 0): MoneyPlan => ({ effect, call, refundCents });
  const { booking } = a;
  switch (effect.kind) {
    case 'cancelAuthorization': {
      const pi = booking.paymentIntentId;
      // No intent: the checkout failed before creating it, there is no hold to release.
      return plan(pi ? { op: 'cancelAuthorization', paymentIntentId: pi, idempotencyKey: providerKey(booking.id, 'cancel') } : null);
    }
    case 'capture':
      return plan({ op: 'capture', paymentIntentId: requireIntent(booking), idempotencyKey: providerKey(booking.id, 'capture') });
    case 'settle': {
      const escrow = escrowOf(a.totals);
      const refundCents = refundFor(effect.refund, a);
      if (refundCents < 0 || refundCents > escrow) throw new Error(`Refund ${refundCents} outside the escrow of ${escrow}`);
      if (refundCents === 0) return plan(null);
      const call: ProviderCall = { op: 'refund', paymentIntentId: requireIntent(booking), amountCents: refundCents, idempotencyKey: providerKey(booking.id, 'refund') };
      return plan(call, refundCents);
    }
    case 'transfer': {
      const accountId = a.creator.connectAccountId;
      if (!accountId) throw new DomainError('PAYMENT_FAILED', 'Set up your payout account before requesting a payout');
      const amountCents = untransferredOf(a.totals);
      return plan({ op: 'transfer', accountId, bookingId: booking.id, amountCents, idempotencyKey: providerKey(booking.id, 'transfer') });
    }
    case 'none':
    case 'unallocate':
    case 'markPaidOut':
      return plan(null);
  }
}

export interface RecordArgs {
  em: EntityManager;
  booking: Booking;
  totals: LedgerTotals;
  now: Date;
}

/** The arguments of a record, and where the entries it recorded are listed. */
interface Recording extends RecordArgs {
  out: RecordedEntry[];
}

/**
 * Writes the ledger entries and booking fields of a carried-out plan, in the caller's
 * transaction, and returns the entries it recorded. Ledger keys follow the provider keys; a settlement after a dispute uses its own
 * keys because the first one was reversed.
 */
export function recordPaymentEffect(plan: MoneyPlan, outcome: ProviderOutcome | null, args: RecordArgs): RecordedEntry[] {
  const out: RecordedEntry[] = [];
  recordEffect(plan, outcome, { ...args, out });
  return out;
}

function recordEffect(plan: MoneyPlan, outcome: ProviderOutcome | null, { em, booking, totals, now, out }: Recording): void {
  const key = plan.call?.idempotencyKey;
  switch (plan.effect.kind) {
    case 'none':
    case 'cancelAuthorization':
      return;
    case 'capture':
      recordEntry(em, {
        bookingId: booking.id,
        kind: LedgerKind.CAPTURE,
        amountCents: outcome?.capturedCents || booking.totalCents,
        idempotencyKey: key!,
        providerRef: outcome?.ref ?? null,
        at: now,
      }, out);
      return;
    case 'settle':
      return settle(plan.refundCents, outcome, { em, booking, totals, now, out }, key);
    case 'unallocate':
      return unallocate({ em, booking, totals, now, out });
    case 'transfer':
      recordEntry(em, {
        bookingId: booking.id,
        kind: LedgerKind.TRANSFER,
        amountCents: plan.call!.op === 'transfer' ? plan.call!.amountCents : 0,
        idempotencyKey: key!,
        providerRef: outcome?.ref ?? null,
        at: now,
      }, out);
      booking.transferId = outcome?.ref ?? null;
      booking.releasedAt = now;
      return;
    case 'markPaidOut':
      booking.paidOutAt = now;
      return;
  }
}

function refundFor(mode: 'none' | 'all' | 'lateCancel' | 'requested', a: PlanArgs): number {
  const escrow = escrowOf(a.totals);
  switch (mode) {
    case 'none':
      return 0;
    case 'all':
      return escrow;
    case 'lateCancel':
      return Math.min(escrow, lateCancelRefund(a.booking.totalCents, a.booking.policy));
    case 'requested':
      return a.requestedRefundCents ?? 0;
  }
}

/** Splits the escrow: `refundCents` back to the booker, then the fee and the creator's share of the rest. */
function settle(refundCents: number, outcome: ProviderOutcome | null, { em, booking, totals, now, out }: Recording, refundKey: string | undefined): void {
  const escrow = escrowOf(totals);
  const round = booking.status === BookingStatus.DISPUTED ? 'resolution:' : '';
  if (refundCents > 0) {
    recordEntry(em, { bookingId: booking.id, kind: LedgerKind.REFUND, amountCents: refundCents, idempotencyKey: refundKey!, providerRef: outcome?.ref ?? null, at: now }, out);
    booking.refundCents += refundCents;
  }
  const { feeCents, creatorCents } = splitRetained(escrow - refundCents, booking.policy);
  recordEntry(em, { bookingId: booking.id, kind: LedgerKind.FEE, amountCents: feeCents, idempotencyKey: `booking:${booking.id}:${round}fee`, at: now }, out);
  recordEntry(em, {
    bookingId: booking.id,
    kind: LedgerKind.ALLOCATION,
    amountCents: creatorCents,
    idempotencyKey: `booking:${booking.id}:${round}allocation`,
    at: now,
  }, out);
  if (creatorCents > 0) booking.allocatedAt = now;
}

/** A dispute after completion: the fee and the creator's share go back into escrow until support decides. */
function unallocate({ em, booking, totals, now, out }: Recording): void {
  recordEntry(em, { bookingId: booking.id, kind: LedgerKind.FEE_REVERSAL, amountCents: totals.fee, idempotencyKey: `booking:${booking.id}:fee:reversal`, at: now }, out);
  recordEntry(em, {
    bookingId: booking.id,
    kind: LedgerKind.ALLOCATION_REVERSAL,
    amountCents: totals.allocated,
    idempotencyKey: `booking:${booking.id}:allocation:reversal`,
    at: now,
  }, out);
  booking.allocatedAt = null;
}

function requireIntent(booking: Booking): string {
  if (!booking.paymentIntentId) throw new DomainError('PAYMENT_FAILED', 'This booking has no payment to act on');
  return booking.paymentIntentId;
}
