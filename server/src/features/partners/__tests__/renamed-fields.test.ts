import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { BookingStatus } from '../../bookings/process/booking.model';
import { account, creator, heldBooking, hourFromNow, type Account, type Creator } from '../../bookings/__tests__/booking-fixtures';
import { hoursFromNow, insertBooking } from '../../profiles/__tests__/fixtures';

/**
 * "streamer" became "creator" in GraphQL (docs/partners.md, "Changes"). A partner's query written with the old
 * output field names keeps working: each old name answers the same value as its new one, and is deprecated.
 */

let app: TestApp;
let brand: Account;
let c: Creator;
beforeAll(async () => {
  app = await startTestApp();
  brand = await account(app);
  c = await creator(app, [hourFromNow(app, 30), hourFromNow(app, 31)]);
});
afterAll(() => app.close());

const data = (res: { body: any }) => {
  expect(res.body.errors).toBeUndefined();
  return res.body.data;
};

describe('old "streamer" output fields', () => {
  it('a booking answers streamer, streamerId, streamerAmountCents and streamerConfirmed like their creator names', async () => {
    const { bookingId } = await heldBooking(app, brand, c, hourFromNow(app, 30));
    const { booking } = data(
      await app.gql(
        `query ($id: ID!) { booking(id: $id) {
          creator { id displayName } creatorId creatorAmountCents creatorConfirmed
          streamer { id displayName } streamerId streamerAmountCents streamerConfirmed } }`,
        { id: bookingId },
        brand.token,
      ),
    );
    expect(booking.creatorId).toBe(c.profileId);
    expect(booking.creatorAmountCents).toBeGreaterThan(0);
    expect({ creator: booking.streamer, creatorId: booking.streamerId, creatorAmountCents: booking.streamerAmountCents, creatorConfirmed: booking.streamerConfirmed })
      .toEqual({ creator: booking.creator, creatorId: booking.creatorId, creatorAmountCents: booking.creatorAmountCents, creatorConfirmed: booking.creatorConfirmed });
  });

  it('a slot, a weekly schedule and a review answer streamerId = creatorId', async () => {
    const { availabilitySlots } = data(await app.gql(`query ($id: ID!) { availabilitySlots(creatorId: $id) { creatorId streamerId } }`, { id: c.profileId }));
    expect(availabilitySlots.length).toBeGreaterThan(0);
    for (const slot of availabilitySlots) expect(slot).toEqual({ creatorId: c.profileId, streamerId: c.profileId });

    const { createRecurringPattern } = data(
      await app.gql(
        `mutation ($input: CreateRecurringPatternInput!) { createRecurringPattern(input: $input) { creatorId streamerId } }`,
        { input: { title: 'Evenings', daysOfWeek: [1], startTime: '18:00', endTime: '20:00' } },
        c.token,
      ),
    );
    expect(createRecurringPattern).toEqual({ creatorId: c.profileId, streamerId: c.profileId });

    // Completed over 14 days ago: a one-sided review is public at once (double-blind reviews).
    const bookingId = await insertBooking(app, { creatorId: c.profileId, bookerId: brand.userId, start: hoursFromNow(app, -24 * 20), status: BookingStatus.COMPLETED });
    data(await app.gql(`mutation ($input: CreateReviewInput!) { createReview(input: $input) { id } }`, { input: { bookingId, rating: 5 } }, brand.token));
    const { reviews } = data(await app.gql(`query ($id: ID!) { reviews(creatorId: $id) { edges { node { creatorId streamerId } } } }`, { id: c.profileId }));
    expect(reviews.edges.map((e: any) => e.node)).toEqual([{ creatorId: c.profileId, streamerId: c.profileId }]);
  });

  it('the old names are marked deprecated in the schema, pointing at the new ones', async () => {
    const fields = async (type: string) =>
      data(await app.gql(`query ($t: String!) { __type(name: $t) { fields(includeDeprecated: true) { name isDeprecated deprecationReason } } }`, { t: type })).__type.fields;
    const deprecated = async (type: string) => (await fields(type)).filter((f: any) => f.isDeprecated).map((f: any) => [f.name, f.deprecationReason]).sort();
    expect(await deprecated('Booking')).toEqual([
      ['streamer', 'Use creator'],
      ['streamerAmountCents', 'Use creatorAmountCents'],
      ['streamerConfirmed', 'Use creatorConfirmed'],
      ['streamerId', 'Use creatorId'],
    ]);
    for (const type of ['AvailabilitySlot', 'RecurringPattern', 'Review', 'SlotsChangedEvent']) expect(await deprecated(type)).toEqual([['streamerId', 'Use creatorId']]);
  });
});
