import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { acceptedBooking, account, consecutive, creator, heldBooking, hourFromNow } from './booking-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const HISTORY = /* GraphQL */ `
  query ($id: ID!) {
    booking(id: $id) {
      history { action actor actorUserId fromStatus fromPaymentStatus toStatus toPaymentStatus moneyStep amountCents reason createdAt }
    }
  }
`;

describe('booking history', () => {
  it('records every applied move with who, from and to, the money step and the reason, over GraphQL and REST', async () => {
    const start = hourFromNow(app, 24);
    const c = await creator(app, consecutive(start, 1));
    const brand = await account(app);
    const { bookingId } = await acceptedBooking(app, brand, c, start);
    const cancelled = await app.rest('POST', `/bookings/${bookingId}/cancel`, { reason: 'Our launch moved' }, brand.token);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    const res = await app.gql(HISTORY, { id: bookingId }, c.token);
    expect(res.body.errors).toBeUndefined();
    const history = res.body.data.booking.history;
    expect(history.map((h: any) => [h.action, h.actor, h.fromStatus, h.fromPaymentStatus, h.toStatus, h.toPaymentStatus])).toEqual([
      ['AUTHORIZE', 'system', 'PENDING', 'UNPAID', 'PENDING', 'HELD'],
      ['ACCEPT', 'creator', 'PENDING', 'HELD', 'CONFIRMED', 'HELD'],
      ['CANCEL', 'booker', 'CONFIRMED', 'HELD', 'CANCELLED', 'REFUNDED'],
    ]);
    const [authorized, accepted, cancel] = history;
    expect(authorized).toMatchObject({ actorUserId: null, moneyStep: null, amountCents: null, reason: null });
    expect(accepted).toMatchObject({ actorUserId: c.userId, moneyStep: 'capture', amountCents: 5_000, reason: null });
    // Within the full-refund notice (the start is 24 h away): the late-cancel share of the captured price goes back.
    expect(cancel).toMatchObject({ actorUserId: brand.userId, moneyStep: 'settle', amountCents: 2_500, reason: 'Our launch moved' });

    const rest = await app.rest('GET', `/bookings/${bookingId}/history`, undefined, brand.token);
    expect(rest.status).toBe(200);
    expect(rest.body.data.history).toHaveLength(3);
    expect(rest.body.data.history[2]).toMatchObject({
      action: 'cancel',
      actor: 'booker',
      actor_user_id: brand.userId,
      from_status: 'confirmed',
      from_payment_status: 'held',
      to_status: 'cancelled',
      to_payment_status: 'refunded',
      money_step: 'settle',
      amount_cents: 2_500,
      reason: 'Our launch moved',
    });
    expect(new Date(rest.body.data.history[2].created_at).getTime()).toBe(new Date(cancel.createdAt).getTime());
  });

  it('is shown only to the booking’s parties and support; a refused move leaves no row', async () => {
    const start = hourFromNow(app, 48);
    const c = await creator(app, consecutive(start, 1));
    const brand = await account(app);
    const stranger = await account(app);
    const { bookingId } = await heldBooking(app, brand, c, start);
    const refused = await app.rest('POST', `/bookings/${bookingId}/accept`, undefined, brand.token);
    expect(refused.status).toBe(403);
    const forStranger = await app.rest('GET', `/bookings/${bookingId}/history`, undefined, stranger.token);
    expect(forStranger.status).toBe(403);
    const mine = await app.rest('GET', `/bookings/${bookingId}/history`, undefined, brand.token);
    expect(mine.body.data.history.map((h: any) => h.action)).toEqual(['authorize']);
  });

  it("a cancellation's writes (state, history row, freed hour, outbox event, notifications) are one statement in its transaction", async () => {
    const start = hourFromNow(app, 30);
    const c = await creator(app, consecutive(start, 1));
    const brand = await account(app);
    const { bookingId } = await heldBooking(app, brand, c, start);
    await new Promise((r) => setTimeout(r, 100));
    app.queries.length = 0;
    const res = await app.gql(`mutation ($id: ID!) { cancelBooking(input: { bookingId: $id, reason: "Plans changed" }) { status } }`, { id: bookingId }, brand.token);
    expect(res.body.errors).toBeUndefined();
    const begin = app.queries.findIndex((q) => /^begin/i.test(q));
    const commit = app.queries.findIndex((q) => /^commit/i.test(q));
    // Before: 8 statements (freed slots, booker name, event, two notification inserts, webhook deliveries, history, booking).
    expect(app.queries.slice(begin + 1, commit)).toHaveLength(1);

    const one = async (sql: string) => (await app.orm.em.fork().getConnection().execute(sql, [bookingId]))[0];
    expect(await one(`select status, cancellation_reason, version from bookings where id = ?`)).toMatchObject({ status: 'cancelled', cancellation_reason: 'Plans changed' });
    expect(await one(`select action, actor, reason from booking_history where booking_id = ? order by seq desc limit 1`)).toEqual({ action: 'cancel', actor: 'booker', reason: 'Plans changed' });
    const event = await one(`select id, payload->>'bookerName' as booker_name, payload->>'status' as status from outbox_event where booking_id = ? and topic = 'booking.cancelled'`);
    expect(event).toMatchObject({ booker_name: 'A CollabHub brand', status: 'cancelled' });
    const notified = await app.orm.em.fork().getConnection().execute(`select user_id, actor_copy from notification where event_id = ? order by actor_copy`, [event.id]);
    expect(notified).toEqual([
      { user_id: c.userId, actor_copy: false },
      { user_id: brand.userId, actor_copy: true },
    ]);
    // The hour is free again: the same brand books it.
    const again = await heldBooking(app, brand, c, start);
    expect(again.bookingId).not.toBe(bookingId);
  });
});
