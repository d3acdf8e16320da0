import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account, acceptedBooking, creator, hourFromNow, type Account } from '../../bookings/__tests__/booking-fixtures';
import { startReceiver, type Receiver } from './receiver';

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
async function endpoint(owner: Account, path: string, eventTypes: string[]) {
  const res = await app.gql(CREATE, { input: { url: receiver.url(path), eventTypes } }, owner.token);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return { id: res.body.data.createWebhookEndpoint.endpoint.id as string, secret: res.body.data.createWebhookEndpoint.secret as string };
}
/** Sends whatever is due and waits until every send has finished. */
async function flush() {
  await app.server.services.webhookDispatcher.runDue();
  await app.server.services.webhookDispatcher.idle();
}
const types = (path: string) => receiver.at(path).map((r) => JSON.parse(r.body).type as string);
const BOOKING_TYPES = ['booking.created', 'booking.confirmed', 'booking.cancelled'];
async function waitFor(done: () => boolean) {
  const until = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > until) throw new Error('condition not met within 5 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('webhooks fed by the outbox', () => {
  it("a brand's endpoint receives its own booking's events, never another brand's; the creator's receives both", async () => {
    const brandA = await account(app, 'brand');
    const brandB = await account(app, 'brand');
    const c = await creator(app, [hourFromNow(app, 48), hourFromNow(app, 49)]);
    await endpoint(brandA, '/brand-a', BOOKING_TYPES);
    await endpoint(brandB, '/brand-b', BOOKING_TYPES);
    const creatorEp = await endpoint(c, '/creator', BOOKING_TYPES);

    const a = await acceptedBooking(app, brandA, c, hourFromNow(app, 48));
    await flush();
    expect(types('/brand-a')).toEqual(['booking.created', 'booking.confirmed']);
    expect(receiver.at('/brand-a').every((r) => JSON.parse(r.body).data.bookingId === a.bookingId)).toBe(true);
    expect(receiver.at('/brand-b')).toEqual([]);

    const b = await acceptedBooking(app, brandB, c, hourFromNow(app, 49));
    await flush();
    expect(types('/brand-b')).toEqual(['booking.created', 'booking.confirmed']);
    expect(receiver.at('/brand-b').every((r) => JSON.parse(r.body).data.bookingId === b.bookingId)).toBe(true);
    expect(receiver.at('/brand-a')).toHaveLength(2); // still only A's own
    expect(receiver.at('/creator').map((r) => JSON.parse(r.body).data.bookingId)).toEqual([a.bookingId, a.bookingId, b.bookingId, b.bookingId]);
    // Every delivery is signed with its endpoint's secret.
    for (const r of receiver.at('/creator')) {
      expect(() => new Webhook(creatorEp.secret).verify(r.body, r.headers as Record<string, string>)).not.toThrow();
    }
  });

  it('public creator events reach every subscribed endpoint; a rolled-back change sends nothing', async () => {
    const brand = await account(app, 'brand');
    const c = await creator(app, [], { twitchUsername: 'rae' });
    await endpoint(brand, '/listing', ['creator.updated', 'creator.availability_changed']);
    const update = await app.gql(`mutation { updateProfile(input: { displayName: "Renamed Rae", hourlyRateCents: 6000 }) { id } }`, {}, c.token);
    expect(update.body.errors, JSON.stringify(update.body.errors)).toBeUndefined();
    const start = hourFromNow(app, 72);
    const add = await app.gql(
      `mutation ($input: AddAvailabilityInput!) { addAvailability(input: $input) { id } }`,
      { input: { startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString() } },
      c.token,
    );
    expect(add.body.errors).toBeUndefined();
    // The same hour again is refused (overlap): its transaction rolls back, with its event.
    const again = await app.gql(
      `mutation ($input: AddAvailabilityInput!) { addAvailability(input: $input) { id } }`,
      { input: { startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString() } },
      c.token,
    );
    expect(again.body.errors?.[0].extensions.code).toBe('CONFLICT');
    await flush();
    const bodies = receiver.at('/listing').map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.type)).toEqual(['creator.updated', 'creator.availability_changed']);
    expect(bodies[0].data).toMatchObject({ creatorId: c.profileId, displayName: 'Renamed Rae', hourlyRateCents: 6000 });
    expect(bodies[1].data).toEqual({ creatorId: c.profileId, creatorName: 'Renamed Rae', change: 'slots_added', slots: [{ startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString() }] });
  });

  it('replay resends exactly the events of the chosen range, with resend for one delivery', async () => {
    const brand = await account(app, 'brand');
    const c = await creator(app, [], { twitchUsername: 'rae' });
    const ep = await endpoint(brand, '/replay', ['creator.updated']);
    const rename = async (name: string) => {
      const res = await app.gql(`mutation ($n: String!) { updateProfile(input: { displayName: $n }) { id } }`, { n: name }, c.token);
      expect(res.body.errors).toBeUndefined();
      await new Promise((r) => setTimeout(r, 20)); // distinct event times
    };
    await rename('One');
    const since = new Date();
    await new Promise((r) => setTimeout(r, 20));
    await rename('Two');
    await rename('Three');
    const until = new Date();
    await new Promise((r) => setTimeout(r, 20));
    await rename('Four');
    await flush();
    const names = () => receiver.at('/replay').map((r) => JSON.parse(r.body).data.displayName);
    expect(names()).toEqual(['One', 'Two', 'Three', 'Four']);

    const replay = await app.gql(
      `mutation ($id: ID!, $since: DateTimeISO!, $until: DateTimeISO) { replayWebhookEvents(endpointId: $id, since: $since, until: $until) { queued } }`,
      { id: ep.id, since: since.toISOString(), until: until.toISOString() },
      brand.token,
    );
    expect(replay.body.data.replayWebhookEvents.queued).toBe(2);
    await flush();
    // An endpoint takes several deliveries at once, so the two replayed events may arrive in either
    // order (as documented for partners: order by the event's created time, not by arrival).
    expect(names().slice(0, 4)).toEqual(['One', 'Two', 'Three', 'Four']);
    expect([...names().slice(4)].sort()).toEqual(['Three', 'Two']);
    // The replayed deliveries are the same messages (same webhook-id and event id) sent again.
    const all = receiver.at('/replay');
    for (const again of all.slice(4)) {
      const first = all.slice(0, 4).find((r) => r.headers['webhook-id'] === again.headers['webhook-id']);
      expect(first, 'a replay resends a delivered message').toBeDefined();
      expect(again.body).toBe(first!.body);
    }

    const bad = await app.gql(
      `mutation ($id: ID!, $since: DateTimeISO!, $until: DateTimeISO) { replayWebhookEvents(endpointId: $id, since: $since, until: $until) { queued } }`,
      { id: ep.id, since: until.toISOString(), until: since.toISOString() },
      brand.token,
    );
    expect(bad.body.errors[0]).toMatchObject({ message: 'until must be after since', extensions: { code: 'BAD_USER_INPUT' } });

    const log = await app.gql(`query ($id: ID!) { webhookDeliveries(endpointId: $id, first: 1) { totalCount pageInfo { hasNextPage endCursor } edges { node { id status } } } }`, { id: ep.id }, brand.token);
    const newest = log.body.data.webhookDeliveries;
    expect(newest.totalCount).toBe(4);
    expect(newest.pageInfo.hasNextPage).toBe(true);
    const resent = await app.gql(`mutation ($id: ID!) { resendWebhookDelivery(id: $id) { id status attempts } }`, { id: newest.edges[0].node.id }, brand.token);
    expect(resent.body.data.resendWebhookDelivery).toMatchObject({ status: 'PENDING', attempts: 0 });
    await flush();
    expect(names().at(-1)).toBe('Four');
    expect(receiver.at('/replay').at(-1)!.headers['webhook-id']).toBe(newest.edges[0].node.id);
  });

  it('a commit wakes the dispatcher when its event queued a delivery, and costs it no statement when it queued none', async () => {
    const withEndpoint = await account(app, 'brand');
    const without = await account(app, 'brand');
    const c = await creator(app, [hourFromNow(app, 120), hourFromNow(app, 121)]);
    await endpoint(withEndpoint, '/woken', BOOKING_TYPES);
    await app.server.services.webhookDispatcher.idle();

    // No runDue here: the commit's wake-up alone brings the delivery.
    await acceptedBooking(app, withEndpoint, c, hourFromNow(app, 120));
    await waitFor(() => types('/woken').length === 2);
    expect(types('/woken')).toEqual(['booking.created', 'booking.confirmed']);
    await app.server.services.webhookDispatcher.idle();

    // Nobody listens for this booking's events: after its commits nothing reads webhook_deliveries.
    app.queries.length = 0;
    await acceptedBooking(app, without, c, hourFromNow(app, 121));
    await new Promise((r) => setTimeout(r, 200));
    await app.server.services.webhookDispatcher.idle();
    // The request, the confirmation and the payment captured with it (the brand's receipt).
    expect(app.queries.filter((q) => q.includes('outbox_event')).length).toBe(3);
    expect(app.queries.filter((q) => /\b(from|update) webhook_deliveries\b/.test(q))).toEqual([]);
  });
});
