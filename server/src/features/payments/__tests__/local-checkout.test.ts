import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import type { ProviderEvent } from '../payment-provider';
import { confirmCard, gqlError, insertBooking, newIntent, payments, registerUser, signedUpWithProfile, sql, paymentEventsProbe } from './payments-fixtures';

const { probe, modules } = paymentEventsProbe();
let app: TestApp;
const events: ProviderEvent[] = [];
beforeAll(async () => {
  app = await startTestApp({}, { modules });
  probe.handle = async (_ctx, event) => (events.push(event), 'applied');
});
afterAll(() => app.close());

/** A checkout as the bookings feature leaves it: an intent and a pending booking that holds it. */
async function checkout() {
  const creator = await signedUpWithProfile(app, 'creator');
  const booker = await registerUser(app, 'brand');
  const booking = { id: crypto.randomUUID() };
  const intent = await newIntent(app, 10_000, booking.id);
  await insertBooking(app, { bookerId: booker.userId, creatorProfileId: creator.profileId, paymentIntentId: intent.id });
  return { intent, booker, creator };
}

const CONFIRM = `mutation($id: ID!, $card: String!, $secret: String) {
  confirmLocalPayment(paymentIntentId: $id, cardNumber: $card, clientSecret: $secret) { id status clientSecret }
}`;

describe('the local card form: Stripe test cards', () => {
  it('4242 4242 4242 4242 authorizes and holds the funds, and tells the booking feature once', async () => {
    const { intent } = await checkout();
    const res = await confirmCard(app, intent, '4242 4242 4242 4242', { expiry: '12/99', cvc: '123' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: intent.id, status: 'requires_capture', client_secret: intent.clientSecret } });
    const mine = events.filter((e) => e.type === 'authorization.succeeded' && e.paymentIntentId === intent.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].id).toMatch(/^evt_local_/);
    const [row] = await sql(app, 'select type from webhook_events where id = ?', [mine[0].id]);
    expect(row.type).toBe('authorization.succeeded');
  });

  it.each([
    ['4000000000000002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000000000000069', 'Your card has expired.'],
    ['4000000000000127', "Your card's security code is incorrect."],
    ['4111111111111111', 'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://docs.stripe.com/testing.'],
  ])('%s is declined with 402 "%s" and nothing is authorized', async (card, message) => {
    const { intent } = await checkout();
    const res = await confirmCard(app, intent, card);
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ success: false, error: message, code: 'PAYMENT_FAILED' });
    expect((await payments(app).provider.getAuthorization(intent.id)).status).toBe('requires_payment_method');
    expect(events.some((e) => e.type === 'authorization.succeeded' && e.paymentIntentId === intent.id)).toBe(false);
  });

  it.each(['5555 5555 5555 4444', '378282246310005', '6011111111111117', '4000000000000077'])('test card %s authorizes too', async (card) => {
    const { intent } = await checkout();
    expect((await confirmCard(app, intent, card)).body.data?.status).toBe('requires_capture');
  });

  it.each([
    ['4242-4242-4242-4242', 'Your card number is invalid.'],
    ['4242 4242 4242', 'Your card number is invalid.'],
    ['42424242424242424242', 'Your card number is invalid.'],
    ['4242424242424241', 'Your card number is invalid.'],
    ['', 'Your card number is incomplete.'],
  ])('a malformed number %j is 400 "%s"', async (card, message) => {
    const { intent } = await checkout();
    const res = await confirmCard(app, intent, card);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: message, field: 'cardNumber' });
    expect((await payments(app).provider.getAuthorization(intent.id)).lastPaymentError).toBeNull();
  });

  it('checks the expiry date and security code when given', async () => {
    const { intent } = await checkout();
    expect((await confirmCard(app, intent, '4242424242424242', { expiry: '13/30' })).body.error).toBe("Your card's expiration date is invalid.");
    expect((await confirmCard(app, intent, '4242424242424242', { expiry: '01/20' })).body.error).toBe("Your card's expiration date is in the past.");
    expect((await confirmCard(app, intent, '4242424242424242', { cvc: '12a' })).body.error).toBe("Your card's security code is invalid.");
    expect((await payments(app).provider.getAuthorization(intent.id)).status).toBe('requires_payment_method');
  });

  it("needs the intent's client secret or the booker's token", async () => {
    const { intent, booker } = await checkout();
    const stranger = await registerUser(app);
    const anonymous = await app.rest('POST', `/local-payments/${intent.id}/confirm`, { cardNumber: '4242424242424242' });
    expect(anonymous.status).toBe(401);
    const wrongSecret = await app.rest('POST', `/local-payments/${intent.id}/confirm`, { cardNumber: '4242424242424242', clientSecret: `${intent.id}_secret_nope` });
    expect(wrongSecret.status).toBe(403);
    const notTheBooker = await app.rest('POST', `/local-payments/${intent.id}/confirm`, { cardNumber: '4242424242424242' }, stranger.token);
    expect(notTheBooker.status).toBe(403);
    expect((await payments(app).provider.getAuthorization(intent.id)).status).toBe('requires_payment_method');
    const byBooker = await app.rest('POST', `/local-payments/${intent.id}/confirm`, { cardNumber: '4242424242424242' }, booker.token);
    expect(byBooker.body.data.status).toBe('requires_capture');
  });

  it('works over GraphQL for the signed-in booker, with the same messages', async () => {
    const { intent, booker } = await checkout();
    const declined = await app.gql(CONFIRM, { id: intent.id, card: '4000000000000002' }, booker.token);
    expect(gqlError(declined.body)).toEqual({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });
    const invalid = await app.gql(CONFIRM, { id: intent.id, card: '1234' }, booker.token);
    expect(gqlError(invalid.body)).toEqual({ code: 'BAD_USER_INPUT', message: 'Your card number is invalid.' });
    const ok = await app.gql(CONFIRM, { id: intent.id, card: '4242424242424242' }, booker.token);
    expect(ok.body.data.confirmLocalPayment).toEqual({ id: intent.id, status: 'REQUIRES_CAPTURE', clientSecret: intent.clientSecret });
    const stranger = await registerUser(app);
    const forbidden = await app.gql(CONFIRM, { id: intent.id, card: '4242424242424242' }, stranger.token);
    expect(gqlError(forbidden.body).code).toBe('FORBIDDEN');
  });
});

describe('GET /bookings/payment-intent/{paymentIntentId}', () => {
  it("gives the booker the checkout's client secret and nobody else", async () => {
    const { intent, booker, creator } = await checkout();
    const mine = await app.rest('GET', `/bookings/payment-intent/${intent.id}`, undefined, booker.token);
    expect(mine).toEqual({ status: 200, body: { success: true, data: { clientSecret: intent.clientSecret } } });
    expect((await app.rest('GET', `/bookings/payment-intent/${intent.id}`, undefined, creator.token)).status).toBe(403);
    expect((await app.rest('GET', `/bookings/payment-intent/${intent.id}`)).status).toBe(401);
    const unknown = await app.rest('GET', '/bookings/payment-intent/pi_local_unknown', undefined, booker.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Payment not found');

    const q = 'query($id: ID!) { paymentIntentClientSecret(paymentIntentId: $id) }';
    expect((await app.gql(q, { id: intent.id }, booker.token)).body.data.paymentIntentClientSecret).toBe(intent.clientSecret);
    expect(gqlError((await app.gql(q, { id: intent.id }, creator.token)).body).code).toBe('FORBIDDEN');
  });

  it('takes no Stripe webhooks: the local provider delivers its events itself', async () => {
    const res = await app.rest('POST', '/stripe/webhook', { id: 'evt_1', type: 'account.updated' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Webhooks are not used by the local payment provider: it delivers its events directly.');
  });

  it('tells the browser which card form to render', async () => {
    const res = await app.gql('{ paymentConfig { provider publishableKey } }');
    expect(res.body.data.paymentConfig).toEqual({ provider: 'LOCAL', publishableKey: null });
  });
});
