import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apolloRuns, getGraphql, postGraphql } from '../../../../test/graphql-http';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createKey, REVOKE_KEY } from '../../../features/partners/__tests__/partner-fixtures';
import { createCreator, registerAccount } from '../../../features/profiles/__tests__/fixtures';

let app: TestApp;

const LISTING = `query Listing($search: String) {
  creators(first: 20, filter: { search: $search }) { totalCount edges { node { id displayName } } }
}`;

const post = (body: unknown, headers: Record<string, string> = {}) => postGraphql(app.url, body, headers);
const get = (params: Record<string, string>) => getGraphql(app.url, params);

beforeAll(async () => {
  app = await startTestApp({ ANON_RESPONSE_CACHE_SECONDS: '60' });
});
afterAll(() => app.close());

describe('anonymous cache hits are answered before Apollo', () => {
  it('a repeated anonymous POST gets the same bytes and headers without running Apollo', async () => {
    await createCreator(app, { displayName: 'Early Edith' });
    const request = { query: LISTING, operationName: 'Listing', variables: { search: 'Early Edith' } };
    let first!: Awaited<ReturnType<typeof post>>;
    expect(await apolloRuns(async () => (first = await post(request)))).toBe(1);
    expect(JSON.parse(first.text).data.creators.edges[0].node.displayName).toBe('Early Edith');

    let again!: Awaited<ReturnType<typeof post>>;
    expect(await apolloRuns(async () => (again = await post(request)))).toBe(0);
    expect(again).toEqual(first);
    expect(again.cacheControl).toBe('public, max-age=30');
    expect(again.contentType).toBe('application/json; charset=utf-8');
  });

  it('over GET too, with the same answer as over POST', async () => {
    await createCreator(app, { displayName: 'Getty Gwen' });
    const params = { query: LISTING, variables: JSON.stringify({ search: 'Getty Gwen' }) };
    const first = await get(params);
    expect(first.status).toBe(200);
    let again!: Awaited<ReturnType<typeof get>>;
    expect(await apolloRuns(async () => (again = await get(params)))).toBe(0);
    expect(again).toEqual(first);
  });

  it('a write empties it: the next read runs and shows the change', async () => {
    await createCreator(app, { displayName: 'Fresh Fay' });
    const request = { query: LISTING, variables: { search: 'Fresh' } };
    expect(JSON.parse((await post(request)).text).data.creators.totalCount).toBe(1);
    await createCreator(app, { displayName: 'Fresh Finn' });
    let after!: Awaited<ReturnType<typeof post>>;
    expect(await apolloRuns(async () => (after = await post(request)))).toBe(1);
    expect(JSON.parse(after.text).data.creators.totalCount).toBe(2);
  });

  it('signed-in and API-key requests get the same answer without Apollo, marked private', async () => {
    await createCreator(app, { displayName: 'Partner Pat' });
    const request = { query: LISTING, variables: { search: 'Partner Pat' } };
    const anonymous = await post(request); // now kept
    const brand = await registerAccount(app, 'brand');
    const { secret } = await createKey(app, brand.token);

    const ways: Record<string, string>[] = [{ authorization: `Bearer ${brand.token}` }, { 'x-api-key': secret }, { authorization: `Bearer ${secret}` }];
    for (const headers of ways) {
      let answer!: Awaited<ReturnType<typeof post>>;
      expect(await apolloRuns(async () => (answer = await post(request, headers)))).toBe(0);
      expect(answer.text).toBe(anonymous.text);
      expect(answer.cacheControl).toBe('private, no-store');
    }
    // A revoked key is refused, not served from the cache.
    const revoked = await createKey(app, brand.token);
    await post(request, { 'x-api-key': revoked.secret });
    await app.gql(REVOKE_KEY, { id: revoked.id }, brand.token);
    const refused = await post(request, { 'x-api-key': revoked.secret });
    expect(refused.status).toBe(401);
    expect(refused.text).not.toContain('Partner Pat');
  });

  it('bad tokens, and APQ hashes not registered here, go to Apollo', async () => {
    await createCreator(app, { displayName: 'Private Pia' });
    const request = { query: LISTING, variables: { search: 'Private Pia' } };
    await post(request); // now kept

    let refused!: Awaited<ReturnType<typeof post>>;
    expect(await apolloRuns(async () => (refused = await post(request, { authorization: 'Bearer not-a-token' })))).toBe(1);
    expect(refused.status).toBe(401);
    expect(refused.text).not.toContain('Private Pia');

    const wrongHash = { ...request, extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } } };
    const apq = await post(wrongHash);
    expect(apq.text).toContain('provided sha does not match query');
  });

  it('an APQ hash registered through Apollo is answered before Apollo too, over POST and GET; a text that does not match it goes to Apollo', async () => {
    await createCreator(app, { displayName: 'Hashed Hal' });
    const variables = { search: 'Hashed Hal' };
    const persistedQuery = { version: 1, sha256Hash: createHash('sha256').update(LISTING).digest('hex') };
    let registered!: Awaited<ReturnType<typeof post>>;
    expect(await apolloRuns(async () => (registered = await post({ query: LISTING, variables, extensions: { persistedQuery } })))).toBe(1);
    expect(JSON.parse(registered.text).data.creators.edges[0].node.displayName).toBe('Hashed Hal');

    const hashOnly = { variables, extensions: { persistedQuery } };
    const getParams = { variables: JSON.stringify(variables), extensions: JSON.stringify({ persistedQuery }) };
    for (const send of [() => post(hashOnly), () => post({ ...hashOnly, query: LISTING }), () => get(getParams), () => get({ ...getParams, query: LISTING })]) {
      let answer!: Awaited<ReturnType<typeof post>>;
      expect(await apolloRuns(async () => (answer = await send()))).toBe(0);
      expect(answer).toEqual(registered);
    }
    // Another text under that hash is Apollo's to refuse.
    let mismatch!: Awaited<ReturnType<typeof post>>;
    expect(await apolloRuns(async () => (mismatch = await post({ ...hashOnly, query: `${LISTING} ` })))).toBe(1);
    expect(mismatch.text).toContain('provided sha does not match query');
  });

  it('a request with Cache-Control: no-cache is computed now, and its answer is not kept', async () => {
    await createCreator(app, { displayName: 'Nocache Nel' });
    const request = { query: LISTING, variables: { search: 'Nocache Nel' } };
    const kept = await post(request); // now kept for anonymous readers
    for (const cacheControl of ['no-cache', 'max-age=0, no-store']) {
      app.queries.length = 0;
      // Not from the cache: computed in PostgreSQL (by the compiled listing, before Apollo: compiled-reads.ts).
      const fresh = await post(request, { 'cache-control': cacheControl });
      expect(app.queries.length).toBeGreaterThan(0);
      expect(JSON.parse(fresh.text)).toEqual(JSON.parse(kept.text));
    }
    app.queries.length = 0;
    expect(await apolloRuns(() => post(request))).toBe(0); // the plain request is still served from the cache
    expect(app.queries).toHaveLength(0);
  });

  it('a client that asks for application/graphql-response+json gets it from Apollo', async () => {
    await createCreator(app, { displayName: 'Media Mo' });
    const request = { query: LISTING, variables: { search: 'Media Mo' } };
    await post(request);
    let answer!: Awaited<ReturnType<typeof post>>;
    expect(await apolloRuns(async () => (answer = await post(request, { accept: 'application/graphql-response+json' })))).toBe(1);
    expect(answer.contentType).toBe('application/graphql-response+json; charset=utf-8');
  });

  // Last in the file: it moves the clock forward.
  it('past its time, one request goes to Apollo to refresh it; while that runs the others get the kept answer before Apollo', async () => {
    app.clock.set(new Date('2027-03-01T10:00:00Z')); // the start of a quarter hour: the answer may outlive its 60 s
    const c = await createCreator(app, { displayName: 'Stale Stan' });
    const request = { query: LISTING, variables: { search: 'Stale Stan' } };
    const kept = await post(request);
    await app.orm.em.fork().execute(`update profiles set display_name = 'Stale Stan Two' where id = ?`, [c.profileId]); // no event: only time shows it
    const brand = await registerAccount(app, 'brand');
    app.clock.advance(61_000);

    const blocker = new pg.Client({ connectionString: app.config.DATABASE_URL });
    await blocker.connect();
    try {
      // The refresh reads the profiles, so it waits until the blocker commits.
      await blocker.query('begin');
      await blocker.query('lock table profiles in access exclusive mode');
      let first!: Awaited<ReturnType<typeof post>>;
      expect(await apolloRuns(async () => (first = await post(request)))).toBe(1); // found it stale: serves it and starts the refresh
      expect(first).toEqual(kept);
      for (const headers of [{}, { authorization: `Bearer ${brand.token}` }] as Record<string, string>[]) {
        let again!: Awaited<ReturnType<typeof post>>;
        expect(await apolloRuns(async () => (again = await post(request, headers)))).toBe(0);
        expect(again.text).toBe(kept.text);
      }
      await blocker.query('commit');
    } finally {
      await blocker.end();
    }
    // The refresh lands, and from then on the fresh answer is served.
    await expect.poll(async () => JSON.parse((await post(request)).text).data.creators.edges[0].node.displayName, { timeout: 15_000 }).toBe('Stale Stan Two');
  });
});
