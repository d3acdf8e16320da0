import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFrom } from '../../../../test/from-address';
import { startTestApp, uniqueEmail, type TestApp } from '../../../../test/harness';
import { LOGIN_THROTTLE } from '../../../platform/security/login-throttle';
import { PASSWORD, signUp } from './account-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/**
 * The longest stretch the server's event loop was blocked while `work` ran (a timer that should fire
 * every 10 ms), counted in the CPU time this process spent in it: a blocked loop is one busy thread,
 * so on an idle machine that is the wall time, and on a loaded one (other processes taking turns on
 * the cores) it is still the work the server did, not the time it waited for a core.
 */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number; wallMs: number }> {
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let last = { wall: performance.now(), cpu: cpuMs() };
  let stallMs = 0;
  let wallMs = 0;
  const timer = setInterval(() => {
    const now = { wall: performance.now(), cpu: cpuMs() };
    stallMs = Math.max(stallMs, now.cpu - last.cpu);
    wallMs = Math.max(wallMs, now.wall - last.wall - 10);
    last = now;
  }, 10);
  try {
    const result = await work();
    return { result, stallMs, wallMs };
  } finally {
    clearInterval(timer);
  }
}

describe('password input that cannot hurt the server', () => {
  it('more than 128 characters is refused with a 400 naming the field before any work, on register, change and reset', async () => {
    const long = 'Aa1!'.repeat(33); // 132 characters
    const email = uniqueEmail('long');
    const register = await app.rest('POST', '/auth/register', { email, password: long, accountType: 'brand' });
    expect(register).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT', error: 'password must be at most 128 characters', field: 'password' } });
    expect(await app.orm.em.fork().getConnection().execute('select count(*)::int as n from users where email = ?', [email])).toEqual([{ n: 0 }]);

    const user = await signUp(app);
    const change = await app.rest('POST', '/users/change-password', { currentPassword: PASSWORD, newPassword: long }, user.accessToken);
    expect(change).toMatchObject({ status: 400, body: { error: 'newPassword must be at most 128 characters', field: 'newPassword' } });
    const current = await app.rest('POST', '/users/change-password', { currentPassword: long, newPassword: 'fine new passphrase 81 heron' }, user.accessToken);
    expect(current).toMatchObject({ status: 400, body: { error: 'currentPassword must be at most 128 characters' } });
    const reset = await app.rest('POST', '/auth/reset-password', { token: 'x'.repeat(43), password: long });
    expect(reset).toMatchObject({ status: 400, body: { error: 'password must be at most 128 characters' } });
    const login = await app.rest('POST', '/auth/login', { email: user.email, password: long });
    expect(login).toMatchObject({ status: 400, body: { error: 'password must be at most 128 characters' } });
  });

  it('the strength check is bounded: four 128-character sign-ups in parallel keep the event loop responsive', async () => {
    // The kinds of input that took zxcvbn seconds: long, repetitive, full of dictionary fragments and look-alike digits.
    const nasty = (i: number) => `${i}${['passwordqwerty123', '1q2w3e4r5t6y7u8i9o0p', 'Aa1!', 'p4ssw0rd1337'][i].repeat(40)}`.slice(0, 128);
    const { result, stallMs, wallMs } = await longestStall(() =>
      Promise.all([0, 1, 2, 3].map((i) => app.rest('POST', '/auth/register', { email: uniqueEmail('nasty'), password: nasty(i), accountType: 'brand' }))),
    );
    // Judged (strong enough or not), never a server error.
    for (const res of result) expect([201, 400]).toContain(res.status);
    console.log(`longest event-loop stall: ${stallMs.toFixed(0)} ms of CPU (${wallMs.toFixed(0)} ms of wall time)`);
    expect(stallMs).toBeLessThan(1000);
  });

  it("the account's own words count against a password: its e-mail, its local part, the product's name", async () => {
    const email = uniqueEmail('quentin.marlowe');
    const local = email.split('@')[0];
    for (const password of [`${local}`, `CollabHub${local}`, email]) {
      const res = await app.rest('POST', '/auth/register', { email, password, accountType: 'brand' });
      expect(res.status, password).toBe(400);
      expect(res.body.error).toMatch(/^password is too easy to guess/);
    }
  });

  it('300 wrong guesses fired at once get at most the limit of password checks (counted before the check, atomically)', async () => {
    const user = await signUp(app);
    const guesses = await Promise.all(
      Array.from({ length: 300 }, (_, i) => callFrom('127.0.0.9', app.url, 'POST', '/api/v1/auth/login', { body: { email: user.email, password: `wrong guess ${i}` } })),
    );
    const checked = guesses.filter((g) => g.status === 401).length;
    const refused = guesses.filter((g) => g.status === 429).length;
    expect(checked + refused).toBe(300);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(LOGIN_THROTTLE.perAccountAndAddress.points);
    // The owner elsewhere still signs in.
    expect((await callFrom('127.0.0.10', app.url, 'POST', '/api/v1/auth/login', { body: { email: user.email, password: PASSWORD } })).status).toBe(200);
  });

  it('wrong current passwords on change-password are throttled like sign-in', async () => {
    const user = await signUp(app);
    const change = (currentPassword: string) =>
      callFrom('127.0.0.11', app.url, 'POST', '/api/v1/users/change-password', {
        headers: { authorization: `Bearer ${user.accessToken}` },
        body: { currentPassword, newPassword: 'another long passphrase 55 crane' },
      });
    for (let i = 0; i < LOGIN_THROTTLE.perAccountAndAddress.points; i++) expect((await change(`wrong ${i}`)).status).toBe(400);
    const refused = await change(PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many sign-in attempts/);
  });
});
