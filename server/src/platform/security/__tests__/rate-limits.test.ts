import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { loadConfig } from '../../config';
import { account } from '../../../features/bookings/__tests__/booking-fixtures';
import { call, createKey, gqlWith } from '../../../features/partners/__tests__/partner-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_KEY_PER_MINUTE: '5', RATE_LIMIT_ANON_PER_MINUTE: '3' });
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const LISTING = `query { creators(first: 1) { totalCount } }`;
/** Each test pretends to be a different client (the server trusts X-Forwarded-For from loopback). */
let n = 0;
const newIp = () => `203.0.113.${++n}`;
/** Moves the system clock (the limiter's) forward; each key's minute starts at its first request. */
function travel(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}

describe('rate limits', () => {
  it('a partner key gets its per-minute allowance with X-RateLimit headers, then 429 RATE_LIMITED with Retry-After', async () => {
    const brand = await account(app);
    const key = await createKey(app, brand.token);
    const headers = { 'x-api-key': key.secret };
    for (let i = 0; i < 5; i++) {
      const res = await gqlWith(app, headers, LISTING);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('5');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(4 - i));
      expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    }
    const refused = await gqlWith(app, headers, LISTING);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toMatchObject({ extensions: { code: 'RATE_LIMITED' } });
    expect(refused.body.errors[0].message).toMatch(/^Rate limit exceeded: 5 requests per minute\. Try again in \d+ seconds\.$/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');

    // REST with the same key shares the allowance.
    const rest = await call(app, 'GET', '/api/v1/streamers', { headers });
    expect(rest.status).toBe(429);
    expect(rest.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });

    // Another key of the same partner has its own allowance; the next window starts afresh.
    const second = await createKey(app, brand.token, { name: 'second' });
    expect((await gqlWith(app, { 'x-api-key': second.secret }, LISTING)).status).toBe(200);
    travel(retryAfter * 1000);
    expect((await gqlWith(app, headers, LISTING)).status).toBe(200);
  });

  it('anonymous reads are limited per IP across GraphQL and REST; other IPs and signed-in users are not affected', async () => {
    const ip = { 'x-forwarded-for': newIp() };
    expect((await gqlWith(app, ip, LISTING)).status).toBe(200);
    expect((await call(app, 'GET', '/api/v1/streamers', { headers: ip })).status).toBe(200);
    const third = await call(app, 'GET', `/graphql?query=${encodeURIComponent(LISTING)}`, { headers: ip });
    expect(third.status).toBe(200);
    expect(third.headers.get('x-ratelimit-remaining')).toBe('0');
    const refused = await gqlWith(app, ip, LISTING);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await call(app, 'GET', '/api/v1/streamers', { headers: ip })).status).toBe(429);

    expect((await gqlWith(app, { 'x-forwarded-for': newIp() }, LISTING)).status).toBe(200);
    const user = await account(app);
    for (let i = 0; i < 6; i++) {
      const res = await gqlWith(app, { ...ip, authorization: `Bearer ${user.token}` }, LISTING);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });

  it('anonymous sign-in and sign-up calls are not counted as public reads (sign-in has its own throttle)', async () => {
    const ip = { 'x-forwarded-for': newIp() };
    for (let i = 0; i < 5; i++) {
      const res = await gqlWith(app, ip, `mutation { login(input: { email: "nobody${i}@example.test", password: "wrong-password" }) { user { id } } }`);
      expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
    expect((await gqlWith(app, ip, LISTING)).status).toBe(200);
  });

  it('the counters live in PostgreSQL (rate-limiter-flexible, in the migration-made table), one row per key, and a job purges finished windows', async () => {
    const ip = newIp();
    await gqlWith(app, { 'x-forwarded-for': ip }, LISTING);
    await gqlWith(app, { 'x-forwarded-for': ip }, LISTING);
    const sql = app.orm.em.fork().getConnection();
    const rows = await sql.execute('select points from rate_limits where key = ?', [`anon:${ip}`]);
    expect(rows).toEqual([{ points: 2 }]);
    travel(2 * 60_000);
    await app.server.jobs.run('purge-rate-limit-counters');
    expect(await sql.execute('select 1 from rate_limits where key = ?', [`anon:${ip}`])).toEqual([]);
  });
});

describe('rate limits switched off (benchmarks)', () => {
  it('RATE_LIMIT_ENABLED=false serves every request without counting', async () => {
    const off = await startTestApp({ RATE_LIMIT_ENABLED: 'false', RATE_LIMIT_ANON_PER_MINUTE: '1' });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await gqlWith(off, {}, LISTING);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-ratelimit-limit')).toBeNull();
      }
    } finally {
      await off.close();
    }
  });
});

describe('rate limit settings', () => {
  it('default to on, 60 anonymous reads per IP and 120 requests per key per minute; bad values are named', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect([config.RATE_LIMIT_ENABLED, config.RATE_LIMIT_ANON_PER_MINUTE, config.RATE_LIMIT_KEY_PER_MINUTE]).toEqual([true, 60, 120]);
    expect(() => loadConfig({ NODE_ENV: 'test', RATE_LIMIT_KEY_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_KEY_PER_MINUTE/);
    expect(loadConfig({ NODE_ENV: 'test', RATE_LIMIT_ENABLED: '0' }).RATE_LIMIT_ENABLED).toBe(false);
  });
});
