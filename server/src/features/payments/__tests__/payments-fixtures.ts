import { expect } from 'vitest';
import { markEmailVerified, uniqueEmail, type TestApp } from '../../../../test/harness';
import { newBookingRow } from '../../bookings/__tests__/booking-fixtures';
import { Profile } from '../../profiles/profile.entity';
import { AccountType } from '../../users/user.entity';
import type { PaymentsService } from '../payments.service';
import type { PaymentEventContext, PaymentEventHandler, ProviderEvent } from '../payment-provider';
import type { ModuleApp } from '../../../platform/module';
import { modules as appModules } from '../../../app/modules';

/** Shared set-up for the payments tests: accounts through the API, profiles and bookings through the ORM. */

export async function registerUser(app: TestApp, accountType: 'creator' | 'brand' = 'brand') {
  const email = uniqueEmail(accountType);
  const res = await app.rest('POST', '/auth/register', { email, password: 'correct horse battery', accountType });
  expect(res.status).toBe(201);
  await markEmailVerified(app, res.body.data.user.id);
  return { email, userId: res.body.data.user.id as string, token: res.body.data.tokens.accessToken as string };
}

/** A profile written directly (another feature owns the profile screens). */
export async function createProfile(app: TestApp, userId: string, accountType: 'creator' | 'brand', extra: Partial<Profile> = {}) {
  const em = app.orm.em.fork();
  const profile = em.create(Profile, {
    user: userId,
    accountType: accountType === 'brand' ? AccountType.BRAND : AccountType.CREATOR,
    displayName: `${accountType} ${userId.slice(0, 6)}`,
    hourlyRateCents: accountType === 'creator' ? 5000 : null,
    ...extra,
  });
  await em.flush();
  return profile;
}

export async function signedUpWithProfile(app: TestApp, accountType: 'creator' | 'brand') {
  const user = await registerUser(app, accountType);
  const profile = await createProfile(app, user.userId, accountType);
  return { ...user, profileId: profile.id };
}

/** A pending booking whose checkout uses the given payment intent. */
export async function insertBooking(app: TestApp, args: { bookerId: string; creatorProfileId: string; paymentIntentId: string; totalCents?: number }) {
  const em = app.orm.em.fork();
  const start = new Date(app.clock.now().getTime() + 3 * 86_400_000);
  const totalCents = args.totalCents ?? 10_000;
  const booking = newBookingRow(em, {
    creator: args.creatorProfileId,
    booker: args.bookerId,
    start,
    hourlyRateCents: totalCents,
    confirmationDeadline: new Date(start.getTime() + 50 * 3_600_000),
    checkoutExpiresAt: new Date(app.clock.now().getTime() + 15 * 60_000),
    paymentIntentId: args.paymentIntentId,
  });
  await em.flush();
  return booking;
}

export const payments = (app: TestApp): PaymentsService => app.server.services.payments;

/**
 * The app's modules with a probe in front of bookings' provider-event handler: while `probe.handle`
 * is set, payments' tests see every event the payments port hands on (and choose the answer)
 * instead of bookings; null hands events to bookings again.
 */
export function paymentEventsProbe() {
  const probe: { handle: PaymentEventHandler['handle'] | null } = { handle: null };
  const modules = appModules.map((m) => {
    if (m.name !== 'bookings') return m;
    return {
      ...m,
      extend: (app: ModuleApp) => {
        const own = m.extend?.(app) ?? {};
        const [bookings] = own.paymentEventHandlers ?? [];
        const handle = (ctx: PaymentEventContext, event: ProviderEvent) => (probe.handle ?? bookings.handle.bind(bookings))(ctx, event);
        return { ...own, paymentEventHandlers: [{ handle }] };
      },
    };
  });
  return { probe, modules };
}

export async function newIntent(app: TestApp, amountCents = 10_000, bookingId = crypto.randomUUID()) {
  const auth = await payments(app).provider.createAuthorization({
    amountCents,
    currency: 'usd',
    bookingId,
    description: 'Collab',
    metadata: {},
    idempotencyKey: `booking:${bookingId}:authorize`,
  });
  return { ...auth, bookingId };
}

export const confirmCard = (app: TestApp, intent: { id: string; clientSecret: string }, cardNumber: string, extra: Record<string, unknown> = {}) =>
  app.rest('POST', `/local-payments/${intent.id}/confirm`, { cardNumber, clientSecret: intent.clientSecret, ...extra });

export async function sql<T = any>(app: TestApp, query: string, params: unknown[] = []): Promise<T[]> {
  return app.orm.em.fork().getConnection().execute(query, params);
}

export async function postWebhook(app: TestApp, payload: string, signature: string | undefined) {
  const res = await fetch(`${app.url}/api/v1/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });
  return { status: res.status, body: await res.json() };
}

export const gqlError = (body: any) => ({ code: body.errors?.[0]?.extensions?.code, message: body.errors?.[0]?.message });
