import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { Booking } from '../booking.entity';
import { readBooking } from '../process/read';
import { account, checkout, consecutive, creator, HOUR, hourFromNow } from './booking-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const decisionReadsIn = (queries: string[]) => queries.filter((q) => /from bookings b join profiles s/.test(q));

describe("a move's read for its decision", () => {
  it('reads made in the same turn outside a transaction share one statement, each on its own EntityManager; a later one reads afresh', async () => {
    const start = hourFromNow(app, 48);
    const c = await creator(app, consecutive(start, 2));
    const first = await checkout(app, await account(app), c, start);
    const second = await checkout(app, await account(app), c, new Date(start.getTime() + HOUR));
    const [em1, em2] = [app.orm.em.fork(), app.orm.em.fork()];

    app.queries.length = 0;
    const [a, b] = await Promise.all([readBooking(em1, first.bookingId, { forUpdate: false }), readBooking(em2, second.bookingId, { forUpdate: false })]);
    // Before: one statement per read.
    expect(decisionReadsIn(app.queries)).toHaveLength(1);
    expect([a!.booking.id, b!.booking.id]).toEqual([first.bookingId, second.bookingId]);
    expect(em1.getReference(Booking, first.bookingId)).toBe(a!.booking);
    expect(em2.getReference(Booking, second.bookingId)).toBe(b!.booking);
    expect(a!.creator.id).toBe(c.profileId);

    await app.orm.em.fork().getConnection().execute(`update bookings set booking_details = 'changed since' where id = ?`, [first.bookingId]);
    const again = await readBooking(app.orm.em.fork(), first.bookingId, { forUpdate: false });
    expect(again!.booking.bookingDetails).toBe('changed since');
    expect(decisionReadsIn(app.queries)).toHaveLength(2);
  });

  it('a read inside a transaction goes alone and sees the transaction’s own writes, while an outside read of the same turn does not', async () => {
    const start = hourFromNow(app, 60);
    const c = await creator(app, consecutive(start, 1));
    const { bookingId } = await checkout(app, await account(app), c, start);
    await app.orm.em
      .fork()
      .transactional(async (tx) => {
        await tx.getConnection().execute(`update bookings set booking_details = 'not committed' where id = ?`, [bookingId], 'run', tx.getTransactionContext());
        app.queries.length = 0;
        const [outside, inside] = await Promise.all([
          readBooking(app.orm.em.fork(), bookingId, { forUpdate: false }),
          readBooking(tx, bookingId, { forUpdate: false }),
        ]);
        expect(inside!.booking.bookingDetails).toBe('not committed');
        expect(outside!.booking.bookingDetails).not.toBe('not committed');
        expect(decisionReadsIn(app.queries)).toHaveLength(2);
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
  });
});
