import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account, acceptedBooking, creator, hourFromNow, type Account } from '../../bookings/__tests__/booking-fixtures';
import { createKey, gqlWith, REVOKE_KEY } from '../../partners/__tests__/partner-fixtures';
import { UserRole } from '../../users/user.entity';
import { startReceiver, type Receiver } from '../../webhooks/__tests__/receiver';

/** What the support console's Integrations section reads: find a user by e-mail, then their keys and endpoints. */
let app: TestApp;
let receiver: Receiver;
let support: Account;
beforeAll(async () => {
  app = await startTestApp();
  receiver = await startReceiver();
  support = await account(app, 'brand', UserRole.SUPPORT);
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

const FIND = `query ($e: String!) { supportUserByEmail(email: $e) { id email accountType } }`;
const KEYS = `query ($u: ID!) { apiKeys(userId: $u) { id name prefix status createdAt lastUsedAt expiresAt revokedAt } }`;
const ENDPOINTS = `query ($u: ID!) { webhookEndpoints(userId: $u) { id userId url eventTypes enabled } }`;
const DELIVERIES = `query ($id: ID!) { webhookDeliveries(endpointId: $id, first: 10) { totalCount edges { node { eventType status responseStatus } } } }`;
const CREATE_ENDPOINT = `mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } } }`;
const gqlError = (body: any) => ({ code: body.errors?.[0]?.extensions?.code, message: body.errors?.[0]?.message, field: body.errors?.[0]?.extensions?.field });

async function emailOf(a: Account): Promise<string> {
  const [row] = await app.orm.em.fork().getConnection().execute('select email from users where id = ?', [a.userId]);
  return row.email as string;
}

describe("support sees a partner's integrations", () => {
  it('support finds a brand by e-mail (any case) and sees its keys, revoked ones included, its endpoints and their deliveries; and may revoke a key', async () => {
    const brand = await account(app, 'brand');
    const c = await creator(app, [hourFromNow(app, 30)]);
    const kept = await createKey(app, brand.token, { name: 'Agency dashboard' });
    const old = await createKey(app, brand.token, { name: 'Old script' });
    await app.gql(REVOKE_KEY, { id: old.apiKey.id }, brand.token);
    const made = await app.gql(CREATE_ENDPOINT, { input: { url: receiver.url('/support-view'), eventTypes: ['booking.created', 'booking.confirmed'] } }, brand.token);
    const endpointId = made.body.data.createWebhookEndpoint.endpoint.id as string;
    await acceptedBooking(app, brand, c, hourFromNow(app, 30));
    await app.server.services.webhookDispatcher.runDue();
    await app.server.services.webhookDispatcher.idle();

    const email = await emailOf(brand);
    const found = await app.gql(FIND, { e: `  ${email.toUpperCase()} ` }, support.token);
    expect(found.body.data.supportUserByEmail).toEqual({ id: brand.userId, email, accountType: 'BRAND' });
    const nobody = await app.gql(FIND, { e: 'nobody-here@example.com' }, support.token);
    expect(nobody.body).toEqual({ data: { supportUserByEmail: null } });

    const keys = await app.gql(KEYS, { u: brand.userId }, support.token);
    expect(keys.body.data.apiKeys.map((k: any) => [k.name, k.status])).toEqual([
      ['Old script', 'REVOKED'],
      ['Agency dashboard', 'ACTIVE'],
    ]);
    expect(keys.body.data.apiKeys[0].revokedAt).not.toBeNull();

    const endpoints = await app.gql(ENDPOINTS, { u: brand.userId }, support.token);
    expect(endpoints.body.data.webhookEndpoints).toEqual([
      { id: endpointId, userId: brand.userId, url: receiver.url('/support-view'), eventTypes: ['booking.confirmed', 'booking.created'], enabled: true },
    ]);
    const log = await app.gql(DELIVERIES, { id: endpointId }, support.token);
    expect(log.body.data.webhookDeliveries.totalCount).toBe(2);
    expect(log.body.data.webhookDeliveries.edges.map((e: any) => e.node)).toEqual([
      { eventType: 'booking.confirmed', status: 'SUCCEEDED', responseStatus: 200 },
      { eventType: 'booking.created', status: 'SUCCEEDED', responseStatus: 200 },
    ]);

    // Support revokes the brand's live key; the brand sees it gone and the key stops working.
    const revoked = await app.gql(`mutation ($id: ID!) { revokeApiKey(id: $id, reason: "Key posted publicly") { id status } }`, { id: kept.apiKey.id }, support.token);
    expect(revoked.body.data.revokeApiKey).toEqual({ id: kept.apiKey.id, status: 'REVOKED' });
    const own = await app.gql(`query { myApiKeys { id } }`, {}, brand.token);
    expect(own.body.data.myApiKeys).toEqual([]);
    const withKey = await gqlWith(app, { 'x-api-key': kept.secret }, '{ me { id } }');
    expect(withKey.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("every support-only read refuses other users (FORBIDDEN), and someone else's endpoint log reads as unknown", async () => {
    const owner = await account(app, 'brand');
    const other = await account(app, 'brand');
    await createKey(app, owner.token, { name: 'Mine' });
    const made = await app.gql(CREATE_ENDPOINT, { input: { url: receiver.url('/private'), eventTypes: ['booking.created'] } }, owner.token);
    const endpointId = made.body.data.createWebhookEndpoint.endpoint.id as string;

    const find = await app.gql(FIND, { e: await emailOf(owner) }, other.token);
    expect(gqlError(find.body)).toMatchObject({ code: 'FORBIDDEN', message: 'Only support staff can do this' });
    expect(find.body.data?.supportUserByEmail ?? null).toBeNull();
    const keys = await app.gql(KEYS, { u: owner.userId }, other.token);
    expect(gqlError(keys.body)).toMatchObject({ code: 'FORBIDDEN' });
    const endpoints = await app.gql(ENDPOINTS, { u: owner.userId }, other.token);
    expect(gqlError(endpoints.body)).toMatchObject({ code: 'FORBIDDEN' });
    const log = await app.gql(DELIVERIES, { id: endpointId }, other.token);
    expect(gqlError(log.body).code).toBe('NOT_FOUND');
    const anonymous = await app.gql(FIND, { e: await emailOf(owner) });
    expect(gqlError(anonymous.body).code).toBe('UNAUTHENTICATED');
  });

  it('support finds accounts by part of an e-mail or a display name, any case: a short list, the exact e-mail first; others are refused', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const named = await creator(app, [], { displayName: `Aurora ${tag.toUpperCase()} Plays` });
    const brand = await account(app, 'brand');
    await app.orm.em.fork().getConnection().execute('update users set email = ? where id = ?', [`${tag}.partner@agency.example`, brand.userId]);
    const SEARCH = `query ($q: String!) { supportUserSearch(query: $q) { id email accountType displayName } }`;
    const search = async (q: string, token = support.token) => app.gql(SEARCH, { q }, token);

    // Part of the name (another case) finds the creator; part of the e-mail finds the brand, whose exact e-mail puts it first.
    const byName = (await search(`  aurora ${tag} `)).body.data.supportUserSearch;
    expect(byName).toEqual([{ id: named.userId, email: await emailOf(named), accountType: 'CREATOR', displayName: `Aurora ${tag.toUpperCase()} Plays` }]);
    // The brand's e-mail starts with the text, the creator's name only contains it: the brand comes first.
    expect((await search(tag.toUpperCase())).body.data.supportUserSearch.map((u: any) => u.id)).toEqual([brand.userId, named.userId]);
    expect((await search(`${tag}.partner@agency.example`)).body.data.supportUserSearch).toEqual([
      { id: brand.userId, email: `${tag}.partner@agency.example`, accountType: 'BRAND', displayName: null },
    ]);
    // A short list however broad the text; LIKE's wildcards are plain characters.
    expect((await search('example')).body.data.supportUserSearch.length).toBeLessThanOrEqual(10);
    expect((await search('%%')).body.data.supportUserSearch).toEqual([]);
    expect(gqlError((await search('a')).body)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'query', message: 'query: type at least 2 characters of an e-mail or a name' });
    expect(gqlError((await search(tag, brand.token)).body)).toMatchObject({ code: 'FORBIDDEN', message: 'Only support staff can do this' });
  });

  it('a malformed e-mail is a clear error naming the field, not a 500', async () => {
    const res = await app.gql(FIND, { e: 'not-an-email' }, support.token);
    expect(res.status).toBe(200);
    expect(gqlError(res.body)).toMatchObject({ code: 'BAD_USER_INPUT', message: 'email must be an e-mail address', field: 'email' });
  });
});
