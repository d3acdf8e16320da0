import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account, type Account } from '../../bookings/__tests__/booking-fixtures';
import { registerAccount } from '../../profiles/__tests__/fixtures';
import { UserRole } from '../../users/user.entity';
import { call, createKey, gqlWith, REVOKE_KEY } from './partner-fixtures';

let app: TestApp;
let support: Account;
beforeAll(async () => {
  app = await startTestApp();
  support = await account(app, 'brand', UserRole.SUPPORT);
});
afterAll(async () => {
  await app?.close();
});

const MY_KEYS = `query { myApiKeys { id name prefix status lastUsedAt expiresAt revokedAt } }`;
const ME = `query { me { id email } }`;
const gqlError = (body: any) => ({ code: body.errors?.[0]?.extensions?.code, message: body.errors?.[0]?.message });

describe('partner API keys', () => {
  it('a brand creates a key: the secret is shown once, only its hash is stored, the list shows the prefix', async () => {
    const brand = await registerAccount(app, 'brand');
    const res = await app.gql(
      `mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret apiKey { id userId name prefix status lastUsedAt expiresAt } } }`,
      { input: { name: '  Agency dashboard  ' } },
      brand.token,
    );
    const { secret, apiKey } = res.body.data.createApiKey;
    expect(secret).toMatch(/^chk_live_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({ userId: brand.userId, name: 'Agency dashboard', status: 'ACTIVE', lastUsedAt: null, expiresAt: null });
    expect(apiKey.prefix).toBe(secret.slice(0, 17));

    const [row] = await app.orm.em.fork().getConnection().execute('select * from api_keys where id = ?', [apiKey.id]);
    expect(JSON.stringify(row)).not.toContain(secret.slice(9));
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);

    const list = await app.gql(MY_KEYS, {}, brand.token);
    expect(list.body.data.myApiKeys).toEqual([expect.objectContaining({ id: apiKey.id, prefix: apiKey.prefix, status: 'ACTIVE' })]);
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });

  it('a key in x-api-key or as a bearer token acts as its owner, and records when it was last used', async () => {
    const creator = await registerAccount(app, 'creator');
    const key = await createKey(app, creator.token);
    const ways: Record<string, string>[] = [{ 'x-api-key': key.secret }, { authorization: `Bearer ${key.secret}` }];
    for (const headers of ways) {
      const res = await gqlWith(app, headers, ME);
      expect(res.status).toBe(200);
      expect(res.body.data.me).toEqual({ id: creator.userId, email: creator.email });
    }
    const rest = await call(app, 'GET', '/api/v1/auth/me', { headers: { 'x-api-key': key.secret } });
    expect(rest.body.data.user.id).toBe(creator.userId);
    const list = await app.gql(MY_KEYS, {}, creator.token);
    expect(list.body.data.myApiKeys[0].lastUsedAt).not.toBeNull();
  });

  it('a key is read-only: the listing and the owner\'s queries work, every mutation and REST write is FORBIDDEN', async () => {
    const brand = await registerAccount(app, 'brand');
    const key = await createKey(app, brand.token);
    const headers = { 'x-api-key': key.secret };

    const listing = await gqlWith(app, headers, `query { creators(first: 5) { totalCount edges { node { id } } } myBookings { totalCount } }`);
    expect(listing.status).toBe(200);
    expect(listing.body.errors).toBeUndefined();

    const mutation = await gqlWith(app, headers, `mutation { createProfile(input: { displayName: "Key Brand" }) { id } }`);
    expect(mutation.status).toBe(403);
    expect(gqlError(mutation.body)).toEqual({ code: 'FORBIDDEN', message: 'API keys are read-only: sign in to make changes' });
    const minting = await gqlWith(app, headers, `mutation { createApiKey(input: { name: "more" }) { secret } }`);
    expect(minting.status).toBe(403);

    const write = await call(app, 'POST', '/api/v1/users/streamer-profile', { headers, body: { display_name: 'Key Brand', account_type: 'brand' } });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ success: false, error: 'API keys are read-only: sign in to make changes', code: 'FORBIDDEN' });
    const [{ count }] = await app.orm.em.fork().getConnection().execute('select count(*)::int as count from profiles where user_id = ?', [brand.userId]);
    expect(count).toBe(0);
  });

  it('a revoked, expired, unknown or malformed key is refused with 401; a wrong key is never silently anonymous', async () => {
    const brand = await account(app); // its token is signed at the test clock's time, which moves below
    const revoked = await createKey(app, brand.token);
    const res = await app.gql(REVOKE_KEY, { id: revoked.id }, brand.token);
    expect(res.body.data.revokeApiKey).toMatchObject({ id: revoked.id, status: 'REVOKED' });
    const expiring = await createKey(app, brand.token, { expiresAt: new Date(app.clock.now().getTime() + 3_600_000).toISOString() });
    expect((await gqlWith(app, { 'x-api-key': expiring.secret }, ME)).status).toBe(200);
    app.clock.advance(2 * 3_600_000);

    const cases: [Record<string, string>, string][] = [
      [{ 'x-api-key': revoked.secret }, 'Invalid or revoked API key'],
      [{ 'x-api-key': expiring.secret }, 'API key expired'],
      [{ 'x-api-key': `chk_live_${'A'.repeat(43)}` }, 'Invalid or revoked API key'],
      [{ authorization: 'Bearer chk_live_short' }, 'Invalid or revoked API key'],
    ];
    for (const [headers, message] of cases) {
      const gql = await gqlWith(app, headers, ME);
      expect(gql.status).toBe(401);
      expect(gqlError(gql.body)).toEqual({ code: 'UNAUTHENTICATED', message });
      const rest = await call(app, 'GET', '/api/v1/streamers', { headers });
      expect(rest.status).toBe(401);
      expect(rest.body).toMatchObject({ success: false, error: message, code: 'UNAUTHENTICATED' });
    }
    const list = await app.gql(MY_KEYS, {}, brand.token);
    expect(list.body.data.myApiKeys.map((k: any) => [k.id, k.status])).toEqual([[expiring.id, 'EXPIRED']]);
  });

  it('an expiry in the past, an empty name and an 11th active key are refused', async () => {
    const brand = await registerAccount(app, 'brand');
    const past = await app.gql(
      `mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }`,
      { input: { name: 'old', expiresAt: new Date(app.clock.now().getTime() - 1000).toISOString() } },
      brand.token,
    );
    expect(gqlError(past.body)).toEqual({ code: 'BAD_USER_INPUT', message: 'expiresAt must be in the future' });
    const empty = await app.gql(`mutation { createApiKey(input: { name: "   " }) { secret } }`, {}, brand.token);
    expect(gqlError(empty.body)).toEqual({ code: 'BAD_USER_INPUT', message: 'name is required' });

    for (let i = 0; i < 10; i++) await createKey(app, brand.token, { name: `key ${i}` });
    const eleventh = await app.gql(`mutation { createApiKey(input: { name: "one too many" }) { secret } }`, {}, brand.token);
    expect(gqlError(eleventh.body)).toEqual({ code: 'CONFLICT', message: 'An account can have at most 10 active API keys; revoke one first' });
  });

  it('nobody else can see or revoke your keys, nor make one for you (support neither); support can list and revoke any partner\'s, with a reason', async () => {
    const owner = await registerAccount(app, 'creator');
    const other = await registerAccount(app, 'brand');
    const key = await createKey(app, owner.token);

    const theirs = await app.gql(REVOKE_KEY, { id: key.id }, other.token);
    expect(gqlError(theirs.body)).toEqual({ code: 'NOT_FOUND', message: 'API key not found' });
    const peek = await app.gql(`query ($u: ID!) { apiKeys(userId: $u) { id } }`, { u: owner.userId }, other.token);
    expect(gqlError(peek.body)).toEqual({ code: 'FORBIDDEN', message: 'Only support staff can do this' });
    // A key is made only by the account it acts for: there is no way to name another account.
    for (const who of [other, support]) {
      const forOther = await app.gql(`mutation ($u: ID!) { createApiKey(input: { name: "x", userId: $u }) { secret } }`, { u: owner.userId }, who.token);
      expect(forOther.status).toBe(400);
      expect(forOther.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    }
    expect((await gqlWith(app, { 'x-api-key': key.secret }, ME)).status).toBe(200);
    const made = await createKey(app, owner.token, { name: 'Second' });

    // Support revokes with a reason only; without one nothing changes.
    const noReason = await app.gql(REVOKE_KEY, { id: key.id }, support.token);
    expect(gqlError(noReason.body)).toMatchObject({ code: 'BAD_USER_INPUT', message: 'reason: support must say why (it is shown to the account)' });
    expect((await gqlWith(app, { 'x-api-key': key.secret }, ME)).status).toBe(200);
    const revoked = await app.gql(`mutation ($id: ID!) { revokeApiKey(id: $id, reason: "Leaked in a public repository") { status } }`, { id: key.id }, support.token);
    expect(revoked.body.data.revokeApiKey.status).toBe('REVOKED');
    expect((await gqlWith(app, { 'x-api-key': key.secret }, ME)).status).toBe(401);
    const all = await app.gql(`query ($u: ID!) { apiKeys(userId: $u) { id status } }`, { u: owner.userId }, support.token);
    expect(all.body.data.apiKeys).toEqual([
      { id: made.id, status: 'ACTIVE' },
      { id: key.id, status: 'REVOKED' },
    ]);
  });

  it('keys never carry staff powers: support cannot hold one, and anonymous callers cannot create one', async () => {
    const own = await app.gql(`mutation { createApiKey(input: { name: "mine" }) { secret } }`, {}, support.token);
    expect(gqlError(own.body)).toEqual({ code: 'FORBIDDEN', message: 'API keys are for creator and brand accounts, not support staff' });
    const anonymous = await app.gql(`mutation { createApiKey(input: { name: "anon" }) { secret } }`);
    expect(gqlError(anonymous.body)).toEqual({ code: 'UNAUTHENTICATED', message: 'User not authenticated' });
    const keyOnStaffQuery = await createKey(app, (await registerAccount(app, 'brand')).token);
    const disputes = await gqlWith(app, { 'x-api-key': keyOnStaffQuery.secret }, `query { supportDisputes { id } }`);
    expect(gqlError(disputes.body).code).toBe('FORBIDDEN');
  });
});
