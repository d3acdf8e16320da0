import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { DomainError } from '../../../platform/shared/errors';
import { confirmCard, newIntent, payments, signedUpWithProfile, sql, paymentEventsProbe } from './payments-fixtures';

const { probe, modules } = paymentEventsProbe();
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { modules });
});
afterAll(() => app.close());

const provider = () => payments(app).provider;
const local = () => payments(app).local!;
const balance = () => local().platformBalance();
const rejection = async (p: Promise<unknown>) => {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
};

/** A connected account that finished onboarding through the local pages. */
async function onboardedAccount() {
  const creator = await signedUpWithProfile(app, 'creator');
  const { body } = await app.rest('POST', '/stripe/create-account', {}, creator.token);
  const link = new URL(body.data.url, app.url);
  const accountId = decodeURIComponent(link.pathname.split('/').at(-1)!);
  await fetch(`${link.origin}${link.pathname}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `link=${link.searchParams.get('link')}`,
    redirect: 'manual',
  });
  return accountId;
}

describe('local provider: the PaymentIntent state machine (manual capture)', () => {
  it('authorizes, captures and refunds in part, never beyond what was captured', async () => {
    const intent = await newIntent(app, 12_000);
    expect(intent.id).toMatch(/^pi_local_[A-Za-z0-9]{24}$/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]{24}$`));
    expect(intent).toMatchObject({ status: 'requires_payment_method', amountCents: 12_000, capturedCents: 0, metadata: { booking_id: intent.bookingId } });

    const confirmed = await confirmCard(app, intent, '4242 4242 4242 4242');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ id: intent.id, status: 'requires_capture', client_secret: intent.clientSecret });

    const before = await balance();
    const captured = await provider().capture(intent.id, { idempotencyKey: `booking:${intent.bookingId}:capture` });
    expect(captured).toMatchObject({ status: 'succeeded', capturedCents: 12_000 });
    expect(await balance()).toBe(before + 12_000);

    await provider().refund(intent.id, { amountCents: 5_000, idempotencyKey: `booking:${intent.bookingId}:refund:1` });
    const tooMuch = await rejection(provider().refund(intent.id, { amountCents: 7_001, idempotencyKey: `booking:${intent.bookingId}:refund:2` }));
    expect(tooMuch.code).toBe('BAD_USER_INPUT');
    expect(tooMuch.message).toBe('Refund amount ($70.01) is greater than the unrefunded amount on the charge ($70.00).');
    await provider().refund(intent.id, { amountCents: 7_000, idempotencyKey: `booking:${intent.bookingId}:refund:3` });
    expect(await provider().getAuthorization(intent.id)).toMatchObject({ status: 'succeeded', capturedCents: 12_000, refundedCents: 12_000 });
    expect(await balance()).toBe(before);
  });

  it('a declined card leaves nothing authorized', async () => {
    const intent = await newIntent(app);
    const res = await confirmCard(app, intent, '4000000000000002');
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ success: false, error: 'Your card was declined.', code: 'PAYMENT_FAILED' });
    expect(await provider().getAuthorization(intent.id)).toMatchObject({ status: 'requires_payment_method', lastPaymentError: 'Your card was declined.' });
    expect((await rejection(provider().capture(intent.id, { idempotencyKey: 'k-declined' }))).code).toBe('INVALID_TRANSITION');
    // The booker may try another card.
    expect((await confirmCard(app, intent, '4242424242424242')).body.data.status).toBe('requires_capture');
    expect((await provider().getAuthorization(intent.id)).lastPaymentError).toBeNull();
  });

  it('captures only an authorized intent, cancels only an uncaptured one, refunds only a captured one', async () => {
    const unpaid = await newIntent(app);
    expect((await rejection(provider().capture(unpaid.id, { idempotencyKey: 'c1' }))).message).toContain('status of requires_payment_method');
    expect((await rejection(provider().refund(unpaid.id, { amountCents: 100, idempotencyKey: 'r1' }))).code).toBe('INVALID_TRANSITION');

    const held = await newIntent(app);
    await confirmCard(app, held, '4242424242424242');
    expect(await provider().cancelAuthorization(held.id, { idempotencyKey: 'x1' })).toMatchObject({ status: 'canceled', capturedCents: 0 });
    expect((await rejection(provider().capture(held.id, { idempotencyKey: 'c2' }))).code).toBe('INVALID_TRANSITION');
    expect((await confirmCard(app, held, '4242424242424242')).status).toBe(409);

    const paid = await newIntent(app);
    await confirmCard(app, paid, '4242424242424242');
    await provider().capture(paid.id, { idempotencyKey: 'c3' });
    const cancel = await rejection(provider().cancelAuthorization(paid.id, { idempotencyKey: 'x2' }));
    expect(cancel.code).toBe('INVALID_TRANSITION');
    expect(cancel.message).toContain('status of succeeded');
    expect((await rejection(provider().refund(paid.id, { amountCents: 0, idempotencyKey: 'r2' }))).code).toBe('BAD_USER_INPUT');
    expect((await rejection(provider().getAuthorization('pi_local_nope'))).code).toBe('NOT_FOUND');
  });

  it('replays with the same idempotency key return the first result and move no money', async () => {
    const intent = await newIntent(app, 8_000);
    const again = await newIntent(app, 8_000, intent.bookingId);
    expect(again.id).toBe(intent.id);
    await confirmCard(app, intent, '4242424242424242');

    const before = await balance();
    const key = { idempotencyKey: `booking:${intent.bookingId}:capture` };
    const captures = await Promise.all([1, 2, 3, 4].map(() => provider().capture(intent.id, key)));
    for (const c of captures) expect(c).toEqual(captures[0]);
    expect(captures[0]).toMatchObject({ status: 'succeeded', capturedCents: 8_000 });
    expect(await balance()).toBe(before + 8_000);

    const refundKey = `booking:${intent.bookingId}:refund`;
    const first = await provider().refund(intent.id, { amountCents: 3_000, idempotencyKey: refundKey });
    const second = await provider().refund(intent.id, { amountCents: 3_000, idempotencyKey: refundKey });
    expect(second.refundId).toBe(first.refundId);
    expect((await provider().getAuthorization(intent.id)).refundedCents).toBe(3_000);
    expect(await balance()).toBe(before + 5_000);
  });

  it('concurrent creates with one idempotency key open one intent, all answered alike', async () => {
    const bookingId = crypto.randomUUID();
    const answers = await Promise.all([1, 2, 3, 4].map(() => newIntent(app, 6_500, bookingId)));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 'requires_payment_method', amountCents: 6_500, lastPaymentError: null });
    const rows = await sql(app, 'select id, amount_cents from local_payment_intents where booking_id = ?', [bookingId]);
    expect(rows).toEqual([{ id: answers[0].id, amount_cents: 6_500 }]);
  });

  it('cancels once per key: concurrent and later replays answer alike, another intent under the key is refused and untouched', async () => {
    const intent = await newIntent(app, 4_000);
    await confirmCard(app, intent, '4242424242424242');
    const key = { idempotencyKey: `booking:${intent.bookingId}:cancel` };
    const answers = await Promise.all([1, 2, 3, 4].map(() => provider().cancelAuthorization(intent.id, key)));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ id: intent.id, status: 'canceled', amountCents: 4_000, capturedCents: 0, lastPaymentError: null });
    expect(await provider().cancelAuthorization(intent.id, key)).toEqual(answers[0]);
    expect(await provider().getAuthorization(intent.id)).toEqual(answers[0]);

    const other = await newIntent(app, 5_000);
    const reused = await rejection(provider().cancelAuthorization(other.id, key));
    expect(reused.code).toBe('CONFLICT');
    expect((await provider().getAuthorization(other.id)).status).toBe('requires_payment_method');
    expect((await rejection(provider().cancelAuthorization('pi_local_nope', { idempotencyKey: 'x-none' }))).code).toBe('NOT_FOUND');
    // Under a new key, an intent that is already cancelled is refused (the first answer belongs to its key).
    expect((await rejection(provider().cancelAuthorization(intent.id, { idempotencyKey: 'x-late' }))).code).toBe('INVALID_TRANSITION');
  });

  it('refuses the same idempotency key with different parameters', async () => {
    const intent = await newIntent(app, 8_000);
    await confirmCard(app, intent, '4242424242424242');
    await provider().capture(intent.id, { idempotencyKey: 'cap-once' });
    const key = `booking:${intent.bookingId}:refund`;
    await provider().refund(intent.id, { amountCents: 1_000, idempotencyKey: key });
    const err = await rejection(provider().refund(intent.id, { amountCents: 2_000, idempotencyKey: key }));
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toContain('same parameters');
    expect((await provider().getAuthorization(intent.id)).refundedCents).toBe(1_000);
    const other = await rejection(newIntent(app, 9_999, intent.bookingId));
    expect(other.code).toBe('CONFLICT');
  });

  it('transfers from the platform balance only when it covers the amount, once per key', async () => {
    const accountId = await onboardedAccount();
    expect(accountId).toMatch(/^acct_local_/);
    const available = await balance();
    const bookingId = crypto.randomUUID();
    const short = await rejection(
      provider().transfer({ accountId, amountCents: available + 1, bookingId, idempotencyKey: `booking:${bookingId}:transfer` }),
    );
    expect(short.code).toBe('PAYMENT_FAILED');
    expect(short.message).toMatch(/^Insufficient platform balance: \$[\d.]+ available, \$[\d.]+ needed for this transfer/);
    expect(await balance()).toBe(available);

    await provider().addTestFunds(50_000);
    const first = await provider().transfer({ accountId, amountCents: 9_000, bookingId, idempotencyKey: `booking:${bookingId}:transfer` });
    const replay = await provider().transfer({ accountId, amountCents: 9_000, bookingId, idempotencyKey: `booking:${bookingId}:transfer` });
    expect(first.transferId).toMatch(/^tr_local_/);
    expect(replay.transferId).toBe(first.transferId);
    expect(await balance()).toBe(available + 50_000 - 9_000);
  });

  it('refuses a transfer to an account that has not finished onboarding', async () => {
    const creator = await signedUpWithProfile(app, 'creator');
    await app.rest('POST', '/stripe/create-account', {}, creator.token);
    const [{ connect_account_id: accountId }] = await sql(app, 'select connect_account_id from profiles where id = ?', [creator.profileId]);
    await provider().addTestFunds(1_000);
    const err = await rejection(provider().transfer({ accountId, amountCents: 500, bookingId: crypto.randomUUID(), idempotencyKey: 'tr-not-ready' }));
    expect(err.code).toBe('PAYMENT_FAILED');
    expect(err.message).toContain('onboarding is complete');
  });

  it('pays transferred balances out and reports each payout once as payout.paid', async () => {
    const accountId = await onboardedAccount();
    await provider().addTestFunds(10_000);
    const bookingId = crypto.randomUUID();
    const { transferId } = await provider().transfer({ accountId, amountCents: 4_000, bookingId, idempotencyKey: `booking:${bookingId}:transfer` });
    const seen: unknown[] = [];
    probe.handle = async (_ctx, event) => (seen.push(event), 'applied');
    try {
      expect(await payments(app).runLocalPayouts()).toBeGreaterThanOrEqual(1);
      expect(seen).toContainEqual(expect.objectContaining({ type: 'payout.paid', accountId, transferIds: [transferId] }));
      const before = seen.length;
      expect(await payments(app).runLocalPayouts()).toBe(0);
      expect(seen.length).toBe(before);
    } finally {
      probe.handle = null;
    }
  });

  it('logs every provider call with its booking and idempotency key', async () => {
    const intent = await newIntent(app, 5_000);
    await confirmCard(app, intent, '4242424242424242');
    await provider().capture(intent.id, { idempotencyKey: `booking:${intent.bookingId}:capture` });
    await provider().capture(intent.id, { idempotencyKey: `booking:${intent.bookingId}:capture` });
    await provider().capture(intent.id, { idempotencyKey: 'a-new-key' }).catch(() => null);
    const rows = await sql(app, 'select operation, target_id, idempotency_key, amount_cents, outcome from payment_provider_calls where booking_id = ? order by id', [
      intent.bookingId,
    ]);
    expect(rows).toEqual([
      { operation: 'createAuthorization', target_id: intent.id, idempotency_key: `booking:${intent.bookingId}:authorize`, amount_cents: 5_000, outcome: 'ok' },
      { operation: 'capture', target_id: intent.id, idempotency_key: `booking:${intent.bookingId}:capture`, amount_cents: null, outcome: 'ok' },
      { operation: 'capture', target_id: intent.id, idempotency_key: `booking:${intent.bookingId}:capture`, amount_cents: null, outcome: 'ok' },
      { operation: 'capture', target_id: intent.id, idempotency_key: 'a-new-key', amount_cents: null, outcome: 'error' },
    ]);
  });
});
