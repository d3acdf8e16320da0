import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { creator } from '../../../features/bookings/__tests__/booking-fixtures';
import { call } from '../../../features/partners/__tests__/partner-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ CORS_ORIGINS: 'https://partner.example' });
});
afterAll(async () => {
  await app?.close();
});

/** Nothing a client sees may reveal internals: no stack frames, file paths or SQL. */
function expectNoInternals(body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  expect(text).not.toMatch(/\bat .+\(.+:\d+:\d+\)|\.ts:\d+|node_modules|select |insert |update |relation "|syntax error at|stack/i);
}

describe('malformed and oversized requests', () => {
  it('a body over 100 KB is a clear 413 in JSON, on REST and GraphQL', async () => {
    const huge = JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(120 * 1024) });
    const rest = await call(app, 'POST', '/api/v1/auth/login', { body: huge });
    expect(rest.status).toBe(413);
    expect(rest.body).toEqual({ success: false, error: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' });
    const gql = await call(app, 'POST', '/graphql', { body: JSON.stringify({ query: `{ me { id } }`, variables: { pad: 'x'.repeat(120 * 1024) } }) });
    expect(gql.status).toBe(413);
    expect(gql.body.errors[0]).toEqual({ message: 'Request body too large (limit 100 KB)', extensions: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('a body that is not JSON is a 400 in JSON, on REST and GraphQL', async () => {
    const rest = await call(app, 'POST', '/api/v1/auth/login', { body: '{"email": "a@example.test", ' });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ success: false, error: 'Malformed JSON body', code: 'BAD_USER_INPUT' });
    const gql = await call(app, 'POST', '/graphql', { body: '{"query": "{ me { id } }"' });
    expect(gql.status).toBe(400);
    expect(gql.body.errors[0]).toEqual({ message: 'Malformed JSON body', extensions: { code: 'BAD_REQUEST' } });
    expectNoInternals(gql.body);
  });

  it('an unknown REST route is a 404 in JSON', async () => {
    const res = await call(app, 'DELETE', '/api/v1/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'No route DELETE /no/such/route', code: 'NOT_FOUND' });
  });
});

describe('browsers', () => {
  it('CORS answers only the configured origins and exposes the rate-limit and request-id headers', async () => {
    const preflight = (origin: string) =>
      fetch(`${app.url}/graphql`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-api-key' },
      });
    const allowed = await preflight('https://partner.example');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/x-api-key/i);
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { origin: 'https://partner.example', 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ paymentConfig { provider } }' }),
    });
    expect(res.headers.get('access-control-expose-headers')).toMatch(/X-RateLimit-Remaining/);
    expect(res.headers.get('access-control-expose-headers')).toMatch(/Retry-After/);
  });

  it('security headers: a content security policy that allows only this origin, no framing, no sniffing', async () => {
    const res = await fetch(`${app.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v.join(' ')]));
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'object-src': "'none'",
      'frame-ancestors': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
    });
    expect(directives['connect-src']).toBe("'self' ws: wss:");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('errors never leak internals', () => {
  it('a database error is "Internal server error" on GraphQL and REST, without SQL or stack', async () => {
    const c = await creator(app);
    const sql = app.orm.em.fork().getConnection();
    await sql.execute('alter table reviews rename to reviews_moved_away');
    try {
      const gql = await app.gql(`query ($id: ID!) { reviews(creatorId: $id) { totalCount } }`, { id: c.profileId });
      expect(gql.body.errors).toEqual([{ message: 'Internal server error', path: ['reviews'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }]);
      expectNoInternals(gql.body);
      const rest = await app.rest('GET', `/reviews/streamer/${c.profileId}`);
      expect(rest.status).toBe(500);
      expect(rest.body).toEqual({ success: false, error: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
    } finally {
      await sql.execute('alter table reviews_moved_away rename to reviews');
    }
  });

  it('an operation name the document does not have is a 400 naming it, never a 500 (compiled listing or not)', async () => {
    for (const query of ['query PartnerListing { creators(first: 1) { totalCount } }', 'query Mine { overview { upcomingCount } }']) {
      const res = await fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, operationName: '@@@' }) });
      expect(res.status, query).toBe(400);
      expect((await res.json()).errors[0].message).toContain('@@@');
    }
  });

  it('an unexpected exception inside a service is "Internal server error" on GraphQL and REST', async () => {
    // (The GraphQL listing is answered by its compiled statement, not this service method: the
    // creator page is asked instead, through the same kind of service call.)
    const profiles = app.server.services.profiles;
    const { listCreators, getPublicProfile } = profiles;
    const boom = () => {
      throw new TypeError("Cannot read properties of undefined (reading 'secret') at /srv/app/src/profiles.service.ts:42:7");
    };
    const id = '00000000-0000-4000-8000-000000000000';
    profiles.listCreators = boom;
    profiles.getPublicProfile = boom;
    try {
      const gql = await app.gql(`query ($id: ID!) { creator(id: $id) { id } }`, { id });
      expect(gql.body.errors).toEqual([{ message: 'Internal server error', path: ['creator'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }]);
      const rest = await app.rest('GET', '/streamers');
      expect(rest.status).toBe(500);
      expect(rest.body).toEqual({ success: false, error: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
    } finally {
      Object.assign(profiles, { listCreators, getPublicProfile });
    }
    expect((await app.gql(`query ($id: ID!) { creator(id: $id) { id } }`, { id })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
