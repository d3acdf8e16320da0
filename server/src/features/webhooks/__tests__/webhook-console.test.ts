import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { registerAccount, type Account } from '../../profiles/__tests__/fixtures';
import { mailTo } from '../../mail/__tests__/mail-helpers';
import { RETRY_WINDOW_MS } from '../webhook-dispatcher';
import { startReceiver, type Receiver } from './receiver';

/**
 * The developer console as a partner debugs with it: "Send test event", each delivery's request
 * (headers with the signature, body, event id) and response (status, headers, body, time), the
 * event catalog, and the owner told (bell and e-mail, with a link back) when an endpoint is disabled.
 */
let app: TestApp;
let receiver: Receiver;
beforeAll(async () => {
  app = await startTestApp();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

const CREATE = /* GraphQL */ `
  mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret endpoint { id } } }`;
const SEND_TEST = /* GraphQL */ `
  mutation ($id: ID!) { sendWebhookTestEvent(endpointId: $id) { id eventId eventType status test } }`;
const DELIVERIES = /* GraphQL */ `
  query ($id: ID!) { webhookDeliveries(endpointId: $id, first: 10) { edges { node {
    id eventId eventType status test requestBody requestHeaders { name value } responseStatus responseHeaders { name value } responseBody responseTimeMs error
  } } } }`;

async function endpoint(owner: Account, path: string, eventTypes = ['creator.updated']) {
  const res = await app.gql(CREATE, { input: { url: receiver.url(path), eventTypes } }, owner.token);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return { id: res.body.data.createWebhookEndpoint.endpoint.id as string, secret: res.body.data.createWebhookEndpoint.secret as string };
}
const dispatcher = () => app.server.services.webhookDispatcher;
async function deliveries(owner: Account, id: string) {
  const res = await app.gql(DELIVERIES, { id }, owner.token);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.webhookDeliveries.edges.map((e: any) => e.node);
}
const headerMap = (list: { name: string; value: string }[] | null) => Object.fromEntries((list ?? []).map((h) => [h.name, h.value]));

describe('Send test event', () => {
  it('sends a signed webhook_endpoint.test to that endpoint only, and the log shows the request and the answer as they were', async () => {
    const owner = await registerAccount(app, 'brand');
    // Subscribed to creator.updated only: a test is sent whatever the endpoint subscribes to.
    const ep = await endpoint(owner, '/console-test');
    const other = await endpoint(await registerAccount(app, 'brand'), '/console-other');
    receiver.on('/console-test', (_r, res) => {
      res.statusCode = 201;
      res.setHeader('x-receiver', 'partner-app');
      res.end('{"received":true}');
    });

    const sent = await app.gql(SEND_TEST, { id: ep.id }, owner.token);
    expect(sent.body.errors).toBeUndefined();
    expect(sent.body.data.sendWebhookTestEvent).toMatchObject({ eventType: 'webhook_endpoint.test', status: 'PENDING', test: true });
    const got = receiver.next('/console-test');
    await dispatcher().runDue();
    const request = await got;
    await dispatcher().idle();

    // What the receiver got: a signed envelope of the test event.
    const headers = { 'webhook-id': String(request.headers['webhook-id']), 'webhook-timestamp': String(request.headers['webhook-timestamp']), 'webhook-signature': String(request.headers['webhook-signature']) };
    const envelope = new Webhook(ep.secret).verify(request.body, headers) as any;
    expect(envelope).toMatchObject({ type: 'webhook_endpoint.test', id: sent.body.data.sendWebhookTestEvent.eventId, data: { endpointId: ep.id, test: true } });
    expect(receiver.at('/console-other')).toHaveLength(0);
    expect(await deliveries(await registerAccount(app, 'brand'), other.id).catch((e) => String(e))).toMatch(/not found/i);

    // What the console shows: the same request, byte for byte, and the answer.
    const [d] = await deliveries(owner, ep.id);
    expect(d).toMatchObject({ id: headers['webhook-id'], eventType: 'webhook_endpoint.test', status: 'SUCCEEDED', test: true, responseStatus: 201, responseBody: '{"received":true}', error: null });
    expect(d.requestBody).toBe(request.body);
    expect(JSON.parse(d.requestBody).id).toBe(d.eventId);
    expect(headerMap(d.requestHeaders)).toMatchObject({ ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(request.body)) });
    expect(headerMap(d.responseHeaders)).toMatchObject({ 'x-receiver': 'partner-app' });
    expect(d.responseTimeMs).toBeGreaterThanOrEqual(0);
  });

  it('is the owner\'s alone, needs an enabled endpoint, and a failing test does not count towards disabling', async () => {
    const owner = await registerAccount(app, 'creator');
    const ep = await endpoint(owner, '/console-failing');
    receiver.on('/console-failing', (_r, res) => {
      res.statusCode = 500;
      res.end('boom');
    });
    const stranger = await registerAccount(app, 'brand');
    const foreign = await app.gql(SEND_TEST, { id: ep.id }, stranger.token);
    expect(foreign.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const bad = await app.gql(SEND_TEST, { id: 'nope' }, owner.token);
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    expect((await app.gql(SEND_TEST, { id: ep.id }, owner.token)).body.errors).toBeUndefined();
    await dispatcher().runDue();
    await dispatcher().idle();
    const [d] = await deliveries(owner, ep.id);
    expect(d).toMatchObject({ test: true, status: 'PENDING', responseStatus: 500, responseBody: 'boom', error: 'HTTP 500' });
    const state = await app.gql(`query { webhookEndpoints { id failingSince } }`, {}, owner.token);
    expect(state.body.data.webhookEndpoints.find((e: any) => e.id === ep.id).failingSince).toBeNull();

    expect((await app.gql(`mutation ($id: ID!) { updateWebhookEndpoint(id: $id, input: { enabled: false }) { enabled } }`, { id: ep.id }, owner.token)).body.errors).toBeUndefined();
    const disabled = await app.gql(SEND_TEST, { id: ep.id }, owner.token);
    expect(disabled.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect(disabled.body.errors?.[0]?.message).toBe('The endpoint is disabled; enable it first');
  });
});

describe('an endpoint disabled after 3 days of failures', () => {
  it('tells its owner in the bell and by e-mail, with a link back to the endpoint to enable it again', async () => {
    const owner = await registerAccount(app, 'brand');
    const ep = await endpoint(owner, '/console-down', ['creator.updated']);
    receiver.on('/console-down', (_r, res) => {
      res.statusCode = 503;
      res.end();
    });
    // Failing for 3 days already: the next failed delivery disables it.
    await app.orm.em.fork().getConnection().execute('update webhook_endpoints set failing_since = ? where id = ?', [new Date(app.clock.now().getTime() - RETRY_WINDOW_MS - 60_000), ep.id]);
    await app.orm.em.fork().transactional((em) =>
      app.server.services.webhooks.enqueueForEvent(em, { id: crypto.randomUUID(), topic: 'creator.updated', payload: { creatorId: 'c' }, createdAt: new Date(), audienceUserIds: [] }),
    );
    await dispatcher().runDue();
    await dispatcher().idle();
    const state = await app.gql(`query { webhookEndpoints { id enabled disabledReason } }`, {}, owner.token);
    expect(state.body.data.webhookEndpoints[0]).toMatchObject({ id: ep.id, enabled: false, disabledReason: 'Every delivery failed for 3 days' });

    const bell = await app.gql(`query { notifications(first: 5) { edges { node { type text readAt } } } }`, {}, owner.token);
    expect(bell.body.data.notifications.edges.map((e: any) => e.node)).toContainEqual({
      type: 'webhook_endpoint.disabled',
      text: `Your webhook endpoint ${receiver.url('/console-down')} was disabled: every delivery failed for 3 days`,
      readAt: null,
    });

    await app.server.services.emailDelivery.runDue(new Date(app.clock.now().getTime() + 3_600_000));
    const mail = (await mailTo(app, owner.email)).find((m) => m.subject === 'Your webhook endpoint was disabled');
    if (!mail) throw new Error('no e-mail about the disabled endpoint');
    expect(mail.text).toContain(receiver.url('/console-down'));
    expect(mail.text).toContain('enable it again in the Developers tab');
    expect(mail.links).toContain(`${app.url.replace('127.0.0.1', 'localhost')}/dashboard?tab=developers&endpoint=${ep.id}`);
  });
});

describe('the event catalog', () => {
  it('describes every subscribable event with an example body of that type, and the test event', async () => {
    const res = await app.gql(`query { webhookEventTypes webhookEventCatalog { type description samplePayload subscribable } }`);
    expect(res.body.errors).toBeUndefined();
    const { webhookEventTypes, webhookEventCatalog } = res.body.data;
    expect(webhookEventCatalog.filter((e: any) => e.subscribable).map((e: any) => e.type)).toEqual(webhookEventTypes);
    expect(webhookEventCatalog.filter((e: any) => !e.subscribable).map((e: any) => e.type)).toEqual(['webhook_endpoint.test']);
    for (const e of webhookEventCatalog) {
      expect(e.description.length, e.type).toBeGreaterThan(20);
      expect(JSON.parse(e.samplePayload), e.type).toMatchObject({ type: e.type, api_version: '2026-11-24', data: expect.any(Object) });
    }
  });
});
