import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account, checkout, creator as bookableCreator, enablePayouts } from '../../../features/bookings/__tests__/booking-fixtures';
import { CREATE_PROFILE, createCreator, insertBooking, insertSlots, registerAccount } from '../../../features/profiles/__tests__/fixtures';
import type { EventName } from '../../shared/events';
import { BookingStatus } from '../../../features/bookings/process/booking.model';

let app: TestApp;

const LISTING = `query($search: String) {
  creators(first: 20, filter: { platform: TWITCH, search: $search }) {
    totalCount
    edges { node { id displayName averageRating nextFreeSlots(first: 5) { startTime } latestReviews(first: 3) { rating } } }
  }
}`;
const CREATOR_PAGE = `query($id: ID!, $from: DateTimeISO!, $to: DateTimeISO!) {
  creator(id: $id) { displayName averageRating reviewCount isAvailable }
  availabilitySlots(creatorId: $id, from: $from, to: $to) { startTime isBooked }
  reviews(creatorId: $id, first: 10) { totalCount edges { node { rating comment } } }
}`;
const ADD = `mutation($input: AddAvailabilityInput!) { addAvailability(input: $input) { id } }`;
const UPDATE = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id displayName } }`;
const REVIEW = `mutation($input: CreateReviewInput!) { createReview(input: $input) { id } }`;

const HOUR = 3_600_000;
/** Each test lists its own creator (a distinct search is a distinct cache entry). */
const listing = (search: string, token?: string) => app.gql(LISTING, { search }, token);
const onlyNode = (res: { body: any }) => res.body.data.creators.edges.map((e: any) => e.node)[0];
const week = (from: Date) => ({ from: from.toISOString(), to: new Date(from.getTime() + 7 * 24 * HOUR).toISOString() });
const creatorPage = (id: string, from: Date) => app.gql(CREATOR_PAGE, { id, ...week(from) });

/**
 * Resolves once `event` has reached this instance's subscribers. The cache subscribed when the
 * server started, so by then it has handled the event: the first read afterwards must be fresh.
 */
function arrival(event: EventName): Promise<void> {
  return new Promise((resolve) => {
    const off = app.server.deps.events.subscribe(event, () => {
      off();
      resolve();
    });
  });
}

/** Runs `write` and waits for the event it must publish. */
async function afterWrite<T>(event: EventName, write: () => Promise<T>): Promise<T> {
  const arrived = arrival(event);
  const result = await write();
  await arrived;
  return result;
}

/** Statements blocked on a lock right now (asked on a pool connection: a transaction sees one snapshot of pg_stat_activity). */
async function waitingForLock(): Promise<number> {
  const [row] = await app.orm.em.fork().execute(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
  return row.n;
}

beforeAll(async () => {
  // Production keeps anonymous public reads for 30 s; a long time here makes any staleness visible.
  app = await startTestApp({ ANON_RESPONSE_CACHE_SECONDS: '60' });
});
afterAll(() => app.close());

describe('anonymous response cache: served from memory', () => {
  it('a repeated anonymous listing is answered from memory, without any SQL', async () => {
    await createCreator(app, { displayName: 'Cached Carla' });
    const first = await listing('Cached Carla');
    expect(onlyNode(first).displayName).toBe('Cached Carla');
    app.queries.length = 0;
    const again = await listing('Cached Carla');
    expect(again.body).toEqual(first.body);
    expect(app.queries).toEqual([]);
  });

  it('identical requests that miss at the same time run once', async () => {
    const [a, b] = [await createCreator(app, { displayName: 'Single Sue' }), await createCreator(app, { displayName: 'Single Sid' })];
    const from = app.clock.now();
    app.queries.length = 0;
    expect((await creatorPage(a.profileId, from)).body.errors).toBeUndefined();
    const oneRun = app.queries.length;
    expect(oneRun).toBeGreaterThan(0);

    app.queries.length = 0;
    const answers = await Promise.all(Array.from({ length: 8 }, () => creatorPage(b.profileId, from)));
    expect(new Set(answers.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(answers[0].body.data.creator.displayName).toBe('Single Sid');
    expect(app.queries).toHaveLength(oneRun);
  });

  it('signed-in visitors share the anonymous answer (it does not depend on who asks)', async () => {
    const c = await createCreator(app, { displayName: 'Shared Pia' });
    const brand = await registerAccount(app, 'brand');
    await listing('Shared Pia');
    // A change made behind the application's back (no event): only a cached answer still shows the old name.
    await app.orm.em.fork().execute(`update profiles set display_name = 'Shared Pia Two' where id = ?`, [c.profileId]);
    app.queries.length = 0;
    expect(onlyNode(await listing('Shared Pia', brand.token)).displayName).toBe('Shared Pia');
    expect(app.queries.filter((q) => !/api_keys|refresh_tokens|users/.test(q))).toEqual([]);
  });
});

describe('anonymous response cache: never stale after a write', () => {
  it('a profile edit: the first anonymous read after its event shows it (listing and creator page)', async () => {
    const c = await createCreator(app, { displayName: 'Renamed Rita' });
    const from = app.clock.now();
    expect(onlyNode(await listing('Renamed Rita')).displayName).toBe('Renamed Rita');
    expect((await creatorPage(c.profileId, from)).body.data.creator.displayName).toBe('Renamed Rita');
    await afterWrite('profileChanged', () => app.gql(UPDATE, { input: { displayName: 'Renamed Rita Two' } }, c.token));
    expect(onlyNode(await listing('Renamed Rita')).displayName).toBe('Renamed Rita Two');
    expect((await creatorPage(c.profileId, from)).body.data.creator.displayName).toBe('Renamed Rita Two');
  });

  it('a new review: rating, count and review list', async () => {
    const c = await createCreator(app, { displayName: 'Reviewed Rob' });
    const brand = await registerAccount(app, 'brand');
    await app.gql(CREATE_PROFILE, { input: { displayName: 'Brand Bea' } }, brand.token);
    // Completed over 14 days ago: a one-sided review is public at once (double-blind reviews).
    const bookingId = await insertBooking(app, { creatorId: c.profileId, bookerId: brand.userId, start: new Date(app.clock.now().getTime() - 20 * 24 * HOUR), status: BookingStatus.COMPLETED });
    const from = app.clock.now();
    expect((await creatorPage(c.profileId, from)).body.data.reviews.totalCount).toBe(0);
    expect(onlyNode(await listing('Reviewed Rob')).latestReviews).toEqual([]);

    const res = await afterWrite('profileChanged', () => app.gql(REVIEW, { input: { bookingId, rating: 5, comment: 'Superb' } }, brand.token));
    expect(res.body.errors).toBeUndefined();
    const page = (await creatorPage(c.profileId, from)).body.data;
    expect(page.creator).toMatchObject({ averageRating: 5, reviewCount: 1 });
    expect(page.reviews).toEqual({ totalCount: 1, edges: [{ node: { rating: 5, comment: 'Superb' } }] });
    expect(onlyNode(await listing('Reviewed Rob'))).toMatchObject({ averageRating: 5, latestReviews: [{ rating: 5 }] });
  });

  it("a creator's new free hour", async () => {
    const c = await createCreator(app, { displayName: 'Fresh Fiona' });
    expect(onlyNode(await listing('Fresh Fiona')).nextFreeSlots).toEqual([]);
    const start = new Date(Math.ceil(app.clock.now().getTime() / HOUR) * HOUR + 24 * HOUR);
    const added = await afterWrite('slotsChanged', () =>
      app.gql(ADD, { input: { startTime: start.toISOString(), endTime: new Date(start.getTime() + HOUR).toISOString() } }, c.token),
    );
    expect(added.body.errors).toBeUndefined();
    expect(onlyNode(await listing('Fresh Fiona')).nextFreeSlots).toEqual([{ startTime: start.toISOString() }]);
  });

  it('a checkout holds the hour: the creator page shows it booked, the listing no longer offers it', async () => {
    const start = new Date(Math.ceil(app.clock.now().getTime() / HOUR) * HOUR + 48 * HOUR);
    const c = await bookableCreator(app, [start], { displayName: 'Booked Bo', twitchUsername: 'bookedbo' });
    await enablePayouts(app, c);
    const brand = await account(app, 'brand');
    const from = app.clock.now();
    expect((await creatorPage(c.profileId, from)).body.data.availabilitySlots).toEqual([{ startTime: start.toISOString(), isBooked: false }]);
    expect(onlyNode(await listing('Booked Bo')).nextFreeSlots).toHaveLength(1);

    await afterWrite('slotsChanged', () => checkout(app, brand, c, start));
    const page = (await creatorPage(c.profileId, from)).body.data;
    expect(page.availabilitySlots).toEqual([{ startTime: start.toISOString(), isBooked: true }]);
    expect(page.creator.isAvailable).toBe(false);
    expect(onlyNode(await listing('Booked Bo')).nextFreeSlots).toEqual([]);
  });

  it('an answer computed before an event is not kept after it, even when it finishes later', async () => {
    const c = await createCreator(app, { displayName: 'Straddle Sam' });
    const blocker = new pg.Client({ connectionString: app.config.DATABASE_URL });
    await blocker.connect();
    try {
      // The listing reads the profile, then waits at latestReviews (reviews locked): asked in two
      // sizes, the reviews are not fetched with the page but by a statement after it ...
      // (A second root field keeps it on graphql-js's execution, statement after statement: the
      // compiled listing answers a lone `creators` in one statement.)
      await blocker.query('begin');
      await blocker.query('lock table reviews in access exclusive mode');
      const twoSizes = LISTING.replace('latestReviews(first: 3) { rating }', 'latestReviews(first: 3) { rating } more: latestReviews(first: 4) { rating }').replace(
        /\}\s*$/,
        '  paymentConfig { __typename }\n}',
      );
      const inFlight = app.gql(twoSizes, { search: 'Straddle Sam' });
      await expect
        .poll(async () => waitingForLock(), { timeout: 15_000 })
        .toBe(2); // one statement per size
      // ... meanwhile the profile changes and the event arrives ...
      await afterWrite('profileChanged', async () => {
        await app.orm.em.fork().execute(`update profiles set display_name = 'Straddle Sam Two' where id = ?`, [c.profileId]);
        await app.server.deps.events.publish('profileChanged', { userId: c.userId });
      });
      await blocker.query('commit');
      // ... so the request answers what it read, but that answer is not kept for the next visitor.
      expect(onlyNode(await inFlight).displayName).toBe('Straddle Sam');
      expect(onlyNode(await app.gql(twoSizes, { search: 'Straddle Sam' })).displayName).toBe('Straddle Sam Two');
    } finally {
      await blocker.end();
    }
  });
});

describe('anonymous response cache: expiry', () => {
  it('past its time an answer is served once more while it is refreshed, and never beyond twice its time', async () => {
    app.clock.set(new Date('2027-01-04T10:00:00Z'));
    const c = await createCreator(app, { displayName: 'Aging Ada' });
    const rename = (name: string) => app.orm.em.fork().execute(`update profiles set display_name = ? where id = ?`, [name, c.profileId]);
    expect(onlyNode(await listing('Aging Ada')).displayName).toBe('Aging Ada');

    await rename('Aging Ada Two'); // straight in the database: no event, so only time can show it
    app.clock.advance(61_000);
    expect(onlyNode(await listing('Aging Ada')).displayName).toBe('Aging Ada');
    await expect.poll(async () => onlyNode(await listing('Aging Ada')).displayName, { timeout: 15_000 }).toBe('Aging Ada Two');

    await rename('Aging Ada Three');
    app.clock.advance(121_000);
    expect(onlyNode(await listing('Aging Ada')).displayName).toBe('Aging Ada Three');
  });

  it('a slot that has started is never offered from memory: answers end with their quarter hour', async () => {
    app.clock.set(new Date('2027-01-05T09:59:00Z'));
    const c = await createCreator(app, { displayName: 'Quarter Quinn' });
    const ten = new Date('2027-01-05T10:00:00Z');
    await insertSlots(app, c.profileId, [ten, new Date(ten.getTime() + HOUR)]);
    expect(onlyNode(await listing('Quarter Quinn')).nextFreeSlots).toEqual([{ startTime: '2027-01-05T10:00:00.000Z' }, { startTime: '2027-01-05T11:00:00.000Z' }]);
    app.clock.set(new Date('2027-01-05T10:00:10Z')); // well within the 60 s the answer would otherwise keep
    expect(onlyNode(await listing('Quarter Quinn')).nextFreeSlots).toEqual([{ startTime: '2027-01-05T11:00:00.000Z' }]);
  });
});
