import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { addBusinessDays } from '../process/policy';
import {
  acceptedBooking,
  account,
  bookingRow,
  checkout,
  consecutive,
  creator,
  DAY,
  enablePayouts,
  heldBooking,
  HOUR,
  hourFromNow,
  ledger,
  slotsOf,
} from './booking-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ ENABLE_TEST_CLOCK: '1' });
});
afterAll(async () => {
  await app?.close();
});

const status = async (id: string) => {
  const row = await bookingRow(app, id);
  return `${row.status}/${row.payment_status}`;
};

/** Runs every job twice: the second run must change nothing. */
async function runJobsTwice(): Promise<void> {
  await app.server.jobs.runAll(app.clock.now());
  const before = await app.orm.em.fork().getConnection().execute('select id, status, payment_status, version from bookings order by id');
  const ledgerBefore = await app.orm.em.fork().getConnection().execute('select count(*) as n from ledger_entries');
  await app.server.jobs.runAll(app.clock.now());
  expect(await app.orm.em.fork().getConnection().execute('select id, status, payment_status, version from bookings order by id')).toEqual(before);
  expect(await app.orm.em.fork().getConnection().execute('select count(*) as n from ledger_entries')).toEqual(ledgerBefore);
}

describe('booking timers (jobs driven by the clock)', () => {
  it('an unpaid checkout expires after 15 minutes: cancelled/voided and the hours are free again', async () => {
    const start = hourFromNow(app, 48);
    const c = await creator(app, consecutive(start, 2));
    const { bookingId } = await checkout(app, await account(app), c, start, 2);
    app.clock.advance(14 * 60_000);
    await runJobsTwice();
    expect(await status(bookingId)).toBe('pending/unpaid');
    app.clock.advance(2 * 60_000);
    await runJobsTwice();
    expect(await status(bookingId)).toBe('cancelled/voided');
    expect((await slotsOf(app, c.profileId)).map((s: any) => s.is_booked)).toEqual([false, false]);
  });

  it('a card authorized just before the checkout expired counts as paid, not expired', async () => {
    const start = hourFromNow(app, 48);
    const c = await creator(app, [start]);
    const brand = await account(app);
    const { bookingId, paymentIntentId } = await checkout(app, brand, c, start);
    // The browser confirmed the card, but the provider's event never arrived.
    await app.orm.em.fork().getConnection().execute(`update local_payment_intents set status = 'requires_capture' where id = ?`, [paymentIntentId]);
    app.clock.advance(16 * 60_000);
    await runJobsTwice();
    expect(await status(bookingId)).toBe('pending/held');
  });

  it('a request the creator does not answer expires at min(authorized + 6 days, start): the hold is released', async () => {
    const soon = hourFromNow(app, 30);
    const far = hourFromNow(app, 24 * 10);
    const c = await creator(app, [soon, far]);
    const a = await heldBooking(app, await account(app), c, soon);
    const b = await heldBooking(app, await account(app), c, far);
    app.clock.advance(31 * HOUR); // past the first one's start
    await runJobsTwice();
    expect(await status(a.bookingId)).toBe('cancelled/voided');
    expect(await status(b.bookingId)).toBe('pending/held');
    app.clock.advance(6 * DAY - 31 * HOUR + HOUR); // past authorized + 6 days
    await runJobsTwice();
    expect(await status(b.bookingId)).toBe('cancelled/voided');
    const calls = await app.orm.em.fork().getConnection().execute(
      `select idempotency_key from payment_provider_calls where booking_id = ? and operation = 'cancelAuthorization'`, [b.bookingId]);
    expect(calls).toEqual([{ idempotency_key: `booking:${b.bookingId}:cancel` }]);
  });

  it('a confirmed booking nobody disputed auto-completes at the confirmation deadline (end + 48 h)', async () => {
    const start = hourFromNow(app, 2);
    const c = await creator(app, [start]);
    const { bookingId } = await acceptedBooking(app, await account(app), c, start);
    app.clock.advance(3 * HOUR + 47 * HOUR);
    await runJobsTwice();
    expect(await status(bookingId)).toBe('confirmed/held');
    app.clock.advance(2 * HOUR);
    await runJobsTwice();
    expect(await status(bookingId)).toBe('auto_completed/allocated');
    expect(await ledger(app, bookingId)).toMatchObject({ captured: 5000, fee: 500, allocated: 4500 });
  });

  it('the creator is paid automatically 2 business days after allocation', async () => {
    const start = hourFromNow(app, 1);
    const c = await creator(app, [start]);
    await enablePayouts(app, c);
    const brand = await account(app);
    const { bookingId } = await acceptedBooking(app, brand, c, start);
    app.clock.advance(2 * HOUR);
    for (const who of [brand, c]) await app.gql(`mutation ($id: ID!) { confirmBookingCompletion(bookingId: $id) { id } }`, { id: bookingId }, who.token);
    const allocatedAt = new Date((await bookingRow(app, bookingId)).allocated_at);
    const due = addBusinessDays(allocatedAt, 2);
    app.clock.set(new Date(due.getTime() - HOUR));
    await runJobsTwice();
    expect(await status(bookingId)).toBe('completed/allocated');
    app.clock.set(new Date(due.getTime() + HOUR));
    await runJobsTwice();
    // Transferred by the payout timer, then paid out by the local provider's payout sweep.
    expect(await status(bookingId)).toBe('completed/paid_out');
    expect(await ledger(app, bookingId)).toMatchObject({ allocated: 4500, transferred: 4500 });
  });

  it('2 business days skip the weekend', () => {
    const friday = new Date('2026-11-27T10:00:00Z');
    expect(addBusinessDays(friday, 2).toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });
});

describe('test clock endpoint', () => {
  it('moves the server clock and runs the jobs that became due', async () => {
    const before = await app.rest('GET', '/testing/clock');
    expect(before.status).toBe(200);
    const start = hourFromNow(app, 48);
    const c = await creator(app, [start]);
    const { bookingId } = await checkout(app, await account(app), c, start);
    const moved = await app.rest('POST', '/testing/clock', { advanceMs: 20 * 60_000 });
    expect(moved.status).toBe(200);
    expect(new Date(moved.body.data.now).getTime() - new Date(before.body.data.now).getTime()).toBeGreaterThanOrEqual(20 * 60_000);
    expect(await status(bookingId)).toBe('cancelled/voided');
    const target = new Date(app.clock.now().getTime() + 7 * DAY);
    const set = await app.rest('POST', '/testing/clock', { now: target.toISOString() });
    expect(Math.abs(new Date(set.body.data.now).getTime() - target.getTime())).toBeLessThan(5000);
    expect((await app.rest('POST', '/testing/clock', { advanceMs: -5 })).status).toBe(400);
  });

  it('does not exist unless ENABLE_TEST_CLOCK is set', async () => {
    const plain = await startTestApp();
    try {
      expect((await plain.rest('GET', '/testing/clock')).status).toBe(404);
      expect((await plain.rest('POST', '/testing/clock', { advanceMs: 1000 })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
