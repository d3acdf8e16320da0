import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueEmail, type TestApp } from '../../../../test/harness';
import { REFRESH_REUSE_GRACE_MS } from '../auth.service';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const userCount = async () => Number((await app.orm.em.fork().getConnection().execute('select count(*)::int as n from users'))[0].n);
const register = (email: string, password = 'correct horse', accountType = 'creator') =>
  app.rest('POST', '/auth/register', { email, password, accountType });

describe('REST accounts (/api/v1/auth)', () => {
  it('registers and answers with data.user and data.tokens', async () => {
    const email = uniqueEmail();
    const res = await register(email);
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data.user).toMatchObject({ email, account_type: 'creator', role: 'user' });
    expect(res.body.data.user.password_hash).toBeUndefined();
    expect(typeof res.body.data.tokens.accessToken).toBe('string');
    expect(typeof res.body.data.tokens.refreshToken).toBe('string');
  });

  it('rejects a duplicate e-mail case-insensitively with 409 and stores nothing', async () => {
    const email = uniqueEmail('Dup');
    await register(email);
    const before = await userCount();
    const res = await register(email.toUpperCase(), 'another password', 'brand');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, error: 'An account with this email already exists', code: 'CONFLICT' });
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ password: 'correct horse battery', accountType: 'brand' }, 'email'],
    [{ email: 'not-an-email', password: 'correct horse battery', accountType: 'brand' }, 'email'],
    [{ email: 'a@b.co', password: 'short', accountType: 'brand' }, 'password'],
    [{ email: 'a@b.co', password: 'correct horse battery' }, 'accountType'],
    [{ email: 'a@b.co', password: 'correct horse battery', accountType: 'wizard' }, 'accountType'],
    [{ email: 42, password: 'correct horse battery', accountType: 'brand' }, 'email'],
  ])('rejects a malformed body %j with 400 naming %s', async (body, field) => {
    const before = await userCount();
    const res = await app.rest('POST', '/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toContain(field);
    expect(await userCount()).toBe(before);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await app.rest('POST', '/auth/login', '{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Malformed JSON body' });
  });

  it('logs in with the right password and refuses a wrong one with 401', async () => {
    const email = uniqueEmail();
    await register(email, 'right password');
    const ok = await app.rest('POST', '/auth/login', { email: email.toUpperCase(), password: 'right password' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.email).toBe(email);
    const wrong = await app.rest('POST', '/auth/login', { email, password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('Invalid email or password');
    const unknown = await app.rest('POST', '/auth/login', { email: uniqueEmail('nobody'), password: 'whatever1' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('Invalid email or password');
  });

  it('GET /auth/me returns data.user with a token, 401 without or with a bad one', async () => {
    const email = uniqueEmail();
    const { body } = await register(email, 'correct horse battery', 'brand');
    const me = await app.rest('GET', '/auth/me', undefined, body.data.tokens.accessToken);
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({ email, account_type: 'brand' });
    expect((await app.rest('GET', '/auth/me')).status).toBe(401);
    const bad = await app.rest('GET', '/auth/me', undefined, 'not.a.jwt');
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('Session expired or invalid access token');
  });

  it('an access token expires after its short lifetime', async () => {
    const { body } = await register(uniqueEmail());
    app.clock.advance((app.config.ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    try {
      expect((await app.rest('GET', '/auth/me', undefined, body.data.tokens.accessToken)).status).toBe(401);
    } finally {
      app.clock.advance(-(app.config.ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    }
  });

  it('rotates the refresh token on every use and revokes the family when an old one is reused', async () => {
    const { body } = await register(uniqueEmail());
    const first = body.data.tokens.refreshToken;
    const r1 = await app.rest('POST', '/auth/refresh', { refreshToken: first });
    expect(r1.status).toBe(200);
    const second = r1.body.data.tokens.refreshToken;
    expect(second).not.toBe(first);
    expect(typeof r1.body.data.tokens.accessToken).toBe('string');

    // Reusing the first token later than a concurrent refresh could: refused, and the live second
    // token dies with its family.
    app.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    try {
      const reuse = await app.rest('POST', '/auth/refresh', { refreshToken: first });
      expect(reuse.status).toBe(401);
      expect(reuse.body.error).toMatch(/already used/);
      expect((await app.rest('POST', '/auth/refresh', { refreshToken: second })).status).toBe(401);
    } finally {
      app.clock.advance(-(REFRESH_REUSE_GRACE_MS + 1000));
    }
  });

  it('a token presented again right after its rotation (two tabs, a reload mid-refresh) gets a fresh pair', async () => {
    const { body } = await register(uniqueEmail());
    const first = body.data.tokens.refreshToken;
    const [a, b] = await Promise.all([
      app.rest('POST', '/auth/refresh', { refreshToken: first }),
      app.rest('POST', '/auth/refresh', { refreshToken: first }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.tokens.refreshToken).not.toBe(b.body.data.tokens.refreshToken);
    // Both tabs' sessions live on, and each new token rotates once as usual.
    expect((await app.rest('POST', '/auth/refresh', { refreshToken: a.body.data.tokens.refreshToken })).status).toBe(200);
    expect((await app.rest('POST', '/auth/refresh', { refreshToken: b.body.data.tokens.refreshToken })).status).toBe(200);
  });

  it('reuse in one session leaves other sessions of the same user alone', async () => {
    const email = uniqueEmail();
    await register(email);
    const a = (await app.rest('POST', '/auth/login', { email, password: 'correct horse' })).body.data.tokens.refreshToken;
    const b = (await app.rest('POST', '/auth/login', { email, password: 'correct horse' })).body.data.tokens.refreshToken;
    await app.rest('POST', '/auth/refresh', { refreshToken: a });
    await app.rest('POST', '/auth/refresh', { refreshToken: a });
    expect((await app.rest('POST', '/auth/refresh', { refreshToken: b })).status).toBe(200);
  });

  it('refresh without a token is a 400 naming refreshToken; an unknown one is a 401', async () => {
    const missing = await app.rest('POST', '/auth/refresh', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('refreshToken');
    expect((await app.rest('POST', '/auth/refresh', { refreshToken: 'nope' })).status).toBe(401);
  });

  it('logout revokes the session so its refresh token stops working', async () => {
    const { body } = await register(uniqueEmail());
    const { accessToken, refreshToken } = body.data.tokens;
    const out = await app.rest('POST', '/auth/logout', { refreshToken }, accessToken);
    expect(out.status).toBe(200);
    expect((await app.rest('POST', '/auth/refresh', { refreshToken })).status).toBe(401);
  });

  it('logout with no body signs the viewer out everywhere', async () => {
    const { body } = await register(uniqueEmail());
    const out = await app.rest('POST', '/auth/logout', undefined, body.data.tokens.accessToken);
    expect(out.status).toBe(200);
    expect((await app.rest('POST', '/auth/refresh', { refreshToken: body.data.tokens.refreshToken })).status).toBe(401);
  });

  it('changes the password: old one stops working, other sessions are revoked', async () => {
    const email = uniqueEmail();
    const { body } = await register(email, 'old-secret-pass');
    const wrong = await app.rest(
      'POST', '/users/change-password', { currentPassword: 'not it at all', newPassword: 'plum-kettle-orbit-42' }, body.data.tokens.accessToken,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Current password is incorrect');
    const short = await app.rest(
      'POST', '/users/change-password', { currentPassword: 'old-secret-pass', newPassword: 'short' }, body.data.tokens.accessToken,
    );
    expect(short.status).toBe(400);
    expect(short.body.field).toBe('newPassword');

    const ok = await app.rest(
      'POST', '/users/change-password', { currentPassword: 'old-secret-pass', newPassword: 'plum-kettle-orbit-42' }, body.data.tokens.accessToken,
    );
    expect(ok.status).toBe(200);
    expect((await app.rest('POST', '/auth/login', { email, password: 'old-secret-pass' })).status).toBe(401);
    expect((await app.rest('POST', '/auth/login', { email, password: 'plum-kettle-orbit-42' })).status).toBe(200);
    expect((await app.rest('POST', '/auth/refresh', { refreshToken: body.data.tokens.refreshToken })).status).toBe(401);
    expect((await app.rest('POST', '/auth/refresh', { refreshToken: ok.body.data.tokens.refreshToken })).status).toBe(200);
  });

  it('refuses common and guessable passwords (zxcvbn score below 3) with its reason, on register and on change, creating nothing', async () => {
    const email = uniqueEmail();
    const weak = await app.rest('POST', '/auth/register', { email, password: 'password123', accountType: 'brand' });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ success: false, code: 'BAD_USER_INPUT', field: 'password' });
    expect(weak.body.error).toBe('password is too easy to guess: This is a commonly used password. Add more words that are less common.');
    const keyboard = await app.rest('POST', '/auth/register', { email, password: 'qwertyuiop', accountType: 'brand' });
    expect(keyboard.status).toBe(400);
    expect(keyboard.body.error).toMatch(/^password is too easy to guess: .+/);
    expect((await app.rest('POST', '/auth/login', { email, password: 'password123' })).status).toBe(401);

    const { body } = await register(email, 'plum-kettle-orbit-42');
    const change = await app.rest('POST', '/users/change-password', { currentPassword: 'plum-kettle-orbit-42', newPassword: 'iloveyou1' }, body.data.tokens.accessToken);
    expect(change.status).toBe(400);
    expect(change.body.field).toBe('newPassword');
    expect(change.body.error).toMatch(/^newPassword is too easy to guess: .*common/);
    expect((await app.rest('POST', '/auth/login', { email, password: 'plum-kettle-orbit-42' })).status).toBe(200);
  });

  it('change-password needs a signed-in user', async () => {
    const res = await app.rest('POST', '/users/change-password', { currentPassword: 'x', newPassword: 'yyyyyyyy' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('User not authenticated');
  });

  it('stores passwords as argon2id hashes, never in clear', async () => {
    const email = uniqueEmail();
    await register(email, 'my secret pw');
    const [row] = await app.orm.em.fork().getConnection().execute('select password_hash from users where email = ?', [email]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('my secret pw');
  });

  it('unknown REST routes answer 404 JSON', async () => {
    const res = await app.rest('GET', '/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });
});
