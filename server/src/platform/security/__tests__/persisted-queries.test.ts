import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account } from '../../../features/bookings/__tests__/booking-fixtures';
import { call, createKey, seedMarketplace } from '../../../features/partners/__tests__/partner-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await seedMarketplace(app);
});
afterAll(async () => {
  await app?.close();
});

const LISTING = `query PartnerListing($first: Int!) { creators(first: $first) { totalCount edges { node { id displayName } } } }`;
const sha = (q: string) => createHash('sha256').update(q).digest('hex');

/** A GET /graphql URL in the automatic-persisted-query shape (the query text only when given). */
function apqUrl(hash: string, opts: { query?: string; variables?: Record<string, unknown>; operationName?: string } = {}) {
  const params = new URLSearchParams({
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }),
    ...(opts.variables ? { variables: JSON.stringify(opts.variables) } : {}),
    ...(opts.operationName ? { operationName: opts.operationName } : {}),
    ...(opts.query ? { query: opts.query } : {}),
  });
  return `/graphql?${params}`;
}

describe('automatic persisted queries over GET', () => {
  it('an unknown hash answers PERSISTED_QUERY_NOT_FOUND; sending the query once registers it; then the hash alone works', async () => {
    const hash = sha(LISTING);
    const miss = await call(app, 'GET', apqUrl(hash, { variables: { first: 5 } }));
    expect(miss.body.errors[0]).toMatchObject({ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } });
    expect(miss.headers.get('cache-control')).toBe('private, no-store');

    const register = await call(app, 'GET', apqUrl(hash, { query: LISTING, variables: { first: 5 } }));
    expect(register.status).toBe(200);
    expect(register.body.data.creators.edges).toHaveLength(5);

    const hit = await call(app, 'GET', apqUrl(hash, { variables: { first: 5 }, operationName: 'PartnerListing' }));
    expect(hit.status).toBe(200);
    expect(hit.body).toEqual(register.body);
    expect(hit.headers.get('cache-control')).toBe('public, max-age=30');
    expect(hit.headers.get('vary')).toMatch(/Authorization/i);
    expect(hit.headers.get('vary')).toMatch(/X-Api-Key/i);
  });

  it('a hash that does not match the query is refused', async () => {
    const res = await call(app, 'GET', apqUrl(sha('something else'), { query: LISTING, variables: { first: 1 } }));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe('provided sha does not match query');
  });

  it('mutations are refused over GET with 405', async () => {
    const res = await call(app, 'GET', `/graphql?query=${encodeURIComponent('mutation { logout }')}`);
    expect(res.status).toBe(405);
  });
});

describe('Cache-Control', () => {
  it('public, max-age=30 only for anonymous, error-free public reads (listing, profile, reviews, slots)', async () => {
    const list = await call(app, 'GET', `/graphql?query=${encodeURIComponent('{ creators(first: 1) { edges { node { id } } } }')}`);
    const creatorId = list.body.data.creators.edges[0].node.id;
    const publicReads = [
      `{ creators(first: 2) { totalCount } }`,
      `{ creator(id: "${creatorId}") { displayName latestReviews { rating } } }`,
      `{ reviews(creatorId: "${creatorId}", first: 3) { totalCount } }`,
      `{ availabilitySlots(creatorId: "${creatorId}") { id } }`,
      `{ recurringPatterns(creatorId: "${creatorId}") { id } }`,
    ];
    for (const q of publicReads) {
      const get = await call(app, 'GET', `/graphql?query=${encodeURIComponent(q)}`);
      expect(get.body.errors, q).toBeUndefined();
      expect(get.headers.get('cache-control'), q).toBe('public, max-age=30');
      const post = await app.gql(q);
      expect(post.body.errors).toBeUndefined();
    }
  });

  it('private, no-store for signed-in and API-key requests, mutations, private fields and errors', async () => {
    const user = await account(app);
    const key = await createKey(app, user.token);
    const q = encodeURIComponent('{ creators(first: 2) { totalCount } }');
    const cases: [string, string, Record<string, string>, unknown?][] = [
      ['signed in', `/graphql?query=${q}`, { authorization: `Bearer ${user.token}` }],
      ['API key', `/graphql?query=${q}`, { 'x-api-key': key.secret }],
      ['private field', `/graphql?query=${encodeURIComponent('{ me { id } creators(first: 1) { totalCount } }')}`, {}],
      ['error', `/graphql?query=${encodeURIComponent('{ creator(id: "00000000-0000-0000-0000-000000000000") { id } }')}`, {}],
    ];
    for (const [name, path, headers] of cases) {
      const res = await call(app, 'GET', path, { headers });
      expect(res.status, name).toBe(200);
      expect(res.headers.get('cache-control'), name).toBe('private, no-store');
    }
    const mutation = await call(app, 'POST', '/graphql', { body: { query: 'mutation { logout }' }, headers: { authorization: `Bearer ${user.token}` } });
    expect(mutation.headers.get('cache-control')).toBe('private, no-store');
  });
});
