import type { AddressInfo } from 'node:net';
import { createClient, type Client } from 'graphql-ws';
import pino from 'pino';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const originalQuery = pg.Client.prototype.query;
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createServer, type AppServer } from '../../../app/server';
import type { EventBus } from '../../../platform/shared/events';
import { APPLICATION_NAME } from '../../../platform/shared/events-postgres';
import { account, checkout, consecutive, creator, heldBooking, HOUR, hourFromNow, type Account } from './booking-fixtures';
import { initOrm } from '../../../app/init-orm';

/** A graphql-ws subscription over a real WebSocket, collecting what arrives. */
interface Sub {
  events: any[];
  errors: any[];
  close(): Promise<void>;
}

function subscribe(url: string, query: string, variables: Record<string, unknown> = {}, token?: string): Sub {
  const client: Client = createClient({
    url: url.replace(/^http/, 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: false,
  });
  const sub: Sub = {
    events: [],
    errors: [],
    close: async () => {
      await client.dispose();
    },
  };
  client.subscribe({ query, variables }, {
    next: (v) => sub.events.push(v),
    error: (e) => sub.errors.push(e),
    complete: () => {},
  });
  return sub;
}

/** Waits (polling, no fixed sleep) until `done` holds or a second passes. */
async function within(ms: number, done: () => boolean): Promise<void> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Subscriptions start listening a moment after the socket opens; instead of sleeping we publish
 * a harmless probe until the subscriber sees it, then forget it.
 */
async function untilListening(sub: Sub, probe: () => Promise<void>): Promise<void> {
  const until = Date.now() + 5000;
  while (sub.events.length === 0 && sub.errors.length === 0) {
    if (Date.now() > until) throw new Error('subscription never started');
    await probe();
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(sub.errors).toEqual([]);
  sub.events.length = 0;
}

/** Waits until the server has run no SQL for `quietMs` (deliveries still in flight have finished). */
async function untilNoStatementFor(app: TestApp, quietMs: number): Promise<void> {
  const until = Date.now() + 5000;
  for (let seen = -1; seen !== app.queries.length; ) {
    if (Date.now() > until) throw new Error('the server never went quiet');
    seen = app.queries.length;
    await new Promise((r) => setTimeout(r, quietMs));
  }
}

const BOOKING_UPDATED = `subscription { bookingUpdated { id status paymentStatus viewerRole availableActions } }`;
const BOOKING_UPDATED_DETAILS = `subscription { bookingUpdated { id bookingDetails } }`;
/** Everything the dashboard's booking card shows (client: BookingCard_booking). */
const FULL_CARD = `id creatorId bookerId startTime endTime totalHours hourlyRateCents totalCents feeCents creatorAmountCents
  refundCents status paymentStatus paymentIntentId bookingDetails creatorConfirmed bookerConfirmed confirmationDeadline
  cancellationReason cancelledAt completedAt createdAt viewerRole availableActions
  creator { id userId displayName profileImageUrl platforms } booker { id name email }
  dispute { id kind reason evidence respondentStatement openedBy resolution refundCents resolutionNote createdAt resolvedAt }`;
const SLOTS_CHANGED = `subscription ($id: ID!) { slotsChanged(creatorId: $id) { creatorId } }`;

async function startSecondInstance(app: TestApp): Promise<{ server: AppServer; url: string; close(): Promise<void> }> {
  const orm = await initOrm({ clientUrl: app.config.DATABASE_URL! });
  const server = await createServer({ config: app.config, orm, clock: app.clock, logger: pino({ level: 'silent' }) });
  await new Promise<void>((resolve) => server.httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = server.httpServer.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      await orm.close(true);
    },
  };
}

/** Probe for a user: a bookingUpdated event for one of their own bookings. */
const probeFor = (bus: EventBus, bookingId: string, user: Account) => () => bus.publish('bookingUpdated', { bookingId, partyUserIds: [user.userId] });

describe('live updates over graphql-ws', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a party hears about every change of their booking; another user hears nothing of it', async () => {
    const start = hourFromNow(app, 48);
    const c = await creator(app, consecutive(start, 2));
    const brand = await account(app);
    const other = await account(app);
    const own = await checkout(app, brand, c, start);
    const othersOwn = await checkout(app, other, c, new Date(start.getTime() + HOUR));
    const bus = app.server.deps.events;

    const brandSub = subscribe(app.url, BOOKING_UPDATED, {}, brand.token);
    const otherSub = subscribe(app.url, BOOKING_UPDATED_DETAILS, {}, other.token);
    const creatorSub = subscribe(app.url, BOOKING_UPDATED, {}, c.token);
    try {
      await untilListening(brandSub, probeFor(bus, own.bookingId, brand));
      await untilListening(otherSub, probeFor(bus, othersOwn.bookingId, other));
      await untilListening(creatorSub, probeFor(bus, own.bookingId, c));

      // The brand pays: both parties see pending/held, each with their own moves.
      await app.rest('POST', `/local-payments/${own.paymentIntentId}/confirm`, { cardNumber: '4242424242424242' }, brand.token);
      const held = (e: any) => e.data.bookingUpdated.paymentStatus === 'HELD';
      await within(1000, () => brandSub.events.some(held) && creatorSub.events.some(held));
      expect(brandSub.events.find(held).data.bookingUpdated).toEqual({
        id: own.bookingId, status: 'PENDING', paymentStatus: 'HELD', viewerRole: 'BOOKER', availableActions: ['CANCEL'],
      });
      expect(creatorSub.events.find(held).data.bookingUpdated).toMatchObject({ id: own.bookingId, viewerRole: 'CREATOR', availableActions: ['ACCEPT', 'DECLINE', 'PROPOSE_TIME'] });

      // The creator accepts: the brand hears it within a second.
      await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { id } }`, { id: own.bookingId }, c.token);
      await within(1000, () => brandSub.events.some((e) => e.data.bookingUpdated.status === 'CONFIRMED'));

      // A forged event naming the other user as a party is still checked against the database.
      await bus.publish('bookingUpdated', { bookingId: own.bookingId, partyUserIds: [other.userId] });
      // The other user's stream carried nothing about this booking: flush it with their own (marked) probe and look.
      await app.orm.em.fork().getConnection().execute(`update bookings set booking_details = 'flush' where id = ?`, [othersOwn.bookingId]);
      await probeFor(bus, othersOwn.bookingId, other)();
      await within(1000, () => otherSub.events.some((e) => e.data.bookingUpdated.bookingDetails === 'flush'));
      expect(otherSub.events.every((e) => e.data.bookingUpdated.id === othersOwn.bookingId)).toBe(true);
      expect(otherSub.errors).toEqual([]);
    } finally {
      await Promise.all([brandSub.close(), otherSub.close(), creatorSub.close()]);
    }
  });

  it('a delivered card is field for field the card the booking query answers the same party', async () => {
    const start = hourFromNow(app, 120);
    const c = await creator(app, consecutive(start, 1));
    const brand = await account(app);
    const own = await heldBooking(app, brand, c, start);
    const bus = app.server.deps.events;
    const brandSub = subscribe(app.url, `subscription { bookingUpdated { ${FULL_CARD} } }`, {}, brand.token);
    const creatorSub = subscribe(app.url, `subscription { bookingUpdated { ${FULL_CARD} } }`, {}, c.token);
    try {
      await untilListening(brandSub, probeFor(bus, own.bookingId, brand));
      await untilListening(creatorSub, probeFor(bus, own.bookingId, c));
      await app.gql(`mutation ($id: ID!) { cancelBooking(input: { bookingId: $id, reason: "Plans changed" }) { id } }`, { id: own.bookingId }, brand.token);
      const cancelled = (e: any) => e.data.bookingUpdated.status === 'CANCELLED';
      await within(1000, () => brandSub.events.some(cancelled) && creatorSub.events.some(cancelled));
      for (const [sub, party] of [[brandSub, brand], [creatorSub, c]] as const) {
        const card = sub.events.find(cancelled).data.bookingUpdated;
        const queried = await app.gql(`query ($id: ID!) { booking(id: $id) { ${FULL_CARD} } }`, { id: own.bookingId }, party.token);
        expect(card).toEqual(queried.body.data.booking);
        expect(card).toMatchObject({ cancellationReason: 'Plans changed', paymentStatus: 'VOIDED', creator: { id: c.profileId }, booker: { id: brand.userId } });
      }
    } finally {
      await Promise.all([brandSub.close(), creatorSub.close()]);
    }
  });

  it("one event's deliveries share their reads, yet each subscriber gets its own card and a non-party gets nothing", async () => {
    const start = hourFromNow(app, 96);
    const c = await creator(app, consecutive(start, 2));
    const brand = await account(app);
    const other = await account(app);
    const own = await heldBooking(app, brand, c, start);
    const othersOwn = await checkout(app, other, c, new Date(start.getTime() + HOUR));
    const bus = app.server.deps.events;

    const brandSub = subscribe(app.url, BOOKING_UPDATED, {}, brand.token);
    const creatorSub = subscribe(app.url, BOOKING_UPDATED, {}, c.token);
    const otherSub = subscribe(app.url, BOOKING_UPDATED_DETAILS, {}, other.token);
    try {
      await untilListening(brandSub, probeFor(bus, own.bookingId, brand));
      await untilListening(creatorSub, probeFor(bus, own.bookingId, c));
      await untilListening(otherSub, probeFor(bus, othersOwn.bookingId, other));

      // A repeated probe may still be on its way: let the deliveries settle before counting statements.
      await untilNoStatementFor(app, 200);
      brandSub.events.length = 0;
      creatorSub.events.length = 0;
      otherSub.events.length = 0;

      // One event object reaches all three subscriptions (the forged party list names the other user too).
      app.queries.length = 0;
      await bus.publish('bookingUpdated', { bookingId: own.bookingId, partyUserIds: [brand.userId, c.userId, other.userId] });
      await within(1000, () => brandSub.events.length > 0 && creatorSub.events.length > 0);
      // The booking with everything its cards show (creator, booker, facts) was read in one statement
      // for all three, not once per subscriber.
      expect(app.queries).toHaveLength(1);
      expect(app.queries[0]).toMatch(/from "?bookings"? /);
      expect(brandSub.events.map((e) => e.data.bookingUpdated)).toEqual([
        { id: own.bookingId, status: 'PENDING', paymentStatus: 'HELD', viewerRole: 'BOOKER', availableActions: ['CANCEL'] },
      ]);
      expect(creatorSub.events.map((e) => e.data.bookingUpdated)).toEqual([
        { id: own.bookingId, status: 'PENDING', paymentStatus: 'HELD', viewerRole: 'CREATOR', availableActions: ['ACCEPT', 'DECLINE', 'PROPOSE_TIME'] },
      ]);

      // The other user's stream carried nothing of it: flush it with their own (marked) probe and look.
      await app.orm.em.fork().getConnection().execute(`update bookings set booking_details = 'shared-flush' where id = ?`, [othersOwn.bookingId]);
      await probeFor(bus, othersOwn.bookingId, other)();
      await within(1000, () => otherSub.events.some((e) => e.data.bookingUpdated.bookingDetails === 'shared-flush'));
      expect(otherSub.events.map((e) => e.data.bookingUpdated.id)).toEqual([othersOwn.bookingId]);
      expect([...brandSub.errors, ...creatorSub.errors, ...otherSub.errors]).toEqual([]);
    } finally {
      await Promise.all([brandSub.close(), creatorSub.close(), otherSub.close()]);
    }
  });

  it('the deliveries of events received together are read in one statement, each subscriber still getting its own booking', async () => {
    const start = hourFromNow(app, 120);
    const c = await creator(app, consecutive(start, 2));
    const brand = await account(app);
    const other = await account(app);
    const first = await heldBooking(app, brand, c, start);
    const second = await checkout(app, other, c, new Date(start.getTime() + HOUR));
    const bus = app.server.deps.events;
    const brandSub = subscribe(app.url, BOOKING_UPDATED, {}, brand.token);
    const otherSub = subscribe(app.url, BOOKING_UPDATED, {}, other.token);
    try {
      await untilListening(brandSub, probeFor(bus, first.bookingId, brand));
      await untilListening(otherSub, probeFor(bus, second.bookingId, other));
      await untilNoStatementFor(app, 200);
      brandSub.events.length = 0;
      otherSub.events.length = 0;

      // Two events of two bookings published together (one NOTIFY, as a busy server's bursts arrive).
      app.queries.length = 0;
      await Promise.all([probeFor(bus, first.bookingId, brand)(), probeFor(bus, second.bookingId, other)()]);
      await within(1000, () => brandSub.events.length > 0 && otherSub.events.length > 0);
      await untilNoStatementFor(app, 200);
      // Before: one statement per event.
      expect(app.queries.filter((q) => /from "?bookings"? /.test(q))).toHaveLength(1);
      expect(brandSub.events.map((e) => e.data.bookingUpdated)).toEqual([
        { id: first.bookingId, status: 'PENDING', paymentStatus: 'HELD', viewerRole: 'BOOKER', availableActions: ['CANCEL'] },
      ]);
      expect(otherSub.events.map((e) => e.data.bookingUpdated)).toEqual([
        { id: second.bookingId, status: 'PENDING', paymentStatus: 'UNPAID', viewerRole: 'BOOKER', availableActions: ['PAY', 'CANCEL'] },
      ]);

      // A later event reads afresh: nothing of the earlier statement is kept.
      await app.orm.em.fork().getConnection().execute(`update bookings set booking_details = 'read again' where id = ?`, [first.bookingId]);
      const detailsSub = subscribe(app.url, BOOKING_UPDATED_DETAILS, {}, brand.token);
      try {
        await untilListening(detailsSub, probeFor(bus, first.bookingId, brand));
        await probeFor(bus, first.bookingId, brand)();
        await within(1000, () => detailsSub.events.some((e) => e.data.bookingUpdated.bookingDetails === 'read again'));
      } finally {
        await detailsSub.close();
      }
      expect([...brandSub.errors, ...otherSub.errors]).toEqual([]);
    } finally {
      await Promise.all([brandSub.close(), otherSub.close()]);
    }
  });

  it("a cancellation's events (outbox wake-up, bookingUpdated, slotsChanged) leave in one NOTIFY, and every subscriber still gets its own", async () => {
    const start = hourFromNow(app, 144);
    const c = await creator(app, consecutive(start, 1));
    const brand = await account(app);
    const own = await heldBooking(app, brand, c, start);
    const bus = app.server.deps.events;
    const brandSub = subscribe(app.url, BOOKING_UPDATED, {}, brand.token);
    const creatorSub = subscribe(app.url, BOOKING_UPDATED, {}, c.token);
    const slotsSub = subscribe(app.url, SLOTS_CHANGED, { id: c.profileId });
    // Every statement the event bus sends on its LISTEN connection (pg.Client is shared with the ORM's pool: NOTIFYs only).
    const notifies: string[][] = [];
    const query = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: any[]) {
      if (typeof args[0] === 'string' && args[0].includes('pg_notify')) notifies.push((args[1]?.[1] as string[]).map((e) => JSON.parse(e).e));
      return originalQuery.apply(this, args as never);
    } as never);
    try {
      await untilListening(brandSub, probeFor(bus, own.bookingId, brand));
      await untilListening(creatorSub, probeFor(bus, own.bookingId, c));
      await untilListening(slotsSub, () => bus.publish('slotsChanged', { creatorId: c.profileId }));
      await untilNoStatementFor(app, 200);
      brandSub.events.length = 0;
      creatorSub.events.length = 0;
      slotsSub.events.length = 0;
      notifies.length = 0;

      await app.gql(`mutation ($id: ID!) { cancelBooking(input: { bookingId: $id, reasonCode: PLANS_CHANGED }) { id } }`, { id: own.bookingId }, brand.token);
      const cancelled = (e: any) => e.data.bookingUpdated.status === 'CANCELLED';
      await within(1000, () => brandSub.events.some(cancelled) && creatorSub.events.some(cancelled) && slotsSub.events.length > 0);
      // Before: one statement per event (three round trips on the single LISTEN connection per transition).
      expect(notifies).toHaveLength(1);
      expect([...notifies[0]].sort()).toEqual(['bookingUpdated', 'outboxCommitted', 'slotsChanged']);
      expect(brandSub.events.map((e) => e.data.bookingUpdated)).toEqual([
        { id: own.bookingId, status: 'CANCELLED', paymentStatus: 'VOIDED', viewerRole: 'BOOKER', availableActions: [] },
      ]);
      expect(creatorSub.events.map((e) => e.data.bookingUpdated.viewerRole)).toEqual(['CREATOR']);
      expect(slotsSub.events.map((e) => e.data.slotsChanged)).toEqual([{ creatorId: c.profileId }]);
    } finally {
      query.mockRestore();
      await Promise.all([brandSub.close(), creatorSub.close(), slotsSub.close()]);
    }
  });

  it('an anonymous subscriber is refused', async () => {
    const anon = subscribe(app.url, BOOKING_UPDATED);
    try {
      await within(2000, () => anon.errors.length > 0 || anon.events.length > 0);
      const errors = anon.errors[0] ?? anon.events[0].errors;
      expect(JSON.stringify(errors)).toContain('UNAUTHENTICATED');
    } finally {
      await anon.close();
    }
  });

  it('a subscription started after the access token expired is refused alone; the socket and its other subscriptions live on', async () => {
    const start = hourFromNow(app, 72);
    const c = await creator(app, [start]);
    const brand = await account(app);
    const bus = app.server.deps.events;
    const client = createClient({
      url: app.url.replace(/^http/, 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${brand.token}` },
      retryAttempts: 0,
      lazy: false,
    });
    const slots: Sub = { events: [], errors: [], close: async () => {} };
    client.subscribe({ query: SLOTS_CHANGED, variables: { id: c.profileId } }, {
      next: (v) => slots.events.push(v),
      error: (e) => slots.errors.push(e),
      complete: () => {},
    });
    const ttlMs = (app.config.ACCESS_TOKEN_TTL_SECONDS + 1) * 1000;
    try {
      await untilListening(slots, () => bus.publish('slotsChanged', { creatorId: c.profileId }));
      app.clock.advance(ttlMs);
      const late: Sub = { events: [], errors: [], close: async () => {} };
      client.subscribe({ query: BOOKING_UPDATED }, {
        next: (v) => late.events.push(v),
        error: (e) => late.errors.push(e),
        complete: () => {},
      });
      await within(2000, () => late.errors.length > 0);
      expect(JSON.stringify(late.errors[0])).toContain('UNAUTHENTICATED');
      // The socket stayed open: the first subscription still hears its events.
      await bus.publish('slotsChanged', { creatorId: c.profileId });
      await within(1000, () => slots.events.length > 0);
      expect(slots.errors).toEqual([]);
    } finally {
      app.clock.advance(-ttlMs);
      await client.dispose();
    }
  });

  it("slotsChanged is public and fires when a checkout takes a creator's hours", async () => {
    const start = hourFromNow(app, 60);
    const c = await creator(app, [start]);
    const bus = app.server.deps.events;
    const sub = subscribe(app.url, SLOTS_CHANGED, { id: c.profileId });
    try {
      await untilListening(sub, () => bus.publish('slotsChanged', { creatorId: c.profileId }));
      await checkout(app, await account(app), c, start);
      await within(1000, () => sub.events.length > 0);
      expect(sub.events[0].data.slotsChanged).toEqual({ creatorId: c.profileId });
    } finally {
      await sub.close();
    }
  });
});

describe('across two server instances on one database (PostgreSQL LISTEN/NOTIFY)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a change made through instance A reaches a subscriber connected to instance B', async () => {
    const b = await startSecondInstance(app);
    try {
      await crossInstance(app, b);
    } finally {
      await b.close();
    }
  });
});

describe('the PostgreSQL event bus survives a lost connection', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('after its LISTEN connection is killed it reconnects and delivers again', async () => {
    const start = hourFromNow(app, 48);
    const c = await creator(app, [start]);
    const conn = () => app.orm.em.fork().getConnection();
    const [{ database }] = await conn().execute('select current_database() as database');
    const listenerPids = async (): Promise<number[]> =>
      (await conn().execute('select pid from pg_stat_activity where application_name = ? and datname = ?', [APPLICATION_NAME, database])).map((r: any) => r.pid);
    // A NOTIFY sent by another connection, as another server instance would.
    const notifyFromElsewhere = () =>
      conn().execute('select pg_notify(?, ?)', ['collab_events', JSON.stringify({ e: 'slotsChanged', p: { creatorId: c.profileId } })]).then(() => {});
    const sub = subscribe(app.url, SLOTS_CHANGED, { id: c.profileId });
    try {
      await untilListening(sub, notifyFromElsewhere);
      const [before] = await listenerPids();
      expect(before).toBeDefined();
      await conn().execute('select pg_terminate_backend(?)', [before]);
      // The bus opens a new LISTEN connection by itself...
      const until = Date.now() + 5000;
      for (let pids = await listenerPids(); !(pids.length === 1 && pids[0] !== before); pids = await listenerPids()) {
        if (Date.now() > until) throw new Error(`the event bus did not reconnect (listeners: ${pids.join(', ')})`);
        await new Promise((r) => setTimeout(r, 50));
      }
      // ...and NOTIFYs from elsewhere reach the subscriber again.
      await untilListening(sub, notifyFromElsewhere);
    } finally {
      await sub.close();
    }
  });
});

async function crossInstance(app: TestApp, b: { server: AppServer; url: string }) {
  const start = hourFromNow(app, 48);
  const c = await creator(app, [start]);
  const brand = await account(app);
  const booking = await heldBooking(app, brand, c, start);
  const busA = app.server.deps.events;
  const sub = subscribe(b.url, BOOKING_UPDATED, {}, brand.token);
  try {
    // Probes published on instance A prove instance B is listening.
    await untilListening(sub, probeFor(busA, booking.bookingId, brand));
    await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { id } }`, { id: booking.bookingId }, c.token);
    const confirmed = (e: any) => e.data.bookingUpdated.status === 'CONFIRMED';
    await within(1000, () => sub.events.some(confirmed));
    expect(sub.events.find(confirmed).data.bookingUpdated).toMatchObject({ id: booking.bookingId, viewerRole: 'BOOKER' });
  } finally {
    await sub.close();
  }
}
