import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../shared/errors';
import type { PaymentProvider } from '../payments/payment-provider';
import type { Profile } from '../profiles/profile.entity';
import { BookingStatus, type Booking } from './booking.entity';
import { lateCancelRefund, splitRetained } from './bookings.policy';
import type { PaymentEffect } from './bookings.state';
import { escrowOf, recordEntry, untransferredOf, type LedgerTotals } from './ledger';
import { LedgerKind } from './ledger-entry.entity';

/**
 * Carries out a transition's money movement: the provider call (idempotency key = booking id +
 * step, so a retry never moves money twice) and the matching ledger entries, written in the
 * caller's transaction. Ledger keys follow the provider keys; a settlement after a dispute uses
 * its own keys because the first one was reversed.
 */
export interface EffectArgs {
  em: EntityManager;
  provider: PaymentProvider;
  booking: Booking;
  creator: Profile;
  totals: LedgerTotals;
  now: Date;
  /** Support's refund for a partial resolution, in cents. */
  requestedRefundCents?: number;
}

export const providerKey = (bookingId: string, step: 'authorize' | 'capture' | 'cancel' | 'refund' | 'transfer') =>
  `booking:${bookingId}:${step}`;

export async function applyPaymentEffect(effect: PaymentEffect, a: EffectArgs): Promise<void> {
  switch (effect.kind) {
    case 'none':
      return;
    case 'cancelAuthorization':
      return cancelAuthorization(a);
    case 'capture':
      return capture(a);
    case 'settle':
      return settle(a, refundFor(effect.refund, a));
    case 'unallocate':
      return unallocate(a);
    case 'transfer':
      return transfer(a);
    case 'markPaidOut':
      a.booking.paidOutAt = a.now;
      return;
  }
}

async function cancelAuthorization({ provider, booking }: EffectArgs): Promise<void> {
  const pi = booking.paymentIntentId;
  if (!pi) return; // the authorization was never created (the checkout failed before it)
  try {
    await provider.cancelAuthorization(pi, { idempotencyKey: providerKey(booking.id, 'cancel') });
  } catch (err) {
    // Already canceled at the provider (e.g. by the provider itself): the hold is gone either way.
    const current = await provider.getAuthorization(pi).catch(() => null);
    if (current?.status !== 'canceled') throw asPaymentFailure(err);
  }
}

async function capture({ em, provider, booking, now }: EffectArgs): Promise<void> {
  const pi = requireIntent(booking);
  const authorization = await call(() => provider.capture(pi, { idempotencyKey: providerKey(booking.id, 'capture') }));
  recordEntry(em, {
    bookingId: booking.id,
    kind: LedgerKind.CAPTURE,
    amountCents: authorization.capturedCents || booking.totalCents,
    idempotencyKey: providerKey(booking.id, 'capture'),
    providerRef: pi,
    at: now,
  });
}

function refundFor(mode: 'none' | 'all' | 'lateCancel' | 'requested', a: EffectArgs): number {
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
async function settle({ em, provider, booking, totals, now }: EffectArgs, refundCents: number): Promise<void> {
  const escrow = escrowOf(totals);
  if (refundCents < 0 || refundCents > escrow) throw new Error(`Refund ${refundCents} outside the escrow of ${escrow}`);
  const round = booking.status === BookingStatus.DISPUTED ? 'resolution:' : '';
  if (refundCents > 0) {
    const pi = requireIntent(booking);
    const key = providerKey(booking.id, 'refund');
    const { refundId } = await call(() => provider.refund(pi, { amountCents: refundCents, idempotencyKey: key }));
    recordEntry(em, { bookingId: booking.id, kind: LedgerKind.REFUND, amountCents: refundCents, idempotencyKey: key, providerRef: refundId, at: now });
    booking.refundCents += refundCents;
  }
  const { feeCents, creatorCents } = splitRetained(escrow - refundCents, booking.policy);
  recordEntry(em, { bookingId: booking.id, kind: LedgerKind.FEE, amountCents: feeCents, idempotencyKey: `booking:${booking.id}:${round}fee`, at: now });
  recordEntry(em, {
    bookingId: booking.id,
    kind: LedgerKind.ALLOCATION,
    amountCents: creatorCents,
    idempotencyKey: `booking:${booking.id}:${round}allocation`,
    at: now,
  });
  if (creatorCents > 0) booking.allocatedAt = now;
}

/** A dispute after completion: the fee and the creator's share go back into escrow until support decides. */
function unallocate({ em, booking, totals, now }: EffectArgs): void {
  recordEntry(em, { bookingId: booking.id, kind: LedgerKind.FEE_REVERSAL, amountCents: totals.fee, idempotencyKey: `booking:${booking.id}:fee:reversal`, at: now });
  recordEntry(em, {
    bookingId: booking.id,
    kind: LedgerKind.ALLOCATION_REVERSAL,
    amountCents: totals.allocated,
    idempotencyKey: `booking:${booking.id}:allocation:reversal`,
    at: now,
  });
  booking.allocatedAt = null;
}

async function transfer({ em, provider, booking, creator, totals, now }: EffectArgs): Promise<void> {
  const amountCents = untransferredOf(totals);
  const accountId = creator.connectAccountId;
  if (!accountId) throw new DomainError('PAYMENT_FAILED', 'Set up your payout account before requesting a payout');
  const key = providerKey(booking.id, 'transfer');
  const { transferId } = await call(() => provider.transfer({ accountId, amountCents, bookingId: booking.id, idempotencyKey: key }));
  recordEntry(em, { bookingId: booking.id, kind: LedgerKind.TRANSFER, amountCents, idempotencyKey: key, providerRef: transferId, at: now });
  booking.transferId = transferId;
  booking.releasedAt = now;
}

function requireIntent(booking: Booking): string {
  if (!booking.paymentIntentId) throw new DomainError('PAYMENT_FAILED', 'This booking has no payment to act on');
  return booking.paymentIntentId;
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw asPaymentFailure(err);
  }
}

/** Provider refusals reach the user as PAYMENT_FAILED with the provider's message. */
function asPaymentFailure(err: unknown): DomainError {
  if (err instanceof DomainError && err.code === 'PAYMENT_FAILED') return err;
  const message = err instanceof Error && err.message ? err.message : 'The payment provider could not complete the request';
  return new DomainError('PAYMENT_FAILED', message);
}
