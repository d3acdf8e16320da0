import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { AccountType, UserRole } from '../../users/user.entity';
import { BookingsService } from '../bookings.service';
import { STALE_MONEY_STEP_MS, TransitionRunner } from '../process/runner';
import { acceptedBooking, account, addSlots, bookingRow, creator, heldBooking, hourFromNow, ledger, type Account, type Creator } from './booking-fixtures';
import { BookingAction, type PendingMoneyStep } from '../process/booking.model';

/**
 * Money-moving transitions with more requests in flight than database connections. The payment
 * provider call used to run inside the transition's transaction while the local provider and the
 * provider call log each took a second connection: with as many transitions as connections, every
 * connection waited for another one until the pool's acquire timeout failed them all.
 */
const POOL = 4;
const PER_KIND = 3 * POOL;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { poolMax: POOL });
});
afterAll(async () => {
  await app?.close();
});

const sql = (query: string, params: unknown[] = []) => app.orm.em.fork().getConnection().execute(query, params);
const balance = () => app.server.services.payments.local!.platformBalance();

async function bookings(make: typeof heldBooking, firstHour: number, brand: Account, c: Creator) {
  const out: string[] = [];
  for (let i = 0; i < PER_KIND; i++) {
    const start = hourFromNow(app, firstHour + i);
    await addSlots(app, c.profileId, [start]);
    out.push((await make(app, brand, c, start)).bookingId);
  }
  return out;
}

describe('money-moving transitions with more requests than pool connections', () => {
  it(`${3 * PER_KIND} cancels with refunds, accepts and declines at once on ${POOL} connections: all succeed, every cent balances`, async () => {
    const brand = await account(app);
    const c = await creator(app);
    const toCancel = await bookings(acceptedBooking, 72, brand, c);
    const toAccept = await bookings(heldBooking, 120, brand, c);
    const toDecline = await bookings(heldBooking, 160, brand, c);
    const before = await balance();

    const move = (mutation: string, id: string, token: string) => app.gql(`mutation ($id: ID!) { ${mutation} { id status paymentStatus } }`, { id }, token);
    const results = await Promise.all([
      ...toCancel.map((id) => move('cancelBooking(input: { bookingId: $id, reasonCode: PLANS_CHANGED })', id, brand.token)),
      ...toAccept.map((id) => move('acceptBooking(bookingId: $id)', id, c.token)),
      ...toDecline.map((id) => move('declineBooking(bookingId: $id)', id, c.token)),
    ]);

    expect(results.flatMap((r) => r.body.errors ?? [])).toEqual([]);
    for (const id of toCancel) {
      expect(await bookingRow(app, id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded', refund_cents: 5000, money_step: null });
      expect(await ledger(app, id)).toMatchObject({ captured: 5000, refunded: 5000, fee: 0, allocated: 0 });
    }
    for (const id of toAccept) {
      expect(await bookingRow(app, id)).toMatchObject({ status: 'confirmed', payment_status: 'held', money_step: null });
      expect(await ledger(app, id)).toMatchObject({ captured: 5000, refunded: 0 });
    }
    for (const id of toDecline) {
      expect(await bookingRow(app, id)).toMatchObject({ status: 'cancelled', payment_status: 'voided', money_step: null });
      expect((await ledger(app, id)).rows).toEqual([]);
    }
    // The provider moved exactly what the ledger says: one refund per cancelled booking, captures in.
    const [refunds] = await sql(
      `select count(*)::int as n, coalesce(sum(r.amount_cents), 0)::int as cents from local_refunds r
       join bookings b on b.payment_intent_id = r.payment_intent_id where b.id in (?)`,
      [toCancel],
    );
    expect(refunds).toEqual({ n: PER_KIND, cents: PER_KIND * 5000 });
    const capturedByAccepts = PER_KIND * 5000;
    const refundedByCancels = PER_KIND * 5000;
    expect(await balance()).toBe(before + capturedByAccepts - refundedByCancels);
    const [captures] = await sql(`select count(*)::int as n from local_payment_intents where id in (?) and status = 'succeeded'`, [
      await Promise.all(toAccept.map(async (id) => (await bookingRow(app, id)).payment_intent_id)),
    ]);
    expect(captures.n).toBe(PER_KIND);
  });

  it('a booking accepted twice and declined twice at once: one move wins, the money moves once', async () => {
    const brand = await account(app);
    const c = await creator(app);
    const ids = await bookings(heldBooking, 400, brand, c);
    const before = await balance();
    const move = (mutation: string, id: string, token: string) => app.gql(`mutation ($id: ID!) { ${mutation} { id status } }`, { id }, token);
    const races = await Promise.all(
      ids.map((id) =>
        Promise.all([
          move('acceptBooking(bookingId: $id)', id, c.token),
          move('declineBooking(bookingId: $id)', id, c.token),
          move('acceptBooking(bookingId: $id)', id, c.token),
          move('declineBooking(bookingId: $id)', id, c.token),
        ]),
      ),
    );
    let accepted = 0;
    for (const [i, answers] of races.entries()) {
      const winners = answers.filter((a) => !a.body.errors);
      expect(winners).toHaveLength(1);
      // The others were told why: the booking moved on (or was being moved) under them.
      for (const a of answers.filter((x) => x.body.errors)) expect(['INVALID_TRANSITION', 'CONFLICT']).toContain(a.body.errors[0].extensions.code);
      const row = await bookingRow(app, ids[i]);
      expect(row.money_step).toBeNull();
      const calls = await sql(`select operation from payment_provider_calls where booking_id = ? and operation <> 'createAuthorization' and outcome = 'ok'`, [ids[i]]);
      if (winners[0].body.data.acceptBooking) {
        accepted += 1;
        expect(row).toMatchObject({ status: 'confirmed', payment_status: 'held' });
        expect(await ledger(app, ids[i])).toMatchObject({ captured: 5000, refunded: 0 });
        expect(calls).toEqual([{ operation: 'capture' }]);
      } else {
        expect(row).toMatchObject({ status: 'cancelled', payment_status: 'voided' });
        expect((await ledger(app, ids[i])).rows).toEqual([]);
        expect(calls).toEqual([{ operation: 'cancelAuthorization' }]);
      }
    }
    expect(await balance()).toBe(before + accepted * 5000);
  });

  it('a move decided on a booking that changes before its claim lands is decided again on the new state (and refused)', async () => {
    const brand = await account(app);
    const start = hourFromNow(app, 600);
    const c = await creator(app, [start]);
    const { bookingId } = await heldBooking(app, brand, c, start);
    const runner = new TransitionRunner({ clock: app.clock, events: app.server.deps.events, provider: () => app.server.services.payments.provider });
    const viewer = { id: c.userId, role: UserRole.USER, accountType: AccountType.CREATOR };
    let decided!: () => void;
    const hasDecided = new Promise<void>((resolve) => (decided = resolve));
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let pauses = 1;
    // The decline decides on the held booking, then waits (once) before claiming it...
    const decline = runner.run({ em: app.orm.em.fork(), viewer }, bookingId, {
      action: BookingAction.DECLINE,
      details: { reason: 'Too late' },
      validate: async () => {
        if (pauses-- <= 0) return;
        decided();
        await gate;
      },
    });
    await hasDecided;
    // ...while the creator's accept runs from start to end: claim, capture, record.
    const accepted = await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { status } }`, { id: bookingId }, c.token);
    expect(accepted.body.data.acceptBooking.status).toBe('CONFIRMED');
    openGate();
    await expect(decline).rejects.toMatchObject({ code: 'INVALID_TRANSITION' });
    expect(await bookingRow(app, bookingId)).toMatchObject({ status: 'confirmed', payment_status: 'held', money_step: null, cancellation_reason: null });
    expect(await ledger(app, bookingId)).toMatchObject({ captured: 5000, refunded: 0 });
    const calls = await sql(`select operation from payment_provider_calls where booking_id = ? and operation <> 'createAuthorization'`, [bookingId]);
    expect(calls).toEqual([{ operation: 'capture' }]);
  });

  it('a call that outlives its claim (the sweep finished the move meanwhile) moves no money twice and answers CONFLICT', async () => {
    const brand = await account(app);
    const start = hourFromNow(app, 700);
    const c = await creator(app, [start]);
    const { bookingId } = await acceptedBooking(app, brand, c, start);
    const provider = app.server.services.payments.provider;
    let enteredCall!: () => void;
    const inCall = new Promise<void>((resolve) => (enteredCall = resolve));
    let endCall!: () => void;
    const callMayEnd = new Promise<void>((resolve) => (endCall = resolve));
    let refunds = 0;
    // The first refund hangs (a slow network) until the test lets it go; later ones go straight through.
    const slowFirstRefund = Object.assign(Object.create(provider), {
      refund: async (...args: Parameters<typeof provider.refund>) => {
        if (refunds++ === 0) {
          enteredCall();
          await callMayEnd;
        }
        return provider.refund(...args);
      },
    });
    const runner = new TransitionRunner({ clock: app.clock, events: app.server.deps.events, provider: () => slowFirstRefund });
    const bookingsService = new BookingsService({ clock: app.clock, events: app.server.deps.events, runner }); // registers the cancel's own writes
    const viewer = { id: brand.userId, role: UserRole.USER, accountType: AccountType.BRAND };
    const cancel = bookingsService.cancel({ em: app.orm.em.fork(), viewer }, { bookingId, reason: 'Slow network' });
    await inCall;
    app.clock.advance(STALE_MONEY_STEP_MS + 60_000);
    try {
      expect(await runner.finishAbandonedSteps(app.orm.em.fork(), app.clock.now())).toBe(1);
    } finally {
      app.clock.advance(-(STALE_MONEY_STEP_MS + 60_000));
    }
    endCall();
    await expect(cancel).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await bookingRow(app, bookingId)).toMatchObject({ status: 'cancelled', payment_status: 'refunded', refund_cents: 5000, money_step: null, cancellation_reason: 'Slow network' });
    expect(await ledger(app, bookingId)).toMatchObject({ captured: 5000, refunded: 5000 });
    const [moved] = await sql(`select count(*)::int as n from local_refunds r join bookings b on b.payment_intent_id = r.payment_intent_id where b.id = ?`, [bookingId]);
    expect(moved.n).toBe(1);
  });

  it("a provider call left behind by a crash is finished once by the sweep, with the same idempotency key and the request's own details", async () => {
    const brand = await account(app);
    const start = hourFromNow(app, 300);
    const c = await creator(app, [start]);
    const { bookingId, paymentIntentId } = await acceptedBooking(app, brand, c, start);
    const key = `booking:${bookingId}:refund`;
    // What a cancel leaves when its process dies after the provider refunded and before the record.
    const step: PendingMoneyStep = {
      effect: { kind: 'settle', refund: 'all' },
      call: { op: 'refund', paymentIntentId, amountCents: 5000, idempotencyKey: key },
      refundCents: 5000,
      action: 'cancel' as PendingMoneyStep['action'],
      details: { reason: 'Our launch moved to March' },
      actor: 'booker',
      to: { status: 'cancelled' as never, payment: 'refunded' as never },
      viewerId: brand.userId,
      decidedAt: app.clock.now().toISOString(),
    };
    await sql('update bookings set money_step = ?::jsonb where id = ?', [JSON.stringify(step), bookingId]);
    await app.server.services.payments.provider.refund(paymentIntentId, { amountCents: 5000, idempotencyKey: key });

    // Meanwhile the booking waits for the step: other moves are refused, not made on stale money.
    const busy = await app.gql(`mutation ($id: ID!) { cancelBooking(input: { bookingId: $id, reasonCode: PLANS_CHANGED }) { id } }`, { id: bookingId }, brand.token);
    expect(busy.body.errors?.[0]?.extensions?.code).toBe('CONFLICT');

    app.clock.advance(6 * 60_000);
    await app.server.jobs.runAll(app.clock.now());
    await app.server.jobs.runAll(app.clock.now());
    expect(await bookingRow(app, bookingId)).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      refund_cents: 5000,
      money_step: null,
      cancelled_by: brand.userId,
      cancellation_reason: 'Our launch moved to March',
    });
    expect(await ledger(app, bookingId)).toMatchObject({ captured: 5000, refunded: 5000, fee: 0, allocated: 0 });
    const [refunds] = await sql('select count(*)::int as n from local_refunds where payment_intent_id = ?', [paymentIntentId]);
    expect(refunds.n).toBe(1);
  });
});
