import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apolloRuns, getGraphql, postGraphql, type RawAnswer } from '../../../../test/graphql-http';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createCreator } from '../../../features/profiles/__tests__/fixtures';

/**
 * The compiled reads' HTTP fast path (compiled-reads.ts `http`): a text Apollo has answered through
 * a compiled read is answered before Apollo next time, over POST and GET, and as an automatic
 * persisted query by its hash; anything Apollo has not checked goes to Apollo.
 */
let app: TestApp;

const LISTING = `query Listing($search: String) {
  creators(first: 20, filter: { search: $search }) { edges { node { id displayName platforms } } pageInfo { hasNextPage } }
}`;

type Answer = RawAnswer;
const post = (body: unknown) => postGraphql(app.url, body);
const get = (params: Record<string, string>) => getGraphql(app.url, params);

/** The answer, and whether it went through Apollo's pipeline. */
async function viaApollo(send: () => Promise<Answer>): Promise<{ answer: Answer; apollo: boolean }> {
  let answer!: Answer;
  const runs = await apolloRuns(async () => (answer = await send()));
  return { answer, apollo: runs > 0 };
}

/** What a client reads: status, Cache-Control and the JSON (PostgreSQL's text has other spacing than Apollo's). */
const read = (a: Answer) => ({ status: a.status, cacheControl: a.cacheControl, json: JSON.parse(a.text) as unknown });

const names = (a: Answer) => (JSON.parse(a.text).data.creators.edges as { node: { displayName: string } }[]).map((e) => e.node.displayName);

beforeAll(async () => {
  app = await startTestApp({ ANON_RESPONSE_CACHE_SECONDS: '0' }); // no response cache: every read is computed
});
afterAll(() => app.close());

describe('compiled reads are answered before Apollo over GET and as persisted queries', () => {
  it('a text Apollo answered is served before it over GET too, with the same answer', async () => {
    await createCreator(app, { displayName: 'Getter Gwen' });
    const variables = { search: 'Getter Gwen' };
    // GET of a text Apollo has not seen: Apollo answers (and checks it).
    const first = await viaApollo(() => get({ query: `${LISTING}\n# get`, variables: JSON.stringify(variables) }));
    expect(first.apollo).toBe(true);
    expect(names(first.answer)).toEqual(['Getter Gwen']);
    const again = await viaApollo(() => get({ query: `${LISTING}\n# get`, variables: JSON.stringify(variables) }));
    expect(again.apollo).toBe(false);
    expect(read(again.answer)).toEqual(read(first.answer));
    // The same text over POST is the same answer, also before Apollo.
    const posted = await viaApollo(() => post({ query: `${LISTING}\n# get`, variables }));
    expect(posted.apollo).toBe(false);
    expect(read(posted.answer)).toEqual(read(first.answer));
    // Variables that are not JSON, or a repeated parameter, are Apollo's to refuse.
    const broken = await viaApollo(() => get({ query: `${LISTING}\n# get`, variables: '{not json' }));
    expect(broken.apollo).toBe(true);
    expect(broken.answer.status).toBe(400);
  });

  it('an automatic persisted query registered through Apollo is answered by its hash before Apollo, over POST and GET', async () => {
    await createCreator(app, { displayName: 'Hashed Hugo' });
    const variables = { search: 'Hashed Hugo' };
    const persistedQuery = { version: 1, sha256Hash: createHash('sha256').update(LISTING).digest('hex') };
    // The hash alone before anyone registered it: Apollo says so.
    const unknown = await viaApollo(() => post({ variables, extensions: { persistedQuery } }));
    expect(unknown.apollo).toBe(true);
    expect(unknown.answer.text).toContain('PersistedQueryNotFound');

    const registered = await viaApollo(() => post({ query: LISTING, variables, extensions: { persistedQuery } }));
    expect(registered.apollo).toBe(true);
    expect(names(registered.answer)).toEqual(['Hashed Hugo']);

    const getParams = { variables: JSON.stringify(variables), extensions: JSON.stringify({ persistedQuery }) };
    for (const send of [
      () => post({ variables, extensions: { persistedQuery } }),
      () => post({ query: LISTING, variables, extensions: { persistedQuery } }),
      () => get(getParams),
    ]) {
      const { answer, apollo } = await viaApollo(send);
      expect(apollo).toBe(false);
      expect(read(answer)).toEqual(read(registered.answer));
    }
    // Another text under that hash is Apollo's to refuse.
    const mismatch = await viaApollo(() => post({ query: `${LISTING} `, variables, extensions: { persistedQuery } }));
    expect(mismatch.apollo).toBe(true);
    expect(mismatch.answer.text).toContain('provided sha does not match query');
  });
});
