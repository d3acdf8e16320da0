import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account, creator, HOUR, type Creator } from '../../bookings/__tests__/booking-fixtures';
import { startFeedServer, type FeedServer } from './feed-server';
import { vcalendar, vevent } from './ics-fixtures';

/**
 * iCalendar feeds through the real stack: a real HTTP server serves the feed, the creator connects
 * it over REST, its busy times leave the public slot list and checkout refuses them; an unchanged
 * feed costs one conditional request; a feed that goes down keeps the last good busy times.
 */
let app: TestApp;
let feed: FeedServer;
const NOW = new Date('2026-06-01T08:00:00Z');
const at = (h: number) => new Date(Date.UTC(2026, 5, 2, h)); // 2 June 2026, h:00 UTC

beforeAll(async () => {
  app = await startTestApp();
  app.clock.set(NOW);
  feed = await startFeedServer(vcalendar());
});
afterAll(async () => {
  await feed?.close();
  await app?.close();
});

const freeStarts = async (c: Creator) => {
  const res = await app.rest('GET', `/availability/slots/${c.profileId}?from=2026-06-02T00:00:00Z&to=2026-06-03T00:00:00Z`);
  expect(res.status).toBe(200);
  return res.body.data.slots.map((s: any) => new Date(s.start_time).getUTCHours());
};

describe('connected iCalendar feeds', () => {
  it("busy events leave the slot list, the cards' next free slots and checkout (409 CONFLICT); removing the feed gives the hours back", async () => {
    const c = await creator(app, [9, 10, 11, 12, 13, 14].map(at));
    const brand = await account(app);
    feed.set(vcalendar(
      vevent({ uid: 'stream', start: '20260602T100000Z', end: '20260602T113000Z', summary: 'Live on Twitch' }),
      vevent({ uid: 'free', start: '20260602T130000Z', end: '20260602T140000Z', extra: ['TRANSP:TRANSPARENT'] }),
    ), '"a"');
    expect(await freeStarts(c)).toEqual([9, 10, 11, 12, 13, 14]);

    const created = await app.rest('POST', '/calendar-connections', { kind: 'ics', url: feed.url }, c.token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ kind: 'ics', url: feed.url, last_error: null, busy_count: 1 });
    expect(Math.abs(new Date(created.body.data.last_synced_at).getTime() - NOW.getTime())).toBeLessThan(60_000);
    expect(created.body.data).not.toHaveProperty('password');

    expect(await freeStarts(c)).toEqual([9, 12, 13, 14]);
    const cards = await app.gql(`query ($id: ID!) { creator(id: $id) { isAvailable nextFreeSlots(first: 3) { startTime } } }`, { id: c.profileId });
    expect(cards.body.data.creator.nextFreeSlots.map((s: any) => s.startTime)).toEqual([at(9), at(12), at(13)].map((d) => d.toISOString()));

    const refused = await app.gql(
      `mutation ($input: CreateBookingCheckoutInput!) { createBookingCheckout(input: $input) { booking { id } } }`,
      { input: { creatorId: c.profileId, startTime: at(10).toISOString(), endTime: at(11).toISOString() } },
      brand.token,
    );
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    const viaRest = await app.rest('POST', '/bookings', { streamerId: c.profileId, startTime: at(11).toISOString(), endTime: at(12).toISOString() }, brand.token);
    expect(viaRest.status).toBe(409);

    const list = await app.rest('GET', '/calendar-connections', undefined, c.token);
    expect(list.body.data.map((x: any) => x.id)).toEqual([created.body.data.id]);
    const removed = await app.rest('DELETE', `/calendar-connections/${created.body.data.id}`, undefined, c.token);
    expect(removed.status).toBe(200);
    expect(await freeStarts(c)).toEqual([9, 10, 11, 12, 13, 14]);
  });

  it('an unchanged feed costs one conditional GET (304); a changed one is read again; a feed that goes down keeps its last good busy times and says why', async () => {
    const c = await creator(app, [9, 10, 11, 12].map(at));
    feed.set(vcalendar(vevent({ uid: 'x', start: '20260602T090000Z', end: '20260602T100000Z' })), '"etag-1"');
    const created = await app.rest('POST', '/calendar-connections', { kind: 'ics', url: feed.url }, c.token);
    const id = created.body.data.id;
    expect(await freeStarts(c)).toEqual([10, 11, 12]);

    const before = feed.requests.length;
    const again = await app.rest('POST', `/calendar-connections/${id}/sync`, undefined, c.token);
    expect(again.status).toBe(200);
    expect(feed.requests.length - before).toBe(1);
    expect(feed.requests.at(-1)?.ifNoneMatch).toBe('"etag-1"');
    expect(feed.notModified).toBeGreaterThanOrEqual(1);
    expect(again.body.data.last_error).toBeNull();

    feed.set(vcalendar(vevent({ uid: 'x', start: '20260602T110000Z', end: '20260602T120000Z' })), '"etag-2"');
    await app.rest('POST', `/calendar-connections/${id}/sync`, undefined, c.token);
    expect(await freeStarts(c)).toEqual([9, 10, 12]);

    feed.down(503);
    const failed = await app.rest('POST', `/calendar-connections/${id}/sync`, undefined, c.token);
    expect(failed.status).toBe(200);
    expect(failed.body.data.last_error).toMatch(/503/);
    expect(await freeStarts(c)).toEqual([9, 10, 12]); // the last good set stays

    // The schedule: the job syncs it again once its retry time is up.
    feed.set(vcalendar(), '"etag-3"');
    app.clock.advance(10 * 60_000);
    await app.server.jobs.runAll(app.clock.now());
    const listed = await app.rest('GET', '/calendar-connections', undefined, c.token);
    expect(listed.body.data.find((x: any) => x.id === id)).toMatchObject({ last_error: null, busy_count: 0 });
    app.clock.set(NOW);
    expect(await freeStarts(c)).toEqual([9, 10, 11, 12]);
  });

  it('bad input is a 400 naming the field and stores nothing; only a creator connects; others cannot sync or remove it', async () => {
    const c = await creator(app);
    const bad = await app.rest('POST', '/calendar-connections', { kind: 'google', url: feed.url }, c.token);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('kind');
    const badUrl = await app.rest('POST', '/calendar-connections', { kind: 'ics', url: 'ftp://example.test/x.ics' }, c.token);
    expect(badUrl.status).toBe(400);
    expect(JSON.stringify(badUrl.body)).toMatch(/url/);
    const noPassword = await app.rest('POST', '/calendar-connections', { kind: 'caldav', url: 'http://127.0.0.1:1/', username: 'a' }, c.token);
    expect(noPassword.status).toBe(400);
    expect(JSON.stringify(noPassword.body)).toMatch(/password/);
    expect((await app.rest('GET', '/calendar-connections', undefined, c.token)).body.data).toEqual([]);

    const brand = await account(app);
    expect((await app.rest('POST', '/calendar-connections', { kind: 'ics', url: feed.url }, brand.token)).status).toBe(403);
    const mine = await app.rest('POST', '/calendar-connections', { kind: 'ics', url: feed.url }, c.token);
    const other = await creator(app);
    expect((await app.rest('POST', `/calendar-connections/${mine.body.data.id}/sync`, undefined, other.token)).status).toBe(404);
    expect((await app.rest('DELETE', `/calendar-connections/${mine.body.data.id}`, undefined, other.token)).status).toBe(404);
  });

  it('the REST answer and the GraphQL mirror agree', async () => {
    const c = await creator(app, [at(15)]);
    feed.set(vcalendar(vevent({ uid: 'g', start: '20260602T150000Z', end: '20260602T160000Z' })), '"g1"');
    const res = await app.gql(`mutation ($input: ConnectCalendarInput!) { connectCalendar(input: $input) { id kind url lastSyncedAt lastError busyCount } }`, { input: { kind: 'ics', url: feed.url } }, c.token);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.connectCalendar).toMatchObject({ kind: 'ics', url: feed.url, lastError: null, busyCount: 1 });
    const listed = await app.gql('{ calendarConnections { id } }', {}, c.token);
    expect(listed.body.data.calendarConnections.map((x: any) => x.id)).toEqual([res.body.data.connectCalendar.id]);
    expect(await freeStarts(c)).toEqual([]);
    void HOUR;
  });
});
