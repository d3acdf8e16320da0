import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account, acceptedBooking, bookingRow, creator, HOUR, hourFromNow, ledger, slotsOf, type Account } from '../../bookings/__tests__/booking-fixtures';

/**
 * Moving a confirmed booking (issue 30 item 6): either party proposes another time, the other
 * accepts or declines; free while the full-refund notice remains, the same price for the same
 * length; the booking's feed, notifications and webhooks follow through `booking.moved`.
 */
let app: TestApp;
let brand: Account;
beforeAll(async () => {
  app = await startTestApp();
  brand = await account(app, 'brand');
});
afterAll(() => app.close());

const PROPOSE = `mutation ($input: ProposeBookingTimeInput!) { proposeBookingTime(input: $input) { id proposal { status } } }`;
const RESPOND = `mutation ($input: RespondToProposedTimeInput!) { respondToProposedTime(input: $input) { id proposal { status } } }`;
const propose = (who: Account, bookingId: string, start: Date) =>
  app.gql(PROPOSE, { input: { bookingId, startTime: start.toISOString(), endTime: new Date(start.getTime() + HOUR).toISOString() } }, who.token);
const respond = (who: Account, messageId: string, accept: boolean) => app.gql(RESPOND, { input: { messageId, accept } }, who.token);
const code = (body: any) => body.errors?.[0]?.extensions?.code;

describe('moving a confirmed booking', () => {
  it('the brand proposes, the creator accepts: same price, still confirmed, hours swapped, both told (booking.moved); declines change nothing', async () => {
    const first = hourFromNow(app, 72);
    const later = hourFromNow(app, 75);
    const other = hourFromNow(app, 78);
    const star = await creator(app, [first, later, other]);
    const { bookingId } = await acceptedBooking(app, brand, star, first);
    const before = await bookingRow(app, bookingId);
    expect(before.status).toBe('confirmed');

    const p = await propose(brand, bookingId, later);
    expect(p.body.errors).toBeUndefined();
    expect(code((await respond(brand, p.body.data.proposeBookingTime.id, true)).body)).toBe('FORBIDDEN'); // not your own proposal
    const ok = await respond(star, p.body.data.proposeBookingTime.id, true);
    expect(ok.body.errors).toBeUndefined();
    const after = await bookingRow(app, bookingId);
    expect([after.status, after.payment_status, after.total_cents]).toEqual(['confirmed', 'held', before.total_cents]);
    expect(new Date(after.start_time).toISOString()).toBe(later.toISOString());
    expect((await ledger(app, bookingId)).captured).toBe(before.total_cents); // captured once, at the first acceptance
    const booked = (await slotsOf(app, star.profileId)).filter((s: any) => s.is_booked).map((s: any) => new Date(s.start_time).toISOString());
    expect(booked).toEqual([later.toISOString()]);
    const notes = await app.rest('GET', '/notifications', undefined, brand.token);
    expect(notes.body.data.map((n: any) => n.type)).toContain('booking.moved');

    const q = await propose(star, bookingId, other);
    expect(q.body.errors).toBeUndefined();
    expect((await respond(brand, q.body.data.proposeBookingTime.id, false)).body.data.respondToProposedTime.proposal.status).toBe('DECLINED');
    expect(new Date((await bookingRow(app, bookingId)).start_time).toISOString()).toBe(later.toISOString());
  });

  it('refused inside the full-refund notice, and into busy time or another booking', async () => {
    const soon = hourFromNow(app, 10);
    const free = hourFromNow(app, 40);
    const star = await creator(app, [soon, free, hourFromNow(app, 41)]);
    const { bookingId } = await acceptedBooking(app, brand, star, soon);
    expect(code((await propose(brand, bookingId, free)).body)).toBe('INVALID_TRANSITION');

    const far = hourFromNow(app, 100);
    const star2 = await creator(app, [far, hourFromNow(app, 101), hourFromNow(app, 102)]);
    const { bookingId: b2 } = await acceptedBooking(app, brand, star2, far);
    await app.rest('POST', '/availability/time-off', { start_time: hourFromNow(app, 101).toISOString(), end_time: hourFromNow(app, 102).toISOString() }, star2.token);
    expect(code((await propose(brand, b2, hourFromNow(app, 101))).body)).toBe('CONFLICT');
    expect((await propose(brand, b2, hourFromNow(app, 102))).body.errors).toBeUndefined();
  });
});
