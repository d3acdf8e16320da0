import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createKey, gqlWith } from '../../partners/__tests__/partner-fixtures';
import { registerAccount } from '../../profiles/__tests__/fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const CREATE = /* GraphQL */ `
  mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret endpoint { id url eventTypes enabled } } }`;
const LIST = `query { webhookEndpoints { id url eventTypes enabled } }`;
const err = (body: any) => ({ code: body.errors?.[0]?.extensions?.code, message: body.errors?.[0]?.message });

describe('webhook endpoints', () => {
  it('a brand registers an endpoint with event types; the secret is shown once and never listed', async () => {
    const brand = await registerAccount(app, 'brand');
    const res = await app.gql(CREATE, { input: { url: 'https://hooks.example.com/collabhub', eventTypes: ['booking.confirmed', 'creator.updated', 'booking.confirmed'] } }, brand.token);
    const { secret, endpoint } = res.body.data.createWebhookEndpoint;
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({ url: 'https://hooks.example.com/collabhub', eventTypes: ['booking.confirmed', 'creator.updated'], enabled: true });
    const list = await app.gql(LIST, {}, brand.token);
    expect(list.body.data.webhookEndpoints).toEqual([endpoint]);
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const updated = await app.gql(`mutation ($id: ID!) { updateWebhookEndpoint(id: $id, input: { eventTypes: ["payout.paid"], enabled: false }) { eventTypes enabled disabledReason } }`, { id: endpoint.id }, brand.token);
    expect(updated.body.data.updateWebhookEndpoint).toEqual({ eventTypes: ['payout.paid'], enabled: false, disabledReason: 'Disabled by its owner' });
  });

  it('bad input names the field and changes nothing', async () => {
    const brand = await registerAccount(app, 'brand');
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'http://hooks.example.com/x', eventTypes: ['booking.created'] }, 'url must use https (plain http only for localhost outside production)'],
      [{ url: 'not a url', eventTypes: ['booking.created'] }, 'url must be an absolute URL, e.g. https://example.com/webhooks'],
      [{ url: 'https://user:pw@hooks.example.com/x', eventTypes: ['booking.created'] }, 'url must not contain a user name or password'],
      [{ url: 'https://hooks.example.com/x', eventTypes: [] }, 'eventTypes must name at least one event type'],
      [{ url: 'https://hooks.example.com/x', eventTypes: ['booking.exploded'] }, 'eventTypes: unknown event type "booking.exploded"'],
    ];
    for (const [input, message] of cases) {
      const res = await app.gql(CREATE, { input }, brand.token);
      expect(err(res.body).code).toBe('BAD_USER_INPUT');
      expect(err(res.body).message).toContain(message);
    }
    // Plain http to localhost is fine outside production (a partner testing locally).
    const local = await app.gql(CREATE, { input: { url: 'http://localhost:9999/hooks', eventTypes: ['booking.created'] } }, brand.token);
    expect(local.body.errors).toBeUndefined();
    const list = await app.gql(LIST, {}, brand.token);
    expect(list.body.data.webhookEndpoints).toHaveLength(1);
  });

  it("someone else's endpoint reads as unknown; an API key may list but not change endpoints", async () => {
    const owner = await registerAccount(app, 'brand');
    const other = await registerAccount(app, 'creator');
    const created = await app.gql(CREATE, { input: { url: 'https://hooks.example.com/a', eventTypes: ['booking.created'] } }, owner.token);
    const id = created.body.data.createWebhookEndpoint.endpoint.id;
    for (const query of [`mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }`, `mutation ($id: ID!) { rotateWebhookSecret(id: $id) { secret } }`]) {
      const res = await app.gql(query, { id }, other.token);
      expect(err(res.body)).toEqual({ code: 'NOT_FOUND', message: 'Webhook endpoint not found' });
    }
    const log = await app.gql(`query ($id: ID!) { webhookDeliveries(endpointId: $id) { totalCount } }`, { id }, other.token);
    expect(err(log.body).code).toBe('NOT_FOUND');
    expect((await app.gql(LIST, {}, other.token)).body.data.webhookEndpoints).toEqual([]);

    const key = await createKey(app, owner.token);
    const listed = await gqlWith(app, { 'x-api-key': key.secret }, LIST);
    expect(listed.body.data.webhookEndpoints.map((e: any) => e.id)).toEqual([id]);
    const refused = await gqlWith(app, { 'x-api-key': key.secret }, `mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }`, { id });
    expect(err(refused.body).code).toBe('FORBIDDEN');
    expect((await app.gql(LIST, {}, owner.token)).body.data.webhookEndpoints).toHaveLength(1);
  });
});
