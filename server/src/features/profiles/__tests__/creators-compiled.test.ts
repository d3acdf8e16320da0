import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMarketplace } from '../../../../bench/seed';
import { createTestDatabase, startTestApp, type TestApp } from '../../../../test/harness';
import { TokenIssuer } from '../../auth/tokens';
import { newApiKeySecret } from '../../partners/api-key.secret';
import { AccountType, UserRole } from '../../users/user.entity';

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

const CARD = `id userId accountType displayName bio profileImageUrl isVerified averageRating reviewCount totalBookings platforms
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
