import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueEmail, type TestApp } from '../../../test/harness';
import { gqlWith, call } from '../../features/partners/__tests__/partner-fixtures';

let app: TestApp;
beforeAll(async () => {
  // Sign-in throttling is always on; it does not depend on RATE_LIMIT_ENABLED.
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const PASSWORD = 'correct horse battery';
let n = 0;
const newIp = () => ({ 'x-forwarded-for': `198.51.100.${++n}` });

async function registered(): Promise<string> {
  const email = uniqueEmail('login');
  const res = await app.rest('POST', '/auth/register', { email, password: PASSWORD, accountType: 'brand' });
  expect(res.status).toBe(201);
  return email;
}
const login = (headers: Record<string, string>, email: string, password: string) =>
  call(app, 'POST', '/api/v1/auth/login', { headers, body: { email, password } });
/** The start of a 15-minute throttle window, so a test's attempts all fall in one window. */
function freshWindow() {
  const now = app.clock.now().getTime();
  app.clock.set(new Date(Math.ceil(now / 900_000) * 900_000 + 1000));
}

describe('sign-in throttling', () => {
  it('10 failed sign-ins lock the account for the rest of the 15 minutes, even with the right password; then it opens again', async () => {
    freshWindow();
    const email = await registered();
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await login(ip, email, 'wrong password')).status).toBe(401);

    const locked = await login(newIp(), email.toUpperCase(), PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ success: false, error: 'Too many sign-in attempts. Try again in 15 minutes.', code: 'RATE_LIMITED' });
    const gql = await gqlWith(app, newIp(), `mutation ($e: String!, $p: String!) { login(input: { email: $e, password: $p }) { user { id } } }`, { e: email, p: PASSWORD });
    expect(gql.body.errors[0]).toMatchObject({ message: 'Too many sign-in attempts. Try again in 15 minutes.', extensions: { code: 'RATE_LIMITED' } });

    app.clock.advance(14 * 60_000);
    expect((await login(newIp(), email, PASSWORD)).body.error).toBe('Too many sign-in attempts. Try again in 1 minute.');
    app.clock.advance(60_000);
    expect((await login(newIp(), email, PASSWORD)).status).toBe(200);
  });

  it('a successful sign-in clears the account\'s failures', async () => {
    freshWindow();
    const email = await registered();
    const ip = newIp();
    for (let i = 0; i < 9; i++) await login(ip, email, 'wrong password');
    expect((await login(ip, email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(ip, email, 'wrong password')).status).toBe(401);
    expect((await login(ip, email, PASSWORD)).status).toBe(200);
  });

  it('30 failures from one IP across many accounts lock that IP, not other IPs or the accounts elsewhere', async () => {
    freshWindow();
    const email = await registered();
    const ip = newIp();
    for (let i = 0; i < 30; i++) expect((await login(ip, uniqueEmail('guess'), 'wrong password')).status).toBe(401);
    expect((await login(ip, email, PASSWORD)).status).toBe(429);
    expect((await login(newIp(), email, PASSWORD)).status).toBe(200);
  });
});
