import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callFrom } from '../../../../test/from-address';
import { startTestApp, uniqueEmail, type TestApp } from '../../../../test/harness';
import { call } from '../../../features/partners/__tests__/partner-fixtures';

let app: TestApp;
beforeAll(async () => {
  // Sign-in throttling is always on; it does not depend on RATE_LIMIT_ENABLED.
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const PASSWORD = 'correct horse battery';
const LOGIN = `mutation ($e: String!, $p: String!) { login(input: { email: $e, password: $p }) { user { id } } }`;
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
/** A sign-in sent from a loopback address of its own (127.0.0.2, 127.0.0.3 …): another client. */
const loginFrom = (address: string, email: string, password: string) =>
  callFrom(address, app.url, 'POST', '/api/v1/auth/login', { body: { email, password } });

describe('sign-in throttling', () => {
  it('ten wrong passwords from one address block that address for the account; the owner from another address still signs in', async () => {
    const email = await registered();
    for (let i = 0; i < 10; i++) expect((await loginFrom('127.0.0.2', email, 'wrong password')).status).toBe(401);

    // The attacker's address is refused, even with the right password, on REST and GraphQL.
    const refused = await loginFrom('127.0.0.2', email.toUpperCase(), PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, error: 'Too many sign-in attempts. Try again in 15 minutes.', code: 'RATE_LIMITED' });
    const gql = await callFrom('127.0.0.2', app.url, 'POST', '/graphql', { body: { query: LOGIN, variables: { e: email, p: PASSWORD } } });
    expect(gql.body.errors[0]).toMatchObject({ message: 'Too many sign-in attempts. Try again in 15 minutes.', extensions: { code: 'RATE_LIMITED' } });

    // The owner, elsewhere, is not locked out.
    const owner = await loginFrom('127.0.0.3', email, PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.data.user.email).toBe(email);

    // The block ends with its window.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 14 * 60_000);
    expect((await loginFrom('127.0.0.2', email, PASSWORD)).body.error).toBe('Too many sign-in attempts. Try again in 1 minute.');
    vi.setSystemTime(Date.now() + 61_000);
    expect((await loginFrom('127.0.0.2', email, PASSWORD)).status).toBe(200);
  });

  it("a successful sign-in clears that address's failures for the account", async () => {
    const email = await registered();
    const ip = newIp();
    for (let i = 0; i < 9; i++) await login(ip, email, 'wrong password');
    expect((await login(ip, email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(ip, email, 'wrong password')).status).toBe(401);
    expect((await login(ip, email, PASSWORD)).status).toBe(200);
  });

  it('30 failures from one address across many accounts lock that address, not other addresses', async () => {
    const email = await registered();
    const ip = newIp();
    for (let i = 0; i < 30; i++) expect((await login(ip, uniqueEmail('guess'), 'wrong password')).status).toBe(401);
    expect((await login(ip, email, PASSWORD)).status).toBe(429);
    expect((await login(newIp(), email, PASSWORD)).status).toBe(200);
  });

  it('an attack on one account from many addresses slows every attempt on it down instead of blocking; the owner still signs in', async () => {
    const email = await registered();
    // 20 addresses, one failure each: none is refused.
    for (let i = 0; i < 20; i++) expect((await login(newIp(), email, 'wrong password')).status).toBe(401);

    const timed = async (password: string) => {
      const started = performance.now();
      const res = await login(newIp(), email, password);
      return { status: res.status, ms: performance.now() - started };
    };
    const first = await timed('wrong password');
    expect(first.status).toBe(401);
    expect(first.ms).toBeGreaterThanOrEqual(500);
    const second = await timed('wrong password');
    expect(second.status).toBe(401);
    expect(second.ms).toBeGreaterThanOrEqual(1000);
    const owner = await timed(PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(1500);
  });
});
