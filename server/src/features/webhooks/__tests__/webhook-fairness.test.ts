import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { creator } from '../../bookings/__tests__/booking-fixtures';
import { registerAccount, type Account } from '../../profiles/__tests__/fixtures';
import { RESPONSE_BODY_LIMIT, sendWebhook } from '../webhook-sender';
import { startReceiver, type Receiver } from './receiver';
import { samplePayload } from '../../../../test/outbox-samples';

let app: TestApp;
let receiver: Receiver;
beforeAll(async () => {
  // Production's timeout: a hanging endpoint holds its sends for the whole test.
  app = await startTestApp({ WEBHOOK_TIMEOUT_SECONDS: '10' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

const CREATE = /* GraphQL */ `
  mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } } }`;
const DELIVERIES = /* GraphQL */ `
  query ($id: ID!, $after: String) {
    webhookDeliveries(endpointId: $id, first: 20, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id eventId status } } }
  }`;
const REPLAY = /* GraphQL */ `
  mutation ($id: ID!, $since: DateTimeISO!) { replayWebhookEvents(endpointId: $id, since: $since) { queued } }`;

async function endpoint(owner: Account, path: string, eventTypes: string[]) {
  const res = await app.gql(CREATE, { input: { url: receiver.url(path), eventTypes } }, owner.token);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.createWebhookEndpoint.endpoint.id as string;
}

/** `n` due deliveries of made-up events for one endpoint (a backlog, as a replay or an outage leaves). */
async function backlog(endpointId: string, n: number) {
  await app.orm.em.fork().execute(
    `insert into webhook_deliveries (id, endpoint_id, event_id, event_type, event_created_at, body, status, attempts, created_at, next_attempt_at)
     select gen_random_uuid(), ?, gen_random_uuid(), 'creator.updated', now(), '{"type":"creator.updated"}', 'pending', 0, ?, ?::timestamptz - (g || ' seconds')::interval
       from generate_series(1, ?) g`,
    [endpointId, app.clock.now(), app.clock.now(), n],
  );
}

const dispatcher = () => app.server.services.webhookDispatcher;
const sql = <T>(text: string, params: unknown[] = []) => app.orm.em.fork().execute<T[]>(text, params);
/** Waits until none of the endpoint's deliveries is claimed or due (every send under way recorded, nothing left to claim now). */
async function settled(endpointId: string) {
  for (const end = Date.now() + 15_000; Date.now() < end; ) {
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from webhook_deliveries where endpoint_id = ? and (lease_token is not null or (status = 'pending' and next_attempt_at <= ?))`,
      [endpointId, app.clock.now()],
    );
    if (n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('deliveries still claimed or due after 15 s');
}

describe('a slow partner delays only itself', () => {
  it("another account's delivery arrives within a second or two while three endpoints hang, one with a backlog of 650", async () => {
    const slow = await registerAccount(app, 'brand');
    const healthy = await registerAccount(app, 'creator');
    const hanging = [await endpoint(slow, '/hang-1', ['creator.updated']), await endpoint(slow, '/hang-2', ['creator.updated']), await endpoint(slow, '/hang-3', ['creator.updated'])];
    for (const path of ['/hang-1', '/hang-2', '/hang-3']) receiver.hang(path);
    await backlog(hanging[0], 650);
    await backlog(hanging[1], 40);
    await backlog(hanging[2], 40);
    await endpoint(healthy, '/healthy', ['payout.paid']);

    // The hanging endpoints take their slots (4 each) and hold them.
    await dispatcher().runDue();
    await new Promise((r) => setTimeout(r, 300));
    const [{ n: inFlight }] = await sql<{ n: number }>(`select count(*)::int as n from webhook_deliveries where lease_until > ? and endpoint_id = any(?::uuid[])`, [
      app.clock.now(),
      `{${hanging.join(',')}}`,
    ]);
    expect(inFlight).toBe(12);

    // A real event through the outbox: the commit's wake-up alone must bring it.
    const latencies: number[] = [];
    for (let i = 0; i < 3; i++) {
      const arrived = receiver.next('/healthy', 5000);
      const committed = Date.now();
      await app.orm.em.fork().transactional((em) =>
        app.server.deps.outbox.publish(em, {
          topic: 'payout.paid',
          aggregateId: healthy.userId,
          audienceUserIds: [healthy.userId],
          payload: samplePayload('payout.paid', { creatorUserId: healthy.userId, bookerName: `Client ${i}` }),
        }),
      );
      const got = await arrived;
      latencies.push(got.at - committed);
    }
    console.info(`healthy delivery latency beside 3 hanging endpoints (730 due): ${latencies.join(', ')} ms`);
    expect(Math.max(...latencies)).toBeLessThan(2000);
    // The hanging endpoints still hold no more than their 4 slots each.
    const perEndpoint = await sql<{ n: number }>(`select count(*)::int as n from webhook_deliveries where lease_until > ? group by endpoint_id`, [app.clock.now()]);
    expect(Math.max(...perEndpoint.map((r) => r.n))).toBeLessThanOrEqual(4);
    // Their backlog ends here (deleting an endpoint deletes its deliveries).
    for (const ep of hanging) await app.gql(`mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }`, { id: ep }, slow.token);
  }, 30_000);
});

describe('outbound work is bounded', () => {
  let server: Server;
  let url: string;
  let closed = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      res.on('close', () => closed++);
      if (req.url === '/endless') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(16 * 1024, 'x');
        const pump = setInterval(() => res.write(chunk), 5);
        res.on('close', () => clearInterval(pump));
      } else {
        // A trickle: a byte every 100 ms, never ending.
        res.writeHead(500);
        const pump = setInterval(() => res.write('.'), 100);
        res.on('close', () => clearInterval(pump));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('an endless body is read for its first 2 KB, then the socket is closed', async () => {
    const started = performance.now();
    const before = closed;
    const outcome = await sendWebhook(`${url}/endless`, '{}', { 'webhook-id': 'x', 'webhook-timestamp': '1', 'webhook-signature': 'v1,x' }, { allowPrivateAddresses: true, timeoutMs: 10_000 });
    const took = performance.now() - started;
    expect(outcome).toMatchObject({ ok: true, status: 200 });
    expect(Buffer.byteLength(outcome.body!)).toBeLessThanOrEqual(RESPONSE_BODY_LIMIT);
    expect(took).toBeLessThan(1000);
    for (let i = 0; i < 50 && closed === before; i++) await new Promise((r) => setTimeout(r, 20));
    expect(closed).toBe(before + 1);
  });

  it('a body that never ends is cut at the time cap of the whole attempt', async () => {
    const started = performance.now();
    const outcome = await sendWebhook(`${url}/trickle`, '{}', { 'webhook-id': 'x', 'webhook-timestamp': '1', 'webhook-signature': 'v1,x' }, { allowPrivateAddresses: true, timeoutMs: 1000 });
    const took = performance.now() - started;
    expect(outcome).toMatchObject({ ok: false, error: 'timed out after 1 s' });
    expect(took).toBeGreaterThanOrEqual(990);
    expect(took).toBeLessThan(1500);
  });

  it('the worker does not hold an endless-body endpoint past the cap: its deliveries are recorded within a second', async () => {
    const owner = await registerAccount(app, 'creator');
    const res = await app.gql(CREATE, { input: { url: `${url}/endless`, eventTypes: ['payout.paid'] } }, owner.token);
    const id = res.body.data.createWebhookEndpoint.endpoint.id as string;
    await backlog(id, 8);
    const started = performance.now();
    await dispatcher().runDue();
    for (;;) {
      const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from webhook_deliveries where endpoint_id = ? and status = 'succeeded'`, [id]);
      if (n === 8 || performance.now() - started > 5000) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const took = performance.now() - started;
    console.info(`8 deliveries to an endless-body endpoint recorded in ${Math.round(took)} ms`);
    expect(took).toBeLessThan(2000);
  });
});

describe('replays and the worker', () => {
  it('150 events replayed five times while the endpoint fails and the worker runs: no internal error, no deadlock, no outcome lost', async () => {
    const owner = await registerAccount(app, 'creator');
    let failing = true;
    receiver.on('/flaky', (_r, res) => {
      res.statusCode = failing ? 500 : 200;
      res.end(failing ? 'down' : 'ok');
    });
    const id = await endpoint(owner, '/flaky', ['review.created']);
    const since = new Date(app.clock.now().getTime() - 1000);
    for (let i = 0; i < 150; i++) {
      await app.orm.em.fork().transactional((em) =>
        app.server.deps.outbox.publish(em, { topic: 'review.created', aggregateId: owner.userId, audienceUserIds: [owner.userId], payload: samplePayload('review.created', { rating: 1 + (i % 5) }) }),
      );
    }
    // The worker runs continuously while replays re-queue the same deliveries.
    let working = true;
    const worker = (async () => {
      while (working) {
        await dispatcher().runDue();
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const replays = await Promise.all(Array.from({ length: 5 }, () => app.gql(REPLAY, { id, since: since.toISOString() }, owner.token)));
    working = false;
    await worker;
    await settled(id);
    for (const r of replays) {
      expect(r.body.errors).toBeUndefined();
      expect(r.body.data.replayWebhookEvents.queued).toBe(150);
    }
    const rows = await sql<{ status: string; lease_until: Date | null; attempts: number; response_status: number | null }>(
      `select status, lease_until, attempts, response_status from webhook_deliveries where endpoint_id = ?`,
      [id],
    );
    expect(rows).toHaveLength(150);
    // Nothing stuck under a lease, nothing given up; every attempt made since the last replay is recorded.
    expect(rows.filter((r) => r.lease_until !== null)).toEqual([]);
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
    expect(rows.filter((r) => r.attempts > 0 && r.response_status !== 500)).toEqual([]);

    // The endpoint recovers: past the back-off every event arrives.
    failing = false;
    app.clock.advance(60_000);
    for (let i = 0; i < 100; i++) {
      await dispatcher().runDue();
      await settled(id);
      const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from webhook_deliveries where endpoint_id = ? and status = 'succeeded'`, [id]);
      if (n === 150) break;
    }
    const done = await sql<{ status: string }>(`select status from webhook_deliveries where endpoint_id = ?`, [id]);
    expect(done.every((r) => r.status === 'succeeded')).toBe(true);
    const seen = new Set(receiver.at('/flaky').map((r) => String(r.headers['webhook-id'])));
    expect(seen.size).toBe(150);
  }, 120_000);
});

describe('public events fan out in the worker', () => {
  it('a profile update writes one fan-out row, not a delivery per endpoint; the worker then queues and sends one to each of 200 endpoints of verified accounts, none to an unverified one', async () => {
    const partners = await Promise.all(Array.from({ length: 20 }, () => registerAccount(app, 'brand')));
    // Ten endpoints each (the per-account ceiling), all subscribed to creator.updated.
    for (const p of partners) {
      await sql(
        `insert into webhook_endpoints (id, user_id, url, event_types, secret, created_at, updated_at)
         select gen_random_uuid(), ?, ?, '{creator.updated}', 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdA==', now(), now() from generate_series(1, 10)`,
        [p.userId, receiver.url('/fan')],
      );
    }
    // One more partner whose address is not verified: its ten endpoints get no public event.
    const unverified = await registerAccount(app, 'brand');
    await sql(`update users set email_verified_at = null where id = ?`, [unverified.userId]);
    await sql(
      `insert into webhook_endpoints (id, user_id, url, event_types, secret, created_at, updated_at)
       select gen_random_uuid(), ?, ?, '{creator.updated}', 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdA==', now(), now() from generate_series(1, 10)`,
      [unverified.userId, receiver.url('/fan-unverified')],
    );
    const c = await creator(app, [], { twitchUsername: 'fan_out' });
    await dispatcher().idle();
    app.queries.length = 0;
    const started = performance.now();
    const res = await app.gql(`mutation { updateProfile(input: { displayName: "Fan Out" }) { id } }`, {}, c.token);
    const took = performance.now() - started;
    expect(res.body.errors).toBeUndefined();
    const requestStatements = [...app.queries];
    // The request's outbox statement (the event and its consumers' rows) queued one fan-out row and no
    // delivery; the deliveries are the worker's (its statement reads webhook_fanouts, after the commit).
    const appends = requestStatements.filter((q) => /insert into outbox_event/.test(q) && /webhook_fanouts/.test(q));
    expect(appends).toHaveLength(1);
    expect(appends[0]).not.toMatch(/insert into webhook_deliveries/);
    expect(requestStatements.filter((q) => /insert into webhook_deliveries/.test(q) && !/from webhook_fanouts/.test(q))).toEqual([]);
    // Waits for the worker (bounded only so a lost delivery fails the test rather than hanging it; a loaded CI machine is slow).
    for (const end = Date.now() + 60_000; receiver.at('/fan').length < 200 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
    const fanOutDone = performance.now() - started;
    console.info(`profile update with 200 subscribed endpoints: request ${Math.round(took)} ms; all 200 delivered ${Math.round(fanOutDone)} ms after it started`);
    expect(receiver.at('/fan')).toHaveLength(200);
    expect(receiver.at('/fan-unverified')).toHaveLength(0);
    expect(new Set(receiver.at('/fan').map((r) => JSON.parse(r.body).type))).toEqual(new Set(['creator.updated']));
    // The fan-out row is gone once its deliveries exist.
    expect(await sql(`select id from webhook_fanouts`)).toEqual([]);
  }, 120_000);
});

describe('the delivery log pages', () => {
  it('walks a log of 45 deliveries in pages of 20 through endCursor, newest first, each once', async () => {
    const owner = await registerAccount(app, 'brand');
    const id = await endpoint(owner, '/paged', ['creator.updated']);
    await backlog(id, 45);
    const ids: string[] = [];
    let after: string | null = null;
    const pages: number[] = [];
    for (;;) {
      const res = await app.gql(DELIVERIES, { id, after }, owner.token);
      expect(res.body.errors).toBeUndefined();
      const page = res.body.data.webhookDeliveries;
      expect(page.totalCount).toBe(45);
      pages.push(page.edges.length);
      ids.push(...page.edges.map((e: { node: { id: string } }) => e.node.id));
      expect(JSON.parse(Buffer.from(page.pageInfo.endCursor, 'base64url').toString())[0]).toMatch(/^\d+$/);
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(pages).toEqual([20, 20, 5]);
    expect(new Set(ids).size).toBe(45);
    const inOrder = await sql<{ id: string }>(`select id from webhook_deliveries where endpoint_id = ? order by seq desc`, [id]);
    expect(ids).toEqual(inOrder.map((r) => r.id));
    // A cursor that is not one is still refused, naming the argument.
    const bad = await app.gql(DELIVERIES, { id, after: 'nope' }, owner.token);
    expect(bad.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});
