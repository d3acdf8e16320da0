import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { DEMO_PASSWORD, seedDemoData } from '../demo';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const counts = async () => {
  const [row] = await app.orm.em.fork().getConnection().execute(
    `select (select count(*) from users)::int as users, (select count(*) from profiles)::int as profiles,
            (select count(*) from availability_slots)::int as slots, (select count(*) from bookings)::int as bookings,
            (select count(*) from reviews)::int as reviews`,
  );
  return row as Record<string, number>;
};

/** Subjects of what the development mail catcher received (for one address, or everyone). */
const mailbox = async (to?: string): Promise<{ subject: string }[]> => {
  const res = await fetch(`${app.url}/dev/mailbox/messages${to ? `?to=${encodeURIComponent(to.toLowerCase())}` : ''}`);
  expect(res.status).toBe(200);
  return (await res.json()).messages;
};

describe('demo data', () => {
  it('fills an empty database with a believable marketplace, and never runs again', async () => {
    const logs: string[] = [];
    const result = await seedDemoData(app.orm, app.server.services, (m) => logs.push(m), app.clock);
    expect(result.seeded).toBe(true);
    expect(result.password).toBe(DEMO_PASSWORD);
    expect(result.accounts.filter((a) => a.kind === 'creator')).toHaveLength(12);
    expect(result.accounts.filter((a) => a.kind === 'brand')).toHaveLength(1);
    expect(result.accounts.filter((a) => a.kind === 'support')).toHaveLength(1);
    expect(logs.join('\n')).toContain(DEMO_PASSWORD);
    for (const a of result.accounts) expect(logs.join('\n')).toContain(a.email);

    // The seeded history (dozens of reviews, each with its notification) is not e-mailed: after the consumers
    // ran, the mailbox is empty and nothing waits to be sent or delivered to a webhook.
    await app.server.jobs.runAll(app.clock.now());
    expect(await mailbox()).toEqual([]);
    const [work] = await app.orm.em.fork().getConnection().execute(
      `select (select count(*) from notification)::int as notifications,
              (select count(*) from email_delivery where status <> 'skipped')::int as emails,
              (select count(*) from webhook_deliveries)::int as webhooks`,
    );
    expect(work.notifications).toBeGreaterThan(20);
    expect(work).toMatchObject({ emails: 0, webhooks: 0 });

    // Every demo login works with the shared password; support has the support role.
    const support = result.accounts.find((a) => a.kind === 'support')!;
    const login = await app.rest('POST', '/auth/login', { email: support.email, password: DEMO_PASSWORD });
    expect(login.body.data.user.role).toBe('support');
    const creator = result.accounts.find((a) => a.kind === 'creator')!;
    const creatorLogin = await app.rest('POST', '/auth/login', { email: creator.email, password: DEMO_PASSWORD });
    const own = await app.rest('GET', '/users/streamer-profile', undefined, creatorLogin.body.data.tokens.accessToken);
    expect(own.body.data.display_name).toBe(creator.name);

    // The brand's inbox is not empty: it has talked with the creators of its upcoming collabs, and each answered.
    const brand = result.accounts.find((a) => a.kind === 'brand')!;
    const brandLogin = await app.rest('POST', '/auth/login', { email: brand.email, password: DEMO_PASSWORD });
    const inbox = await app.gql(
      `query { conversations(first: 20) { edges { node { unreadCount lastMessage { preview } } } } }`,
      {},
      brandLogin.body.data.tokens.accessToken,
    );
    expect(inbox.body.errors).toBeUndefined();
    const threads = inbox.body.data.conversations.edges.map((e: any) => e.node);
    expect(threads).toHaveLength(5);
    for (const t of threads) expect(t).toMatchObject({ unreadCount: 1, lastMessage: { preview: expect.stringMatching(/^Sounds great!/) } });

    // The public listing shows all creators, every platform, many time zones, ratings and free slots.
    const res = await app.gql(`query { creators(first: 20) { totalCount edges { node {
      displayName platforms timezone averageRating reviewCount totalBookings isAvailable nextFreeSlots(first: 1) { startTime } } } } }`);
    expect(res.body.errors).toBeUndefined();
    const nodes = res.body.data.creators.edges.map((e: any) => e.node);
    expect(res.body.data.creators.totalCount).toBe(12);
    expect(new Set(nodes.flatMap((n: any) => n.platforms))).toEqual(new Set(['TWITCH', 'YOUTUBE', 'TIKTOK', 'INSTAGRAM']));
    expect(new Set(nodes.map((n: any) => n.timezone)).size).toBeGreaterThanOrEqual(7);
    expect(nodes.filter((n: any) => n.reviewCount > 0).length).toBeGreaterThanOrEqual(10);
    expect(nodes.every((n: any) => n.averageRating >= 0 && n.averageRating <= 5 && n.totalBookings > 0)).toBe(true);
    expect(nodes.filter((n: any) => n.isAvailable).length).toBe(12);

    // Slots are whole local hours (Kolkata is UTC+05:30, so this catches UTC-aligned slots).
    const [{ id }] = await app.orm.em.fork().getConnection().execute(`select id from profiles where timezone = 'Asia/Kolkata'`);
    const slots = await app.orm.em.fork().getConnection().execute('select start_time from availability_slots where streamer_id = ?', [id]);
    expect(slots.length).toBeGreaterThan(20);
    for (const s of slots) {
      const local = DateTime.fromJSDate(new Date(s.start_time), { zone: 'Asia/Kolkata' });
      expect(local.minute).toBe(0);
      expect(local.hour).toBeGreaterThanOrEqual(10);
      expect(local.hour).toBeLessThan(18);
    }
    const [booked] = await app.orm.em.fork().getConnection().execute(
      `select count(*)::int as n, count(*) filter (where b.status = 'confirmed')::int as confirmed
       from availability_slots s join bookings b on b.id = s.booking_id where s.is_booked`,
    );
    expect(booked.n).toBeGreaterThan(0);
    expect(booked.confirmed).toBe(booked.n);

    // Upcoming bookings carry a captured card payment, so the brand can cancel one and be refunded.
    const upcoming = await app.orm.em.fork().getConnection().execute(
      `select b.id, b.total_cents, pi.status, pi.captured_cents from bookings b
       left join local_payment_intents pi on pi.id = b.payment_intent_id where b.status = 'confirmed'`,
    );
    expect(upcoming.length).toBeGreaterThan(0);
    for (const b of upcoming) expect(b).toMatchObject({ status: 'succeeded', captured_cents: b.total_cents });
    const cancelled = await app.gql(
      `mutation ($input: CancelBookingInput!) { cancelBooking(input: $input) { status paymentStatus refundCents totalCents } }`,
      { input: { bookingId: upcoming[0].id, reasonCode: 'PLANS_CHANGED' } },
      brandLogin.body.data.tokens.accessToken,
    );
    expect(cancelled.body.errors).toBeUndefined();
    expect(cancelled.body.data.cancelBooking).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUNDED', refundCents: upcoming[0].total_cents });

    // The brand's cancellation is new: the creator hears of it by e-mail, unlike the seeded history.
    await app.server.jobs.runAll(app.clock.now());
    const [{ streamer_email: creatorEmail }] = await app.orm.em.fork().getConnection().execute(
      'select u.email as streamer_email from bookings b join profiles p on p.id = b.streamer_id join users u on u.id = p.user_id where b.id = ?',
      [upcoming[0].id],
    );
    expect((await mailbox(creatorEmail)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Cancelled: /)]);

    const before = await counts();
    const again = await seedDemoData(app.orm, app.server.services, (m) => logs.push(m), app.clock);
    expect(again).toEqual({ seeded: false, password: DEMO_PASSWORD, accounts: [] });
    expect(await counts()).toEqual(before);
  });
});
