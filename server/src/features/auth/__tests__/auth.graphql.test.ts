import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueEmail, type TestApp } from '../../../../test/harness';
import { REFRESH_REUSE_GRACE_MS } from '../auth.service';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const REGISTER = /* GraphQL */ `
  mutation Register($input: RegisterInput!) {
    register(input: $input) { user { id email accountType role } tokens { accessToken refreshToken accessTokenExpiresAt } }
  }`;
const LOGIN = /* GraphQL */ `
  mutation Login($input: LoginInput!) { login(input: $input) { user { email } tokens { accessToken refreshToken } } }`;
const ME = /* GraphQL */ `query { me { email accountType role } }`;
const REFRESH = /* GraphQL */ `mutation ($t: String!) { refreshToken(refreshToken: $t) { accessToken refreshToken } }`;
const LOGOUT = /* GraphQL */ `mutation ($t: String) { logout(refreshToken: $t) }`;
const CHANGE = /* GraphQL */ `
  mutation ($input: ChangePasswordInput!) { changePassword(input: $input) { tokens { accessToken } } }`;

const register = async (email: string, password = 'correct horse battery', accountType = 'BRAND') =>
  (await app.gql(REGISTER, { input: { email, password, accountType } })).body;
const code = (body: any) => body.errors?.[0]?.extensions?.code;

describe('GraphQL accounts', () => {
  it('register returns the user and a token pair; me answers with it', async () => {
    const email = uniqueEmail();
    const body = await register(email);
    expect(body.errors).toBeUndefined();
    expect(body.data.register.user).toMatchObject({ email, accountType: 'BRAND', role: 'USER' });
    const me = await app.gql(ME, {}, body.data.register.tokens.accessToken);
    expect(me.body.data.me).toEqual({ email, accountType: 'BRAND', role: 'USER' });
  });

  it('me is null when anonymous, and UNAUTHENTICATED (HTTP 401) with a bad token', async () => {
    expect((await app.gql(ME)).body.data.me).toBeNull();
    const bad = await app.gql(ME, {}, 'garbage');
    expect(bad.status).toBe(401);
    expect(code(bad.body)).toBe('UNAUTHENTICATED');
  });

  it('duplicate e-mail is CONFLICT', async () => {
    const email = uniqueEmail();
    await register(email);
    const again = await register(email.toUpperCase(), 'another-password-2', 'CREATOR');
    expect(code(again)).toBe('CONFLICT');
    expect(again.errors[0].message).toBe('An account with this email already exists');
  });

  it('short password and bad e-mail are BAD_USER_INPUT naming the field', async () => {
    const short = await register(uniqueEmail(), 'short');
    expect(code(short)).toBe('BAD_USER_INPUT');
    expect(short.errors[0].extensions.field).toBe('password');
    expect(short.errors[0].message).toBe('password must be at least 8 characters');
    const bad = await register('nope', 'correct horse battery');
    expect(bad.errors[0].extensions.field).toBe('email');
  });

  it('a common password is BAD_USER_INPUT on password with zxcvbn\'s reason', async () => {
    const weak = await register(uniqueEmail(), 'password123');
    expect(code(weak)).toBe('BAD_USER_INPUT');
    expect(weak.errors[0].extensions.field).toBe('password');
    expect(weak.errors[0].message).toBe('password is too easy to guess: This is a commonly used password. Add more words that are less common.');
  });

  it('an unknown accountType is refused by the schema', async () => {
    const res = await app.gql(REGISTER, { input: { email: uniqueEmail(), password: 'correct horse battery', accountType: 'WIZARD' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/accountType|AccountType/);
  });

  it('wrong credentials are UNAUTHENTICATED with a clear message', async () => {
    const email = uniqueEmail();
    await register(email);
    const res = await app.gql(LOGIN, { input: { email, password: 'wrong-password' } });
    expect(code(res.body)).toBe('UNAUTHENTICATED');
    expect(res.body.errors[0].message).toBe('Invalid email or password');
  });

  it('refresh rotates; replaying an old refresh token revokes the family', async () => {
    const body = await register(uniqueEmail());
    const first = body.data.register.tokens.refreshToken;
    const r1 = await app.gql(REFRESH, { t: first });
    const second = r1.body.data.refreshToken.refreshToken;
    expect(second).not.toBe(first);
    // A replay later than a concurrent refresh could be (see REFRESH_REUSE_GRACE_MS).
    app.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    try {
      const replay = await app.gql(REFRESH, { t: first });
      expect(code(replay.body)).toBe('UNAUTHENTICATED');
      expect(code((await app.gql(REFRESH, { t: second })).body)).toBe('UNAUTHENTICATED');
    } finally {
      app.clock.advance(-(REFRESH_REUSE_GRACE_MS + 1000));
    }
  });

  it('logout revokes the refresh token', async () => {
    const body = await register(uniqueEmail());
    const { accessToken, refreshToken } = body.data.register.tokens;
    expect((await app.gql(LOGOUT, { t: refreshToken }, accessToken)).body.data.logout).toBe(true);
    expect(code((await app.gql(REFRESH, { t: refreshToken })).body)).toBe('UNAUTHENTICATED');
  });

  it('changePassword requires the current password and a valid new one', async () => {
    const email = uniqueEmail();
    const body = await register(email, 'first password');
    const token = body.data.register.tokens.accessToken;
    const anon = await app.gql(CHANGE, { input: { currentPassword: 'first password', newPassword: 'second password' } });
    expect(code(anon.body)).toBe('UNAUTHENTICATED');
    const wrong = await app.gql(CHANGE, { input: { currentPassword: 'nope nope', newPassword: 'second password' } }, token);
    expect(code(wrong.body)).toBe('BAD_USER_INPUT');
    const ok = await app.gql(CHANGE, { input: { currentPassword: 'first password', newPassword: 'second password' } }, token);
    expect(ok.body.errors).toBeUndefined();
    const login = await app.gql(LOGIN, { input: { email, password: 'second password' } });
    expect(login.body.data.login.user.email).toBe(email);
  });

  it('never exposes the password hash in the schema', async () => {
    const res = await app.gql(`query { me { passwordHash } }`);
    expect(res.status).toBe(400);
  });
});
