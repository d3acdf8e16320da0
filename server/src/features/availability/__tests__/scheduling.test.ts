import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account, addSlots, checkout, creator, HOUR, type Creator } from '../../bookings/__tests__/booking-fixtures';

/**
 * Scheduling guards through the real stack (issue 30 item 5): minimum notice (the configured
 * default 4 h here), buffers around busy times and bookings, the horizon, time off; every public
 * read and checkout apply them.
 */
let app: TestApp;
const NOW = new Date('2026-07-01T08:00:00Z');
const hour = (h: number) => new Date(NOW.getTime() + h * HOUR);

beforeAll(async () => {
  app = await startTestApp({ SCHEDULING_DEFAULT_MIN_NOTICE_MINUTES: '240' });
  app.clock.set(NOW);
});
afterAll(async () => app?.close());

const listed = async (c: Creator, hours = 48) => {
  const res = await app.rest('GET', `/availability/slots/${c.profileId}?from=${NOW.toISOString()}&to=${hour(hours).toISOString()}`);
  expect(res.status).toBe(200);
  return res.body.data.slots.filter((s: any) => !s.is_booked).map((s: any) => (new Date(s.start_time).getTime() - NOW.getTime()) / HOUR);
};
const book = (brand: { token: string }, c: Creator, h: number) =>
  app.gql(
    'mutation ($input: CreateBookingCheckoutInput!) { createBookingCheckout(input: $input) { booking { id } } }',
    { input: { creatorId: c.profileId, startTime: hour(h).toISOString(), endTime: hour(h + 1).toISOString() } },
    brand.token,
  );

describe('scheduling guards', () => {
  it('defaults: 4 h notice, no buffers, 90 days; shown to anyone; an hour inside the notice is neither listed nor bookable (409 CONFLICT)', async () => {
    const c = await creator(app, [1, 3, 5, 6].map(hour)); // the clock runs on from NOW: 4 h exactly would fall inside
    const settings = await app.rest('GET', `/availability/settings/${c.profileId}`);
    expect(settings.body.data).toEqual({ min_notice_minutes: 240, buffer_before_minutes: 0, buffer_after_minutes: 0, max_days_ahead: 90 });
    const viaGql = await app.gql('query ($id: ID!) { schedulingSettings(creatorId: $id) { minNoticeMinutes maxDaysAhead } }', { id: c.profileId });
    expect(viaGql.body.data.schedulingSettings).toEqual({ minNoticeMinutes: 240, maxDaysAhead: 90 });
    expect(await listed(c)).toEqual([5, 6]);
    const brand = await account(app);
    const refused = await book(brand, c, 3);
    expect(refused.body.errors[0].extensions.code).toBe('CONFLICT');
    expect(refused.body.errors[0].message).toMatch(/not available/);
    expect((await book(brand, c, 5)).body.errors).toBeUndefined();
  });

  it('PUT /availability/settings changes the guards: notice, buffers around bookings, horizon; bad values are a 400 naming the field', async () => {
    const c = await creator(app, [2, 3, 4, 5, 6, 7, 8, 30 * 24].map(hour));
    const put = await app.rest('PUT', '/availability/settings', { min_notice_minutes: 60, buffer_after_minutes: 60, max_days_ahead: 20 }, c.token);
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ min_notice_minutes: 60, buffer_before_minutes: 0, buffer_after_minutes: 60, max_days_ahead: 20 });
    expect((await app.rest('GET', '/availability/settings', undefined, c.token)).body.data).toEqual(put.body.data);
    expect(await listed(c, 800)).toEqual([2, 3, 4, 5, 6, 7, 8]); // day 30 is past the horizon

    const brand = await account(app);
    expect((await book(brand, c, 5)).body.errors).toBeUndefined();
    // The hour after a booking (and the one before it) is kept free.
    expect(await listed(c)).toEqual([2, 3, 7, 8]);
    expect((await book(brand, c, 6)).body.errors[0].extensions.code).toBe('CONFLICT');

    for (const [body, field] of [
      [{ min_notice_minutes: -5 }, 'min_notice_minutes'],
      [{ buffer_before_minutes: 'lots' }, 'buffer_before_minutes'],
      [{ max_days_ahead: 0 }, 'max_days_ahead'],
    ] as const) {
      const bad = await app.rest('PUT', '/availability/settings', body, c.token);
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe(field);
    }
    expect((await app.rest('GET', '/availability/settings', undefined, c.token)).body.data).toEqual(put.body.data);
    const brandPut = await app.rest('PUT', '/availability/settings', { min_notice_minutes: 0 }, brand.token);
    expect(brandPut.status).toBe(403);
  });

  it('time off removes every hour in it, weekly ones included, from the list, the cards and checkout; deleting it gives them back', async () => {
    const c = await creator(app, [10, 11, 12, 13].map(hour));
    // A weekly pattern's hours are slots like any other once generated.
    await addSlots(app, c.profileId, [hour(14)]);
    const added = await app.rest('POST', '/availability/time-off', { start_time: hour(11).toISOString(), end_time: hour(14).toISOString() }, c.token);
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ start_time: hour(11).toISOString(), end_time: hour(14).toISOString() });
    expect(await listed(c)).toEqual([10, 14]);
    const card = await app.gql('query ($id: ID!) { creator(id: $id) { nextFreeSlots(first: 5) { startTime } } }', { id: c.profileId });
    expect(card.body.data.creator.nextFreeSlots.map((s: any) => s.startTime)).toEqual([hour(10), hour(14)].map((d) => d.toISOString()));
    const brand = await account(app);
    expect((await book(brand, c, 12)).body.errors[0].extensions.code).toBe('CONFLICT');

    const list = await app.rest('GET', '/availability/time-off', undefined, c.token);
    expect(list.body.data).toEqual([added.body.data]);
    const bad = await app.rest('POST', '/availability/time-off', { start_time: hour(5).toISOString(), end_time: hour(4).toISOString() }, c.token);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('end_time');
    expect((await app.rest('DELETE', `/availability/time-off/${added.body.data.id}`, undefined, c.token)).status).toBe(200);
    expect(await listed(c)).toEqual([10, 11, 12, 13, 14]);
    const b = await checkout(app, brand, c, hour(12));
    expect(b.bookingId).toBeTruthy();
  });

  it("the listing's available filter and isAvailable agree with the slot list", async () => {
    const c = await creator(app, [hour(2)]);
    const q = 'query ($id: ID!) { creator(id: $id) { isAvailable } }';
    expect((await app.gql(q, { id: c.profileId })).body.data.creator.isAvailable).toBe(false); // only an hour inside the notice
    await addSlots(app, c.profileId, [hour(6)]);
    expect((await app.gql(q, { id: c.profileId })).body.data.creator.isAvailable).toBe(true);
  });
});
