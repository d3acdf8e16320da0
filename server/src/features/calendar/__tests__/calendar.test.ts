import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { acceptedBooking, account, consecutive, creator, heldBooking, HOUR, hourFromNow, type Account, type Creator } from '../../bookings/__tests__/booking-fixtures';
import { mailTo, parseIcs } from '../../mail/__tests__/mail-helpers';
import { feedBookings } from '../booking-timeline';

let app: TestApp;
let brand: Account;
let star: Creator;

const FEED = /* GraphQL */ `query { calendarFeed { url includeFreeHours canIncludeFreeHours } }`;
const REGENERATE = /* GraphQL */ `mutation { regenerateCalendarFeed { url } }`;
const FREE_HOURS = /* GraphQL */ `mutation ($include: Boolean!) { setCalendarFeedFreeHours(include: $include) { url includeFreeHours } }`;
const CANCEL = /* GraphQL */ `mutation ($input: CancelBookingInput!) { cancelBooking(input: $input) { status } }`;

const feedUrl = async (who: Account) => {
  const res = await app.gql(FEED, {}, who.token);
  expect(res.body.errors).toBeUndefined();
  return res.body.data.calendarFeed as { url: string; includeFreeHours: boolean; canIncludeFreeHours: boolean };
};
/** The feed fetched like a calendar app does (no sign-in), at this server. */
const fetchFeed = (url: string) => fetch(url.replace(/^http:\/\/localhost:\d+/, app.url));
const notifications = (userId: string, type: string) =>
  app.orm.em.fork().getConnection().execute<{ id: string }[]>('select id from notification where user_id = ? and type = ?', [userId, type]);

beforeAll(async () => {
  app = await startTestApp();
  brand = await account(app, 'brand');
  star = await creator(app, consecutive(hourFromNow(app, 30), 30), { displayName: 'Nova Stream', timezone: 'Europe/Madrid' });
});
afterAll(() => app?.close());

describe('private calendar feed', () => {
  it("lists the user's upcoming confirmed bookings as valid iCalendar; regenerating makes the old URL 404", async () => {
    const start = hourFromNow(app, 30);
    const confirmed = await acceptedBooking(app, brand, star, start, 2);
    await heldBooking(app, brand, star, new Date(start.getTime() + 5 * HOUR)); // pending: not in the feed

    const feed = await feedUrl(brand);
    expect(feed.url).toMatch(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    expect(feed.canIncludeFreeHours).toBe(false);
    const res = await fetchFeed(feed.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const ics = parseIcs(await res.text());
    expect(ics.version).toBe('2.0');
    expect(ics.method).toBe('PUBLISH');
    expect(ics.events).toHaveLength(1);
    expect(ics.events[0]).toMatchObject({ uid: `booking-${confirmed.bookingId}@collabhub`, status: 'CONFIRMED', summary: 'Collab with Nova Stream', sequence: 0 });
    expect(ics.events[0].start.getTime()).toBe(start.getTime());
    expect(ics.events[0].end.getTime()).toBe(start.getTime() + 2 * HOUR);

    // The same URL until regenerated; then the old one is gone.
    expect((await feedUrl(brand)).url).toBe(feed.url);
    const regenerated = await app.gql(REGENERATE, {}, brand.token);
    const fresh = regenerated.body.data.regenerateCalendarFeed.url as string;
    expect(fresh).not.toBe(feed.url);
    expect((await fetchFeed(feed.url)).status).toBe(404);
    expect((await fetchFeed(fresh)).status).toBe(200);

    // A cancelled booking leaves the feed.
    await app.gql(CANCEL, { input: { bookingId: confirmed.bookingId, reasonCode: 'SCHEDULE_CONFLICT' } }, star.token);
    expect(parseIcs(await (await fetchFeed(fresh)).text()).events).toHaveLength(0);
  });

  it("shows a creator's free hours as tentative blocks when they ask for it (brands cannot)", async () => {
    const refused = await app.gql(FREE_HOURS, { include: true }, brand.token);
    expect(refused.body.errors[0]).toMatchObject({ message: 'includeFreeHours: only creators have free hours to show', extensions: { code: 'BAD_USER_INPUT' } });
    const res = await app.gql(FREE_HOURS, { include: true }, star.token);
    expect(res.body.data.setCalendarFeedFreeHours.includeFreeHours).toBe(true);
    const ics = parseIcs(await (await fetchFeed(res.body.data.setCalendarFeedFreeHours.url)).text());
    const free = ics.events.filter((e) => e.summary === 'Free for bookings');
    expect(free.length).toBeGreaterThan(0);
    expect(free.every((e) => e.status === 'TENTATIVE' && e.transp === 'TRANSPARENT')).toBe(true);
    // Back-to-back free hours are one block.
    expect(free.some((e) => e.end.getTime() - e.start.getTime() > HOUR)).toBe(true);
    const bad = await app.rest('PATCH', '/calendar-feed', { includeFreeHours: 'yes' }, star.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('includeFreeHours must be true or false');
  });
});

describe('reminders', () => {
  it('24 h and 1 h before a confirmed booking starts both parties get a reminder (inbox and e-mail), once each; none for a booking cancelled meanwhile', async () => {
    const reader = await account(app, 'brand');
    const start = hourFromNow(app, 48);
    const kept = await acceptedBooking(app, reader, star, start);
    const dropped = await acceptedBooking(app, reader, star, new Date(start.getTime() + HOUR));
    const remind = () => app.server.jobs.run('booking-reminders', app.clock.now());
    const sendMail = () => app.server.services.emailDelivery.runDue(app.clock.now());

    await remind();
    expect(await notifications(reader.userId, 'booking.reminder')).toHaveLength(0);
    await sendMail(); // the confirmations go out now, so the newest e-mail below is the reminder

    // 23 h 30 min before the first start: its 24-hour reminder.
    app.clock.set(new Date(start.getTime() - 23.5 * HOUR));
    await app.gql(CANCEL, { input: { bookingId: dropped.bookingId, reasonCode: 'SCHEDULE_CONFLICT' } }, reader.token);
    await remind();
    await remind(); // a second sweep adds nothing
    expect(await notifications(reader.userId, 'booking.reminder')).toHaveLength(1);
    expect(await notifications(star.userId, 'booking.reminder')).toHaveLength(1);
    await sendMail();
    // Sent in this batch: the reminder, and the reader's own cancellation (it carries the CANCEL invite).
    const batch = await mailTo(app, reader.email);
    expect(batch.some((m) => m.subject === 'You cancelled your booking with Nova Stream')).toBe(true);
    const mail = batch.find((m) => m.subject.startsWith('Reminder:'))!;
    expect(mail.subject).toBe('Reminder: your booking with Nova Stream starts in 24 hours');
    expect(mail.links).toContain(`${app.url.replace('127.0.0.1', 'localhost')}/dashboard?tab=bookings&booking=${kept.bookingId}`);
    expect((await mailTo(app, star.email)).some((m) => m.subject.startsWith('Reminder: your booking with'))).toBe(true);

    // 50 minutes before: the 1-hour reminder.
    app.clock.set(new Date(start.getTime() - 50 * 60_000));
    await remind();
    expect(await notifications(reader.userId, 'booking.reminder')).toHaveLength(2);
    await sendMail();
    expect((await mailTo(app, reader.email))[0].subject).toBe('Reminder: your booking with Nova Stream starts in 50 minutes');
    // The cancelled booking got none.
    const [count] = await app.orm.em.fork().getConnection().execute('select count(*)::int as n from booking_reminder where booking_id = ?', [dropped.bookingId]);
    expect(count.n).toBe(0);
  });
});

describe('the feed keeps past bookings', () => {
  it('a booking that took place stays in the feed (completed too) for 90 days after it ended, then leaves', async () => {
    const reader = await account(app, 'brand');
    const host = await creator(app, consecutive(hourFromNow(app, 30), 3), { displayName: 'Past Host', timezone: 'Europe/Madrid' });
    const start = hourFromNow(app, 30);
    const b = await acceptedBooking(app, reader, host, start);
    const feed = await feedUrl(reader);
    const events = async () => parseIcs(await (await fetchFeed(feed.url)).text()).events.filter((e) => e.uid === `booking-${b.bookingId}@collabhub`);
    expect(await events()).toHaveLength(1);

    // Three days after it ended nobody disputed it: auto-completed, and still in the reader's calendar as it happened.
    app.clock.set(new Date(start.getTime() + 3 * 24 * HOUR));
    await app.server.jobs.run('bookings-auto-complete', app.clock.now());
    const [row] = await app.orm.em.fork().getConnection().execute<{ status: string }[]>('select status from bookings where id = ?', [b.bookingId]);
    expect(row.status).toBe('auto_completed');
    const [kept] = await events();
    expect(kept).toMatchObject({ status: 'CONFIRMED', summary: 'Collab with Past Host' });
    expect(kept.start.getTime()).toBe(start.getTime());
    expect(kept.end.getTime()).toBe(start.getTime() + HOUR);

    // 89 days after its end it is still there; past 90 days it leaves.
    app.clock.set(new Date(start.getTime() + HOUR + 89 * 24 * HOUR));
    expect(await events()).toHaveLength(1);
    app.clock.set(new Date(start.getTime() + HOUR + 91 * 24 * HOUR));
    expect(await events()).toHaveLength(0);
  });
});

describe('a busy calendar past the feed limit', () => {
  it('keeps every booking still to come and the most recent past ones; the oldest past ones are left out', async () => {
    const reader = await account(app, 'brand');
    const start = hourFromNow(app, 30);
    const host = await creator(app, consecutive(start, 5), { displayName: 'Busy Host', timezone: 'Europe/Madrid' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await acceptedBooking(app, reader, host, new Date(start.getTime() + i * HOUR))).bookingId);

    // Half way through the third session: two took place, one is on, two are to come.
    const now = new Date(start.getTime() + 2.5 * HOUR);
    const feed = async (limit: number) => (await feedBookings(app.orm.em.fork(), reader.userId, now, limit)).map((b) => b.bookingId);
    expect(await feed(10)).toEqual(ids);
    // One more than the limit: the oldest past session is the one cut, in start order as before.
    expect(await feed(4)).toEqual(ids.slice(1));
    // Fewer than those still to come and the one on: the past ones go first, none that is to come.
    expect(await feed(3)).toEqual(ids.slice(2));
    expect(await feed(2)).toEqual(ids.slice(2, 4));
  });
});
