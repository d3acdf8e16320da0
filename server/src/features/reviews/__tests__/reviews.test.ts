import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import {
  CREATE_PROFILE,
  createCreator,
  errorCode,
  errorMessage,
  hoursFromNow,
  insertBooking,
  registerAccount,
  type Account,
} from '../../profiles/__tests__/fixtures';
import { BookingStatus } from '../../bookings/process/booking.model';

let app: TestApp;
let creator: Account & { profileId: string };
let brand: Account;
let outsider: Account;
/** Older than the 14-day reveal window: one side's review is public at once (the double-blind cases below use recent bookings). */
let daysAgo = 20;

beforeAll(async () => {
  app = await startTestApp({ ENABLE_TEST_CLOCK: '1' });
  creator = await createCreator(app, { displayName: 'Reviewed Rae' });
  brand = await registerAccount(app, 'brand');
  await app.gql(CREATE_PROFILE, { input: { displayName: 'Brandly' } }, brand.token);
  outsider = await registerAccount(app, 'brand');
});
afterAll(() => app.close());

/** A booking of the creator by the brand, each on its own past day so they never overlap (completed over 14 days ago). */
const booking = (status: BookingStatus = BookingStatus.COMPLETED, booker = brand) =>
  insertBooking(app, { creatorId: creator.profileId, bookerId: booker.userId, start: hoursFromNow(app, -24 * daysAgo++), status });

const CREATE_REVIEW = /* GraphQL */ `
  mutation ($input: CreateReviewInput!) {
    createReview(input: $input) { id bookingId creatorId reviewerId revieweeId rating comment reviewerName createdAt }
  }`;
const REVIEWS = /* GraphQL */ `
  query ($id: ID!, $first: Int, $after: String) {
    reviews(creatorId: $id, first: $first, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { rating comment reviewerName } }
    }
  }`;
const RATING = /* GraphQL */ `query ($id: ID!) { creator(id: $id) { averageRating reviewCount } }`;

const review = (input: Record<string, unknown>, who: Account | null = brand) => app.gql(CREATE_REVIEW, { input }, who?.token);
const rating = async () => (await app.gql(RATING, { id: creator.profileId })).body.data.creator;

describe('writing reviews', () => {
  it('the booker reviews the creator of a completed booking; the creator’s rating updates', async () => {
    const before = await rating();
    const bookingId = await booking();
    const res = await review({ bookingId, rating: 4, comment: '  Great energy on stream!  ' });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.createReview).toMatchObject({
      bookingId,
      creatorId: creator.profileId,
      reviewerId: brand.userId,
      revieweeId: creator.userId,
      rating: 4,
      comment: 'Great energy on stream!',
      reviewerName: 'Brandly',
    });
    const after = await rating();
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    expect(after.averageRating).toBeGreaterThan(0);
  });

  it('a second review of the same booking by the same party is a CONFLICT', async () => {
    const bookingId = await booking();
    expect((await review({ bookingId, rating: 5 })).body.errors).toBeUndefined();
    const again = await review({ bookingId, rating: 1, comment: 'changed my mind' });
    expect(errorCode(again.body)).toBe('CONFLICT');
    expect(errorMessage(again.body)).toBe('You have already reviewed this booking');
  });

  it('the creator may review the booker on the same booking; that does not change the creator’s rating', async () => {
    const bookingId = await booking();
    await review({ bookingId, rating: 5 });
    const before = await rating();
    const res = await review({ bookingId, rating: 2, comment: 'Late brief' }, creator);
    expect(res.body.data.createReview).toMatchObject({ reviewerId: creator.userId, revieweeId: brand.userId, reviewerName: 'Reviewed Rae' });
    expect(await rating()).toEqual(before);
  });

  it('someone who is not a party of the booking is FORBIDDEN', async () => {
    const bookingId = await booking();
    const res = await review({ bookingId, rating: 5 }, outsider);
    expect(errorCode(res.body)).toBe('FORBIDDEN');
    expect(errorMessage(res.body)).toBe('Only the booker and the creator of this booking can review it');
  });

  it('a booking that is not completed cannot be reviewed; an auto-completed one can', async () => {
    for (const status of [BookingStatus.PENDING, BookingStatus.CONFIRMED, BookingStatus.CANCELLED, BookingStatus.DISPUTED]) {
      const res = await review({ bookingId: await booking(status), rating: 5 });
      expect(errorCode(res.body)).toBe('INVALID_TRANSITION');
      expect(errorMessage(res.body)).toBe('Only completed bookings can be reviewed');
    }
    expect((await review({ bookingId: await booking(BookingStatus.AUTO_COMPLETED), rating: 5 })).body.errors).toBeUndefined();
  });

  it.each([0, 6])('rating %s is refused with BAD_USER_INPUT', async (value) => {
    const res = await review({ bookingId: await booking(), rating: value });
    expect(errorCode(res.body)).toBe('BAD_USER_INPUT');
    expect(errorMessage(res.body)).toBe('Rating must be a whole number from 1 to 5');
  });

  it('a comment over 2000 characters, an unknown booking and an anonymous reviewer are refused', async () => {
    const long = await review({ bookingId: await booking(), rating: 5, comment: 'x'.repeat(2001) });
    expect(errorMessage(long.body)).toBe('Comment must be at most 2000 characters');
    const unknown = await review({ bookingId: '00000000-0000-4000-8000-000000000000', rating: 5 });
    expect(errorCode(unknown.body)).toBe('NOT_FOUND');
    expect(errorCode((await review({ bookingId: await booking(), rating: 5 }, null)).body)).toBe('UNAUTHENTICATED');
  });

  it('the average is recomputed exactly, also when reviews arrive at the same time', async () => {
    const other = await createCreator(app, { displayName: 'Fresh Fern' });
    const bookers = await Promise.all([1, 2, 3, 4].map(() => registerAccount(app, 'brand')));
    const bookings = await Promise.all(
      bookers.map((b, i) => insertBooking(app, { creatorId: other.profileId, bookerId: b.userId, start: hoursFromNow(app, -24 * (i + 20)) })),
    );
    const written = await Promise.all(bookings.map((bookingId, i) => review({ bookingId, rating: [5, 4, 4, 2][i] }, bookers[i])));
    for (const w of written) expect(w.body.errors).toBeUndefined();
    const res = await app.gql(RATING, { id: other.profileId });
    expect(res.body.data.creator).toEqual({ averageRating: 3.75, reviewCount: 4 });
  });
});

describe('reading reviews', () => {
  it('reviews(creatorId) lists reviews about the creator, newest first, with cursor pages; no sign-in', async () => {
    const other = await createCreator(app, { displayName: 'Listed Lee' });
    for (const [i, r] of [3, 4, 5].entries()) {
      const bookingId = await insertBooking(app, { creatorId: other.profileId, bookerId: brand.userId, start: hoursFromNow(app, -24 * (30 - i)) });
      await review({ bookingId, rating: r, comment: `review ${i}` });
      app.clock.advance(1000);
    }
    const first = (await app.gql(REVIEWS, { id: other.profileId, first: 2 })).body.data.reviews;
    expect(first.totalCount).toBe(3);
    expect(first.edges.map((e: any) => e.node.comment)).toEqual(['review 2', 'review 1']);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = (await app.gql(REVIEWS, { id: other.profileId, first: 2, after: first.pageInfo.endCursor })).body.data.reviews;
    expect(rest.edges.map((e: any) => e.node.comment)).toEqual(['review 0']);
    expect(rest.pageInfo.hasNextPage).toBe(false);
  });

  it('unknown creators are NOT_FOUND and bad cursors BAD_USER_INPUT', async () => {
    const missing = await app.gql(REVIEWS, { id: '00000000-0000-4000-8000-000000000000' });
    expect(errorMessage(missing.body)).toBe('Streamer profile not found');
    expect(errorCode((await app.gql(REVIEWS, { id: creator.profileId, after: 'xyz' })).body)).toBe('BAD_USER_INPUT');
    expect(errorCode((await app.gql(REVIEWS, { id: creator.profileId, first: 100 })).body)).toBe('BAD_USER_INPUT');
  });
});

describe('REST /reviews', () => {
  it('POST /reviews derives reviewer and reviewee from the booking, ignoring the ids the client sends', async () => {
    const bookingId = await booking();
    const res = await app.rest(
      'POST',
      '/reviews',
      { booking_id: bookingId, rating: 5, comment: 'Superb', reviewer_id: outsider.userId, reviewee_id: outsider.userId },
      brand.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      booking_id: bookingId,
      reviewer_id: brand.userId,
      reviewee_id: creator.userId,
      rating: 5,
      comment: 'Superb',
      reviewer_name: 'Brandly',
    });
    const again = await app.rest('POST', '/reviews', { booking_id: bookingId, rating: 5 }, brand.token);
    expect(again.status).toBe(409);
    const zero = await app.rest('POST', '/reviews', { booking_id: await booking(), rating: 0 }, brand.token);
    expect(zero).toMatchObject({ status: 400, body: { success: false, error: 'Rating must be a whole number from 1 to 5' } });
    const half = await app.rest('POST', '/reviews', { booking_id: await booking(), rating: 4.5 }, brand.token);
    expect(half).toMatchObject({ status: 400, body: { error: 'Rating must be a whole number from 1 to 5', field: 'rating' } });
    const stranger = await app.rest('POST', '/reviews', { booking_id: bookingId, rating: 5 }, outsider.token);
    expect(stranger.status).toBe(403);
  });

  it('GET /reviews/streamer/{id}?limit=10 and GET /reviews?streamerId&page&limit answer data = list, newest first', async () => {
    const byCreator = await app.rest('GET', `/reviews/streamer/${creator.profileId}?limit=10`);
    expect(byCreator.status).toBe(200);
    expect(Array.isArray(byCreator.body.data)).toBe(true);
    expect(byCreator.body.data.length).toBeGreaterThan(0);
    expect(byCreator.body.data.length).toBeLessThanOrEqual(10);
    const first = byCreator.body.data[0];
    expect(Object.keys(first).sort()).toEqual(
      ['booking_id', 'comment', 'created_at', 'id', 'rating', 'reviewee_id', 'reviewer_id', 'reviewer_name', 'streamer_id'].sort(),
    );
    expect(byCreator.body.data.every((r: any) => r.reviewee_id === creator.userId)).toBe(true);
    const times = byCreator.body.data.map((r: any) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const page2 = await app.rest('GET', `/reviews?streamerId=${creator.profileId}&page=2&limit=1`);
    expect(page2.body.data).toEqual([byCreator.body.data[1]]);
    expect((await app.rest('GET', '/reviews')).status).toBe(400);
    expect((await app.rest('GET', '/reviews/streamer/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

// Last: it moves the server's clock forward 14 days (the other cases' bookings are placed relative to now).
describe('double-blind reviews', () => {
  const REVIEWS_OF = /* GraphQL */ `query ($id: ID!) { reviews(creatorId: $id, first: 10) { totalCount edges { node { comment } } } creator(id: $id) { averageRating reviewCount latestReviews(first: 5) { comment } } }`;
  const publicPage = async (profileId: string) => (await app.gql(REVIEWS_OF, { id: profileId })).body.data;
  const bell = async (who: Account) =>
    (await app.gql(`query { notifications(first: 20) { edges { node { type text } } } }`, {}, who.token)).body.data.notifications.edges
      .map((e: any) => e.node)
      .filter((n: any) => n.type === 'review.created');
  /** A booking completed an hour ago, of a creator of its own (so the figures are this test's alone). */
  async function freshBooking() {
    const c = await createCreator(app, { displayName: 'Blind Bo' });
    const b = await registerAccount(app, 'brand');
    await app.gql(CREATE_PROFILE, { input: { displayName: 'Blind Brand' } }, b.token);
    const bookingId = await insertBooking(app, { creatorId: c.profileId, bookerId: b.userId, start: hoursFromNow(app, -2), status: BookingStatus.COMPLETED });
    return { c, b, bookingId };
  }

  it('the first review stays hidden from the other side and the public until the other side writes theirs; then both show', async () => {
    const { c, b, bookingId } = await freshBooking();
    const brandReview = await review({ bookingId, rating: 5, comment: 'Brand says: brilliant' }, b);
    expect(brandReview.body.errors).toBeUndefined();
    // The writer sees what they wrote; nobody else does, and it counts nowhere yet.
    expect(brandReview.body.data.createReview).toMatchObject({ rating: 5, comment: 'Brand says: brilliant' });
    expect(await publicPage(c.profileId)).toEqual({ reviews: { totalCount: 0, edges: [] }, creator: { averageRating: 0, reviewCount: 0, latestReviews: [] } });
    expect(await bell(c)).toEqual([]);

    const creatorReview = await review({ bookingId, rating: 4, comment: 'Creator says: clear brief' }, c);
    expect(creatorReview.body.errors).toBeUndefined();
    expect(await publicPage(c.profileId)).toEqual({
      reviews: { totalCount: 1, edges: [{ node: { comment: 'Brand says: brilliant' } }] },
      creator: { averageRating: 5, reviewCount: 1, latestReviews: [{ comment: 'Brand says: brilliant' }] },
    });
    // Each side is told of the review about them only now, both at once.
    expect(await bell(c)).toEqual([{ type: 'review.created', text: 'Blind Brand left you a 5-star review' }]);
    expect(await bell(b)).toEqual([{ type: 'review.created', text: 'Blind Bo left you a 4-star review' }]);
    // Each item names the booking reviewed (its hours), like every booking item of the bell.
    const booking = (await app.orm.em.fork().getConnection().execute('select start_time, end_time from bookings where id = ?', [bookingId]))[0];
    const hours = async (who: Account) =>
      (await app.gql(`query { notifications(first: 20) { edges { node { type bookingId bookingStartTime bookingEndTime } } } }`, {}, who.token)).body.data.notifications.edges
        .map((e: any) => e.node)
        .filter((n: any) => n.type === 'review.created')
        .map(({ bookingId: id, bookingStartTime, bookingEndTime }: any) => ({ id, bookingStartTime, bookingEndTime }));
    const named = { id: bookingId, bookingStartTime: new Date(booking.start_time).toISOString(), bookingEndTime: new Date(booking.end_time).toISOString() };
    expect(await hours(c)).toEqual([named]);
    expect(await hours(b)).toEqual([named]);
  });

  it('when only one side writes, the review is revealed 14 days after the booking was completed (test clock)', async () => {
    const { c, b, bookingId } = await freshBooking();
    expect((await review({ bookingId, rating: 3, comment: 'Only the brand wrote' }, b)).body.errors).toBeUndefined();
    const move = (advanceMs: number) => app.rest('POST', '/testing/clock', { advanceMs });
    // Access tokens expire while the clock jumps: sign in again after each move.
    const signIn = async (who: Account) => (await app.rest('POST', '/auth/login', { email: who.email, password: 'correct horse battery' })).body.data.tokens.accessToken as string;
    // 13 days later: still hidden.
    expect((await move(13 * 86_400_000)).status).toBe(200);
    c.token = await signIn(c);
    b.token = await signIn(b);
    expect((await publicPage(c.profileId)).creator.reviewCount).toBe(0);
    expect(await bell(c)).toEqual([]);
    // Past 14 days after completion: the reveal runs with the clock and the review is public and counted.
    expect((await move(86_400_000)).status).toBe(200);
    c.token = await signIn(c);
    b.token = await signIn(b);
    expect(await publicPage(c.profileId)).toEqual({
      reviews: { totalCount: 1, edges: [{ node: { comment: 'Only the brand wrote' } }] },
      creator: { averageRating: 3, reviewCount: 1, latestReviews: [{ comment: 'Only the brand wrote' }] },
    });
    expect(await bell(c)).toEqual([{ type: 'review.created', text: 'Blind Brand left you a 3-star review' }]);
    // The other side can still write theirs: the window has passed, so it shows at once.
    expect((await review({ bookingId, rating: 5, comment: 'Late but fair' }, c)).body.errors).toBeUndefined();
    expect(await bell(b)).toEqual([{ type: 'review.created', text: 'Blind Bo left you a 5-star review' }]);
  });
});
