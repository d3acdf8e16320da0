import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import {
  account,
  bookingRow,
  checkout,
  CHECKOUT,
  consecutive,
  creator,
  gqlError,
  hourFromNow,
  HOUR,
  pay,
  slotsOf,
} from './booking-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const range = (start: Date, hours: number) => ({ startTime: start.toISOString(), endTime: new Date(start.getTime() + hours * HOUR).toISOString() });

describe('checkout (GraphQL)', () => {
  it('holds consecutive hours and prices them: total = rate x hours, fee 10%, creator gets the rest', async () => {
    const start = hourFromNow(app, 48);
    const c = await creator(app, consecutive(start, 3), { hourlyRateCents: 4550 });
    const brand = await account(app);
    const { bookingId, paymentIntentId, data } = await checkout(app, brand, c, start, 3);
    expect(data.booking).toMatchObject({ status: 'PENDING', paymentStatus: 'UNPAID', totalHours: 3, totalCents: 13650, feeCents: 1365, creatorAmountCents: 12285 });
    expect(data.checkoutUrl).toBe(`/stripe-checkout?booking_id=${bookingId}&payment_intent=${paymentIntentId}`);
    expect(data.clientSecret).toMatch(/_secret_/);
    const row = await bookingRow(app, bookingId);
    expect(row.policy).toEqual({
      feePercent: 10, fullRefundHours: 24, lateCancelRefundPercent: 50, checkoutHoldMinutes: 15,
      requestExpiryHours: 144, confirmationWindowHours: 48, payoutDelayBusinessDays: 2,
    });
    expect(new Date(row.checkout_expires_at).getTime() - new Date(row.created_at).getTime()).toBe(15 * 60_000);
    expect(new Date(row.confirmation_deadline).getTime()).toBe(start.getTime() + 3 * HOUR + 48 * HOUR);
    const slots = await slotsOf(app, c.profileId);
    expect(slots.every((s: any) => s.is_booked && s.booking_id === bookingId)).toBe(true);
    // The provider authorization is manual-capture and keyed by the booking.
    const calls = await app.orm.em.fork().getConnection().execute(
      `select operation, idempotency_key from payment_provider_calls where booking_id = ? and operation = 'createAuthorization'`, [bookingId]);
    expect(calls).toEqual([{ operation: 'createAuthorization', idempotency_key: `booking:${bookingId}:authorize` }]);
  });

  it('paying moves the booking to pending/held and the creator sees a request to accept or decline', async () => {
    const start = hourFromNow(app, 50);
    const c = await creator(app, [start]);
    const brand = await account(app);
    const b = await checkout(app, brand, c, start);
    await pay(app, brand, b.paymentIntentId);
    const verify = await app.gql(
      `mutation ($input: VerifyBookingPaymentInput!) { verifyBookingPayment(input: $input) { bookingConfirmed booking { status paymentStatus } } }`,
      { input: { paymentIntentId: b.paymentIntentId } },
      brand.token,
    );
    expect(verify.body.data.verifyBookingPayment).toEqual({ bookingConfirmed: true, booking: { status: 'PENDING', paymentStatus: 'HELD' } });
    const seen = await app.gql(`query ($id: ID!) { booking(id: $id) { viewerRole availableActions } }`, { id: b.bookingId }, c.token);
    expect(seen.body.data.booking).toEqual({ viewerRole: 'CREATOR', availableActions: ['ACCEPT', 'DECLINE', 'PROPOSE_TIME'] });
  });

  it('an unpaid checkout is not confirmed by the verify call', async () => {
    const start = hourFromNow(app, 52);
    const c = await creator(app, [start]);
    const brand = await account(app);
    const b = await checkout(app, brand, c, start);
    const res = await app.rest('POST', '/payments/verify-booking-payment', { paymentIntentId: b.paymentIntentId }, brand.token);
    expect(res.status).toBe(200);
    expect(res.body.data.booking_confirmed).toBe(false);
    expect(res.body.data.booking.payment_status).toBe('unpaid');
  });

  it('refuses non-consecutive hours with the spec message and holds nothing', async () => {
    const start = hourFromNow(app, 60);
    const c = await creator(app, [start, new Date(start.getTime() + 2 * HOUR)]);
    const brand = await account(app);
    const res = await app.gql(CHECKOUT, { input: { creatorId: c.profileId, ...range(start, 3) } }, brand.token);
    expect(gqlError(res.body)).toEqual({ code: 'BAD_USER_INPUT', message: 'Please select consecutive hours only' });
    expect((await slotsOf(app, c.profileId)).some((s: any) => s.is_booked)).toBe(false);
  });

  it('refuses a taken hour with CONFLICT and the spec message', async () => {
    const start = hourFromNow(app, 62);
    const c = await creator(app, consecutive(start, 2));
    await checkout(app, await account(app), c, start);
    const res = await app.gql(CHECKOUT, { input: { creatorId: c.profileId, ...range(start, 2) } }, (await account(app)).token);
    expect(gqlError(res.body)).toEqual({ code: 'CONFLICT', message: 'This time slot was just booked by someone else. Please pick another time.' });
    const slots = await slotsOf(app, c.profileId);
    expect(slots[1].is_booked).toBe(false);
  });

  it('enforces the rules of a booking: duration, minimum hours, the past, own profile, suspension, sign-in', async () => {
    const start = hourFromNow(app, 70);
    const c = await creator(app, consecutive(start, 9), { minimumHours: 2 });
    const brand = await account(app);
    const attempt = async (input: Record<string, unknown>, token = brand.token) => gqlError((await app.gql(CHECKOUT, { input: { creatorId: c.profileId, ...input } }, token)).body);
    expect(await attempt(range(start, 1))).toEqual({ code: 'BAD_USER_INPUT', message: "This creator's minimum booking is 2 hours" });
    expect(await attempt(range(start, 9))).toEqual({ code: 'BAD_USER_INPUT', message: 'A booking lasts 1 to 8 whole consecutive hours' });
    expect(await attempt({ startTime: start.toISOString(), endTime: new Date(start.getTime() + 90 * 60_000).toISOString() })).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await attempt(range(hourFromNow(app, -2), 2))).toEqual({ code: 'BAD_USER_INPUT', message: 'You cannot book a time that has already started' });
    expect(await attempt(range(start, 2), c.token)).toEqual({ code: 'FORBIDDEN', message: 'You cannot book your own profile' });
    expect(await attempt(range(start, 2), '')).toMatchObject({ code: 'UNAUTHENTICATED' });
    await app.orm.em.fork().getConnection().execute('update profiles set suspended_at = now() where id = ?', [c.profileId]);
    expect(await attempt(range(start, 2))).toEqual({ code: 'BAD_USER_INPUT', message: 'This creator is not taking bookings right now' });
    expect((await slotsOf(app, c.profileId)).some((s: any) => s.is_booked)).toBe(false);
  });

  it('a retried checkout with the same idempotency key returns the same checkout', async () => {
    const start = hourFromNow(app, 80);
    const c = await creator(app, [start]);
    const brand = await account(app);
    const first = await checkout(app, brand, c, start, 1, { idempotencyKey: 'retry-1' });
    const again = await checkout(app, brand, c, start, 1, { idempotencyKey: 'retry-1' });
    expect(again.bookingId).toBe(first.bookingId);
    expect(again.paymentIntentId).toBe(first.paymentIntentId);
    const other = await app.gql(CHECKOUT, { input: { creatorId: c.profileId, ...range(new Date(start.getTime() + HOUR), 1), idempotencyKey: 'retry-1' } }, brand.token);
    expect(gqlError(other.body)).toEqual({ code: 'CONFLICT', message: 'This Idempotency-Key was already used for a different booking' });
  });
});

describe('checkout (REST)', () => {
  it('POST /bookings/create-payment answers data.checkoutUrl, honouring the Idempotency-Key header', async () => {
    const start = hourFromNow(app, 90);
    const c = await creator(app, consecutive(start, 2));
    const brand = await account(app);
    const slots = await slotsOf(app, c.profileId);
    const [firstSlot] = await app.orm.em.fork().getConnection().execute('select id from availability_slots where streamer_id = ? order by start_time limit 1', [c.profileId]);
    expect(slots).toHaveLength(2);
    const send = () =>
      fetch(`${app.url}/api/v1/bookings/create-payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${brand.token}`, 'Idempotency-Key': 'rest-key-1' },
        body: JSON.stringify({ streamerId: c.profileId, availabilitySlotId: firstSlot.id, ...range(start, 2), bookingDetails: 'Co-stream of the new release' }),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const first = await send();
    expect(first.status).toBe(200);
    const { data } = first.body;
    expect(data.checkoutUrl).toBe(`/stripe-checkout?booking_id=${data.bookingId}&payment_intent=${data.paymentIntentId}`);
    expect(data.booking).toMatchObject({
      id: data.bookingId, streamer_id: c.profileId, booker_id: brand.userId, total_hours: 2, hourly_rate: 50, total_amount: 100,
      streamer_amount: 90, status: 'pending', payment_status: 'unpaid', booking_details: 'Co-stream of the new release', refund_amount: 0,
    });
    const second = await send();
    expect(second.body.data.bookingId).toBe(data.bookingId);
  });

  it('POST /bookings creates the same checkout (201) and GET /bookings lists it for both parties', async () => {
    const start = hourFromNow(app, 100);
    const c = await creator(app, [start]);
    const brand = await account(app);
    const res = await app.rest('POST', '/bookings', { streamerId: c.profileId, ...range(start, 1) }, brand.token);
    expect(res.status).toBe(201);
    const id = res.body.data.booking.id;
    const mine = await app.rest('GET', '/bookings?page=1&limit=10', undefined, brand.token);
    expect(mine.body.data.bookings.map((b: any) => b.id)).toEqual([id]);
    const theirs = await app.rest('GET', '/bookings?status=pending', undefined, c.token);
    expect(theirs.body.data.bookings[0]).toMatchObject({ id, booker_email: brand.email, booker_name: 'A CollabHub brand', viewer_role: 'creator' });
    const none = await app.rest('GET', '/bookings?status=completed', undefined, c.token);
    expect(none.body.data.bookings).toEqual([]);
  });

  it('a taken hour is a 409 with the spec message', async () => {
    const start = hourFromNow(app, 110);
    const c = await creator(app, [start]);
    await app.rest('POST', '/bookings/create-payment', { streamerId: c.profileId, ...range(start, 1) }, (await account(app)).token);
    const res = await app.rest('POST', '/bookings/create-payment', { streamerId: c.profileId, ...range(start, 1) }, (await account(app)).token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, error: 'This time slot was just booked by someone else. Please pick another time.' });
  });
});
