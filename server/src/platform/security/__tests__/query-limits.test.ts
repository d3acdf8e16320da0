import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { call, gqlWith, LISTING_50, seedMarketplace } from '../../../features/partners/__tests__/partner-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await seedMarketplace(app, 40);
});
afterAll(async () => {
  await app?.close();
});

/** Ten levels of selection (the schema has no cycle that deep, so the fields are made up). */
const DEEP = `query Deep { a { b { c { d { e { f { g { h { i { j } } } } } } } } } }`;
const messages = (body: any): string[] => (body.errors ?? []).map((e: any) => e.message);

/** Runs one operation over graphql-ws and returns what came back (data or errors). */
async function overWebSocket(query: string, variables: Record<string, unknown> = {}) {
  const client = createClient({ url: app.url.replace(/^http/, 'ws') + '/graphql', webSocketImpl: WebSocket, retryAttempts: 0 });
  try {
    return await new Promise<{ data?: any; errors?: any[] }>((resolve) => {
      let result: { data?: any; errors?: any[] } = {};
      client.subscribe({ query, variables }, {
        next: (v) => (result = v as typeof result),
        error: (e) => resolve({ errors: Array.isArray(e) ? e : [e] }),
        complete: () => resolve(result),
      });
    });
  } finally {
    await client.dispose();
  }
}

describe('query limits (HTTP and WebSocket)', () => {
  it('the partner listing of 50 creators with 5 free slots and 3 reviews each goes through', async () => {
    const res = await app.gql(LISTING_50, { first: 50, slots: 5, reviews: 3 });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const edges = res.body.data.creators.edges;
    expect(edges).toHaveLength(50);
    expect(edges.some((e: any) => e.node.nextFreeSlots.length === 5)).toBe(true);
    expect(edges.some((e: any) => e.node.latestReviews.length === 3)).toBe(true);
    const ws = await overWebSocket(LISTING_50, { first: 50, slots: 5, reviews: 3 });
    expect(ws.errors).toBeUndefined();
    expect(ws.data.creators.edges).toHaveLength(50);
  });

  it('the same listing asking for far more per creator is refused on cost, naming the limit', async () => {
    const res = await app.gql(LISTING_50, { first: 50, slots: 50, reviews: 50 });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(messages(res.body)[0]).toMatch(/^Query cost \d+ exceeds the limit of 5000;/);
    const ws = await overWebSocket(LISTING_50, { first: 50, slots: 50, reviews: 50 });
    expect(ws.errors?.[0].message).toMatch(/^Query cost \d+ exceeds the limit of 5000/);
  });

  it('a selection 10 levels deep is refused: depth is at most 8', async () => {
    const res = await app.gql(DEEP);
    expect(res.status).toBe(400);
    expect(messages(res.body)).toContain('Query depth 10 exceeds the limit of 8');
    const ws = await overWebSocket(DEEP);
    expect(ws.errors?.map((e: any) => e.message)).toContain('Query depth 10 exceeds the limit of 8');
  });

  it('more than 15 aliases are refused', async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: paymentConfig { provider }`).join(' ');
    const res = await app.gql(`query { ${aliases} }`);
    expect(res.status).toBe(400);
    expect(messages(res.body)).toContain('Query uses 16 aliases; the limit is 15');
    const ws = await overWebSocket(`query { ${aliases} }`);
    expect(ws.errors?.map((e: any) => e.message)).toContain('Query uses 16 aliases; the limit is 15');
  });

  it('more than 1000 tokens are refused before parsing completes', async () => {
    const fields = Array.from({ length: 600 }, () => '__typename').join(' ');
    const res = await app.gql(`query { ${fields} ${fields} }`);
    expect(res.status).toBe(400);
    expect(messages(res.body)[0]).toMatch(/Document contains more th\w+ 1000 tokens/);
    const ws = await overWebSocket(`query { ${fields} ${fields} }`);
    expect(ws.errors?.[0].message).toMatch(/Document contains more th\w+ 1000 tokens/);
  });

  it('a document over 100 KB is refused: 413 over HTTP, the socket closed over WebSocket', async () => {
    const big = `query { paymentConfig { provider } } # ${'x'.repeat(101 * 1024)}`;
    const res = await app.gql(big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ errors: [{ message: 'Request body too large (limit 100 KB)', extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
    const ws = await overWebSocket(big);
    expect(ws.errors?.[0]).toMatchObject({ code: 1009 }); // "message too big"
    expect((await app.gql(`query { paymentConfig { provider } }`)).status).toBe(200);
  });

  it('a chain of fragments that doubles at every step is refused on cost without walking it 2^60 times', async () => {
    const chain = Array.from({ length: 60 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`).join(' ');
    const query = `query Bomb { ...F0 } ${chain} fragment F60 on Query { paymentConfig { provider } }`;
    const res = await app.gql(query);
    expect(res.status).toBe(400);
    expect(messages(res.body)[0]).toMatch(/^Query cost \d+ exceeds the limit of 5000/);
    const ws = await overWebSocket(query);
    expect(ws.errors?.[0].message).toMatch(/^Query cost \d+ exceeds the limit of 5000/);
  });

  it('batched requests are off', async () => {
    const res = await call(app, 'POST', '/graphql', { body: [{ query: '{ paymentConfig { provider } }' }, { query: '{ paymentConfig { provider } }' }] });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/batch/i);
  });

  it('keeps answering other clients while refusing a flood of 200 expensive queries', async () => {
    const flood = Array.from({ length: 200 }, () => gqlWith(app, {}, LISTING_50, { first: 50, slots: 100, reviews: 100 }));
    const normal = app.gql(`query { creators(first: 3) { edges { node { displayName } } } }`);
    const [answered, ...refused] = await Promise.all([normal, ...flood]);
    expect(answered.status).toBe(200);
    expect(answered.body.data.creators.edges).toHaveLength(3);
    expect(refused.map((r) => r.status)).toEqual(Array(200).fill(400));
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });
});

describe('schema details stay hidden in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await startTestApp({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) });
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('introspection is refused in production and allowed in development', async () => {
    const query = `query { __schema { queryType { name } } }`;
    const refused = await prod.gql(query);
    expect(refused.status).toBe(400);
    expect(messages(refused.body)[0]).toMatch(/introspection is not allowed/i);
    const dev = await app.gql(query);
    expect(dev.body.data.__schema.queryType.name).toBe('Query');
  });

  it('a misspelt field gets no "Did you mean" suggestion in production', async () => {
    const prodAnswer = await prod.gql(`query { creatorz { totalCount } }`);
    expect(prodAnswer.status).toBe(400);
    expect(messages(prodAnswer.body)[0]).toBe('Cannot query field "creatorz" on type "Query".');
    const devAnswer = await app.gql(`query { creatorz { totalCount } }`);
    expect(messages(devAnswer.body)[0]).toMatch(/Did you mean "creator"/);
  });
});
