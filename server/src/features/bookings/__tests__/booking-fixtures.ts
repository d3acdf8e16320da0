import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { uniqueEmail, type TestApp } from '../../../../test/harness';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AvailabilitySlot } from '../../availability/availability-slot.entity';
import { Profile } from '../../profiles/profile.entity';
import { AccountType, User, UserRole } from '../../users/user.entity';
import { Booking } from '../booking.entity';
import { CURRENT_POLICY } from '../process/policy';

/**
 * Set-up for the booking suites (not a test file): accounts and creator profiles with free hourly
 * slots are written with the ORM (other features own those screens); everything about bookings
 * goes through the real API.
 */

export interface Account {
  userId: string;
  email: string;
  token: string;
}

export interface Creator extends Account {
  profileId: string;
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A signed-in account without the password round trip (argon2 is slow; 50 brands add up). */
export async function account(app: TestApp, accountType: 'creator' | 'brand' = 'brand', role: UserRole = UserRole.USER): Promise<Account> {
  const em = app.orm.em.fork();
  const user = em.create(User, {
    email: uniqueEmail(accountType),
    passwordHash: 'not-a-real-hash',
    accountType: accountType === 'creator' ? AccountType.CREATOR : AccountType.BRAND,
    role,
    emailVerifiedAt: new Date(),
  });
  await em.flush();
  const sid = randomUUID();
  return {
    userId: user.id,
    email: user.email,
    // Signed at the test clock's current time, so tests may move the clock by days.
    get token() {
      return app.server.deps.tokens.signAccessToken({ sub: user.id, role: user.role, acct: user.accountType, sid }, app.clock.now()).token;
    },
  };
}

/** A creator profile (default $50/h, minimum 1 h) with free slots at the given hours. */
export async function creator(app: TestApp, slotStarts: Date[] = [], profile: Partial<Profile> = {}): Promise<Creator> {
  const acc = await account(app, 'creator');
  const em = app.orm.em.fork();
  const p = em.create(Profile, {
    user: acc.userId,
    accountType: AccountType.CREATOR,
    displayName: `Creator ${acc.userId.slice(0, 6)}`,
    hourlyRateCents: 5000,
    platforms: ['twitch'],
    ...profile,
  });
  await em.flush();
  await addSlots(app, p.id, slotStarts);
  return Object.defineProperties({ profileId: p.id }, Object.getOwnPropertyDescriptors(acc)) as Creator;
}

export async function addSlots(app: TestApp, profileId: string, starts: Date[]): Promise<void> {
  const em = app.orm.em.fork();
  for (const start of starts) em.create(AvailabilitySlot, { creator: profileId, startTime: start, endTime: new Date(start.getTime() + HOUR) });
  await em.flush();
}

/** The top of the hour `hours` from the test clock's now. */
export function hourFromNow(app: TestApp, hours: number): Date {
  const d = new Date(app.clock.now().getTime() + hours * HOUR);
  d.setUTCMinutes(0, 0, 0);
  return d;
}

export const consecutive = (start: Date, count: number) => Array.from({ length: count }, (_, i) => new Date(start.getTime() + i * HOUR));

/** Connects the creator's payout account through the payments feature's own (local) onboarding pages. */
export async function enablePayouts(app: TestApp, c: Account): Promise<void> {
  const res = await app.rest('POST', '/stripe/create-account', {}, c.token);
  expect(res.status).toBe(200);
  const url = new URL(res.body.data.url, app.url);
  const accountId = decodeURIComponent(url.pathname.split('/').at(-1)!);
  const done = await fetch(`${app.url}/api/v1/local-payments/onboarding/${encodeURIComponent(accountId)}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `link=${encodeURIComponent(url.searchParams.get('link')!)}`,
    redirect: 'manual',
  });
  expect(done.status).toBe(303);
}

export const CHECKOUT = /* GraphQL */ `
  mutation Checkout($input: CreateBookingCheckoutInput!) {
    createBookingCheckout(input: $input) {
      checkoutUrl paymentIntentId clientSecret
      booking { id status paymentStatus totalCents feeCents creatorAmountCents totalHours checkoutExpiresAt }
    }
  }`;

export const BOOKING_FIELDS = /* GraphQL */ `
  id status paymentStatus refundCents creatorConfirmed bookerConfirmed viewerRole availableActions
  totalCents feeCents creatorAmountCents cancellationReason
  dispute { kind reason evidence respondentStatement openedBy resolution refundCents }
`;

/** Checkout through GraphQL; returns the booking id and payment intent. */
export async function checkout(app: TestApp, booker: Account, c: Creator, start: Date, hours = 1, extra: Record<string, unknown> = {}) {
  const res = await app.gql(
    CHECKOUT,
    { input: { creatorId: c.profileId, startTime: start.toISOString(), endTime: new Date(start.getTime() + hours * HOUR).toISOString(), ...extra } },
    booker.token,
  );
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  const data = res.body.data.createBookingCheckout;
  return { bookingId: data.booking.id as string, paymentIntentId: data.paymentIntentId as string, clientSecret: data.clientSecret as string, data };
}

/** The booker's card form (local provider, Stripe's 4242 test card): the money is authorized and held. */
export async function pay(app: TestApp, booker: Account, paymentIntentId: string) {
  const res = await app.rest('POST', `/local-payments/${paymentIntentId}/confirm`, { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' }, booker.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A booking the creator has not answered yet (pending/held). */
export async function heldBooking(app: TestApp, booker: Account, c: Creator, start: Date, hours = 1) {
  const b = await checkout(app, booker, c, start, hours);
  await pay(app, booker, b.paymentIntentId);
  return b;
}

export async function acceptedBooking(app: TestApp, booker: Account, c: Creator, start: Date, hours = 1) {
  const b = await heldBooking(app, booker, c, start, hours);
  const res = await app.gql(`mutation ($id: ID!) { acceptBooking(bookingId: $id) { status } }`, { id: b.bookingId }, c.token);
  expect(res.body.errors).toBeUndefined();
  return b;
}

/**
 * A booking written straight to the table (for suites that need bookings in a given state without
 * the API: listings, reviews, payment events). Price split and policy as checkout makes them;
 * confirmation deadline 48 h after the end. Not flushed.
 */
export function newBookingRow(
  em: EntityManager,
  args: { creator: string | Profile; booker: string | User; start: Date; hours?: number; hourlyRateCents?: number } & Partial<
    Pick<Booking, 'status' | 'paymentStatus' | 'paymentIntentId' | 'checkoutExpiresAt' | 'confirmationDeadline'>
  >,
): Booking {
  const { creator, booker, start, hours = 1, hourlyRateCents = 5000, ...state } = args;
  const totalCents = hourlyRateCents * hours;
  const feeCents = Math.round((totalCents * CURRENT_POLICY.feePercent) / 100);
  const end = new Date(start.getTime() + hours * HOUR);
  return em.create(Booking, {
    creator: creator,
    booker,
    startTime: start,
    endTime: end,
    totalHours: hours,
    hourlyRateCents,
    totalCents,
    feeCents,
    creatorAmountCents: totalCents - feeCents,
    confirmationDeadline: new Date(end.getTime() + CURRENT_POLICY.confirmationWindowHours * HOUR),
    checkoutExpiresAt: start,
    policy: { ...CURRENT_POLICY },
    ...state,
  });
}

export async function bookingRow(app: TestApp, id: string) {
  const [row] = await app.orm.em.fork().getConnection().execute('select * from bookings where id = ?', [id]);
  return row as Record<string, any>;
}

export async function ledger(app: TestApp, bookingId: string) {
  const rows: { kind: string; amount_cents: number }[] = await app.orm.em
    .fork()
    .getConnection()
    .execute('select kind, amount_cents from ledger_entries where booking_id = ? order by id', [bookingId]);
  const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.amount_cents, 0);
  return {
    rows: rows.map((r) => `${r.kind}:${r.amount_cents}`),
    captured: sum('capture'),
    refunded: sum('refund'),
    fee: sum('fee') - sum('fee_reversal'),
    allocated: sum('allocation') - sum('allocation_reversal'),
    transferred: sum('transfer'),
  };
}

export async function slotsOf(app: TestApp, profileId: string) {
  return app.orm.em
    .fork()
    .getConnection()
    .execute('select start_time, is_booked, booking_id from availability_slots where streamer_id = ? order by start_time', [profileId]);
}

export const gqlError = (body: any) => ({ code: body.errors?.[0]?.extensions?.code as string | undefined, message: body.errors?.[0]?.message as string | undefined });
