import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { Review } from '../../reviews/review.entity';
import { CREATE_PROFILE, createCreator, errorCode, errorMessage, hoursFromNow, insertBooking, insertSlots, registerAccount } from './fixtures';

let app: TestApp;
const ids: Record<string, string> = {};
const userIds: Record<string, string> = {};

/** Server-maintained numbers are set directly: only the server writes them. */
const setStats = (id: string, rating: number, bookings: number) =>
  app.orm.em.fork().getConnection().execute('update profiles set average_rating = ?, total_bookings = ? where id = ?', [rating, bookings, id]);

beforeAll(async () => {
  app = await startTestApp();
  const creators = [
    ['aurora', { displayName: 'Aurora', bio: 'Cozy FARMING sims', hourlyRateCents: 3000, platforms: ['TWITCH'], twitchUsername: 'aurora_live' }, 4.8, 10],
    ['blaze', { displayName: 'Blaze', bio: 'Competitive shooters', hourlyRateCents: 8000, platforms: ['YOUTUBE'], youtubeHandle: '@blazefps' }, 4.2, 25],
    ['cinder', { displayName: 'Cinder', bio: '100 percent speedruns', hourlyRateCents: 5000, platforms: ['TIKTOK', 'TWITCH'], tiktokHandle: 'cinder', twitchUsername: 'cinder_tv' }, 4.8, 3],
    ['dusk', { displayName: 'Dusk', bio: null, hourlyRateCents: 12000, platforms: ['INSTAGRAM'], instagramHandle: 'dusk.art' }, 0, 0],
    ['echo', { displayName: 'Echo', bio: 'Horror nights', hourlyRateCents: 5000, platforms: ['TWITCH'], twitchUsername: 'echo' }, 3.5, 40],
    ['suspended', { displayName: 'Shadow', hourlyRateCents: 2000, platforms: ['TWITCH'], twitchUsername: 'shadow' }, 5, 99],
  ] as const;
  for (const [key, input, rating, bookings] of creators) {
    const c = await createCreator(app, { ...input, timezone: 'UTC' });
    ids[key] = c.profileId;
    userIds[key] = c.userId;
    await setStats(c.profileId, rating, bookings);
  }
  await app.orm.em.fork().getConnection().execute('update users set suspended_at = now() where id = ?', [userIds.suspended]);
  const brand = await registerAccount(app, 'brand');
  userIds.brand = brand.userId;
  await app.gql(CREATE_PROFILE, { input: { displayName: 'Aurora Drinks (brand)' } }, brand.token);

  // Aurora: a past slot, a booked one, then free ones; Blaze one free slot in two days.
  await insertSlots(app, ids.aurora, [hoursFromNow(app, -3)]);
  await insertSlots(app, ids.aurora, [hoursFromNow(app, 1)], true);
  await insertSlots(app, ids.aurora, [4, 2, 3, 5].map((h) => hoursFromNow(app, h)));
  await insertSlots(app, ids.blaze, [hoursFromNow(app, 48)]);
  await insertSlots(app, ids.cinder, [hoursFromNow(app, 49)], true);
  await insertSlots(app, ids.dusk, [hoursFromNow(app, 200)]);

  // Reviews of Aurora (newest last) and one of Blaze, on completed bookings.
  const em = app.orm.em.fork();
  const addReview = async (who: string, daysAgo: number, rating: number, comment: string) => {
    const start = hoursFromNow(app, -24 * daysAgo);
    const bookingId = await insertBooking(app, { creatorId: ids[who], bookerId: userIds.brand, start });
    em.create(Review, {
      bookingId,
      creator: ids[who],
      reviewer: userIds.brand,
      reviewee: userIds[who],
      rating,
      comment,
      createdAt: new Date(start.getTime() + 7_200_000),
      revealedAt: new Date(start.getTime() + 7_200_000), // public (both sides wrote, or the reveal window passed)
    });
  };
  await addReview('aurora', 9, 4, 'oldest');
  await addReview('aurora', 5, 5, 'middle');
  await addReview('aurora', 2, 5, 'newest');
  await addReview('blaze', 3, 4, 'solid');
  await em.flush();
});
afterAll(() => app.close());

const CREATORS = /* GraphQL */ `
  query ($filter: CreatorFilter, $sort: CreatorSort, $first: Int, $after: String) {
    creators(filter: $filter, sort: $sort, first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { cursor node { id displayName hourlyRateCents averageRating totalBookings isAvailable platforms } }
    }
  }`;

const list = async (vars: Record<string, unknown>) => {
  const res = await app.gql(CREATORS, vars);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.creators;
};
const names = (conn: any) => conn.edges.map((e: any) => e.node.displayName);
const byId = (a: string, b: string) => (ids[a] < ids[b] ? [a, b] : [b, a]);
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

describe('GraphQL creators: listing, filters and sorts', () => {
  it('lists only creators that are not suspended, best rated first (ties by id), without sign-in', async () => {
    const conn = await list({});
    expect(conn.totalCount).toBe(5);
    expect(names(conn)).toEqual([...byId('aurora', 'cinder').map(cap), 'Blaze', 'Echo', 'Dusk']);
    expect(conn.pageInfo.hasNextPage).toBe(false);
  });

  it('sorts by price both ways and by bookings', async () => {
    expect(names(await list({ sort: 'PRICE_ASC' }))).toEqual(['Aurora', ...byId('cinder', 'echo').map(cap), 'Blaze', 'Dusk']);
    expect(names(await list({ sort: 'PRICE_DESC' }))).toEqual(['Dusk', 'Blaze', ...byId('cinder', 'echo').map(cap), 'Aurora']);
    expect(names(await list({ sort: 'BOOKINGS' }))).toEqual(['Echo', 'Blaze', 'Aurora', 'Cinder', 'Dusk']);
  });

  it('sorts soonest free first (creators with no free hour last, by id)', async () => {
    expect(names(await list({ sort: 'SOONEST' }))).toEqual(['Aurora', 'Blaze', 'Dusk', ...byId('cinder', 'echo').map(cap)]);
    // The free-on filter and the sort together: only those free in the window, soonest first.
    const window = { availableFrom: hoursFromNow(app, 0).toISOString(), availableTo: hoursFromNow(app, 100).toISOString() };
    expect(names(await list({ filter: window, sort: 'SOONEST' }))).toEqual(['Aurora', 'Blaze']);
  });

  it('RECOMMENDED ranks by a Bayesian average: a creator without reviews is not buried under a proven mediocre one', async () => {
    const counts = { aurora: 3, blaze: 1, cinder: 1, dusk: 0, echo: 40 };
    for (const [key, n] of Object.entries(counts)) {
      await app.orm.em.fork().getConnection().execute('update profiles set review_count = ? where id = ?', [n, ids[key]]);
    }
    try {
      // Scores: Aurora (4.8·3+4·3)/6 = 4.4, Cinder 4.2, Blaze 4.05, Dusk 4.0 (no reviews), Echo 3.53.
      expect(names(await list({ sort: 'RECOMMENDED' }))).toEqual(['Aurora', 'Cinder', 'Blaze', 'Dusk', 'Echo']);
      // The plain rating order puts Dusk (0 reviews) last.
      expect(names(await list({ sort: 'RATING' })).at(-1)).toBe('Dusk');
    } finally {
      await app.orm.em.fork().getConnection().execute('update profiles set review_count = 0 where id in (?)', [Object.values(ids)]);
    }
  });

  it('filters by platform, rate range and minimum rating', async () => {
    expect(names(await list({ filter: { platform: 'TWITCH' }, sort: 'BOOKINGS' }))).toEqual(['Echo', 'Aurora', 'Cinder']);
    expect(names(await list({ filter: { minRateCents: 5000, maxRateCents: 8000 }, sort: 'PRICE_DESC' }))).toEqual([
      'Blaze',
      ...byId('cinder', 'echo').map(cap),
    ]);
    expect(new Set(names(await list({ filter: { minRating: 4.5 } })))).toEqual(new Set(['Aurora', 'Cinder']));
  });

  it('search is case-insensitive over name, bio and handles, and treats % and _ literally', async () => {
    expect(names(await list({ filter: { search: 'farming' } }))).toEqual(['Aurora']);
    expect(names(await list({ filter: { search: 'BLAZEFPS' } }))).toEqual(['Blaze']);
    expect(names(await list({ filter: { search: 'cinder_tv' } }))).toEqual(['Cinder']);
    expect(names(await list({ filter: { search: 'ech' } }))).toEqual(['Echo']);
    expect((await list({ filter: { search: '%' } })).totalCount).toBe(0);
    expect(new Set(names(await list({ filter: { search: '_' } })))).toEqual(new Set(['Aurora', 'Cinder']));
  });

  it('availableFrom/availableTo keep creators with a free slot inside the window', async () => {
    const window = { availableFrom: hoursFromNow(app, 24).toISOString(), availableTo: hoursFromNow(app, 72).toISOString() };
    expect(names(await list({ filter: window }))).toEqual(['Blaze']);
    expect(new Set(names(await list({ filter: { availableFrom: hoursFromNow(app, 0).toISOString() } })))).toEqual(
      new Set(['Aurora', 'Blaze', 'Dusk']),
    );
  });

  it('isAvailable is true only with a free future slot', async () => {
    const conn = await list({});
    const available = Object.fromEntries(conn.edges.map((e: any) => [e.node.displayName, e.node.isAvailable]));
    expect(available).toEqual({ Aurora: true, Blaze: true, Cinder: false, Dusk: true, Echo: false });
  });

  it.each(['RATING', 'PRICE_ASC', 'PRICE_DESC', 'BOOKINGS', 'RECOMMENDED', 'SOONEST'])('cursor pages (%s) never repeat or skip a creator', async (sort) => {
    const all = names(await list({ sort, first: 50 }));
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i++) {
      const page: any = await list({ sort, first: 2, after });
      expect(page.totalCount).toBe(5);
      seen.push(...names(page));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(all);
  });

  it.each([
    [{ first: 51 }, 'first must be a whole number from 1 to 50'],
    [{ first: 0 }, 'first must be a whole number from 1 to 50'],
    [{ filter: { minRateCents: -1 } }, 'minRateCents must be a whole number of cents, 0 or more'],
    [{ filter: { minRateCents: 9000, maxRateCents: 100 } }, 'minRateCents must not be greater than maxRateCents'],
    [{ filter: { minRating: 6 } }, 'minRating must be a number from 0 to 5'],
    [{ filter: { availableFrom: '2030-01-02T00:00:00Z', availableTo: '2030-01-01T00:00:00Z' } }, 'availableFrom must be before availableTo'],
    [{ after: 'not-a-cursor' }, 'Invalid cursor: pass the endCursor of a previous page'],
  ])('invalid arguments %j are BAD_USER_INPUT', async (vars, message) => {
    const res = await app.gql(CREATORS, vars);
    expect(errorCode(res.body)).toBe('BAD_USER_INPUT');
    expect(errorMessage(res.body)).toBe(message);
  });

  it('a cursor of another sort order and an unknown platform are refused', async () => {
    const page = await list({ sort: 'PRICE_ASC', first: 1 });
    const wrong = await app.gql(CREATORS, { sort: 'RATING', after: page.pageInfo.endCursor });
    expect(errorCode(wrong.body)).toBe('BAD_USER_INPUT');
    const platform = await app.gql(CREATORS, { filter: { platform: 'MYSPACE' } });
    expect(errorCode(platform.body)).toBe('BAD_USER_INPUT');
  });
});

describe('GraphQL creators: next free slots and latest reviews per creator', () => {
  const NESTED = /* GraphQL */ `
    query ($filter: CreatorFilter) {
      creators(filter: $filter, sort: BOOKINGS) {
        edges { node { displayName
          nextFreeSlots(first: 2) { startTime isBooked creatorId }
          latestReviews(first: 2) { rating comment reviewerName revieweeId }
        } }
      }
    }`;

  it('each creator gets its own next N free future slots (soonest first) and newest N reviews', async () => {
    const res = await app.gql(NESTED, { filter: { platform: null } });
    expect(res.body.errors).toBeUndefined();
    const node = (name: string) => res.body.data.creators.edges.find((e: any) => e.node.displayName === name).node;
    expect(node('Aurora').nextFreeSlots.map((s: any) => s.startTime)).toEqual(
      [2, 3].map((h) => hoursFromNow(app, h).toISOString()),
    );
    expect(node('Aurora').nextFreeSlots[0]).toMatchObject({ isBooked: false, creatorId: ids.aurora });
    expect(node('Blaze').nextFreeSlots).toHaveLength(1);
    expect(node('Cinder').nextFreeSlots).toEqual([]);
    expect(node('Aurora').latestReviews.map((r: any) => r.comment)).toEqual(['newest', 'middle']);
    expect(node('Aurora').latestReviews[0]).toMatchObject({ reviewerName: 'Aurora Drinks (brand)', revieweeId: userIds.aurora });
    expect(node('Blaze').latestReviews.map((r: any) => r.comment)).toEqual(['solid']);
    expect(node('Echo').latestReviews).toEqual([]);
  });

  it('creator(id) exposes the same nested fields', async () => {
    const res = await app.gql(`query ($id: ID!) { creator(id: $id) { nextFreeSlots { startTime } latestReviews { comment } } }`, {
      id: ids.aurora,
    });
    expect(res.body.data.creator.nextFreeSlots).toHaveLength(4);
    expect(res.body.data.creator.latestReviews.map((r: any) => r.comment)).toEqual(['newest', 'middle', 'oldest']);
  });
});

describe('REST GET /streamers', () => {
  it('answers an array of snake_case profiles with hourly_rate in dollars', async () => {
    const res = await app.rest('GET', '/streamers?platform=twitch&limit=10');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data)).toBe(true);
    expect(res.body.data.map((p: any) => p.display_name)).toEqual([...byId('aurora', 'cinder').map(cap), 'Echo']);
    expect(res.body.data.find((p: any) => p.display_name === 'Aurora')).toMatchObject({
      id: ids.aurora,
      hourly_rate: 30,
      platforms: ['twitch'],
      twitch_username: 'aurora_live',
      average_rating: 4.8,
      is_available: true,
    });
  });

  it('search and page/limit work like the GraphQL listing', async () => {
    expect((await app.rest('GET', '/streamers?search=Horror')).body.data.map((p: any) => p.display_name)).toEqual(['Echo']);
    const all = (await app.rest('GET', '/streamers?sort=bookings')).body.data.map((p: any) => p.display_name);
    const second = (await app.rest('GET', '/streamers?sort=bookings&page=2&limit=2')).body.data.map((p: any) => p.display_name);
    expect(second).toEqual(all.slice(2, 4));
    expect((await app.rest('GET', '/streamers?platform=all&limit=500')).body.data).toHaveLength(5);
  });

  it('bad filters answer 400 with the reason', async () => {
    const platform = await app.rest('GET', '/streamers?platform=myspace');
    expect(platform.status).toBe(400);
    expect(platform.body).toMatchObject({ success: false, error: 'platform must be one of twitch, youtube, tiktok, instagram' });
    expect((await app.rest('GET', '/streamers?page=0')).status).toBe(400);
    expect((await app.rest('GET', '/streamers?minRating=9')).body.error).toBe('minRating must be a number from 0 to 5');
  });
});
