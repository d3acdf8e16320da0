import { randomUUID } from 'node:crypto';
import { ApolloServer } from '@apollo/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CREATOR_PAGE } from '../../../../bench/documents';
import { seedMarketplace } from '../../../../bench/seed';
import { createTestDatabase, startTestApp, type TestApp } from '../../../../test/harness';
import { TokenIssuer } from '../../../platform/auth/tokens';
import { newApiKeySecret } from '../../partners/api-key.secret';
import { AccountType, UserRole } from '../../users/user.entity';
import { createCreator, hoursFromNow, insertSlots } from './fixtures';

/**
 * The compiled listing (creators.compiled.ts) against graphql-js's normal execution: two servers
 * on the same data, one with COMPILED_READS off, asked the same documents by the same viewers;
 * every answer must be the same JSON, key order included.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let compiled: TestApp;
let normal: TestApp;
let brandToken: string;
let apiKey: string;

beforeAll(async () => {
  db = await createTestDatabase();
  compiled = await startTestApp({}, { database: { url: db.url } });
  normal = await startTestApp({ COMPILED_READS: 'false', JWT_SECRET: compiled.config.JWT_SECRET }, { database: { url: db.url } });
  await seedMarketplace(db.url, { creators: 150, brands: 20, slotDays: 3, bookingsPerCreator: 3, archivedBookingsPerCreator: 2 }, compiled.clock.now(), () => {});
  const em = compiled.orm.em.fork();
  // Every third creator has an uploaded photo (avatarUrl reads it; the others fall back to profileImageUrl or null).
  await em.getConnection().execute(`update profiles set photo = jsonb_build_object('64', repeat('a', 64), '160', repeat('b', 64), '400', repeat('c', 64))
    where id in (select id from profiles where account_type = 'creator' order by id) and ('x' || substr(md5(id::text), 1, 2))::bit(8)::int % 3 = 0`);
  const [brand] = await em.getConnection().execute<{ id: string }[]>(`select id from users where account_type = 'brand' order by id limit 1`);
  brandToken = new TokenIssuer(compiled.config.JWT_SECRET, 3600).signAccessToken({ sub: brand.id, role: UserRole.USER, acct: AccountType.BRAND, sid: randomUUID() }, new Date()).token;
  const key = newApiKeySecret();
  await em.getConnection().execute(
    `insert into api_keys (id, user_id, name, prefix, key_hash, created_by, created_at) values (?, ?, 'test', ?, ?, ?, now())`,
    [randomUUID(), brand.id, key.prefix, key.hash, brand.id],
  );
  apiKey = key.secret;
});
afterAll(async () => {
  await compiled?.close();
  await normal?.close();
  await db?.drop();
});

type Viewer = 'anonymous' | 'signed-in' | 'api key';

async function ask(app: TestApp, viewer: Viewer, query: string, variables: Record<string, unknown>, fresh: boolean) {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(fresh ? { 'cache-control': 'no-cache' } : {}),
      ...(viewer === 'signed-in' ? { authorization: `Bearer ${brandToken}` } : viewer === 'api key' ? { 'x-api-key': apiKey } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, text: await res.text(), cacheControl: res.headers.get('cache-control') };
}

/** Both paths' answers to one request, and the statements the compiled one ran. */
async function both(viewer: Viewer, query: string, variables: Record<string, unknown>, fresh = true) {
  compiled.queries.length = 0;
  const a = await ask(compiled, viewer, query, variables, fresh);
  const statements = [...compiled.queries];
  const b = await ask(normal, viewer, query, variables, fresh);
  expect(a.status).toBe(200);
  expect(b.status).toBe(200);
  expect(a.cacheControl).toBe(b.cacheControl);
  const answer = JSON.parse(a.text);
  expect(answer.errors).toBeUndefined();
  // The same JSON, key order included (whitespace is PostgreSQL's).
  expect(JSON.stringify(answer)).toBe(JSON.stringify(JSON.parse(b.text)));
  return { answer, statements };
}

const compiledStatement = (statements: string[]) => statements.filter((s) => s.includes('cards as ('));

const CARD = `id userId accountType displayName bio profileImageUrl avatarUrl small: avatarUrl(size: 40) big: avatarUrl(size: 1000) isVerified averageRating reviewCount totalBookings platforms
  hourlyRateCents minimumHours isAvailable twitchUsername youtubeHandle tiktokHandle instagramHandle timezone createdAt updatedAt`;

const DOCUMENTS: { name: string; query: string; variables?: Record<string, unknown> }[] = [
  {
    name: 'the partner listing',
    query: `query PartnerListing($platform: Platform!, $after: String, $sort: CreatorSort) {
      creators(first: 20, filter: { platform: $platform }, after: $after, sort: $sort) {
        pageInfo { hasNextPage endCursor }
        edges { cursor node { id displayName profileImageUrl isVerified averageRating reviewCount totalBookings platforms hourlyRateCents
          minimumHours isAvailable nextFreeSlots(first: 5) { id startTime endTime } latestReviews(first: 3) { id rating comment reviewerName createdAt } } }
      }
    }`,
  },
  {
    name: 'every card field, odd order, typenames, totalCount, aliases and fragments',
    query: `query Odd($platform: Platform, $after: String, $sort: CreatorSort, $n: Int!) {
      __typename
      list: creators(sort: $sort, after: $after, first: 7, filter: { platform: $platform }) {
        totalCount __typename
        edges { node { ...Card slots: nextFreeSlots(first: $n) { __typename endTime isBooked creatorId id streamerId startTime } ... on Profile { rating: averageRating } }
                __typename cursor }
        pageInfo { endCursor __typename hasNextPage endCursor }
      }
    }
    fragment Card on Profile { updatedAt ${CARD} latestReviews { __typename createdAt reviewerName comment rating revieweeId reviewerId creatorId streamerId bookingId id } later: latestReviews(first: 1) { id } }`,
    variables: { n: 2 },
  },
  {
    name: '@skip and @include with variables',
    query: `query Skips($platform: Platform, $after: String, $sort: CreatorSort, $count: Boolean!, $slots: Boolean!) {
      creators(first: 10, filter: { platform: $platform }, after: $after, sort: $sort) {
        totalCount @include(if: $count)
        pageInfo @skip(if: false) { hasNextPage endCursor }
        edges { cursor node { id averageRating nextFreeSlots(first: 3) @include(if: $slots) { id startTime } ... @skip(if: $slots) { displayName } } }
      }
    }`,
  },
];

describe('the compiled creator listing answers exactly as graphql-js does', () => {
  it('for many documents, every sort, pages 1-3, each kind of viewer, on both the Apollo and the HTTP paths', async () => {
    let pages = 0;
    const viewers: Viewer[] = ['anonymous', 'signed-in', 'api key'];
    for (const doc of DOCUMENTS) {
      for (const sort of ['RATING', 'PRICE_ASC', 'PRICE_DESC', 'BOOKINGS']) {
        for (const platform of doc.name === 'the partner listing' ? ['TWITCH', 'INSTAGRAM'] : [null, 'YOUTUBE']) {
          for (const shape of doc.query.includes('$count') ? [{ count: true, slots: false }, { count: false, slots: true }] : [{}]) {
            let after: string | null = null;
            for (let page = 1; page <= 3; page++) {
              // A list size from a variable changes from request to request of the same document.
              const variables = { ...doc.variables, ...shape, platform, after, sort, ...(doc.query.includes('$n') ? { n: 1 + (pages % 4) } : {}) };
              const viewer = viewers[pages % viewers.length];
              const { answer, statements } = await both(viewer, doc.query, variables);
              // Served by the compiled statement (plus, when asked, the count on a cache miss).
              expect(compiledStatement(statements)).toHaveLength(1);
              pages += 1;
              const connection = answer.data.creators ?? answer.data.list;
              if (!connection.pageInfo?.hasNextPage) break;
              after = connection.pageInfo.endCursor;
            }
          }
        }
      }
    }
    expect(pages).toBeGreaterThan(60);
  });

  it('pages with content: slots, reviews, ratings and an empty page', async () => {
    const { answer } = await both('signed-in', DOCUMENTS[0].query, { platform: 'TWITCH', after: null });
    const edges = answer.data.creators.edges;
    expect(edges).toHaveLength(20);
    expect(edges.some((e: any) => e.node.nextFreeSlots.length === 5)).toBe(true);
    expect(edges.some((e: any) => e.node.latestReviews.length === 3 && e.node.latestReviews.some((r: any) => r.comment === null))).toBe(true);
    expect(edges.some((e: any) => !Number.isInteger(e.node.averageRating))).toBe(true);
    expect(edges.some((e: any) => e.node.isAvailable === false) || edges.every((e: any) => e.node.isAvailable === true)).toBe(true);
    const empty = await both('anonymous', `{ creators(filter: { search: "no such creator anywhere", minRating: 4.5 }) { totalCount edges { cursor } pageInfo { hasNextPage endCursor } } }`, {}, true);
    expect(empty.answer.data.creators).toEqual({ totalCount: 0, edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });

  it('cached anonymous reads and the HTTP fast path answer the same (a second identical request)', async () => {
    for (const fresh of [false, false, true, true]) {
      await both('anonymous', DOCUMENTS[1].query, { ...DOCUMENTS[1].variables, platform: 'TIKTOK', after: null, sort: 'RATING' }, fresh);
    }
  });

  it('falls back to graphql-js for what it does not compile, and leaves errors to it', async () => {
    // A field of another root, an unknown directive-free argument value, a bad cursor: one path, same answers.
    const mixed = await ask(compiled, 'signed-in', `{ creators(first: 2) { edges { node { id } } } me { id } }`, {}, true);
    expect(JSON.parse(mixed.text).data.creators.edges).toHaveLength(2);
    const bad = await ask(compiled, 'anonymous', `{ creators(after: "nope") { edges { cursor } } }`, {}, true);
    expect(JSON.parse(bad.text).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const tooMany = await ask(compiled, 'anonymous', `{ creators(first: 2) { edges { node { nextFreeSlots(first: 500) { id } } } } }`, {}, true);
    expect(JSON.parse(tooMany.text).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    // The same compiled document, first with a size it serves, then with one the resolver refuses.
    const sized = `query Sized($n: Int!) { creators(first: 2) { edges { node { nextFreeSlots(first: $n) { id } } } } }`;
    for (let i = 0; i < 2; i++) expect(JSON.parse((await ask(compiled, 'anonymous', sized, { n: 2 }, true)).text).errors).toBeUndefined();
    const refused = await ask(compiled, 'anonymous', sized, { n: 500 }, true);
    expect(JSON.parse(refused.text).errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

/** The bench's creator page (bench/documents.ts) and a variant with everything those root fields serve. */
const CREATOR_PAGE_DOCUMENTS = [
  CREATOR_PAGE,
  `query FullPage($id: ID!, $from: DateTimeISO, $to: DateTimeISO, $first: Int!, $after: String, $slots: Boolean!) {
    __typename
    reviews(creatorId: $id, first: $first, after: $after) {
      __typename pageInfo { endCursor hasNextPage } totalCount
      edges { node { ...Review } cursor __typename }
    }
    profile: creator(id: $id) { __typename ${CARD} nextFreeSlots(first: 2) { id startTime } latestReviews(first: 2) { ...Review } }
    availabilitySlots(creatorId: $id, from: $from, to: $to) @include(if: $slots) { __typename isBooked endTime startTime streamerId creatorId id }
  }
  fragment Review on Review { createdAt reviewerName comment rating revieweeId reviewerId creatorId streamerId bookingId id }`,
];

/**
 * Both servers' full answers (errors included) to one request, and the compiled one's statements.
 * When several root fields fail, which error graphql-js reports is whichever statement answered
 * first (it stops at the first failed non-null field), on either server: then only `data` and the
 * errors' codes are compared.
 */
async function same(viewer: Viewer, query: string, variables: Record<string, unknown>) {
  compiled.queries.length = 0;
  // Whether Apollo's pipeline answered (responseForOperation), or the HTTP fast path before it.
  const apollo = vi.spyOn(ApolloServer.prototype, 'executeHTTPGraphQLRequest');
  let a: Awaited<ReturnType<typeof ask>>;
  let viaApollo: boolean;
  try {
    a = await ask(compiled, viewer, query, variables, true);
    viaApollo = apollo.mock.calls.length === 1;
  } finally {
    apollo.mockRestore();
  }
  const statements = [...compiled.queries];
  const b = await ask(normal, viewer, query, variables, true);
  expect(a.status).toBe(b.status);
  expect(a.cacheControl).toBe(b.cacheControl);
  const [answer, expected] = [JSON.parse(a.text), JSON.parse(b.text)];
  if (answer.errors?.length && expected.errors?.length && answer.data === null) {
    expect(expected.data).toBeNull();
    expect(answer.errors.map((e: any) => e.extensions.code)).toEqual(expected.errors.map((e: any) => e.extensions.code));
  } else {
    expect(JSON.stringify(answer)).toBe(JSON.stringify(expected));
  }
  return { answer, statements, viaApollo };
}

/** Statements that read the page's data (not the session or API key checks). */
const pageStatements = (statements: string[]) => statements.filter((s) => /availability_slots|reviews/.test(s));

describe('the compiled creator page answers exactly as graphql-js does', () => {
  it('for creators with and without slots and reviews, hidden ones and bad ids, each kind of viewer, on both hooks', async () => {
    const em = compiled.orm.em.fork().getConnection();
    const now = compiled.clock.now();
    const seeded = await em.execute<{ id: string; user_id: string }[]>(
      `select p.id, p.user_id from profiles p where p.account_type = 'creator' and p.review_count > 2
        and exists (select 1 from availability_slots s where s.streamer_id = p.id and s.start_time > now()) order by p.review_count desc, p.id limit 4`,
    );
    // Dates with milliseconds (seeded ones are on the hour).
    await em.execute(`update reviews set created_at = created_at + interval '123.456 milliseconds' where reviewee_id = ?`, [seeded[0].user_id]);
    const lonely = await createCreator(compiled, { displayName: 'Nobody Booked Me' });
    const slotsOnly = await createCreator(compiled, { displayName: "Slots'n \"quotes\"", platforms: ['YOUTUBE', 'TWITCH'], youtubeHandle: 'slotsn' });
    await insertSlots(compiled, slotsOnly.profileId, [hoursFromNow(compiled, 3), new Date(hoursFromNow(compiled, 5).getTime() + 1_234)]);
    await em.execute(`update profiles set suspended_at = now() where id = ?`, [seeded[2].id]);
    await em.execute(`update users set suspended_at = now() where id = ?`, [seeded[3].user_id]);
    const [brand] = await em.execute<{ id: string }[]>(`select id from profiles where account_type = 'brand' limit 1`);

    const served = [seeded[0].id, seeded[1].id, lonely.profileId, slotsOnly.profileId];
    const hidden = [seeded[2].id, seeded[3].id, randomUUID(), brand?.id ?? randomUUID(), 'not-a-uuid'];
    const viewers: Viewer[] = ['signed-in', 'anonymous', 'api key'];
    const windows = [
      { from: now.toISOString(), to: new Date(now.getTime() + 7 * 86_400_000).toISOString() },
      { from: null, to: null },
      { from: new Date(now.getTime() - 86_400_000).toISOString(), to: null },
    ];
    let n = 0;
    for (const [d, document] of CREATOR_PAGE_DOCUMENTS.entries()) {
      for (const id of [...served, ...hidden]) {
        for (const window of d === 0 ? windows.slice(0, 1) : windows) {
          // A new text per case: the first request goes through Apollo (responseForOperation), the second before it (HTTP).
          const query = `${document}\n# case ${n}`;
          const variables = { id, ...window, first: 1 + (n % 4), after: null, slots: n % 3 !== 2 };
          const viewer = viewers[n++ % viewers.length];
          for (let hook = 0; hook < 2; hook++) {
            const { answer, statements, viaApollo } = await same(viewer, query, variables);
            if (served.includes(id)) {
              expect(answer.errors).toBeUndefined();
              expect(pageStatements(statements)).toHaveLength(1); // one statement for the whole page
              expect(viaApollo).toBe(hook === 0);
            } else {
              expect(answer.errors[0].extensions.code).toBe('NOT_FOUND');
              expect(viaApollo).toBe(true);
            }
          }
        }
      }
    }
    // The data the cases above covered.
    const { answer } = await same('signed-in', CREATOR_PAGE_DOCUMENTS[1], { id: seeded[0].id, from: null, to: null, first: 3, slots: true });
    expect(answer.data.reviews.totalCount).toBeGreaterThan(2);
    expect(answer.data.reviews.edges[0].node.createdAt).toMatch(/\.\d{2}[1-9]Z$/);
    expect(answer.data.availabilitySlots.length).toBeGreaterThan(0);
    const lonelyPage = await same('api key', CREATOR_PAGE, { id: lonely.profileId, ...windows[0] });
    expect(lonelyPage.answer.data).toMatchObject({ availabilitySlots: [], reviews: { totalCount: 0, edges: [] } });
    const slotsPage = await same('signed-in', CREATOR_PAGE, { id: slotsOnly.profileId, ...windows[0] });
    expect(slotsPage.answer.data.availabilitySlots.map((s: any) => s.startTime)[1]).toMatch(/\.234Z$/);
  });

  it('pages through reviews with cursors, and leaves refused arguments to graphql-js', async () => {
    const em = compiled.orm.em.fork().getConnection();
    const [creator] = await em.execute<{ id: string }[]>(
      `select p.id from profiles p join users u on u.id = p.user_id where p.account_type = 'creator' and p.suspended_at is null and u.suspended_at is null
        order by p.review_count desc, p.id limit 1`,
    );
    const query = CREATOR_PAGE_DOCUMENTS[1];
    let after: string | null = null;
    let pages = 0;
    do {
      const { answer, statements } = await same('signed-in', query, { id: creator.id, from: null, to: null, first: 2, after, slots: false });
      expect(pageStatements(statements)).toHaveLength(1);
      after = answer.data.reviews.pageInfo.hasNextPage ? answer.data.reviews.pageInfo.endCursor : null;
      pages += 1;
    } while (after && pages < 10);
    expect(pages).toBeGreaterThan(2);
    const now = compiled.clock.now();
    const refused = [
      { first: 0 },
      { first: 51 },
      { after: 'nope' },
      { from: now.toISOString(), to: now.toISOString() }, // an empty window
      { from: now.toISOString(), to: new Date(now.getTime() + 93 * 86_400_000).toISOString() }, // too long
    ];
    for (const args of refused) {
      const { answer } = await same('api key', query, { id: creator.id, from: null, to: null, first: 2, after: null, slots: true, ...args });
      expect(answer.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
  });
});
