import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { notFound } from '../../../platform/shared/errors';
import type { ProviderEvent } from '../payment-provider';
import { paymentEventsProbe, postWebhook, signedUpWithProfile, sql } from './payments-fixtures';

const WEBHOOK_SECRET = 'whsec_test_collab_marketplace';
const { probe, modules } = paymentEventsProbe();
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ STRIPE_SECRET_KEY: 'sk_test_collab', STRIPE_PUBLISHABLE_KEY: 'pk_test_collab', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }, { modules });
});
afterAll(() => app.close());

let seq = 0;
const nowSeconds = () => Math.floor(Date.now() / 1000);
function stripeEvent(type: string, object: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return JSON.stringify({ id: `evt_test_${Date.now()}_${seq++}`, object: 'event', api_version: '2026-10-28.endive', created: nowSeconds(), type, data: { object }, livemode: false, ...extra });
}
const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET, timestamp: opts.timestamp });
const account = (id: string, ready: boolean) => ({ id, object: 'account', details_submitted: ready, charges_enabled: ready, payouts_enabled: ready });
const flags = async (profileId: string) =>
  (await sql(app, 'select onboarding_complete, charges_enabled, payouts_enabled, is_verified from profiles where id = ?', [profileId]))[0];
const eventCount = async () => Number((await sql(app, 'select count(*)::int as n from webhook_events'))[0].n);

async function brandWithAccount(accountId: string) {
  const brand = await signedUpWithProfile(app, 'brand');
  await sql(app, 'update profiles set connect_account_id = ? where id = ?', [accountId, brand.profileId]);
  return brand;
}

describe('POST /api/v1/stripe/webhook', () => {
  it('tells the browser to render the Stripe card form', async () => {
    const res = await app.gql('{ paymentConfig { provider publishableKey } }');
    expect(res.body.data.paymentConfig).toEqual({ provider: 'STRIPE', publishableKey: 'pk_test_collab' });
  });

  it('processes a signed event once; a replay changes nothing', async () => {
    const accountId = `acct_test_${seq++}`;
    const brand = await brandWithAccount(accountId);
    const payload = stripeEvent('account.updated', account(accountId, true));
    const first = await postWebhook(app, payload, sign(payload));
    expect(first).toEqual({ status: 200, body: { success: true, data: { received: true } } });
    expect(await flags(brand.profileId)).toEqual({ onboarding_complete: true, charges_enabled: true, payouts_enabled: true, is_verified: true });

    // Undo by hand: a second processing would set the flags again.
    await sql(app, 'update profiles set onboarding_complete = false, charges_enabled = false, payouts_enabled = false where id = ?', [brand.profileId]);
    const replay = await postWebhook(app, payload, sign(payload));
    expect(replay).toEqual({ status: 200, body: { success: true, data: { received: true, duplicate: true } } });
    expect(await flags(brand.profileId)).toMatchObject({ onboarding_complete: false, charges_enabled: false });
  });

  it('refuses a forged, stale or missing signature with 400 and changes nothing', async () => {
    const accountId = `acct_test_${seq++}`;
    const brand = await brandWithAccount(accountId);
    const payload = stripeEvent('account.updated', account(accountId, true));
    const before = await eventCount();

    const forged = await postWebhook(app, payload, sign(payload, { secret: 'whsec_someone_else' }));
    expect(forged.status).toBe(400);
    expect(forged.body.error).toMatch(/^Invalid webhook signature: No signatures found matching the expected signature/);
    const tampered = await postWebhook(app, payload.replace('"charges_enabled":true', '"charges_enabled":false'), sign(payload));
    expect(tampered.status).toBe(400);
    const stale = await postWebhook(app, payload, sign(payload, { timestamp: nowSeconds() - 600 }));
    expect(stale.status).toBe(400);
    expect(stale.body.error).toBe('Invalid webhook signature: Timestamp outside the tolerance zone');
    expect((await postWebhook(app, payload, undefined)).status).toBe(400);

    expect(await eventCount()).toBe(before);
    expect(await flags(brand.profileId)).toMatchObject({ onboarding_complete: false, is_verified: false });
  });

  it('answers 200 for events it does not act on, including unknown payment intents', async () => {
    const unknownIntent = stripeEvent('payment_intent.amount_capturable_updated', { id: 'pi_unknown_123', object: 'payment_intent', amount: 5000, status: 'requires_capture' });
    expect((await postWebhook(app, unknownIntent, sign(unknownIntent))).body).toEqual({ success: true, data: { received: true, ignored: true } });
    const other = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect((await postWebhook(app, other, sign(other))).body).toEqual({ success: true, data: { received: true, ignored: true } });
    const unknownAccount = stripeEvent('account.updated', account('acct_nobody', true));
    expect((await postWebhook(app, unknownAccount, sign(unknownAccount))).status).toBe(200);
  });

  it('does not let an older account.updated undo a newer one', async () => {
    const accountId = `acct_test_${seq++}`;
    const creator = await signedUpWithProfile(app, 'creator');
    await sql(app, 'update profiles set connect_account_id = ? where id = ?', [accountId, creator.profileId]);
    const newer = stripeEvent('account.updated', account(accountId, true));
    const older = stripeEvent('account.updated', account(accountId, false), { created: nowSeconds() - 120 });
    await postWebhook(app, newer, sign(newer));
    const res = await postWebhook(app, older, sign(older));
    expect(res.body.data).toEqual({ received: true, ignored: true });
    expect(await flags(creator.profileId)).toMatchObject({ onboarding_complete: true, payouts_enabled: true, is_verified: false });
  });

  it('hands each event to the booking handler, mapped from Stripe types, in the same transaction', async () => {
    const seen: ProviderEvent[] = [];
    probe.handle = async (_ctx, event) => (seen.push(event), 'applied');
    const cases: Array<[string, Record<string, unknown>, Record<string, unknown>, Partial<ProviderEvent>]> = [
      ['payment_intent.amount_capturable_updated', { id: 'pi_1', object: 'payment_intent' }, {}, { type: 'authorization.succeeded', paymentIntentId: 'pi_1' }],
      ['payment_intent.canceled', { id: 'pi_2', object: 'payment_intent' }, {}, { type: 'authorization.canceled', paymentIntentId: 'pi_2' }],
      ['payment_intent.succeeded', { id: 'pi_3', object: 'payment_intent', amount_received: 7000 }, {}, { type: 'authorization.captured', paymentIntentId: 'pi_3', amountCents: 7000 }],
      ['charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: 'pi_4', amount_refunded: 2500 }, {}, { type: 'charge.refunded', paymentIntentId: 'pi_4', refundedCents: 2500 }],
      ['transfer.created', { id: 'tr_1', object: 'transfer', transfer_group: 'booking-9' }, {}, { type: 'transfer.created', transferId: 'tr_1', bookingId: 'booking-9' }],
      ['payout.paid', { id: 'po_1', object: 'payout' }, { account: 'acct_9' }, { type: 'payout.paid', accountId: 'acct_9' }],
    ];
    for (const [type, object, extra, expected] of cases) {
      const payload = stripeEvent(type, object, extra);
      expect((await postWebhook(app, payload, sign(payload))).body.data).toEqual({ received: true });
      expect(seen.at(-1)).toMatchObject({ ...expected, id: JSON.parse(payload).id });
      expect(seen.at(-1)!.occurredAt).toBeInstanceOf(Date);
    }

    // An event the handler cannot place (NOT_FOUND) is recorded as ignored, its partial work rolled back.
    probe.handle = async (ctx) => {
      await ctx.em.execute("update profiles set bio = 'touched by a failed handler'");
      throw notFound('No booking holds this payment intent');
    };
    const unplaced = stripeEvent('payment_intent.canceled', { id: 'pi_unplaced', object: 'payment_intent' });
    expect((await postWebhook(app, unplaced, sign(unplaced))).body.data).toEqual({ received: true, ignored: true });
    expect(await sql(app, "select id from profiles where bio = 'touched by a failed handler'")).toEqual([]);
    expect((await postWebhook(app, unplaced, sign(unplaced))).body.data).toEqual({ received: true, duplicate: true });

    // A handler failure rolls the event back: the provider's retry processes it.
    probe.handle = async () => { throw new Error('database hiccup'); };
    const payload = stripeEvent('payment_intent.canceled', { id: 'pi_5', object: 'payment_intent' });
    expect((await postWebhook(app, payload, sign(payload))).status).toBe(500);
    probe.handle = async (_ctx, event) => (seen.push(event), 'applied');
    expect((await postWebhook(app, payload, sign(payload))).body.data).toEqual({ received: true });
    expect(seen.at(-1)).toMatchObject({ type: 'authorization.canceled', paymentIntentId: 'pi_5' });
  });

  it('the local card form and onboarding pages are not offered when Stripe is configured', async () => {
    const res = await app.rest('POST', '/local-payments/pi_x/confirm', { cardNumber: '4242424242424242', clientSecret: 's' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('The local card form is not available: payments go through Stripe');
  });
});
