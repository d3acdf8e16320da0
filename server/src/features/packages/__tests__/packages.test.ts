import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account, addSlots, bookingRow, creator, DAY, HOUR, hourFromNow, ledger, pay, type Creator } from '../../bookings/__tests__/booking-fixtures';

/** Packages through the real stack: REST as named in issue 33, GraphQL, the one checkout and the local payments provider. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const SEGMENT = {
  title: 'Sponsored segment',
  description: 'A 15-minute segment in my Friday stream',
  deliverables: { live_minutes: 15, clips: 1 },
  price_cents: 30_000,
  lead_time_days: 1,
  revisions_included: 2,
  platforms: ['twitch'],
};

async function newPackage(c: Creator, body: Record<string, unknown> = SEGMENT) {
  const res = await app.rest('POST', '/packages', body, c.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.package;
}

describe('packages', () => {
  it('a creator defines, edits and lists packages; the public sees the active ones', async () => {
    const c = await creator(app);
    const pkg = await newPackage(c);
    expect(pkg).toMatchObject({
      title: 'Sponsored segment',
      deliverables: { live_minutes: 15, costream_hours: 0, clips: 1, posts: 0, overlay_days: 0 },
      summary: '15 min live segment, 1 clip',
      price_cents: 30_000,
      lead_time_days: 1,
      revisions_included: 2,
      platforms: ['twitch'],
      active: true,
      scheduled_hours: 1,
    });
    const overlay = await newPackage(c, { title: 'Overlay week', deliverables: { overlay_days: 7 }, price_cents: 20_000 });
    expect(overlay.scheduled_hours).toBe(0);

    const listed = await app.rest('GET', `/streamers/${c.profileId}/packages`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.packages.map((p: any) => p.title)).toEqual(['Sponsored segment', 'Overlay week']);

    const put = await app.rest('PUT', `/packages/${overlay.id}`, { price_cents: 25_000, active: false }, c.token);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.package).toMatchObject({ price_cents: 25_000, active: false, title: 'Overlay week' });

    const publicList = await app.gql(`query ($id: ID!) { creatorPackages(creatorId: $id) { title priceCents active } }`, { id: c.profileId });
    expect(publicList.body.data.creatorPackages).toEqual([{ title: 'Sponsored segment', priceCents: 30_000, active: true }]);
    const own = await app.gql(`{ myPackages { title active } }`, {}, c.token);
    expect(own.body.data.myPackages).toEqual([{ title: 'Sponsored segment', active: true }, { title: 'Overlay week', active: false }]);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const c = await creator(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...SEGMENT, title: '' }, 'title'],
      [{ ...SEGMENT, price_cents: 50 }, 'price_cents'],
      [{ ...SEGMENT, price_cents: 10.5 }, 'price_cents'],
      [{ ...SEGMENT, deliverables: { live_minutes: 0 } }, 'deliverables'],
      [{ ...SEGMENT, deliverables: { clips: -1 } }, 'deliverables.clips'],
      [{ ...SEGMENT, deliverables: { live_minutes: 600 } }, 'deliverables.live_minutes'],
      [{ ...SEGMENT, lead_time_days: 500 }, 'lead_time_days'],
      [{ ...SEGMENT, platforms: ['myspace'] }, 'platforms'],
    ];
    for (const [body, field] of cases) {
      const res = await app.rest('POST', '/packages', body, c.token);
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.field ?? res.body.error, field).toContain(field);
    }
    expect((await app.rest('GET', `/streamers/${c.profileId}/packages`)).body.data.packages).toEqual([]);

    const brand = await account(app);
    expect((await app.rest('POST', '/packages', SEGMENT, brand.token)).status).toBe(403);
    expect((await app.rest('POST', '/packages', SEGMENT)).status).toBe(401);
    const pkg = await newPackage(c);
    const other = await creator(app);
    expect((await app.rest('PUT', `/packages/${pkg.id}`, { price_cents: 100 }, other.token)).status).toBe(404);
    expect((await app.rest('PUT', `/packages/not-an-id`, { price_cents: 100 }, c.token)).status).toBe(404);
    expect((await app.rest('GET', `/streamers/00000000-0000-4000-8000-000000000000/packages`)).status).toBe(404);
  });

  it('a brand buys a live package through the same checkout, hold and state machine; the money comes from its line', async () => {
    const start = hourFromNow(app, 50);
    const c = await creator(app, [start]);
    const pkg = await newPackage(c);
    const brand = await account(app);

    // Lead time: one day.
    const early = await app.rest('POST', `/packages/${pkg.id}/checkout`, { start_time: hourFromNow(app, 5).toISOString() }, brand.token);
    expect(early.status).toBe(400);
    expect(early.body.field).toBe('start_time');
    const noTime = await app.rest('POST', `/packages/${pkg.id}/checkout`, {}, brand.token);
    expect(noTime.status).toBe(400);

    const res = await app.rest('POST', `/packages/${pkg.id}/checkout`, { start_time: start.toISOString() }, brand.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { bookingId, paymentIntentId, checkoutUrl, booking } = res.body.data;
    expect(checkoutUrl).toContain(bookingId);
    expect(booking).toMatchObject({ total_amount: 300, platform_fee: 30, package_id: pkg.id, total_hours: 1, status: 'pending', payment_status: 'unpaid' });
    // The package's revisions are the booking's (the deliveries' limit).
    expect((await bookingRow(app, bookingId)).revisions_included).toBe(2);
    expect(booking.line_items).toEqual([{ label: 'Sponsored segment (15 min live segment, 1 clip)', quantity: 1, unit_price_cents: 30_000, total_cents: 30_000, kind: 'package' }]);

    // The hour is taken: nobody else books it.
    const other = await account(app);
    const again = await app.rest('POST', `/packages/${pkg.id}/checkout`, { start_time: start.toISOString() }, other.token);
    expect(again.status).toBe(409);

    await pay(app, brand, paymentIntentId);
    const accept = await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { status paymentStatus lineItems { label totalCents } } }`, { id: bookingId }, c.token);
    expect(accept.body.errors).toBeUndefined();
    expect(accept.body.data.acceptBooking).toMatchObject({ status: 'CONFIRMED', lineItems: [{ totalCents: 30_000 }] });
    expect((await ledger(app, bookingId)).captured).toBe(30_000);
  });

  it('an asynchronous package is bought with a due date after the lead time, without hours', async () => {
    const c = await creator(app);
    const pkg = await newPackage(c, { title: 'Three clips', deliverables: { clips: 3 }, price_cents: 15_000, lead_time_days: 2 });
    const brand = await account(app);
    const tooSoon = await app.rest('POST', `/packages/${pkg.id}/checkout`, { due_at: new Date(app.clock.now().getTime() + DAY).toISOString() }, brand.token);
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.field).toBe('due_at');

    const due = new Date(app.clock.now().getTime() + 3 * DAY);
    const res = await app.rest('POST', `/packages/${pkg.id}/checkout`, { due_at: due.toISOString() }, brand.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { bookingId, paymentIntentId } = res.body.data;
    const row = await bookingRow(app, bookingId);
    expect(new Date(row.due_at).getTime()).toBe(due.getTime());
    expect(row.total_hours).toBe(0);
    expect(row.total_cents).toBe(15_000);
    // A second brand may buy it for the same due date: nothing in the calendar is held.
    const second = await app.rest('POST', `/packages/${pkg.id}/checkout`, { due_at: due.toISOString() }, (await account(app)).token);
    expect(second.status).toBe(200);

    await pay(app, brand, paymentIntentId);
    expect((await app.rest('POST', `/bookings/${bookingId}/accept`, {}, c.token)).status).toBe(200);
    expect((await ledger(app, bookingId)).captured).toBe(15_000);
  });

  it('an inactive package is not for sale and the creator cannot buy their own', async () => {
    const start = hourFromNow(app, 60);
    const c = await creator(app);
    await addSlots(app, c.profileId, [start, new Date(start.getTime() + HOUR)]);
    const pkg = await newPackage(c, { ...SEGMENT, lead_time_days: 0 });
    expect((await app.rest('POST', `/packages/${pkg.id}/checkout`, { start_time: start.toISOString() }, c.token)).status).toBe(403);
    await app.rest('PUT', `/packages/${pkg.id}`, { active: false }, c.token);
    const res = await app.rest('POST', `/packages/${pkg.id}/checkout`, { start_time: start.toISOString() }, (await account(app)).token);
    expect(res.status).toBe(400);
  });
});
