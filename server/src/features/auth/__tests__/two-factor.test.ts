import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markEmailVerified, startTestApp, uniqueEmail, type TestApp } from '../../../../test/harness';
import { TWO_FACTOR_MESSAGES } from '../two-factor';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const PASSWORD = 'correct horse battery staple 42';

/** The code an authenticator app shows now (the server's clock), or `steps` periods of 30 s later. */
const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(app.clock.now().getTime() / 1000) + steps * 30 });
/** Moves the server's clock to the next 30-second step, so a new code exists. */
const nextStep = () => app.clock.advance(30_000);

async function signUp(accountType: 'creator' | 'brand' = 'creator') {
  const email = uniqueEmail('twofa');
  const res = await app.rest('POST', '/auth/register', { email, password: PASSWORD, accountType });
  expect(res.status).toBe(201);
  // An established account (its address verified): API keys, webhooks and payouts wait for that.
  await markEmailVerified(app, res.body.data.user.id);
  return { email, token: res.body.data.tokens.accessToken as string, userId: res.body.data.user.id as string };
}

/** Enrols the account over REST; returns its secret and recovery codes. */
async function enrol(token: string) {
  const setup = await app.rest('POST', '/auth/2fa/setup', {}, token);
  expect(setup.status).toBe(200);
  const { secret, otpauth_url, qr_data_url } = setup.body.data;
  expect(otpauth_url).toMatch(new RegExp(`^otpauth://totp/CollabHub:.+\\?secret=${secret}&issuer=CollabHub$`));
  expect(qr_data_url).toMatch(/^data:image\/png;base64,/);
  const enabled = await app.rest('POST', '/auth/2fa/enable', { code: await totp(secret) }, token);
  expect(enabled.status).toBe(200);
  const codes: string[] = enabled.body.data.recovery_codes;
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  return { secret: secret as string, codes };
}

describe('two-step sign-in: enrolment', () => {
  it('setup gives a secret and its QR; enable needs its current code; the secret is stored encrypted and the recovery codes hashed', async () => {
    const { token, userId } = await signUp();
    expect((await app.gql(`{ me { twoFactorEnabled } }`, {}, token)).body.data.me.twoFactorEnabled).toBe(false);
    const setup = await app.rest('POST', '/auth/2fa/setup', {}, token);
    const { secret } = setup.body.data;
    // A wrong first code: 400 naming the field, nothing turned on.
    const wrong = await app.rest('POST', '/auth/2fa/enable', { code: '000000' === (await totp(secret)) ? '111111' : '000000' }, token);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'BAD_USER_INPUT', field: 'code' });
    const missing = await app.rest('POST', '/auth/2fa/enable', {}, token);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/code is required/);
    expect((await app.rest('GET', '/auth/2fa', undefined, token)).body.data.enabled).toBe(false);

    const enabled = await app.rest('POST', '/auth/2fa/enable', { code: await totp(secret) }, token);
    expect(enabled.status).toBe(200);
    const codes: string[] = enabled.body.data.recovery_codes;
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
    expect((await app.gql(`{ me { twoFactorEnabled } }`, {}, token)).body.data.me.twoFactorEnabled).toBe(true);
    expect((await app.rest('GET', '/auth/2fa', undefined, token)).body.data).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    const status = (await app.gql(`{ twoFactorStatus { enabled enabledAt recoveryCodesLeft } }`, {}, token)).body.data.twoFactorStatus;
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(Math.abs(Date.parse(status.enabledAt) - app.clock.now().getTime())).toBeLessThan(60_000);

    const conn = app.orm.em.fork().getConnection();
    const [row] = await conn.execute('select secret_sealed from two_factor_credentials where user_id = ?', [userId]);
    expect(row.secret_sealed).not.toContain(secret);
    expect(row.secret_sealed).toMatch(/^v1\./);
    const stored = await conn.execute<{ code_hash: string }[]>('select code_hash from two_factor_recovery_codes where user_id = ?', [userId]);
    expect(stored).toHaveLength(10);
    for (const c of codes) expect(stored.map((r) => r.code_hash)).not.toContain(c);
    // Setting up again while it is on is refused (turn it off first).
    expect((await app.rest('POST', '/auth/2fa/setup', {}, token)).status).toBe(409);
  });

  it('GraphQL mirrors: setupTwoFactor, enableTwoFactor, disableTwoFactor', async () => {
    const { token } = await signUp('brand');
    const setup = await app.gql(`mutation { setupTwoFactor { secret otpauthUrl qrDataUrl } }`, {}, token);
    const { secret } = setup.body.data.setupTwoFactor;
    const enabled = await app.gql(`mutation ($code: String!) { enableTwoFactor(code: $code) { recoveryCodes } }`, { code: await totp(secret) }, token);
    expect(enabled.body.data.enableTwoFactor.recoveryCodes).toHaveLength(10);
    const DISABLE = `mutation ($input: DisableTwoFactorInput!) { disableTwoFactor(input: $input) }`;
    nextStep();
    const wrongPassword = await app.gql(DISABLE, { input: { password: 'not the password at all', code: await totp(secret) } }, token);
    expect(wrongPassword.body.errors[0]).toMatchObject({ message: TWO_FACTOR_MESSAGES.wrongPassword, extensions: { code: 'BAD_USER_INPUT', field: 'password' } });
    const wrongCode = await app.gql(DISABLE, { input: { password: PASSWORD, code: '12345x' } }, token);
    expect(wrongCode.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'code' });
    expect((await app.gql(`{ me { twoFactorEnabled } }`, {}, token)).body.data.me.twoFactorEnabled).toBe(true);
    const off = await app.gql(DISABLE, { input: { password: PASSWORD, code: await totp(secret) } }, token);
    expect(off.body.data.disableTwoFactor).toBe(true);
    expect((await app.gql(`{ me { twoFactorEnabled } }`, {}, token)).body.data.me.twoFactorEnabled).toBe(false);
  });
});

describe('two-step sign-in: signing in', () => {
  it('an enrolled account needs a code: 401 TWO_FACTOR_REQUIRED without one or with a wrong one; a TOTP code works once', async () => {
    const { email, token } = await signUp();
    const { secret } = await enrol(token);
    nextStep();

    const without = await app.rest('POST', '/auth/login', { email, password: PASSWORD });
    expect(without.status).toBe(401);
    expect(without.body).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', error: TWO_FACTOR_MESSAGES.required });
    expect(without.body.data).toBeUndefined();
    const gqlWithout = await app.gql(`mutation ($input: LoginInput!) { login(input: $input) { user { id } } }`, { input: { email, password: PASSWORD } });
    expect(gqlWithout.body.errors[0].extensions.code).toBe('TWO_FACTOR_REQUIRED');

    const wrong = await app.rest('POST', '/auth/login', { email, password: PASSWORD, code: '000000' === (await totp(secret)) ? '111111' : '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('TWO_FACTOR_REQUIRED');
    // A wrong password with a right code is still a wrong password (nothing about the code is told).
    const badPassword = await app.rest('POST', '/auth/login', { email, password: 'wrong password entirely', code: await totp(secret) });
    expect(badPassword.status).toBe(401);
    expect(badPassword.body.code).toBe('UNAUTHENTICATED');

    const code = await totp(secret);
    const ok = await app.rest('POST', '/auth/login', { email, password: PASSWORD, code });
    expect(ok.status).toBe(200);
    expect(ok.body.data.tokens.accessToken).toBeTruthy();
    // The same code again, within its window: refused (no replay).
    const replay = await app.gql(`mutation ($input: LoginInput!) { login(input: $input) { user { id } } }`, { input: { email, password: PASSWORD, code } });
    expect(replay.body.errors[0].extensions.code).toBe('TWO_FACTOR_REQUIRED');
    // The next step's code works.
    nextStep();
    const again = await app.gql(`mutation ($input: LoginInput!) { login(input: $input) { user { id } } }`, { input: { email, password: PASSWORD, code: await totp(secret) } });
    expect(again.body.data.login.user.id).toBeTruthy();
  });

  it('a recovery code signs in once (any case, with or without dashes), and counts down', async () => {
    const { email, token } = await signUp();
    const { codes } = await enrol(token);
    const first = await app.rest('POST', '/auth/login', { email, password: PASSWORD, code: codes[0].toUpperCase() });
    expect(first.status).toBe(200);
    const reused = await app.rest('POST', '/auth/login', { email, password: PASSWORD, code: codes[0] });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('TWO_FACTOR_REQUIRED');
    const second = await app.rest('POST', '/auth/login', { email, password: PASSWORD, code: codes[1].replaceAll('-', '') });
    expect(second.status).toBe(200);
    expect((await app.rest('GET', '/auth/2fa', undefined, token)).body.data.recovery_codes_left).toBe(8);
  });

  it('wrong codes are throttled: after 10 wrong codes even the right one is refused (429) until the window passes', async () => {
    const { email, token } = await signUp();
    const { secret } = await enrol(token);
    nextStep();
    const right = await totp(secret);
    const wrongCode = right === '000000' ? '111111' : '000000';
    // Fired in parallel: the limit holds (each check takes its point first).
    const answers = await Promise.all(Array.from({ length: 14 }, () => app.rest('POST', '/auth/login', { email, password: PASSWORD, code: wrongCode })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const refused = await app.rest('POST', '/auth/login', { email, password: PASSWORD, code: right });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
  });
});

describe('a fresh code for sensitive actions', () => {
  const CREATE_KEY = `mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { apiKey { id } } }`;
  const CREATE_ENDPOINT = `mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } } }`;
  const CONNECT = `mutation ($code: String) { createConnectAccount(code: $code) { url } }`;

  it('without two-step sign-in nothing is asked; once enrolled, API keys, webhook endpoints and payout details need a current code', async () => {
    const { token } = await signUp();
    expect((await app.gql(CREATE_KEY, { input: { name: 'before' } }, token)).body.data.createApiKey.apiKey.id).toBeTruthy();
    const { secret } = await enrol(token);
    nextStep();

    const noCode = await app.gql(CREATE_KEY, { input: { name: 'after' } }, token);
    expect(noCode.body.errors[0]).toMatchObject({ message: TWO_FACTOR_MESSAGES.freshRequired, extensions: { code: 'TWO_FACTOR_REQUIRED' } });
    const wrongCode = await app.gql(CREATE_KEY, { input: { name: 'after', code: '12x456' } }, token);
    expect(wrongCode.body.errors[0]).toMatchObject({ message: TWO_FACTOR_MESSAGES.invalid, extensions: { code: 'TWO_FACTOR_REQUIRED' } });
    const keys = await app.gql(`{ myApiKeys { name } }`, {}, token);
    expect(keys.body.data.myApiKeys.map((k: { name: string }) => k.name)).toEqual(['before']);
    expect((await app.gql(CREATE_KEY, { input: { name: 'after', code: await totp(secret) } }, token)).body.data.createApiKey.apiKey.id).toBeTruthy();

    nextStep();
    const endpointInput = { url: 'http://localhost:9/hook', eventTypes: ['booking.created'] };
    expect((await app.gql(CREATE_ENDPOINT, { input: endpointInput }, token)).body.errors[0].extensions.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await app.gql(`{ webhookEndpoints { id } }`, {}, token)).body.data.webhookEndpoints).toEqual([]);
    expect((await app.gql(CREATE_ENDPOINT, { input: { ...endpointInput, code: await totp(secret) } }, token)).body.data.createWebhookEndpoint.endpoint.id).toBeTruthy();

    nextStep();
    const restConnect = await app.rest('POST', '/stripe/create-account', {}, token);
    expect(restConnect.status).toBe(401);
    expect(restConnect.body.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await app.gql(CONNECT, { code: null }, token)).body.errors[0].extensions.code).toBe('TWO_FACTOR_REQUIRED');
    // With a code the check passes (the account then needs a profile first, as before two-step sign-in).
    const withCode = await app.rest('POST', '/stripe/create-account', { code: await totp(secret) }, token);
    expect(withCode.body.code).not.toBe('TWO_FACTOR_REQUIRED');
  });
});

describe('support and two-step sign-in', () => {
  it('support sees whether an account has it and resets it with a reason; nobody else can', async () => {
    const { email, token, userId } = await signUp();
    await enrol(token);
    const supportEmail = uniqueEmail('support');
    await app.server.services.auth.upsertSupportUser(app.orm.em.fork(), supportEmail, PASSWORD);
    const support = (await app.rest('POST', '/auth/login', { email: supportEmail, password: PASSWORD })).body.data.tokens.accessToken;

    const seen = await app.gql(`query ($email: String!) { supportUserByEmail(email: $email) { id twoFactorEnabled } }`, { email }, support);
    expect(seen.body.data.supportUserByEmail).toEqual({ id: userId, twoFactorEnabled: true });

    const RESET = `mutation ($userId: ID!, $reason: String!) { supportResetTwoFactor(userId: $userId, reason: $reason) }`;
    const byOwner = await app.gql(RESET, { userId, reason: 'I lost my phone' }, token);
    expect(byOwner.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const noReason = await app.gql(RESET, { userId, reason: ' ' }, support);
    expect(noReason.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'reason' });
    const reset = await app.gql(RESET, { userId, reason: 'Owner proved identity on ticket 4711' }, support);
    expect(reset.body.data.supportResetTwoFactor).toBe(true);
    // Recorded in support's audit log with the reason.
    const log = await app.gql(`query ($userId: ID!) { supportAuditLog(userId: $userId) { action reason } }`, { userId }, support);
    expect(log.body.data.supportAuditLog).toContainEqual({ action: 'account.two_factor_reset', reason: 'Owner proved identity on ticket 4711' });
    // The owner signs in with the password alone again.
    expect((await app.rest('POST', '/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });
});
