import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { AvailabilitySlot } from '../../availability/availability-slot.entity';
import { newBookingRow } from '../../bookings/__tests__/booking-fixtures';
import type { Booking } from '../../bookings/booking.entity';
import { Review } from '../../reviews/review.entity';
import { AccountType, User } from '../../users/user.entity';
import { Profile } from '../profile.entity';
import { createCreator } from './fixtures';
import { BookingStatus } from '../../bookings/process/booking.model';

let app: TestApp;
const CREATORS = 55;
const HOUR = 3_600_000;

/** 55 creators, each with 6 free future slots and 4 reviews, written straight through the ORM. */
beforeAll(async () => {
  app = await startTestApp();
  const em = app.orm.em.fork();
  const now = app.clock.now();
  const hour0 = Math.floor(now.getTime() / HOUR) * HOUR;
  const brand = em.create(User, { email: 'n1-brand@example.test', passwordHash: 'x', accountType: AccountType.BRAND, emailVerifiedAt: new Date() });
  const reviewsToAdd: { booking: Booking; profile: Profile; user: User }[] = [];
  for (let i = 0; i < CREATORS; i++) {
    const user = em.create(User, { email: `n1-creator-${i}@example.test`, passwordHash: 'x', accountType: AccountType.CREATOR, emailVerifiedAt: new Date() });
    const profile = em.create(Profile, {
      user,
      accountType: AccountType.CREATOR,
      displayName: `Creator ${i}`,
      platforms: ['twitch'],
      twitchUsername: `creator${i}`,
      hourlyRateCents: 2000 + i * 100,
      averageRating: (i % 5) + 0.5,
    });
    for (let h = 2; h < 8; h++) {
      em.create(AvailabilitySlot, { creator: profile, startTime: new Date(hour0 + h * HOUR), endTime: new Date(hour0 + (h + 1) * HOUR) });
    }
    for (let d = 1; d <= 4; d++) {
      const start = new Date(hour0 - d * 24 * HOUR);
      const booking = newBookingRow(em, {
        creator: profile,
        booker: brand,
        start,
        hourlyRateCents: 2000,
        status: BookingStatus.COMPLETED,
        confirmationDeadline: new Date(start.getTime() + 49 * HOUR),
      });
      reviewsToAdd.push({ booking, profile, user });
    }
  }
  await em.flush();
  // Review.bookingId is a plain column, so reviews go in after their bookings exist.
  for (const { booking, profile, user } of reviewsToAdd) {
    em.create(Review, {
      bookingId: booking.id,
      creator: profile,
      reviewer: brand,
      reviewee: user,
      rating: 4,
      createdAt: new Date(booking.startTime.getTime() + 2 * HOUR),
      revealedAt: new Date(booking.startTime.getTime() + 2 * HOUR), // public (both sides wrote, or the reveal window passed)
    });
  }
  await em.flush();
});
afterAll(() => app.close());

const QUERY = /* GraphQL */ `
  query ($first: Int!) {
    creators(first: $first) {
      edges { node { id nextFreeSlots(first: 2) { id } latestReviews(first: 2) { id } } }
    }
  }`;

const WITH_COUNT = /* GraphQL */ `
  query ($first: Int!, $platform: Platform) {
    creators(first: $first, filter: { platform: $platform }) { totalCount edges { node { id } } }
  }`;

describe('creators listing has no N+1', () => {
  it('is one statement for 1, 20 and 50 creators with their slots and reviews', async () => {
    for (const first of [1, 20, 50]) {
      app.queries.length = 0;
      const res = await app.gql(QUERY, { first });
      expect(res.body.errors).toBeUndefined();
      expect(app.queries).toHaveLength(1);
      const edges = res.body.data.creators.edges;
      expect(edges).toHaveLength(first);
      for (const { node } of edges) {
        expect(node.nextFreeSlots).toHaveLength(2);
        expect(node.latestReviews).toHaveLength(2);
      }
    }
  });

  it('asked with different sizes under aliases, each card still gets its own (the loaders answer them)', async () => {
    app.queries.length = 0;
    const res = await app.gql(
      `query { creators(first: 3) { edges { node { id a: nextFreeSlots(first: 1) { id } b: nextFreeSlots(first: 3) { id } latestReviews(first: 4) { id } } } } }`,
    );
    expect(res.body.errors).toBeUndefined();
    for (const { node } of res.body.data.creators.edges) {
      expect(node.a).toHaveLength(1);
      expect(node.b).toHaveLength(3);
      expect(node.latestReviews).toHaveLength(4);
    }
    expect(app.queries.length).toBeLessThanOrEqual(3); // the page (with reviews), and one per slot size
  });

  it('counts only when totalCount is asked, once per filter until a profile changes', async () => {
    app.queries.length = 0;
    const first = await app.gql(WITH_COUNT, { first: 5, platform: 'TWITCH' });
    expect(first.body.data.creators.totalCount).toBe(CREATORS);
    expect(app.queries).toHaveLength(2); // the page and the count

    app.queries.length = 0;
    const again = await app.gql(WITH_COUNT, { first: 5, platform: 'TWITCH' });
    expect(again.body.data.creators.totalCount).toBe(CREATORS);
    expect(app.queries).toHaveLength(1); // the count came from the cache

    app.queries.length = 0;
    expect((await app.gql(WITH_COUNT, { first: 5, platform: 'YOUTUBE' })).body.data.creators.totalCount).toBe(0);
    expect(app.queries).toHaveLength(2); // another filter, another count

    // A creator joins through the API (Twitch), then moves to YouTube: each change is counted at once.
    const late = await createCreator(app, { displayName: 'Late Lena', twitchUsername: 'latelena' });
    app.queries.length = 0;
    expect((await app.gql(WITH_COUNT, { first: 5, platform: 'TWITCH' })).body.data.creators.totalCount).toBe(CREATORS + 1);
    expect(app.queries).toHaveLength(2);
    const moved = await app.gql(
      `mutation { updateProfile(input: { platforms: [YOUTUBE], youtubeHandle: "latelena" }) { platforms } }`,
      {},
      late.token,
    );
    expect(moved.body.errors).toBeUndefined();
    app.queries.length = 0;
    expect((await app.gql(WITH_COUNT, { first: 5, platform: 'TWITCH' })).body.data.creators.totalCount).toBe(CREATORS);
    expect((await app.gql(WITH_COUNT, { first: 5, platform: 'YOUTUBE' })).body.data.creators.totalCount).toBe(1);
    expect(app.queries).toHaveLength(4);
  });
});

const CREATOR_PAGE = /* GraphQL */ `
  query ($id: ID!, $from: DateTimeISO!, $to: DateTimeISO!) {
    creator(id: $id) { id displayName averageRating isAvailable }
    availabilitySlots(creatorId: $id, from: $from, to: $to) { id startTime isBooked }
    reviews(creatorId: $id, first: 10) { totalCount edges { node { id rating reviewerName } } }
  }`;

describe('the creator page', () => {
  it('is one statement: the profile, the slots (with the creator check), the reviews (with the check and the count), compiled together', async () => {
    const { edges } = (await app.gql(QUERY, { first: 1 })).body.data.creators;
    const now = app.clock.now();
    app.queries.length = 0;
    const res = await app.gql(CREATOR_PAGE, { id: edges[0].node.id, from: now.toISOString(), to: new Date(now.getTime() + 7 * 24 * HOUR).toISOString() });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.availabilitySlots).toHaveLength(6);
    expect(res.body.data.reviews.totalCount).toBe(4);
    expect(app.queries).toHaveLength(1);
  });
});
