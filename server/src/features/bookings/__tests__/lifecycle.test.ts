import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import {
  acceptedBooking,
  account,
  bookingRow,
  checkout,
  consecutive,
  creator,
  enablePayouts,
  gqlError,
  heldBooking,
  HOUR,
  hourFromNow,
  ledger,
  slotsOf,
  type Account,
  type Creator,
} from './booking-fixtures';
import { graphqlTransport, restBodyTransport, restPathTransport, type Outcome, type Transport } from './transports';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const booking = (o: Outcome) => {
  if (!o.ok) throw new Error(`expected a booking, got ${o.code}: ${o.message}`);
  return o.booking;
};
const refusal = (o: Outcome) => (o.ok ? { code: 'OK', message: '' } : { code: o.code, message: o.message });

async function parties(startInHours: number, hours = 1): Promise<{ c: Creator; brand: Account; stranger: Account; start: Date }> {
  const start = hourFromNow(app, startInHours);
  const c = await creator(app, consecutive(start, hours));
  return { c, brand: await account(app), stranger: await account(app), start };
}

const providerCalls = (bookingId: string, operation: string) =>
  app.orm.em.fork().getConnection().execute('select idempotency_key, amount_cents from payment_provider_calls where booking_id = ? and operation = ?', [bookingId, operation]);

describe.each([
  ['GraphQL', graphqlTransport],
  ['REST with the id in the path', restPathTransport],
  ['REST with booking_id in the body', restBodyTransport],
] as const)('booking lifecycle through %s', (_name, make) => {
  let T: Transport;
  beforeAll(() => {
    T = make(app);
  });

  it('the creator accepts a paid request: the money is captured, the booking confirmed, total bookings +1', async () => {
    const { c, brand, stranger, start } = await parties(72);
    const { bookingId } = await heldBooking(app, brand, c, start);
    expect(refusal(await T.accept(brand.token, bookingId))).toEqual({ code: 'FORBIDDEN', message: 'Only the creator can do this' });
    expect(refusal(await T.accept(stranger.token, bookingId))).toEqual({ code: 'FORBIDDEN', message: 'You are not a party to this booking' });
    expect(booking(await T.accept(c.token, bookingId))).toMatchObject({ status: 'confirmed', paymentStatus: 'held' });
    expect(await ledger(app, bookingId)).toMatchObject({ captured: 5000, refunded: 0, fee: 0, allocated: 0 });
    expect(await providerCalls(bookingId, 'capture')).toEqual([{ idempotency_key: `booking:${bookingId}:capture`, amount_cents: null }]);
    const [profile] = await app.orm.em.fork().getConnection().execute('select total_bookings from profiles where id = ?', [c.profileId]);
    expect(profile.total_bookings).toBe(1);
    expect(refusal(await T.accept(c.token, bookingId))).toEqual({ code: 'INVALID_TRANSITION', message: "This booking can't be accepted: it is confirmed" });
  });

  it('the creator declines: the card hold is released and the hours are free again', async () => {
    const { c, brand, start } = await parties(74);
    const { bookingId } = await heldBooking(app, brand, c, start);
    if (T.name !== 'REST /bookings/… {booking_id}') {
      // (PATCH status=cancelled from the booker is a cancellation, which the booker may do.)
      expect(refusal(await T.decline(brand.token, bookingId))).toEqual({ code: 'FORBIDDEN', message: 'Only the creator can do this' });
    }
    expect(booking(await T.decline(c.token, bookingId))).toMatchObject({ status: 'cancelled', paymentStatus: 'voided', refundCents: 0 });
    expect((await slotsOf(app, c.profileId)).map((s: any) => s.is_booked)).toEqual([false]);
    expect(await providerCalls(bookingId, 'cancelAuthorization')).toEqual([{ idempotency_key: `booking:${bookingId}:cancel`, amount_cents: null }]);
    expect((await ledger(app, bookingId)).rows).toEqual([]);
  });

  it('a request the creator did not answer before the start can no longer be accepted', async () => {
    const { c, brand, start } = await parties(2);
    const { bookingId } = await heldBooking(app, brand, c, start);
    app.clock.advance(3 * HOUR);
    expect(refusal(await T.accept(c.token, bookingId))).toEqual({ code: 'INVALID_TRANSITION', message: 'This booking request has expired' });
  });

  it('the booker cancels a pending request before the start: nothing was captured, the hold is released', async () => {
    const { c, brand, start } = await parties(76);
    const { bookingId } = await heldBooking(app, brand, c, start);
    expect(booking(await T.cancel(brand.token, bookingId, 'User requested cancellation'))).toMatchObject({
      status: 'cancelled', paymentStatus: 'voided', refundCents: 0, cancellationReason: 'User requested cancellation',
    });
  });

  it('cancelling a confirmed booking 24 h or more ahead refunds everything', async () => {
    const { c, brand, start } = await parties(30);
    const { bookingId } = await acceptedBooking(app, brand, c, start);
    const quote = await app.gql(`query ($id: ID!) { cancellationQuote(bookingId: $id) { allowed refundCents feeApplies creatorKeepsCents } }`, { id: bookingId }, brand.token);
    expect(quote.body.data.cancellationQuote).toEqual({ allowed: true, refundCents: 5000, feeApplies: false, creatorKeepsCents: 0 });
    expect(booking(await T.cancel(brand.token, bookingId, 'Plans changed'))).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundCents: 5000 });
    expect(await ledger(app, bookingId)).toMatchObject({ captured: 5000, refunded: 5000, fee: 0, allocated: 0 });
    expect((await slotsOf(app, c.profileId)).map((s: any) => s.is_booked)).toEqual([false]);
  });

  it('cancelling under 24 h refunds 50%; the fee is 10% of the kept half and the creator keeps the rest', async () => {
    const { c, brand, start } = await parties(10);
    const { bookingId } = await acceptedBooking(app, brand, c, start);
    const quote = await app.rest('GET', `/bookings/${bookingId}/cancellation-quote`, undefined, brand.token);
    expect(quote.body.data).toMatchObject({ allowed: true, refundCents: 2500, feeApplies: true, platformFeeCents: 250, creatorKeepsCents: 2250 });
    expect(booking(await T.cancel(brand.token, bookingId))).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundCents: 2500 });
    expect(await ledger(app, bookingId)).toMatchObject({ captured: 5000, refunded: 2500, fee: 250, allocated: 2250 });
    expect(await providerCalls(bookingId, 'refund')).toEqual([{ idempotency_key: `booking:${bookingId}:refund`, amount_cents: 2500 }]);
  });

  it('the creator cancelling a confirmed booking refunds the booker in full', async () => {
    const { c, brand, start } = await parties(12);
    const { bookingId } = await acceptedBooking(app, brand, c, start);
    expect(booking(await T.cancel(c.token, bookingId))).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundCents: 5000 });
    expect((await bookingRow(app, bookingId)).cancelled_by).toBe(c.userId);
  });

  it('nobody can cancel once the session has started', async () => {
    const { c, brand, start } = await parties(2);
    const { bookingId } = await acceptedBooking(app, brand, c, start);
    app.clock.advance(2 * HOUR + 60_000);
    const expected = { code: 'INVALID_TRANSITION', message: 'A booking can only be cancelled before its start time' };
    expect(refusal(await T.cancel(brand.token, bookingId))).toEqual(expected);
    expect(refusal(await T.cancel(c.token, bookingId))).toEqual(expected);
  });

  it('completion: each party confirms after the start; the second confirmation completes and allocates', async () => {
    const { c, brand, stranger, start } = await parties(3, 2);
    const { bookingId } = await acceptedBooking(app, brand, c, start, 2);
    expect(refusal(await T.confirm(brand.token, bookingId))).toEqual({ code: 'INVALID_TRANSITION', message: 'Completion can be confirmed once the session has started' });
    app.clock.advance(5 * HOUR);
    expect(booking(await T.confirm(brand.token, bookingId))).toMatchObject({ status: 'confirmed', bookerConfirmed: true, creatorConfirmed: false });
    expect(refusal(await T.confirm(brand.token, bookingId))).toEqual({ code: 'INVALID_TRANSITION', message: 'You have already confirmed completion' });
    expect(refusal(await T.confirm(stranger.token, bookingId))).toEqual({ code: 'FORBIDDEN', message: 'You are not a party to this booking' });
    const done = booking(await T.confirm(c.token, bookingId));
    expect(done).toMatchObject({ status: 'completed', paymentStatus: 'allocated', bookerConfirmed: true, creatorConfirmed: true });
    expect(done.availableActions).toEqual(['open_dispute', 'request_payout', 'review']);
    expect(await ledger(app, bookingId)).toMatchObject({ captured: 10000, refunded: 0, fee: 1000, allocated: 9000 });
  });

  it('disputes: only from the start on, the reason is required and trimmed, evidence optional, one dispute per booking', async () => {
    const { c, brand, start } = await parties(40);
    const { bookingId } = await acceptedBooking(app, brand, c, start);
    expect(refusal(await T.dispute(brand.token, bookingId, { reason: 'Changed my mind' }))).toEqual({
      code: 'INVALID_TRANSITION', message: 'A dispute can be opened once the session has started; before that, cancel the booking',
    });
    app.clock.advance(40 * HOUR + 60_000);
    expect(refusal(await T.dispute(brand.token, bookingId, { reason: '   ' }))).toEqual({ code: 'BAD_USER_INPUT', message: 'Dispute reason is required' });
    const opened = booking(await T.dispute(brand.token, bookingId, { reason: '  The stream was cut short  ', evidence: 'https://clips.example/123' }));
    expect(opened).toMatchObject({ status: 'disputed', paymentStatus: 'disputed', disputeReason: 'The stream was cut short', disputeEvidence: 'https://clips.example/123' });
    expect(refusal(await T.dispute(c.token, bookingId, { reason: 'Counter claim' }))).toEqual({
      code: 'INVALID_TRANSITION', message: "This booking can't be disputed: it is under dispute",
    });
  });

  it('a dispute after completion takes the allocation back into escrow; none after the confirmation deadline', async () => {
    const { c, brand, start } = await parties(1, 1);
    const { bookingId } = await acceptedBooking(app, brand, c, start);
    app.clock.advance(2 * HOUR);
    await T.confirm(brand.token, bookingId);
    booking(await T.confirm(c.token, bookingId));
    expect(booking(await T.dispute(c.token, bookingId, { reason: 'The brand never showed up' }))).toMatchObject({ status: 'disputed', paymentStatus: 'disputed' });
    expect(await ledger(app, bookingId)).toMatchObject({ captured: 5000, fee: 0, allocated: 0 });

    const late = await parties(1, 1);
    const b2 = await acceptedBooking(app, late.brand, late.c, late.start);
    app.clock.advance(2 * HOUR + 48 * HOUR);
    expect(refusal(await T.dispute(late.brand.token, b2.bookingId, { reason: 'Too late' }))).toEqual({
      code: 'INVALID_TRANSITION', message: 'Disputes can only be opened before the confirmation deadline',
    });
  });

  it('a creator no-show: automatic full refund and a flag on the profile; the third flag suspends it', async () => {
    const start = hourFromNow(app, 2);
    const c = await creator(app, consecutive(start, 3));
    const brand = await account(app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await acceptedBooking(app, brand, c, new Date(start.getTime() + i * HOUR))).bookingId);
    expect(refusal(await T.dispute(brand.token, ids[0], { reason: 'No show', kind: 'creator_no_show' }))).toEqual({
      code: 'INVALID_TRANSITION', message: 'A no-show can only be reported once the session has started',
    });
    app.clock.advance(5 * HOUR);
    expect(refusal(await T.dispute(c.token, ids[0], { reason: 'No show', kind: 'creator_no_show' }))).toEqual({ code: 'FORBIDDEN', message: 'Only the booker can do this' });
    for (const [i, id] of ids.entries()) {
      const b = booking(await T.dispute(brand.token, id, { reason: 'The creator never went live', kind: 'creator_no_show' }));
      expect(b).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundCents: 5000 });
      const [p] = await app.orm.em.fork().getConnection().execute('select no_show_flags, suspended_at from profiles where id = ?', [c.profileId]);
      expect(p.no_show_flags).toBe(i + 1);
      expect(p.suspended_at !== null).toBe(i === 2);
    }
  });

  it('payout: the creator only, once allocated, and only to a set-up payout account', async () => {
    const { c, brand, start } = await parties(1, 1);
    const { bookingId } = await acceptedBooking(app, brand, c, start);
    expect(refusal(await T.payout(c.token, bookingId))).toEqual({ code: 'INVALID_TRANSITION', message: "This booking can't be paid out: it is confirmed" });
    app.clock.advance(2 * HOUR);
    await T.confirm(brand.token, bookingId);
    await T.confirm(c.token, bookingId);
    expect(refusal(await T.payout(brand.token, bookingId))).toEqual({ code: 'FORBIDDEN', message: 'Only the creator can do this' });
    expect(refusal(await T.payout(c.token, bookingId))).toEqual({ code: 'INVALID_TRANSITION', message: 'Set up your payout account before requesting a payout' });
    expect(booking(await T.get(c.token, bookingId)).paymentStatus).toBe('allocated');
    await enablePayouts(app, c);
    expect(booking(await T.payout(c.token, bookingId))).toMatchObject({ status: 'completed', paymentStatus: 'released' });
    expect(await ledger(app, bookingId)).toMatchObject({ captured: 5000, fee: 500, allocated: 4500, transferred: 4500 });
    expect(await providerCalls(bookingId, 'transfer')).toEqual([{ idempotency_key: `booking:${bookingId}:transfer`, amount_cents: 4500 }]);
    expect(refusal(await T.payout(c.token, bookingId))).toEqual({ code: 'INVALID_TRANSITION', message: "This booking can't be paid out: it is completed and paid out" });
    // The provider pays the connected account out: released -> paid_out.
    await app.server.services.payments.runLocalPayouts();
    expect(booking(await T.get(c.token, bookingId)).paymentStatus).toBe('paid_out');
  });
});

describe('REST-only readings', () => {
  it('PATCH /bookings/{id} refuses a status that is not an action', async () => {
    const { c, brand, start } = await parties(90);
    const { bookingId } = await heldBooking(app, brand, c, start);
    const res = await app.rest('PATCH', `/bookings/${bookingId}`, { status: 'disputed' }, c.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_TRANSITION', error: `A booking's status can be changed to confirmed, cancelled or completed, not "disputed"` });
  });

  it('POST /payments/verify-booking-payment accepts the dashboard session_id and booking_id', async () => {
    const { c, brand, start } = await parties(92);
    const b = await heldBooking(app, brand, c, start);
    const bySession = await app.rest('POST', '/payments/verify-booking-payment', { sessionId: b.paymentIntentId }, brand.token);
    expect(bySession.body.data.booking_confirmed).toBe(true);
    const byBooking = await app.rest('POST', '/payments/verify-booking-payment', { booking_id: b.bookingId }, brand.token);
    expect(byBooking.body.data.booking_confirmed).toBe(true);
    const stranger = await account(app);
    expect((await app.rest('POST', '/payments/verify-booking-payment', { booking_id: b.bookingId }, stranger.token)).status).toBe(403);
  });
});

describe('reading bookings', () => {
  it('myBookings lists the viewer as booker or creator with the role filter, newest first, in pages', async () => {
    const start = hourFromNow(app, 120);
    const c = await creator(app, consecutive(start, 3));
    const brand = await account(app);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await checkout(app, brand, c, new Date(start.getTime() + i * HOUR))).bookingId);
    const q = `query ($role: BookingRole, $after: String) { myBookings(role: $role, first: 2, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { id viewerRole creator { id displayName } booker { id email name } } } } }`;
    const page1 = (await app.gql(q, { role: 'CREATOR' }, c.token)).body.data.myBookings;
    expect(page1.totalCount).toBe(3);
    expect(page1.edges.map((e: any) => e.node.id)).toEqual([ids[2], ids[1]]);
    expect(page1.edges[0].node).toMatchObject({ viewerRole: 'CREATOR', creator: { id: c.profileId }, booker: { id: brand.userId, email: brand.email } });
    const page2 = (await app.gql(q, { role: 'CREATOR', after: page1.pageInfo.endCursor }, c.token)).body.data.myBookings;
    expect(page2.edges.map((e: any) => e.node.id)).toEqual([ids[0]]);
    expect(page2.pageInfo.hasNextPage).toBe(false);
    expect((await app.gql(q, { role: 'BOOKER' }, c.token)).body.data.myBookings.totalCount).toBe(0);
    const stranger = await account(app);
    expect(gqlError((await app.gql(`query ($id: ID!) { booking(id: $id) { id } }`, { id: ids[0] }, stranger.token)).body)).toEqual({
      code: 'FORBIDDEN', message: 'You are not a party to this booking',
    });
  });

  it('the overview sums earnings, pending payouts, upcoming collaborations, open requests and utilization in one query', async () => {
    const start = hourFromNow(app, 1);
    const c = await creator(app, consecutive(start, 6));
    const brand = await account(app);
    const done = await acceptedBooking(app, brand, c, start);
    const later = await acceptedBooking(app, brand, c, new Date(start.getTime() + 3 * HOUR));
    const request = await heldBooking(app, brand, c, new Date(start.getTime() + 4 * HOUR));
    await checkout(app, brand, c, new Date(start.getTime() + 5 * HOUR)); // unpaid: neither upcoming nor awaiting
    app.clock.advance(2 * HOUR);
    for (const who of [brand, c]) await app.gql(`mutation ($id: ID!) { confirmBookingCompletion(bookingId: $id) { id } }`, { id: done.bookingId }, who.token);
    const q = `{ overview { earningsCents monthEarningsCents pendingPayoutCents upcomingCount awaitingResponseCount awaitingCreatorCount
         utilizationPercent totalSlots bookedSlots recentEarnings { id } upcoming { id } } }`;
    const mine = (await app.gql(q, {}, c.token)).body.data.overview;
    expect(mine).toMatchObject({
      earningsCents: 4500, pendingPayoutCents: 4500, upcomingCount: 1, awaitingResponseCount: 1, awaitingCreatorCount: 0,
      utilizationPercent: 66.7, totalSlots: 6, bookedSlots: 4,
      recentEarnings: [{ id: done.bookingId }], upcoming: [{ id: later.bookingId }],
    });
    const theirs = (await app.gql(q, {}, brand.token)).body.data.overview;
    expect(theirs).toMatchObject({ upcomingCount: 1, awaitingResponseCount: 0, awaitingCreatorCount: 1, upcoming: [{ id: later.bookingId }] });
    await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { id } }`, { id: request.bookingId }, c.token);
    expect((await app.gql(q, {}, brand.token)).body.data.overview).toMatchObject({ upcomingCount: 2, awaitingCreatorCount: 0 });
  });
});

describe('what the screens show about money before and after a move', () => {
  const CARD = `query ($id: ID!) { booking(id: $id) {
    status availableActions cancelFeeApplies requestDeadline cancellationTerms { freeUntil lateKeptPercent }
    settlement { capturedCents refundedCents platformFeeCents creatorCents } } }`;
  const card = async (id: string, who: Account) => (await app.gql(CARD, { id }, who.token)).body.data.booking;

  it('the cancellation rule before booking: free until 24 h before the start, then half is kept', async () => {
    const start = hourFromNow(app, 72);
    const res = await app.gql(`query ($t: DateTimeISO!) { cancellationTerms(startTime: $t) { freeUntil lateKeptPercent } }`, { t: start.toISOString() });
    expect(res.body.data.cancellationTerms).toEqual({ freeUntil: new Date(start.getTime() - 24 * HOUR).toISOString(), lateKeptPercent: 50 });
    const bad = await app.gql(`query { cancellationTerms(startTime: "soon") { freeUntil } }`);
    expect(bad.body.errors?.[0].message).toMatch(/invalid date-time/);
  });

  it('a request not accepted yet: the creator sees Accept and Decline only, the booker withdraws it for free', async () => {
    const start = hourFromNow(app, 10);
    const c = await creator(app, consecutive(start, 1));
    const brand = await account(app);
    const { bookingId } = await heldBooking(app, brand, c, start);
    expect((await card(bookingId, c)).availableActions).toEqual(['ACCEPT', 'DECLINE', 'PROPOSE_TIME']);
    const mine = await card(bookingId, brand);
    expect(mine).toMatchObject({ availableActions: ['CANCEL'], cancelFeeApplies: false });
    expect(new Date(mine.requestDeadline).getTime()).toBe(start.getTime());
    const quote = await app.gql(`query ($id: ID!) { cancellationQuote(bookingId: $id) { refundCents feeApplies } }`, { id: bookingId }, brand.token);
    expect(quote.body.data.cancellationQuote).toEqual({ refundCents: 5000, feeApplies: false });
    await app.gql(`mutation ($id: ID!) { cancelBooking(input: { bookingId: $id, reasonCode: PLANS_CHANGED }) { id } }`, { id: bookingId }, brand.token);
    expect(await card(bookingId, brand)).toMatchObject({
      status: 'CANCELLED', requestDeadline: null, settlement: { capturedCents: 0, refundedCents: 0, platformFeeCents: 0, creatorCents: 0 },
    });
  });

  it('a late cancel: the card shows the refund, fee and share the quote announced', async () => {
    const start = hourFromNow(app, 10);
    const c = await creator(app, consecutive(start, 2));
    const brand = await account(app);
    const { bookingId } = await acceptedBooking(app, brand, c, start, 2);
    expect(await card(bookingId, brand)).toMatchObject({ cancelFeeApplies: true, cancellationTerms: { lateKeptPercent: 50 } });
    expect((await card(bookingId, c)).cancelFeeApplies).toBe(false); // the creator's cancel refunds in full
    const quote = (await app.gql(`query ($id: ID!) { cancellationQuote(bookingId: $id) { refundCents platformFeeCents creatorKeepsCents } }`, { id: bookingId }, brand.token)).body.data.cancellationQuote;
    await app.gql(`mutation ($id: ID!) { cancelBooking(input: { bookingId: $id, reasonCode: PLANS_CHANGED }) { id } }`, { id: bookingId }, brand.token);
    expect((await card(bookingId, brand)).settlement).toEqual({
      capturedCents: 10000, refundedCents: quote.refundCents, platformFeeCents: quote.platformFeeCents, creatorCents: quote.creatorKeepsCents,
    });
    expect(quote).toEqual({ refundCents: 5000, platformFeeCents: 500, creatorKeepsCents: 4500 });
  });
});
