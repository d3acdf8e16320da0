import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/harness';
import { DomainError } from '../../../platform/shared/errors';
import { hostOptions, StripePaymentProvider } from '../stripe/stripe-payment-provider';
import { signedUpWithProfile } from './payments-fixtures';

/**
 * A tiny stand-in for Stripe's API at STRIPE_API_BASE: it records what the real SDK sends and
 * answers with minimal objects. It checks request shape only; Stripe's behaviour is not modelled.
 */
interface Seen {
  method: string;
  path: string;
  idempotencyKey?: string;
  form: Record<string, string>;
}
const seen: Seen[] = [];
const stripeError = (status: number, type: string, code: string, message: string) => ({ status, body: { error: { type, code, message } } });
const intent = (over: Record<string, unknown>) => ({
  id: 'pi_fake',
  object: 'payment_intent',
  amount: 12_000,
  currency: 'usd',
  status: 'requires_payment_method',
  client_secret: 'pi_fake_secret_abc',
  amount_received: 0,
  metadata: { booking_id: 'b-1' },
  last_payment_error: null,
  ...over,
});

function answer(req: Seen): { status?: number; body: unknown } {
  const route = `${req.method} ${req.path.split('?')[0]}`;
  switch (route) {
    case 'POST /v1/payment_intents':
      return { body: intent({ amount: Number(req.form.amount) }) };
    case 'GET /v1/payment_intents/pi_fake':
      return { body: intent({ status: 'succeeded', amount_received: 12_000, latest_charge: { id: 'ch_1', object: 'charge', amount_refunded: 2_000 } }) };
    case 'POST /v1/payment_intents/pi_fake/capture':
      return { body: intent({ status: 'succeeded', amount_received: 12_000 }) };
    case 'POST /v1/payment_intents/pi_fake/cancel':
      return { body: intent({ status: 'canceled' }) };
    case 'POST /v1/payment_intents/pi_declined/capture':
      return stripeError(402, 'card_error', 'card_declined', 'Your card was declined.');
    case 'POST /v1/refunds':
      return { body: { id: 're_fake', object: 'refund', amount: Number(req.form.amount) } };
    case 'POST /v1/accounts':
      return { body: { id: 'acct_fake', object: 'account' } };
    case 'POST /v1/account_links':
      return { body: { object: 'account_link', url: 'https://connect.stripe.test/setup/e/acct_fake' } };
    case 'GET /v1/accounts/acct_fake':
      return { body: { id: 'acct_fake', object: 'account', details_submitted: true, charges_enabled: true, payouts_enabled: false } };
    case 'POST /v1/transfers':
      return Number(req.form.amount) > 100_000
        ? stripeError(400, 'invalid_request_error', 'balance_insufficient', 'You have insufficient available funds in your Stripe account.')
        : { body: { id: 'tr_fake', object: 'transfer' } };
    case 'POST /v1/charges':
      return { body: { id: 'ch_funds', object: 'charge' } };
    case 'GET /v1/balance':
      return { body: { object: 'balance', available: [{ currency: 'usd', amount: 123_456 }], pending: [] } };
    default:
      return stripeError(404, 'invalid_request_error', 'resource_missing', `No such route: ${route}`);
  }
}

let fake: Server;
let apiBase: string;
beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const query = path.includes('?') ? path.slice(path.indexOf('?') + 1) : '';
      const form = Object.fromEntries(new URLSearchParams(raw || query));
      const entry: Seen = { method: req.method ?? 'GET', path, idempotencyKey: req.headers['idempotency-key'] as string | undefined, form };
      seen.push(entry);
      const { status = 200, body } = answer(entry);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

const last = () => seen.at(-1)!;
const provider = (secretKey = 'sk_test_fake') => new StripePaymentProvider({ secretKey, apiBase, webhookSecret: 'whsec_x' });
const failure = async (p: Promise<unknown>) => (await p.then(() => null, (e: unknown) => e)) as DomainError;

describe('stripe adapter: what the real SDK sends', () => {
  it('parses STRIPE_API_BASE into host, port and protocol', () => {
    expect(hostOptions('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(hostOptions('https://api.stripe.com')).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
  });

  it('creates a manual-capture PaymentIntent grouped by booking, with the idempotency key', async () => {
    const auth = await provider().createAuthorization({
      amountCents: 12_000,
      currency: 'usd',
      bookingId: 'b-1',
      description: 'Collab with Aurora',
      metadata: { streamer_id: 's-1' },
      idempotencyKey: 'booking:b-1:authorize',
    });
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: 'booking:b-1:authorize',
      form: {
        amount: '12000',
        currency: 'usd',
        capture_method: 'manual',
        'allowed_payment_method_types[0]': 'card',
        transfer_group: 'b-1',
        'metadata[booking_id]': 'b-1',
        'metadata[streamer_id]': 's-1',
      },
    });
    expect(auth).toEqual({
      id: 'pi_fake',
      status: 'requires_payment_method',
      amountCents: 12_000,
      clientSecret: 'pi_fake_secret_abc',
      capturedCents: 0,
      refundedCents: 0,
      metadata: { booking_id: 'b-1' },
      lastPaymentError: null,
    });
  });

  it('captures, cancels and refunds with the caller’s keys; reads refunds from the latest charge', async () => {
    expect(await provider().capture('pi_fake', { idempotencyKey: 'booking:b-1:capture' })).toMatchObject({ status: 'succeeded', capturedCents: 12_000 });
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/payment_intents/pi_fake/capture', idempotencyKey: 'booking:b-1:capture' });
    await provider().cancelAuthorization('pi_fake', { idempotencyKey: 'booking:b-1:cancel' });
    expect(last()).toMatchObject({ path: '/v1/payment_intents/pi_fake/cancel', idempotencyKey: 'booking:b-1:cancel' });
    expect(await provider().refund('pi_fake', { amountCents: 2_000, idempotencyKey: 'booking:b-1:refund' })).toEqual({ refundId: 're_fake' });
    expect(last()).toMatchObject({ path: '/v1/refunds', idempotencyKey: 'booking:b-1:refund', form: { payment_intent: 'pi_fake', amount: '2000' } });
    expect(await provider().getAuthorization('pi_fake')).toMatchObject({ capturedCents: 12_000, refundedCents: 2_000 });
    expect(last()).toMatchObject({ method: 'GET', form: { 'expand[0]': 'latest_charge' } });
  });

  it('creates Express accounts, onboarding links and reads their status', async () => {
    expect(await provider().createConnectAccount({ userId: 'u-1', email: 'a@b.test', kind: 'creator', idempotencyKey: 'connect-account:p-1' })).toEqual({ accountId: 'acct_fake' });
    expect(last()).toMatchObject({
      path: '/v1/accounts',
      idempotencyKey: 'connect-account:p-1',
      form: { type: 'express', email: 'a@b.test', 'capabilities[transfers][requested]': 'true', 'metadata[user_id]': 'u-1' },
    });
    const link = await provider().createOnboardingLink('acct_fake', { returnUrl: 'https://app.test/dashboard', refreshUrl: 'https://app.test/dashboard?r=1' });
    expect(link.url).toBe('https://connect.stripe.test/setup/e/acct_fake');
    expect(last().form).toEqual({ account: 'acct_fake', return_url: 'https://app.test/dashboard', refresh_url: 'https://app.test/dashboard?r=1', type: 'account_onboarding' });
    expect(await provider().getConnectStatus('acct_fake')).toEqual({ connected: true, onboardingComplete: true, chargesEnabled: true, payoutsEnabled: false });
  });

  it('transfers to the connected account by booking; a short balance is PAYMENT_FAILED', async () => {
    expect(await provider().transfer({ accountId: 'acct_fake', amountCents: 9_000, bookingId: 'b-1', idempotencyKey: 'booking:b-1:transfer' })).toEqual({ transferId: 'tr_fake' });
    expect(last()).toMatchObject({ path: '/v1/transfers', idempotencyKey: 'booking:b-1:transfer', form: { amount: '9000', currency: 'usd', destination: 'acct_fake', transfer_group: 'b-1' } });
    const short = await failure(provider().transfer({ accountId: 'acct_fake', amountCents: 500_000, bookingId: 'b-2', idempotencyKey: 'booking:b-2:transfer' }));
    expect(short).toBeInstanceOf(DomainError);
    expect(short).toMatchObject({ code: 'PAYMENT_FAILED', message: 'You have insufficient available funds in your Stripe account.' });
    const declined = await failure(provider().capture('pi_declined', { idempotencyKey: 'k' }));
    expect(declined).toMatchObject({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });
    expect(await failure(provider().getAuthorization('pi_missing'))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('adds test funds with tok_bypassPending in test mode only', async () => {
    expect(await provider().addTestFunds(50_000)).toEqual({ amountAdded: 50_000, newAvailableBalance: 123_456 });
    const charge = seen.find((s) => s.path === '/v1/charges')!;
    expect(charge.form).toMatchObject({ amount: '50000', currency: 'usd', source: 'tok_bypassPending' });
    expect(charge.idempotencyKey).toMatch(/^test-funds:/);
    const before = seen.length;
    expect(await failure(provider('sk_live_real').addTestFunds(50_000))).toMatchObject({ code: 'FORBIDDEN' });
    expect(seen.length).toBe(before);
  });

  it('is what the app uses when STRIPE_SECRET_KEY is set: create-account goes to Stripe once per profile', async () => {
    const app = await startTestApp({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_BASE: apiBase, PUBLIC_URL: 'https://collab.test' });
    try {
      const creator = await signedUpWithProfile(app, 'creator');
      const res = await app.rest('POST', '/stripe/create-account', {}, creator.token);
      expect(res.body.data).toEqual({ url: 'https://connect.stripe.test/setup/e/acct_fake' });
      const accountCalls = seen.filter((s) => s.path === '/v1/accounts' && s.idempotencyKey === `connect-account:${creator.profileId}`);
      expect(accountCalls).toHaveLength(1);
      expect(last().form).toMatchObject({ return_url: 'https://collab.test/dashboard?connect=return', refresh_url: 'https://collab.test/dashboard?connect=refresh' });
      await app.rest('POST', '/stripe/create-account', {}, creator.token);
      expect(seen.filter((s) => s.path === '/v1/accounts' && s.idempotencyKey === `connect-account:${creator.profileId}`)).toHaveLength(1);
      const status = await app.rest('GET', '/stripe/connect-status', undefined, creator.token);
      expect(status.body.data).toEqual({ connected: true, onboarding_complete: true, charges_enabled: true, payouts_enabled: false });
    } finally {
      await app.close();
    }
  });
});
