import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { registerAccount, type Account } from '../../profiles/__tests__/fixtures';
import { sendWebhook } from '../webhook-sender';
import { isForbiddenAddress } from '../webhook-address-guard';
import { RETRY_WINDOW_MS } from '../webhook-dispatcher';
import type { WebhookSourceEvent } from '../webhook-envelope';
import { startReceiver, type Receiver } from './receiver';

let app: TestApp;
let receiver: Receiver;
beforeAll(async () => {
  // A shorter timeout keeps the "slow endpoint" case quick; production uses 10 s.
  app = await startTestApp({ WEBHOOK_TIMEOUT_SECONDS: '3' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

const CREATE = /* GraphQL */ `
  mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret endpoint { id url eventTypes enabled } } }`;
const DELIVERIES = /* GraphQL */ `
  query ($id: ID!) { webhookDeliveries(endpointId: $id, first: 50) { totalCount edges { node { id eventId eventType status attempts responseStatus responseTimeMs responseBody error nextAttemptAt } } } }`;

async function endpoint(owner: Account, path: string, eventTypes = ['creator.updated', 'booking.confirmed']) {
  const res = await app.gql(CREATE, { input: { url: receiver.url(path), eventTypes } }, owner.token);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return { id: res.body.data.createWebhookEndpoint.endpoint.id as string, secret: res.body.data.createWebhookEndpoint.secret as string };
}

/** Queues an event the way the outbox consumer does, in a transaction of its own. */
async function queue(topic: string, audienceUserIds: string[] = [], payload: Record<string, unknown> = { creatorId: randomUUID() }) {
  const event: WebhookSourceEvent = { id: randomUUID(), topic, payload, createdAt: new Date(), audienceUserIds };
  await app.orm.em.fork().transactional((em) => app.server.services.webhooks.enqueueForEvent(em, event));
  return event;
}

const dispatcher = () => app.server.services.webhookDispatcher;
async function deliveries(owner: Account, id: string) {
  const res = await app.gql(DELIVERIES, { id }, owner.token);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.webhookDeliveries.edges.map((e: any) => e.node);
}
const headersOf = (r: { headers: Record<string, unknown> }) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});

describe('webhook delivery to a real HTTP endpoint', () => {
  it('POSTs the versioned envelope signed per Standard Webhooks; it verifies with the secret, and not with a rotated-out one', async () => {
    const brand = await registerAccount(app, 'brand');
    const ep = await endpoint(brand, '/signed');
    const event = await queue('creator.updated', [], { creatorId: 'c-1', displayName: 'Pixel Pete' });
    const got = receiver.next('/signed');
    await dispatcher().runDue();
    const first = await got;

    expect(first.headers['content-type']).toBe('application/json');
    expect(JSON.parse(first.body)).toEqual({ id: event.id, type: 'creator.updated', created: event.createdAt.toISOString(), api_version: '2026-11-24', data: { creatorId: 'c-1', displayName: 'Pixel Pete' } });
    expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(String(first.headers['webhook-signature'])).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(ep.secret).verify(first.body, headersOf(first))).toEqual(JSON.parse(first.body));

    // Rotation without overlap: the next delivery is signed with the new secret only.
    const rotated = await app.gql(`mutation ($id: ID!) { rotateWebhookSecret(id: $id, overlapHours: 0) { secret endpoint { previousSecretExpiresAt } } }`, { id: ep.id }, brand.token);
    const newSecret = rotated.body.data.rotateWebhookSecret.secret as string;
    expect(newSecret).not.toBe(ep.secret);
    await queue('creator.updated');
    const next = receiver.next('/signed');
    await dispatcher().runDue();
    const second = await next;
    expect(() => new Webhook(newSecret).verify(second.body, headersOf(second))).not.toThrow();
    expect(() => new Webhook(ep.secret).verify(second.body, headersOf(second))).toThrow('No matching signature found');
    // A tampered body fails too.
    expect(() => new Webhook(newSecret).verify(second.body.replace('creator', 'Creator'), headersOf(second))).toThrow();

    // With an overlap window both secrets verify, so a receiver can switch at its own pace.
    const overlap = await app.gql(`mutation ($id: ID!) { rotateWebhookSecret(id: $id) { secret endpoint { previousSecretExpiresAt } } }`, { id: ep.id }, brand.token);
    const third = overlap.body.data.rotateWebhookSecret;
    expect(new Date(third.endpoint.previousSecretExpiresAt).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    await queue('creator.updated');
    const nextAgain = receiver.next('/signed');
    await dispatcher().runDue();
    const during = await nextAgain;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(third.secret).verify(during.body, headersOf(during))).not.toThrow();
    expect(() => new Webhook(newSecret).verify(during.body, headersOf(during))).not.toThrow();
    expect(() => new Webhook(ep.secret).verify(during.body, headersOf(during))).toThrow();
  });

  it('retries after a 500 with back-off, with the same webhook-id, and records each answer in the log', async () => {
    const brand = await registerAccount(app, 'brand');
    const ep = await endpoint(brand, '/flaky');
    let calls = 0;
    receiver.on('/flaky', (_r, res) => {
      calls += 1;
      if (calls === 1) {
        res.statusCode = 500;
        res.end('database is down'.repeat(200)); // 3,200 bytes: the log keeps 2 KB
      } else res.end('thanks');
    });
    const event = await queue('creator.updated');
    await dispatcher().runDue();
    await dispatcher().idle();
    const [failed] = await deliveries(brand, ep.id);
    expect(failed).toMatchObject({ eventId: event.id, status: 'PENDING', attempts: 1, responseStatus: 500, error: 'HTTP 500' });
    expect(failed.responseBody).toHaveLength(2048);
    const wait = new Date(failed.nextAttemptAt).getTime() - app.clock.now().getTime();
    expect(wait).toBeGreaterThan(20_000); // 30 s ± 20 %
    expect(wait).toBeLessThan(40_000);

    // Not yet due: nothing is sent.
    await dispatcher().runDue();
    await dispatcher().idle();
    expect(receiver.at('/flaky')).toHaveLength(1);

    app.clock.advance(40_000);
    await dispatcher().runDue();
    await dispatcher().idle();
    const [done] = await deliveries(brand, ep.id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', attempts: 2, responseStatus: 200, responseBody: 'thanks', error: null, nextAttemptAt: null });
    const [a, b] = receiver.at('/flaky');
    expect(a.headers['webhook-id']).toBe(done.id);
    expect(b.headers['webhook-id']).toBe(done.id);
    expect(b.body).toBe(a.body);
  });

  it('a timed-out endpoint does not delay another endpoint\'s delivery', async () => {
    const slowOwner = await registerAccount(app, 'brand');
    const fastOwner = await registerAccount(app, 'brand');
    const slow = await endpoint(slowOwner, '/slow', ['creator.updated']);
    await endpoint(fastOwner, '/fast', ['creator.updated']);
    receiver.hang('/slow');
    // The slow endpoint's own backlog is larger than its concurrency.
    for (let i = 0; i < 6; i++) await queue('creator.updated');
    const fastGot = receiver.next('/fast');
    await dispatcher().runDue();
    await fastGot;
    // The fast endpoint was served while the slow one's requests were still unanswered.
    const inFlight = () => app.orm.em.fork().getConnection().execute(`select count(*)::int as n from webhook_deliveries where endpoint_id = ? and lease_until is not null and error is null`, [slow.id]);
    expect((await inFlight())[0].n).toBe(4); // at most 4 in flight per endpoint; the other 2 wait for a slot
    await expect.poll(() => receiver.at('/slow').length).toBe(4);

    // Another event while the slow endpoint hangs: the fast endpoint gets it at once.
    const again = receiver.next('/fast');
    await queue('creator.updated');
    await dispatcher().runDue();
    await again;
    expect((await inFlight())[0].n).toBe(4);

    await dispatcher().idle();
    const slowLog = await deliveries(slowOwner, slow.id);
    expect(slowLog.some((d: any) => d.error === 'timed out after 3 s' && d.status === 'PENDING' && d.responseStatus === null)).toBe(true);
    const deleted = await app.gql(`mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }`, { id: slow.id }, slowOwner.token);
    expect(deleted.body.data.deleteWebhookEndpoint).toBe(true);
    expect(await app.orm.em.fork().getConnection().execute('select 1 from webhook_deliveries where endpoint_id = ?', [slow.id])).toHaveLength(0);
  });

  it('an endpoint failing for 3 days is disabled and its pending deliveries fail', async () => {
    // Other tests' endpoints stay out of this one's way (a hanging one would hold every round).
    await app.orm.em.fork().getConnection().execute(`delete from webhook_endpoints where url not like '%/down'`);
    const brand = await registerAccount(app, 'brand');
    const ep = await endpoint(brand, '/down', ['creator.updated']);
    receiver.on('/down', (_r, res) => {
      res.statusCode = 503;
      res.end();
    });
    await queue('creator.updated');
    let rounds = 0;
    for (;;) {
      await dispatcher().runDue();
      await dispatcher().idle();
      const [d] = await app.orm.em.fork().getConnection().execute(`select status, next_attempt_at from webhook_deliveries where endpoint_id = ?`, [ep.id]);
      if (d.status !== 'pending') break;
      app.clock.set(new Date(d.next_attempt_at));
      if (++rounds > 40) throw new Error('never gave up');
    }
    app.clock.set(new Date()); // back to now, so the owner's session is valid again
    const res = await app.gql(`query { webhookEndpoints { id enabled disabledAt disabledReason failingSince } }`, {}, brand.token);
    const [state] = res.body.data.webhookEndpoints;
    expect(state).toMatchObject({ id: ep.id, enabled: false, disabledReason: 'Every delivery failed for 3 days' });
    expect(new Date(state.disabledAt).getTime() - new Date(state.failingSince).getTime()).toBeGreaterThanOrEqual(RETRY_WINDOW_MS);
    const [d] = await deliveries(brand, ep.id);
    expect(d.status).toBe('FAILED');
    expect(d.attempts).toBeGreaterThan(10);
    // A disabled endpoint gets nothing new.
    await queue('creator.updated');
    expect(await deliveries(brand, ep.id)).toHaveLength(1);
  });
});

describe('SSRF guard', () => {
  it('in production, private, loopback and link-local addresses are refused before connecting', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '0.0.0.0']) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '2606:4700:4700::1111', '8.8.8.8']) expect(isForbiddenAddress(address), address).toBe(false);
    // IPv6 transition prefixes carry (or route to) an IPv4 address: refused whatever they embed.
    for (const address of [
      '::7f00:1', // IPv4-compatible 127.0.0.1
      '::a9fe:a9fe', // IPv4-compatible 169.254.169.254
      '::ffff:7f00:1', // IPv4-mapped, hex
      '::ffff:8.8.8.8', // IPv4-mapped, even of a public address
      '64:ff9b::a9fe:a9fe', // NAT64 to the metadata address
      '64:ff9b::808:808',
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      'fec0::1', // site-local
      '[::ffff:127.0.0.1]',
      '2606:4700::10.0.0.1', // any other address with a private IPv4 tail
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }

    const headers = { 'webhook-id': 'x', 'webhook-timestamp': '1', 'webhook-signature': 'v1,x' };
    const literal = await sendWebhook(receiver.url('/ssrf'), '{}', headers, { allowPrivateAddresses: false, timeoutMs: 1000 });
    expect(literal).toMatchObject({ ok: false, status: null });
    expect(literal.error).toContain('private, loopback or link-local');
    const named = await sendWebhook(receiver.url('/ssrf').replace('127.0.0.1', 'localhost'), '{}', headers, { allowPrivateAddresses: false, timeoutMs: 1000 });
    expect(named.error).toContain('private, loopback or link-local');
    expect(receiver.at('/ssrf')).toHaveLength(0);
    // Outside production (this server) the same address is allowed.
    const allowed = await sendWebhook(receiver.url('/ssrf'), '{}', headers, { allowPrivateAddresses: true, timeoutMs: 1000 });
    expect(allowed).toMatchObject({ ok: true, status: 200 });
  });
});
