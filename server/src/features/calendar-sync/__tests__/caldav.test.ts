import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { acceptedBooking, account, creator, HOUR, type Creator } from '../../bookings/__tests__/booking-fixtures';
import { vcalendar, vevent } from './ics-fixtures';
import { startRadicale, type Radicale } from './radicale';

/** CalDAV through the real stack against Debian's Radicale, started by this test on 127.0.0.1. */
let app: TestApp;
let dav: Radicale;
const NOW = new Date('2026-06-01T08:00:00Z');
const at = (h: number) => new Date(Date.UTC(2026, 5, 2, h));

beforeAll(async () => {
  app = await startTestApp();
  app.clock.set(NOW);
  dav = await startRadicale();
});
afterAll(async () => {
  await dav?.stop();
  await app?.close();
});

const freeStarts = async (c: Creator) => {
  const res = await app.rest('GET', `/availability/slots/${c.profileId}?from=2026-06-02T00:00:00Z&to=2026-06-03T00:00:00Z`);
  return res.body.data.slots.map((s: any) => new Date(s.start_time).getUTCHours());
};

describe('connected CalDAV calendars (tsdav against Radicale)', () => {
  it('finds the named calendar, blocks its busy events, costs one PROPFIND when unchanged, follows changes, and never shows the password', async () => {
    const c = await creator(app, [9, 10, 11, 12, 13].map(at));
    await dav.makeCalendar('personal');
    const work = await dav.makeCalendar('streams');
    expect(await dav.put(work, 'live.ics', vcalendar(vevent({ uid: 'live-1', start: 'TZID=Europe/Berlin:20260602T120000', end: 'TZID=Europe/Berlin:20260602T130000' })))).toBe(201);
    expect(await dav.put(work, 'lunch.ics', vcalendar(vevent({ uid: 'lunch', start: '20260602T120000Z', end: '20260602T130000Z', extra: ['TRANSP:TRANSPARENT'] })))).toBe(201);

    const created = await app.rest('POST', '/calendar-connections', { kind: 'caldav', url: dav.url, username: dav.user, password: dav.password, calendar: 'streams' }, c.token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ kind: 'caldav', last_error: null, busy_count: 1, calendar: 'streams' });
    expect(JSON.stringify(created.body)).not.toContain(dav.password);
    const stored = await app.orm.em.fork().getConnection().execute('select secret from calendar_connections where id = ?', [created.body.data.id]);
    expect(stored[0].secret).toMatch(/^v1\./);
    expect(stored[0].secret).not.toContain(dav.password);
    expect(await freeStarts(c)).toEqual([9, 11, 12, 13]); // 12:00 Berlin (CEST) = 10:00 UTC

    const before = dav.requests.length;
    const unchanged = await app.rest('POST', `/calendar-connections/${created.body.data.id}/sync`, undefined, c.token);
    expect(unchanged.body.data.last_error).toBeNull();
    expect(dav.requests.slice(before).map((r) => r.method)).toEqual(['PROPFIND']);

    expect(await dav.put(work, 'late.ics', vcalendar(vevent({ uid: 'late', start: '20260602T130000Z', end: '20260602T140000Z' })))).toBe(201);
    await dav.remove(work, 'live.ics');
    await app.rest('POST', `/calendar-connections/${created.body.data.id}/sync`, undefined, c.token);
    expect(await freeStarts(c)).toEqual([9, 10, 11, 12]);
  });

  it('write-back: a confirmed booking becomes an event with the invite\'s UID and SEQUENCE, follows a move (SEQUENCE raised) and is removed on cancel', async () => {
    const c = await creator(app, [at(15), at(17)]);
    const collabs = await dav.makeCalendar('collabs');
    const made = await app.rest('POST', '/calendar-connections', { kind: 'caldav', url: collabs, username: dav.user, password: dav.password, write_back: true }, c.token);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.write_back).toBe(true);
    const brand = await account(app);
    const { bookingId } = await acceptedBooking(app, brand, c, at(15));
    await app.server.jobs.runAll(app.clock.now());
    const object = `${collabs}${encodeURIComponent(`booking-${bookingId}@collabhub`)}.ics`;
    const first = await dav.get(object);
    expect(first.status, first.body).toBe(200);
    expect(first.body).toContain(`UID:booking-${bookingId}@collabhub`);
    expect(first.body).toMatch(/SEQUENCE:0/);
    expect(first.body).toContain('DTSTART:20260602T150000Z');
    expect(first.body).not.toMatch(/^METHOD:/m);

    const proposed = await app.gql(
      'mutation ($input: ProposeBookingTimeInput!) { proposeBookingTime(input: $input) { id } }',
      { input: { bookingId, startTime: at(17).toISOString(), endTime: new Date(at(17).getTime() + HOUR).toISOString() } },
      brand.token,
    );
    expect(proposed.body.errors).toBeUndefined();
    const answered = await app.gql('mutation ($input: RespondToProposedTimeInput!) { respondToProposedTime(input: $input) { id } }', { input: { messageId: proposed.body.data.proposeBookingTime.id, accept: true } }, c.token);
    expect(answered.body.errors).toBeUndefined();
    await app.server.jobs.runAll(app.clock.now());
    const moved = await dav.get(object);
    expect(moved.body).toMatch(/SEQUENCE:1/);
    expect(moved.body).toContain('DTSTART:20260602T170000Z');

    const cancelled = await app.gql('mutation ($id: ID!) { cancelBooking(input: { bookingId: $id, reason: "Sick" }) { status } }', { id: bookingId }, c.token);
    expect(cancelled.body.errors).toBeUndefined();
    await app.server.jobs.runAll(app.clock.now());
    expect((await dav.get(object)).status).toBe(404);
  });

  it('a wrong password is a sync error that keeps nothing busy and says why; the GraphQL mirror lists it', async () => {
    const c = await creator(app, [at(9)]);
    const res = await app.gql(
      'mutation ($input: ConnectCalendarInput!) { connectCalendar(input: $input) { id lastError lastSyncedAt } }',
      { input: { kind: 'caldav', url: dav.url, username: dav.user, password: 'wrong-password' } },
      c.token,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.connectCalendar.lastSyncedAt).toBeNull();
    expect(res.body.data.connectCalendar.lastError).toMatch(/401|nauthori|credentials|calendar/i);
    expect(await freeStarts(c)).toEqual([9]);
    void account;
  });
});
