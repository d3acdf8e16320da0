import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { UserRole } from '../../users/user.entity';
import { REACHABLE_STATES } from './reachable-states';
import { account, CHECKOUT, creator, DAY, enablePayouts, HOUR, hourFromNow, type Account, type Creator } from './booking-fixtures';

/**
 * Money is never lost: random sequences of bookings (hourly, packages with hours or a due date,
 * accepted custom offers) and lifecycle actions (by the right party, the wrong one,
 * or a stranger), timer firings and payouts over many bookings, with the books checked after
 * every step. A plain seeded PRNG makes a failure reproducible: the message names seed and step.
 */

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const sql = (q: string, params: unknown[] = []) => app.orm.em.fork().getConnection().execute(q, params);

const ACTIONS = {
  accept: (id: string) => [`mutation ($id: ID!) { acceptBooking(bookingId: $id) { id } }`, { id }],
  decline: (id: string) => [`mutation ($id: ID!) { declineBooking(bookingId: $id) { id } }`, { id }],
  cancel: (id: string) => [`mutation ($id: ID!) { cancelBooking(input: { bookingId: $id, reasonCode: PLANS_CHANGED }) { id } }`, { id }],
  confirm: (id: string) => [`mutation ($id: ID!) { confirmBookingCompletion(bookingId: $id) { id } }`, { id }],
  dispute: (id: string) => [`mutation ($id: ID!) { openDispute(input: { bookingId: $id, reason: "Not as agreed" }) { id } }`, { id }],
  noShow: (id: string) => [`mutation ($id: ID!) { openDispute(input: { bookingId: $id, reason: "Never showed", kind: CREATOR_NO_SHOW }) { id } }`, { id }],
  payout: (id: string) => [`mutation ($id: ID!) { requestPayout(bookingId: $id) { id } }`, { id }],
} as const;

type Move = [keyof typeof ACTIONS, 'booker' | 'creator' | 'anyone'];
const SENSIBLE: Record<string, Move[]> = {
  'pending/held': [['accept', 'creator'], ['accept', 'creator'], ['accept', 'creator'], ['decline', 'creator'], ['cancel', 'booker']],
  'confirmed/held': [['confirm', 'booker'], ['confirm', 'creator'], ['confirm', 'creator'], ['cancel', 'booker'], ['cancel', 'creator'], ['dispute', 'anyone'], ['noShow', 'booker']],
  'completed/allocated': [['payout', 'creator'], ['payout', 'creator'], ['dispute', 'anyone']],
  'auto_completed/allocated': [['payout', 'creator'], ['dispute', 'booker']],
};

/** Every invariant of the books, over every booking. */
async function checkBooks(where: string): Promise<void> {
  const bookings = await sql(
    `select b.id, b.status, b.payment_status, b.refund_cents, b.total_cents, b.policy,
            (select coalesce(sum(l.quantity * l.unit_price_cents), 0)::int from booking_line_items l where l.booking_id = b.id) as lines_total,
            (select count(*)::int from booking_line_items l where l.booking_id = b.id) as line_count
     from bookings b`,
  );
  const totals = new Map<string, Record<string, number>>();
  for (const r of await sql('select booking_id, kind, sum(amount_cents)::int as amount from ledger_entries group by booking_id, kind')) {
    const t = totals.get(r.booking_id) ?? {};
    t[r.kind] = r.amount;
    totals.set(r.booking_id, t);
  }
  for (const b of bookings) {
    const t = totals.get(b.id) ?? {};
    const captured = t.capture ?? 0;
    const refunded = t.refund ?? 0;
    const fee = (t.fee ?? 0) - (t.fee_reversal ?? 0);
    const allocated = (t.allocation ?? 0) - (t.allocation_reversal ?? 0);
    const transferred = t.transfer ?? 0;
    const label = `${where}: booking ${b.id} ${b.status}/${b.payment_status} ${JSON.stringify(t)}`;
    expect(REACHABLE_STATES.has(`${b.status}/${b.payment_status}`), label).toBe(true);
    expect(captured, label).toBeLessThanOrEqual(b.total_cents);
    if (captured === 0) {
      expect(refunded + fee + allocated + transferred, label).toBe(0);
    } else if (b.payment_status === 'held' || b.payment_status === 'disputed') {
      // Money in escrow: nothing decided yet.
      expect(refunded + fee + allocated, label).toBe(0);
    } else {
      expect(captured, label).toBe(refunded + fee + allocated);
    }
    expect(transferred, label).toBeLessThanOrEqual(allocated);
    expect(fee, label).toBeGreaterThanOrEqual(0);
    expect(b.refund_cents, label).toBe(refunded);
    // What was sold is on the record: the sum of the line items is the price, and what is captured.
    expect(b.line_count, label).toBeGreaterThan(0);
    expect(b.lines_total, label).toBe(b.total_cents);
    if (captured > 0) expect(captured, label).toBe(b.lines_total);
    // The fee is 10 % of what is retained (captured less refunded), once decided.
    if (captured > 0 && b.payment_status !== 'held' && b.payment_status !== 'disputed') {
      expect(fee, label).toBe(Math.round(((captured - refunded) * b.policy.feePercent) / 100));
    }
  }
  // No provider call that moves money was ever repeated under a new idempotency key.
  const repeated = await sql(
    `select booking_id, operation, count(distinct idempotency_key)::int as keys from payment_provider_calls
     where operation in ('createAuthorization', 'capture', 'cancelAuthorization', 'refund', 'transfer')
     group by booking_id, operation having count(distinct idempotency_key) > 1`,
  );
  expect(repeated, where).toEqual([]);
  const keys = await sql(
    `select booking_id, operation, idempotency_key from payment_provider_calls
     where operation in ('createAuthorization', 'capture', 'cancelAuthorization', 'refund', 'transfer') and idempotency_key is not null`,
  );
  for (const k of keys) {
    const step = { createAuthorization: 'authorize', capture: 'capture', cancelAuthorization: 'cancel', refund: 'refund', transfer: 'transfer' }[k.operation as string];
    expect(k.idempotency_key, where).toBe(`booking:${k.booking_id}:${step}`);
  }
  // Held hours belong to live bookings, and live bookings hold their hours.
  const orphans = await sql(
    `select s.id from availability_slots s join bookings b on b.id = s.booking_id
     where s.is_booked and b.status = 'cancelled' and b.start_time > coalesce(b.cancelled_at, b.start_time)`,
  );
  expect(orphans, where).toEqual([]);
}

describe('money is never lost', () => {
  it.each([11, 2024, 90210])('random lifecycles keep the books balanced (seed %i)', async (seed) => {
    const rand = mulberry32(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
    const creators: Creator[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await creator(app);
      if (i < 2) await enablePayouts(app, c);
      creators.push(c);
    }
    const brands: Account[] = await Promise.all([account(app), account(app), account(app)]);
    const support = await account(app, 'brand', UserRole.SUPPORT);
    const mine: { id: string; pi: string; booker: Account; creator: Creator }[] = [];

    for (let step = 0; step < 120; step++) {
      const where = `seed ${seed}, step ${step}`;
      const roll = rand();
      if (roll < 0.2 && rand() < 0.45 && mine.length > 0) {
        // A package (live: whole free hours; else a due date) or a custom offer the brand accepts: the same checkout.
        const c = pick(creators);
        const brand = pick(brands);
        const kind = pick(['livePackage', 'duePackage', 'offer'] as const);
        const start = hourFromNow(app, 1 + Math.floor(rand() * 30));
        let res: { status: number; body: any };
        if (kind === 'offer') {
          const convo = await app.rest('POST', '/conversations', { creatorId: c.profileId, text: 'A custom job?' }, brand.token);
          const items = Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, i) => ({ label: `Item ${i}`, quantity: 1 + Math.floor(rand() * 3), unit_price_cents: 1 + Math.floor(rand() * 20_000) }));
          const offer = await app.rest('POST', `/conversations/${convo.body.data.id}/offers`, { items, due_at: new Date(start.getTime() + DAY).toISOString() }, c.token);
          expect(offer.status, `${where}: ${JSON.stringify(offer.body)}`).toBe(201);
          res = await app.rest('POST', `/offers/${offer.body.data.offer.id}/accept`, {}, brand.token);
        } else {
          const live = kind === 'livePackage';
          const pkg = await app.rest('POST', '/packages', { title: 'Pkg', deliverables: live ? { live_minutes: 15 + Math.floor(rand() * 100) } : { clips: 1 + Math.floor(rand() * 4) }, price_cents: 100 + Math.floor(rand() * 50_000) }, c.token);
          expect(pkg.status, `${where}: ${JSON.stringify(pkg.body)}`).toBe(201);
          if (live) {
            for (let h = 0; h < pkg.body.data.package.scheduled_hours; h++) {
              const s = new Date(start.getTime() + h * HOUR);
              await sql(
                `insert into availability_slots (id, streamer_id, start_time, end_time, is_booked, source, created_at, updated_at)
                 values (gen_random_uuid(), ?, ?, ?, false, 'manual', now(), now()) on conflict do nothing`,
                [c.profileId, s, new Date(s.getTime() + HOUR)],
              );
            }
          }
          res = await app.rest('POST', `/packages/${pkg.body.data.package.id}/checkout`, live ? { start_time: start.toISOString() } : { due_at: new Date(start.getTime() + DAY).toISOString() }, brand.token);
        }
        expect(res.status, `${where}: ${kind} ${JSON.stringify(res.body)}`).not.toBe(500);
        if (res.status === 200) {
          mine.push({ id: res.body.data.bookingId, pi: res.body.data.paymentIntentId, booker: brand, creator: c });
          if (rand() < 0.7) await app.rest('POST', `/local-payments/${res.body.data.paymentIntentId}/confirm`, { cardNumber: '4242424242424242' }, brand.token);
        }
      } else if (roll < 0.2 || mine.length === 0) {
        const c = pick(creators);
        const brand = pick(brands);
        const start = hourFromNow(app, 1 + Math.floor(rand() * 30));
        const hours = 1 + Math.floor(rand() * 2);
        for (let h = 0; h < hours; h++) {
          const s = new Date(start.getTime() + h * HOUR);
          await sql(
            `insert into availability_slots (id, streamer_id, start_time, end_time, is_booked, source, created_at, updated_at)
             values (gen_random_uuid(), ?, ?, ?, false, 'manual', now(), now()) on conflict do nothing`,
            [c.profileId, s, new Date(s.getTime() + HOUR)],
          );
        }
        const res = await app.gql(CHECKOUT, { input: { creatorId: c.profileId, startTime: start.toISOString(), endTime: new Date(start.getTime() + hours * HOUR).toISOString() } }, brand.token);
        expect(res.body.errors?.[0]?.extensions?.code, where).not.toBe('INTERNAL_SERVER_ERROR');
        if (!res.body.errors) {
          const data = res.body.data.createBookingCheckout;
          mine.push({ id: data.booking.id, pi: data.paymentIntentId, booker: brand, creator: c });
          // Most bookers pay at once; some leave the checkout open.
          if (rand() < 0.7) await app.rest('POST', `/local-payments/${data.paymentIntentId}/confirm`, { cardNumber: '4242424242424242' }, brand.token);
        }
      } else if (roll < 0.3) {
        const unpaid = await sql(`select id from bookings where status = 'pending' and payment_status = 'unpaid'`);
        const b = mine.find((m) => m.id === pick(unpaid)?.id);
        if (b) await app.rest('POST', `/local-payments/${b.pi}/confirm`, { cardNumber: '4242424242424242' }, b.booker.token);
      } else if (roll < 0.8) {
        // Mostly bookings that can still move; now and then a finished one (which must refuse).
        const live = new Map<string, string>(
          (await sql(`select id, status || '/' || payment_status as state from bookings where status <> 'cancelled' and payment_status <> 'paid_out'`)).map((r: any) => [r.id, r.state]),
        );
        const candidates = mine.filter((m) => live.has(m.id));
        const b = candidates.length > 0 && rand() < 0.85 ? pick(candidates) : pick(mine);
        // Usually a move that makes sense in the booking's state, by the right party; otherwise anything by anyone.
        const sensible = rand() < 0.7 ? SENSIBLE[live.get(b.id) ?? ''] : undefined;
        const [name, side] = sensible ? pick(sensible) : [pick(Object.keys(ACTIONS) as (keyof typeof ACTIONS)[]), 'anyone'];
        const who = side === 'booker' ? b.booker : side === 'creator' ? b.creator : pick([b.booker, b.creator, pick(brands)]);
        const [query, vars] = ACTIONS[name](b.id);
        const res = await app.gql(query as string, vars as Record<string, unknown>, who.token);
        const code = res.body.errors?.[0]?.extensions?.code;
        expect(code === undefined || ['FORBIDDEN', 'INVALID_TRANSITION', 'BAD_USER_INPUT', 'PAYMENT_FAILED'].includes(code), `${where}: ${name} -> ${JSON.stringify(res.body.errors)}`).toBe(true);
      } else if (roll < 0.87) {
        const [open] = await sql(`select d.id, b.total_cents from disputes d join bookings b on b.id = d.booking_id where d.resolved_at is null order by random() limit 1`);
        if (open) {
          const resolution = pick(['REFUND_FULL', 'REFUND_PARTIAL', 'RELEASE']);
          const refundCents = 1 + Math.floor(rand() * (open.total_cents - 1));
          const res = await app.gql(
            `mutation ($input: ResolveDisputeInput!) { resolveDispute(input: $input) { id } }`,
            { input: { disputeId: open.id, resolution, refundCents, note: `Decided ${resolution}` } },
            support.token,
          );
          expect(res.body.errors, where).toBeUndefined();
        }
      } else if (roll < 0.95) {
        app.clock.advance(Math.floor(rand() * (rand() < 0.7 ? 6 * HOUR : 3 * DAY)));
        await app.server.jobs.runAll(app.clock.now());
      } else {
        await app.server.services.payments.runLocalPayouts();
      }
      await checkBooks(where);
    }
    // Whatever happened, the timers settle every booking in the end.
    app.clock.advance(10 * DAY);
    await app.server.jobs.runAll(app.clock.now());
    await app.server.jobs.runAll(app.clock.now());
    await checkBooks(`seed ${seed}, settled`);
    const stuck = await sql(`select count(*)::int as n from bookings where status in ('pending', 'confirmed') and id = any(?::uuid[])`, [`{${mine.map((b) => b.id).join(',')}}`]);
    expect(stuck[0].n).toBe(0);
    // Packages and offers were bought along the way (each seed's walk makes some).
    const kinds = await sql(`select distinct l.kind from booking_line_items l where l.booking_id = any(?::uuid[])`, [`{${mine.map((b) => b.id).join(',')}}`]);
    expect(kinds.map((k: any) => k.kind).sort()).toEqual(['custom', 'hourly', 'package']);
    // A long walk on a shared machine: the whole seed may take minutes (a seed still running after a timeout would move bookings under the next one's checks).
  }, 600_000);
});
