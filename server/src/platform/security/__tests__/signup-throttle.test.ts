import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, uniqueEmail, type TestApp } from '../../../../test/harness';
import { call, gqlWith } from '../../../features/partners/__tests__/partner-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_SIGNUPS_PER_HOUR: '3' });
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const PASSWORD = 'correct horse battery';
const REGISTER = `mutation ($e: String!, $p: String!) { register(input: { email: $e, password: $p, accountType: BRAND }) { user { id } } }`;
const register = (ip: string, email = uniqueEmail('signup')) =>
  call(app, 'POST', '/api/v1/auth/register', { headers: { 'x-forwarded-for': ip }, body: { email, password: PASSWORD, accountType: 'brand' } });

describe('sign-up throttling', () => {
  it('a network gets 3 sign-ups per hour (REST and GraphQL count together); the next is refused and creates nothing; other networks are unaffected', async () => {
    const ip = '192.0.2.10';

    expect((await register(ip)).status).toBe(201);
    expect((await register(ip)).status).toBe(201);
    const viaGraphql = await gqlWith(app, { 'x-forwarded-for': ip }, REGISTER, { e: uniqueEmail('signup'), p: PASSWORD });
    expect(viaGraphql.body.errors).toBeUndefined();

    const refusedEmail = uniqueEmail('signup');
    const refused = await register(ip, refusedEmail);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, error: 'Too many sign-ups from your network. Try again in 60 minutes.', code: 'RATE_LIMITED' });
    const login = await call(app, 'POST', '/api/v1/auth/login', { headers: { 'x-forwarded-for': '192.0.2.99' }, body: { email: refusedEmail, password: PASSWORD } });
    expect(login.status).toBe(401);

    const gqlRefused = await gqlWith(app, { 'x-forwarded-for': ip }, REGISTER, { e: uniqueEmail('signup'), p: PASSWORD });
    expect(gqlRefused.body.errors[0]).toMatchObject({ extensions: { code: 'RATE_LIMITED' } });

    expect((await register('192.0.2.11')).status).toBe(201);
    // The hour counts from the network's first sign-up (the limiter's clock is the system's).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * 60_000);
    expect((await register(ip)).status).toBe(201);
  });
});
