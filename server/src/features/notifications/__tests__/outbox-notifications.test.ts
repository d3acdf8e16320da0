import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { subscribe, untilListening, within } from '../../../../test/ws';
import { account, consecutive, creator, heldBooking, HOUR, hourFromNow, type Account, type Creator } from '../../bookings/__tests__/booking-fixtures';
import { samplePayload } from '../../../../test/outbox-samples';

/** A reminder's payload for events published by hand (the mechanics under test do not read it). */
const reminder = (minutesUntilStart = 60) => samplePayload('booking.reminder', { minutesUntilStart });

let app: TestApp;
let brand: Account;
let star: Creator;
let next = 30;

beforeAll(async () => {
  app = await startTestApp();
  brand = await account(app, 'brand');
  star = await creator(app, consecutive(hourFromNow(app, 30), 40));
});
afterAll(() => app.close());

const nextHour = () => new Date(hourFromNow(app, 0).getTime() + next++ * HOUR);

const NOTIFICATIONS = /* GraphQL */ `
  query ($first: Int, $after: String) {
    unreadNotificationCount
    notifications(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { id type text bookingId conversationId readAt createdAt } } }
  }`;
const MARK_READ = /* GraphQL */ `mutation ($input: MarkNotificationsReadInput!) { markNotificationsRead(input: $input) }`;

const inbox = async (who: Account, vars: Record<string, unknown> = {}) => {
  const res = await app.gql(NOTIFICATIONS, vars, who.token);
  expect(res.body.errors).toBeUndefined();
  return res.body.data as { unreadNotificationCount: number; notifications: { totalCount: number; pageInfo: any; edges: { node: any }[] } };
};
const rows = (sql: string, params: unknown[] = []) => app.orm.em.fork().getConnection().execute(sql, params);

describe('the outbox', () => {
  it('a transaction that rolls back leaves no event, no notification and wakes nobody', async () => {
    const woken: string[] = [];
    const stop = app.server.deps.outbox.onCommitted((e) => woken.push(e.id));
    let eventId = '';
    await expect(
      app.orm.em.fork().transactional(async (em) => {
        const event = await app.server.deps.outbox.publish(em, {
          topic: 'booking.reminder',
          aggregateId: 'rolled-back',
          audienceUserIds: [brand.userId],
          payload: reminder(),
        });
        eventId = event.id;
        // Inside the transaction the consumer already wrote its row…
        expect(await em.execute('select count(*)::int as n from notification where event_id = ?', [event.id])).toEqual([{ n: 1 }]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // …and the rollback took both away.
    expect(await rows('select id from outbox_event where id = ?', [eventId])).toEqual([]);
    expect(await rows('select id from notification where event_id = ?', [eventId])).toEqual([]);
    await new Promise((r) => setTimeout(r, 100));
    expect(woken).not.toContain(eventId);
    stop();
  });

  it('a committed event gives one notification per concerned user, never to its actor, never twice, and wakes consumers after commit', async () => {
    const other = await account(app, 'brand');
    const woken: string[] = [];
    const stop = app.server.deps.outbox.onCommitted((e) => woken.push(e.id));
    const event = await app.orm.em.fork().transactional((em) =>
      app.server.deps.outbox.publish(em, {
        topic: 'booking.reminder',
        aggregateId: 'a-booking',
        actorUserId: other.userId,
        audienceUserIds: [brand.userId, other.userId, brand.userId],
        payload: reminder(0),
      }),
    );
    await within(2000, () => woken.includes(event.id));
    stop();
    expect(await rows('select user_id from notification where event_id = ?', [event.id])).toEqual([{ user_id: brand.userId }]);
    // A consumer run again on the same event (a replay) adds nothing: unique (event, user).
    // (Its statement reads the event from `ev`, the outbox row: here the stored one.)
    const part = app.server.services.notifications.consumer().statement!(event)!;
    await app.orm.em.fork().getConnection().execute(`with ev as (select * from outbox_event where id = ?) ${part.sql}`, [event.id, ...part.params]);
    expect(await rows('select count(*)::int as n from notification where event_id = ?', [event.id])).toEqual([{ n: 1 }]);
  });
});

describe('booking moves notify the parties', () => {
  it('a paid request notifies the creator; accepting it notifies the booker (not the creator who acted) and reads the request in the creator\'s bell', async () => {
    const beforeCreator = (await inbox(star)).unreadNotificationCount;
    const beforeBrand = (await inbox(brand)).unreadNotificationCount;
    const { bookingId } = await heldBooking(app, brand, star, nextHour());
    const creatorInbox = await inbox(star);
    expect(creatorInbox.unreadNotificationCount).toBe(beforeCreator + 1);
    expect(creatorInbox.notifications.edges[0].node).toMatchObject({ type: 'booking.created', bookingId, readAt: null });
    expect(creatorInbox.notifications.edges[0].node.text).toMatch(/^New booking request from /);

    const accepted = await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { status } }`, { id: bookingId }, star.token);
    expect(accepted.body.errors).toBeUndefined();
    const brandInbox = await inbox(brand);
    // The confirmation, and the payment captured with it (the receipt).
    expect(brandInbox.unreadNotificationCount).toBe(beforeBrand + 2);
    expect(brandInbox.notifications.edges.slice(0, 2).map((e: any) => e.node.type).sort()).toEqual(['booking.confirmed', 'payment.captured']);
    expect(brandInbox.notifications.edges.find((e: any) => e.node.type === 'booking.confirmed')!.node).toMatchObject({ bookingId });
    // Acting on the request answered it: its bell item is read (the creator's count is back where it was).
    expect((await inbox(star)).unreadNotificationCount).toBe(beforeCreator);
    const [{ n }] = await rows(`select count(*)::int as n from outbox_event where booking_id = ? and topic = 'booking.confirmed'`, [bookingId]);
    expect(n).toBe(1);
  });

  it('a declined request is one event and one notification for the booker; the reason travels in the payload', async () => {
    const { bookingId } = await heldBooking(app, brand, star, nextHour());
    const res = await app.gql(`mutation ($id: ID!) { declineBooking(bookingId: $id, reason: "Fully booked") { status } }`, { id: bookingId }, star.token);
    expect(res.body.errors).toBeUndefined();
    const events = await rows(`select topic, payload from outbox_event where booking_id = ? order by seq`, [bookingId]);
    expect(events.map((e: any) => e.topic)).toEqual(['booking.created', 'booking.declined']);
    expect(events[1].payload).toMatchObject({ reason: 'Fully booked', bookingId });
    // No amount travels in an event: whoever tells one reads the ledger when it renders.
    expect(Object.keys(events[1].payload).filter((k) => k.endsWith('Cents'))).toEqual([]);
    expect(await rows(`select user_id from notification n join outbox_event e on e.id = n.event_id where e.booking_id = ? and e.topic = 'booking.declined'`, [bookingId])).toEqual([
      { user_id: brand.userId },
    ]);
  });

  it('the expiring-request sweep tells the creator once, 24 hours before the request lapses', async () => {
    const start = new Date(hourFromNow(app, 0).getTime() + 20 * HOUR);
    const soon = await creator(app, [start]);
    const { bookingId } = await heldBooking(app, brand, soon, start);
    await app.server.services.bookingTimers.announceExpiringRequests(app.clock.now());
    await app.server.services.bookingTimers.announceExpiringRequests(app.clock.now());
    const told = await rows(`select n.user_id from notification n join outbox_event e on e.id = n.event_id where e.booking_id = ? and e.topic = 'booking.expiring'`, [bookingId]);
    expect(told).toEqual([{ user_id: soon.userId }]);
  });
});

describe('the inbox', () => {
  it('pages newest first, marks read by id or all, and only the owner’s rows', async () => {
    const reader = await account(app, 'brand');
    const publish = (n: number) =>
      app.orm.em.fork().transactional((em) =>
        app.server.deps.outbox.publish(em, { topic: 'booking.reminder', aggregateId: `r${n}`, audienceUserIds: [reader.userId], payload: reminder(n) }),
      );
    for (let i = 0; i < 5; i++) await publish(i);
    const first = await inbox(reader, { first: 2 });
    expect(first.notifications.totalCount).toBe(5);
    expect(first.notifications.pageInfo.hasNextPage).toBe(true);
    const second = await inbox(reader, { first: 2, after: first.notifications.pageInfo.endCursor });
    const third = await inbox(reader, { first: 2, after: second.notifications.pageInfo.endCursor });
    const ids = [...first.notifications.edges, ...second.notifications.edges, ...third.notifications.edges].map((e) => e.node.id);
    expect(new Set(ids).size).toBe(5);
    const times = [...first.notifications.edges, ...second.notifications.edges].map((e) => Date.parse(e.node.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // Someone else's ids are ignored.
    const stranger = await app.gql(MARK_READ, { input: { ids } }, brand.token);
    expect(stranger.body.errors).toBeUndefined();
    expect((await inbox(reader)).unreadNotificationCount).toBe(5);

    const one = await app.gql(MARK_READ, { input: { ids: [ids[0]] } }, reader.token);
    expect(one.body.data.markNotificationsRead).toBe(4);
    const rest = await app.rest('POST', '/notifications/read', { all: true }, reader.token);
    expect(rest.status).toBe(200);
    expect((await app.rest('GET', '/notifications/unread-count', undefined, reader.token)).body).toEqual({ success: true, data: { count: 0 } });
    const list = await app.rest('GET', '/notifications', undefined, reader.token);
    expect(list.body.data).toHaveLength(5);
    expect(list.body.data[0]).toMatchObject({ type: 'booking.reminder', booking_id: null, conversation_id: null });
    expect(list.body.data[0].read_at).not.toBeNull();
  });

  it('marking read needs ids, a booking or all, and a sign-in', async () => {
    const bad = await app.rest('POST', '/notifications/read', {}, brand.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Give ids (the notifications to mark read), bookingId (every one about that booking) or all: true');
    expect((await app.rest('GET', '/notifications')).status).toBe(401);
  });

  it('notificationAdded brings a new notification live to its recipient only', async () => {
    const them = await account(app, 'brand');
    const mine = subscribe(app.url, 'subscription { notificationAdded { id type text bookingId } }', {}, brand.token);
    const theirs = subscribe(app.url, 'subscription { notificationAdded { id type } }', {}, them.token);
    // The creator who accepts gets the invite by e-mail (their actor's copy) but nothing in the bell.
    const actorBell = subscribe(app.url, 'subscription { notificationAdded { id type bookingId } }', {}, star.token);
    const probe = (who: Account) => () =>
      app.orm.em.fork().transactional((em) => app.server.deps.outbox.publish(em, { topic: 'booking.reminder', aggregateId: 'probe', audienceUserIds: [who.userId], payload: reminder() })).then(() => {});
    await untilListening(mine, probe(brand));
    await untilListening(theirs, probe(them));
    await untilListening(actorBell, probe(star));
    const { bookingId } = await heldBooking(app, brand, star, nextHour());
    await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { status } }`, { id: bookingId }, star.token);
    // The confirmation and the payment's receipt, both live.
    await within(3000, () => mine.events.length === 2);
    expect(mine.events.map((e: any) => e.data.notificationAdded.type).sort()).toEqual(['booking.confirmed', 'payment.captured']);
    expect(mine.events.find((e: any) => e.data.notificationAdded.type === 'booking.confirmed').data.notificationAdded).toMatchObject({ bookingId });
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.events).toEqual([]);
    expect(actorBell.events.map((e: any) => e.data.notificationAdded.type)).not.toContain('booking.confirmed');
    const [{ n }] = await rows(`select count(*)::int as n from notification where booking_id = ? and user_id = ? and type = 'booking.confirmed' and actor_copy and read_at is not null`, [bookingId, star.userId]);
    expect(n).toBe(1);
    await mine.close();
    await theirs.close();
    await actorBell.close();
  });
});

describe('not partner data', () => {
  it('an API key cannot read its owner’s notifications or conversations (FORBIDDEN on GraphQL, 403 on REST)', async () => {
    const made = await app.gql(`mutation { createApiKey(input: { name: "agency" }) { secret } }`, {}, brand.token);
    expect(made.body.errors).toBeUndefined();
    const secret = made.body.data.createApiKey.secret as string;
    const viaKey = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': secret },
      body: JSON.stringify({ query: '{ unreadNotificationCount }' }),
    }).then((r) => r.json());
    expect(viaKey.errors[0].extensions.code).toBe('FORBIDDEN');
    const rest = await fetch(`${app.url}/api/v1/conversations`, { headers: { 'x-api-key': secret } });
    expect(rest.status).toBe(403);
  });
});
