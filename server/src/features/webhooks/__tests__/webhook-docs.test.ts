import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account, acceptedBooking, creator, hourFromNow } from '../../bookings/__tests__/booking-fixtures';
import { newSigningSecret } from '../webhook-signing';
import { WEBHOOK_EVENT_CATALOG, withEventCatalog } from '../webhook-event-catalog';
import { startReceiver, type Receiver } from './receiver';

/**
 * docs/partners.md's webhook section cannot drift: each example envelope has exactly the fields
 * (and kinds of values) of a real delivery of that event made through the API, and the Node and
 * Python verification examples run against a real delivery.
 */
const page = readFileSync(path.resolve(__dirname, '..', '..', '..', '..', '..', 'docs', 'partners.md'), 'utf8');
const webhooksPart = page.slice(page.indexOf('## 9. Webhooks'));
const examples = Object.fromEntries([...webhooksPart.matchAll(/^#### `([\w.]+)`\n[\s\S]*?^```json\n([\s\S]*?)^```$/gm)].map((m) => [m[1], JSON.parse(m[2])]));
const codeBlock = (lang: string) => new RegExp('^```' + lang + '\\n([\\s\\S]*?)^```$', 'm').exec(webhooksPart)![1];

/** The structure of a JSON value: key names and value kinds, recursively (values themselves vary). */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (value === null) return 'null';
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value as object).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, shape(v)]));
  return typeof value;
}

let app: TestApp;
let receiver: Receiver;
let secret: string;
beforeAll(async () => {
  app = await startTestApp();
  receiver = await startReceiver();
  const c = await creator(app, [hourFromNow(app, 48)], { twitchUsername: 'docs_creator' });
  const brand = await account(app, 'brand');
  const created = await app.gql(
    `mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret } }`,
    { input: { url: receiver.url('/docs'), eventTypes: ['booking.created', 'booking.confirmed', 'creator.updated', 'creator.availability_changed', 'offer.sent'] } },
    c.token,
  );
  secret = created.body.data.createWebhookEndpoint.secret;
  await acceptedBooking(app, brand, c, hourFromNow(app, 48));
  expect((await app.gql(`mutation { updateProfile(input: { bio: "Docs" }) { id } }`, {}, c.token)).body.errors).toBeUndefined();
  const start = hourFromNow(app, 80);
  const add = await app.gql(`mutation ($input: AddAvailabilityInput!) { addAvailability(input: $input) { id } }`, {
    input: { startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString() },
  }, c.token);
  expect(add.body.errors).toBeUndefined();
  // The brand sends the creator a custom offer in their conversation.
  const convo = await app.rest('POST', '/conversations', { creatorId: c.profileId, text: 'A segment?' }, brand.token);
  const offer = await app.rest('POST', `/conversations/${convo.body.data.id}/offers`, { items: [{ label: '15 min live segment', quantity: 1, unit_price_cents: 30_000 }], due_at: hourFromNow(app, 200).toISOString() }, brand.token);
  expect(offer.status).toBe(201);
  await app.server.services.webhookDispatcher.runDue();
  await app.server.services.webhookDispatcher.idle();
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

const delivered = (type: string) => receiver.at('/docs').find((r) => JSON.parse(r.body).type === type)!;

describe('docs/partners.md: webhooks', () => {
  it('the event list is the one generated from the server\'s catalog (pnpm --filter server docs:webhooks), which the console shows too', () => {
    expect(withEventCatalog(page) === page, 'docs/partners.md is stale: run pnpm --filter server docs:webhooks').toBe(true);
    expect(Object.keys(examples)).toEqual(WEBHOOK_EVENT_CATALOG.map((e) => e.type));
    for (const e of WEBHOOK_EVENT_CATALOG) expect(examples[e.type], e.type).toEqual(e.sample);
  });

  it('each example envelope has the fields of a real delivery of its event', () => {
    for (const type of ['booking.created', 'booking.confirmed', 'creator.updated', 'creator.availability_changed', 'offer.sent']) {
      const real = JSON.parse(delivered(type).body);
      expect(shape(examples[type]), type).toEqual(shape(real));
    }
    // The booking events share one serializer: every booking example has the fields of a real one (a reason may be set).
    const fields = (o: object) => Object.keys(o).sort();
    for (const type of Object.keys(examples).filter((t) => t.startsWith('booking.') || t === 'payout.paid')) {
      expect(fields(examples[type].data), type).toEqual(fields(JSON.parse(delivered('booking.created').body).data));
    }
  });

  const runExample = (command: string, file: string, code: string, key: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'verify-'));
    try {
      writeFileSync(path.join(dir, file), code);
      const r = delivered('creator.updated');
      return spawnSync(command, [path.join(dir, file)], {
        input: r.body,
        env: { PATH: process.env.PATH, WEBHOOK_SECRET: key, WEBHOOK_ID: String(r.headers['webhook-id']), WEBHOOK_TIMESTAMP: String(r.headers['webhook-timestamp']), WEBHOOK_SIGNATURE: String(r.headers['webhook-signature']) },
        encoding: 'utf8',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('the Node example verifies a real delivery, and rejects it with another secret', () => {
    const good = runExample(process.execPath, 'verify.cjs', codeBlock('javascript'), secret);
    expect(good.stdout.trim(), good.stderr).toBe('verified');
    expect(good.status).toBe(0);
    const bad = runExample(process.execPath, 'verify.cjs', codeBlock('javascript'), newSigningSecret());
    expect(bad.stdout.trim()).toBe('rejected');
    expect(bad.status).toBe(1);
  });

  it('the Python example verifies a real delivery, and rejects it with another secret', () => {
    const good = runExample('python3', 'verify.py', codeBlock('python'), secret);
    expect(good.stdout.trim(), good.stderr).toBe('verified');
    const bad = runExample('python3', 'verify.py', codeBlock('python'), newSigningSecret());
    expect(bad.stdout.trim()).toBe('rejected');
    expect(bad.status).toBe(1);
  });
});
