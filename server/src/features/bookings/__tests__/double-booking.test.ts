import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { account, CHECKOUT, consecutive, creator, HOUR, hourFromNow, slotsOf, type Creator } from './booking-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function race(c: Creator, ranges: { start: Date; hours: number }[]) {
  const brands = await Promise.all(ranges.map(() => account(app)));
  const results = await Promise.all(
    ranges.map((r, i) =>
      app.gql(
        CHECKOUT,
        { input: { creatorId: c.profileId, startTime: r.start.toISOString(), endTime: new Date(r.start.getTime() + r.hours * HOUR).toISOString() } },
        brands[i].token,
      ),
    ),
  );
  const won = results.filter((r) => !r.body.errors).map((r) => r.body.data.createBookingCheckout.booking.id as string);
  const codes = results.filter((r) => r.body.errors).map((r) => r.body.errors[0].extensions.code as string);
  return { won, codes };
}

async function liveBookings(c: Creator) {
  return app.orm.em.fork().getConnection().execute(
    `select id, start_time, end_time from bookings where streamer_id = ? and status in ('pending', 'confirmed', 'completed', 'auto_completed', 'disputed')`,
    [c.profileId],
  );
}

describe('no double booking, ever', () => {
  it('50 brands checking out the same hour at once: exactly one wins, 49 get CONFLICT', async () => {
    const start = hourFromNow(app, 30);
    const c = await creator(app, [start]);
    const { won, codes } = await race(c, Array.from({ length: 50 }, () => ({ start, hours: 1 })));
    expect(won).toHaveLength(1);
    expect(codes).toHaveLength(49);
    expect(new Set(codes)).toEqual(new Set(['CONFLICT']));
    expect(await liveBookings(c)).toHaveLength(1);
    const [slot] = await slotsOf(app, c.profileId);
    expect(slot.booking_id).toBe(won[0]);
  });

  it('overlapping ranges (10-12 against 11-13) at once: exactly one wins', async () => {
    const ten = hourFromNow(app, 34);
    const c = await creator(app, consecutive(ten, 3));
    const eleven = new Date(ten.getTime() + HOUR);
    const ranges = Array.from({ length: 50 }, (_, i) => ({ start: i % 2 === 0 ? ten : eleven, hours: 2 }));
    const { won, codes } = await race(c, ranges);
    expect(won).toHaveLength(1);
    expect(codes.filter((code) => code === 'CONFLICT')).toHaveLength(49);
    const live = await liveBookings(c);
    expect(live).toHaveLength(1);
    // The loser's hours are not held: exactly the winner's two hours are taken.
    const slots = await slotsOf(app, c.profileId);
    expect(slots.filter((s: any) => s.is_booked).map((s: any) => s.booking_id)).toEqual([won[0], won[0]]);
  });

  it('the database refuses an overlapping live booking even without the slot locks (exclusion constraint)', async () => {
    const start = hourFromNow(app, 40);
    const c = await creator(app, [start]);
    const { won } = await race(c, [{ start, hours: 1 }]);
    const conn = app.orm.em.fork().getConnection();
    const insert = conn.execute(
      `insert into bookings (id, streamer_id, booker_id, start_time, end_time, total_hours, hourly_rate_cents, total_cents, fee_cents,
         streamer_amount_cents, confirmation_deadline, policy, checkout_expires_at, created_at, updated_at)
       select gen_random_uuid(), streamer_id, booker_id, start_time + interval '30 minutes', end_time + interval '30 minutes', 1, 5000, 5000, 500,
         4500, confirmation_deadline, policy, checkout_expires_at, now(), now() from bookings where id = ?`,
      [won[0]],
    );
    await expect(insert).rejects.toMatchObject({ code: '23P01' });
  });

  it('an hour removed while a checkout is under way: CONFLICT, and the checkout leaves nothing behind', async () => {
    const start = hourFromNow(app, 44);
    const c = await creator(app, consecutive(start, 2));
    const brand = await account(app);
    const secondHour = new Date(start.getTime() + HOUR);
    const input = { creatorId: c.profileId, startTime: start.toISOString(), endTime: new Date(start.getTime() + 2 * HOUR).toISOString() };
    const watcher = app.orm.em.fork().getConnection();

    let answer: Promise<{ body: any }> | undefined;
    // The creator's removal of the second hour is under way (row locked, not committed) when the
    // checkout reads the two free hours and goes to take them: it has to wait for the removal.
    await app.orm.em.fork().transactional(async (em) => {
      const removed = await em.execute('delete from availability_slots where streamer_id = ? and start_time = ?', [c.profileId, secondHour], 'run');
      expect((removed as unknown as { affectedRows: number }).affectedRows).toBe(1);
      answer = app.gql(CHECKOUT, { input }, brand.token);
      await within(10_000, async () => {
        const [row] = await watcher.execute(
          `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%availability_slots%' and query like '%is_booked%'`,
        );
        return row.n > 0;
      });
    });

    const { body } = await answer!;
    expect(body.errors?.[0]).toMatchObject({ message: 'This time slot was just booked by someone else. Please pick another time.', extensions: { code: 'CONFLICT' } });
    expect(await watcher.execute('select id from bookings where booker_id = ?', [brand.userId])).toEqual([]);
    expect((await slotsOf(app, c.profileId)).map((s: any) => ({ booked: s.is_booked, bookingId: s.booking_id }))).toEqual([{ booked: false, bookingId: null }]);
  });
});

async function within(ms: number, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
