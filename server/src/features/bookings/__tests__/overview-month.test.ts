import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { acceptedBooking, account, creator, HOUR } from './booking-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const OVERVIEW = `{ overview { earningsCents monthEarningsCents } }`;
const COMPLETE = `mutation ($id: ID!) { confirmBookingCompletion(bookingId: $id) { id } }`;

describe("Overview's This Month", () => {
  it('counts a collab in the month it takes place (in the creator’s zone), not the month it was booked', async () => {
    // Booked on 20 January for a session on 3 February.
    app.clock.set(new Date('2031-01-20T12:00:00Z'));
    const session = new Date('2031-02-03T10:00:00Z');
    const c = await creator(app, [session, new Date(session.getTime() + HOUR)], { timezone: 'Europe/Madrid' });
    const brand = await account(app, 'brand');
    const b = await acceptedBooking(app, brand, c, session);

    // The collab took place and both confirmed it on 3 February: February's earnings.
    app.clock.set(new Date('2031-02-03T13:00:00Z'));
    for (const who of [brand, c]) expect((await app.gql(COMPLETE, { id: b.bookingId }, who.token)).body.errors).toBeUndefined();
    const feb = (await app.gql(OVERVIEW, {}, c.token)).body.data.overview;
    expect(feb).toEqual({ earningsCents: 4500, monthEarningsCents: 4500 });

    // In March it is no longer this month's.
    app.clock.set(new Date('2031-03-01T00:30:00Z')); // 01:30 in Madrid: March there
    expect((await app.gql(OVERVIEW, {}, c.token)).body.data.overview).toEqual({ earningsCents: 4500, monthEarningsCents: 0 });
  });
});
