import { describe, expect, it } from 'vitest';
import { CURRENT_POLICY, lateCancelRefund, priceBooking, splitRetained } from '../process/policy';
import { availableActions, decide, TRANSITIONS, type TransitionFacts } from '../process/transitions';
import { REACHABLE_STATES } from './reachable-states';
import { BookingStatus, PaymentStatus, type BookingPolicy, BookingAction, type Actor } from '../process/booking.model';

const HOUR = 3_600_000;
const now = new Date('2026-12-01T12:00:00Z');

function facts(over: Partial<TransitionFacts['booking']> & { actor?: Actor; hoursToStart?: number } = {}, extra: Partial<TransitionFacts> = {}): TransitionFacts {
  const start = new Date(now.getTime() + (over.hoursToStart ?? 48) * HOUR);
  return {
    now,
    actor: over.actor ?? 'booker',
    booking: {
      status: BookingStatus.CONFIRMED,
      paymentStatus: PaymentStatus.HELD,
      startTime: start,
      endTime: new Date(start.getTime() + HOUR),
      confirmationDeadline: new Date(start.getTime() + 49 * HOUR),
      checkoutExpiresAt: new Date(now.getTime() + 15 * 60_000),
      authorizedAt: now,
      createdAt: now,
      allocatedAt: null,
      policy: CURRENT_POLICY as BookingPolicy,
      creatorConfirmed: false,
      bookerConfirmed: false,
      transferId: null,
      paidOutAt: null,
      ...over,
    },
    hasDispute: false,
    untransferredCents: 0,
    payoutAccountReady: true,
    reviewedByActor: false,
    ...extra,
  };
}

describe('the booking state machine (DESIGN §4 as data)', () => {
  it('reaches exactly the (status, payment) pairs of the design', () => {
    expect([...REACHABLE_STATES].sort()).toEqual(
      [
        'pending/unpaid', 'pending/held', 'confirmed/held', 'cancelled/voided', 'cancelled/refunded', 'disputed/disputed',
        'completed/allocated', 'completed/released', 'completed/paid_out',
        'auto_completed/allocated', 'auto_completed/released', 'auto_completed/paid_out',
      ].sort(),
    );
  });

  it('every rule starts from a reachable state', () => {
    for (const rule of TRANSITIONS) for (const from of rule.from) expect(REACHABLE_STATES.has(`${from.status}/${from.payment}`)).toBe(true);
  });

  it('picks the cancellation rule by notice: 24 h or more refunds all, less refunds the late share', () => {
    expect(decide(BookingAction.CANCEL, facts({ hoursToStart: 24 })).effect).toEqual({ kind: 'settle', refund: 'all' });
    expect(decide(BookingAction.CANCEL, facts({ hoursToStart: 23 })).effect).toEqual({ kind: 'settle', refund: 'lateCancel' });
    expect(decide(BookingAction.CANCEL, facts({ actor: 'creator', hoursToStart: 2 })).effect).toEqual({ kind: 'settle', refund: 'all' });
    expect(() => decide(BookingAction.CANCEL, facts({ hoursToStart: -1 }))).toThrow('A booking can only be cancelled before its start time');
  });

  it('wrong actor is FORBIDDEN, wrong state or time is INVALID_TRANSITION with a reason', () => {
    expect(() => decide(BookingAction.ACCEPT, facts({ status: BookingStatus.PENDING }))).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => decide(BookingAction.ACCEPT, facts({ actor: 'creator' }))).toThrow(
      expect.objectContaining({ code: 'INVALID_TRANSITION', message: "This booking can't be accepted: it is confirmed" }),
    );
    expect(() => decide(BookingAction.RESOLVE_RELEASE, facts({ status: BookingStatus.DISPUTED, paymentStatus: PaymentStatus.DISPUTED }))).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN', message: 'Only support staff can do this' }),
    );
  });

  it('the second confirmation completes; the first only sets a flag', () => {
    const started = { hoursToStart: -2 };
    expect(decide(BookingAction.CONFIRM_COMPLETION, facts(started)).to).toEqual({});
    expect(decide(BookingAction.CONFIRM_COMPLETION, facts({ ...started, creatorConfirmed: true })).to).toEqual({ status: BookingStatus.COMPLETED, payment: PaymentStatus.ALLOCATED });
  });

  it("lists the viewer's moves, keeping payout visible when only the payout account is missing", () => {
    expect(availableActions(facts({ actor: 'creator', status: BookingStatus.PENDING }))).toEqual(['accept', 'decline', 'propose_time']);
    expect(availableActions(facts({ actor: 'booker', status: BookingStatus.PENDING }))).toEqual(['cancel']);
    // Before the start an accepted booking is cancelled, not disputed; from the start until the deadline it may be disputed.
    // Until the full-refund notice either party may propose another time for it (issue 30); after it, only cancel.
    expect(availableActions(facts({ actor: 'booker' }))).toEqual(['propose_time', 'cancel']);
    expect(availableActions(facts({ actor: 'creator' }))).toEqual(['propose_time', 'cancel']);
    expect(availableActions(facts({ actor: 'booker', hoursToStart: 12 }))).toEqual(['cancel']);
    expect(availableActions(facts({ actor: 'booker', hoursToStart: -2 }))).toEqual(['confirm_completion', 'open_dispute', 'report_no_show']);
    const allocated = facts({ actor: 'creator', status: BookingStatus.COMPLETED, paymentStatus: PaymentStatus.ALLOCATED, hoursToStart: -3 }, { untransferredCents: 4500, payoutAccountReady: false });
    expect(availableActions(allocated)).toEqual(['open_dispute', 'request_payout', 'review']);
  });
});

describe('money rules', () => {
  it('prices with a rounded 10% fee', () => {
    expect(priceBooking(3333, 3, CURRENT_POLICY)).toEqual({ totalCents: 9999, feeCents: 1000, creatorAmountCents: 8999 });
  });

  it('a late cancellation refunds half and charges the fee on the kept half', () => {
    const refund = lateCancelRefund(9999, CURRENT_POLICY);
    const split = splitRetained(9999 - refund, CURRENT_POLICY);
    expect(refund + split.feeCents + split.creatorCents).toBe(9999);
    expect({ refund, ...split }).toEqual({ refund: 5000, feeCents: 500, creatorCents: 4499 });
  });
});
